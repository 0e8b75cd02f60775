// warc/digest.h: hex and base32, the Hasher against known vectors, and
// parsing the digest labels and values crawlers write.
#include <catch2/catch.hpp>
#include <string>
#include <string_view>

#include "base/status.h"
#include "warc/digest.h"

using warc::DigestAlgorithm;

namespace {

std::string Hex(const warc::Digest& d) { return warc::ToHex(d.bytes); }

std::string HashHex(DigestAlgorithm algorithm, std::string_view data) {
  warc::Hasher h(algorithm);
  h.Update(data);
  return Hex(h.Final());
}

}  // namespace

TEST_CASE("ToHex and ToBase32 against known vectors", "[warc][digest]") {
  // RFC 4648 section 10.
  CHECK(warc::ToBase32("") == "");
  CHECK(warc::ToBase32("f") == "MY======");
  CHECK(warc::ToBase32("fo") == "MZXQ====");
  CHECK(warc::ToBase32("foo") == "MZXW6===");
  CHECK(warc::ToBase32("foob") == "MZXW6YQ=");
  CHECK(warc::ToBase32("fooba") == "MZXW6YTB");
  CHECK(warc::ToBase32("foobar") == "MZXW6YTBOI======");
  CHECK(warc::ToHex(std::string("\x00\x01\xab\xff", 4)) == "0001abff");

  warc::Hasher sha1(DigestAlgorithm::kSha1);
  warc::Digest empty = sha1.Final();
  CHECK(warc::ToHex(empty.bytes) == "da39a3ee5e6b4b0d3255bfef95601890afd80709");
  CHECK(warc::ToBase32(empty.bytes) == "3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ");
  CHECK(empty.ToManifestString() == "sha1:da39a3ee5e6b4b0d3255bfef95601890afd80709");
  CHECK(empty.ToWarcString() == "sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ");
}

TEST_CASE("Hasher: md5, sha1, sha256, sha512 of \"abc\", whole and in pieces", "[warc][digest]") {
  CHECK(HashHex(DigestAlgorithm::kMd5, "abc") == "900150983cd24fb0d6963f7d28e17f72");
  CHECK(HashHex(DigestAlgorithm::kSha1, "abc") == "a9993e364706816aba3e25717850c26c9cd0d89d");
  CHECK(HashHex(DigestAlgorithm::kSha256, "abc") ==
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(HashHex(DigestAlgorithm::kSha512, "abc") ==
        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
        "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");

  warc::Hasher h(DigestAlgorithm::kSha256);
  h.Update("a");
  h.Update("");
  h.Update("bc");
  warc::Digest d = h.Final();
  CHECK(d.algorithm == DigestAlgorithm::kSha256);
  CHECK(d.bytes.size() == 32);
  CHECK(d.ToManifestString() ==
        "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  // Reset starts over: the next digest knows nothing of "abc".
  h.Reset();
  h.Update("abc");
  CHECK(h.Final() == d);
  h.Reset();
  CHECK(Hex(h.Final()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(h.algorithm() == DigestAlgorithm::kSha256);

  CHECK(warc::DigestSize(DigestAlgorithm::kMd5) == 16);
  CHECK(warc::DigestSize(DigestAlgorithm::kSha1) == 20);
  CHECK(warc::DigestSize(DigestAlgorithm::kSha256) == 32);
  CHECK(warc::DigestSize(DigestAlgorithm::kSha512) == 64);
  CHECK(std::string(warc::AlgorithmName(DigestAlgorithm::kSha512)) == "sha512");
}

TEST_CASE("ParseAlgorithm accepts the labels crawlers write", "[warc][digest]") {
  CHECK(warc::ParseAlgorithm("sha1") == DigestAlgorithm::kSha1);
  CHECK(warc::ParseAlgorithm("SHA-1") == DigestAlgorithm::kSha1);
  CHECK(warc::ParseAlgorithm("SHA1") == DigestAlgorithm::kSha1);
  CHECK(warc::ParseAlgorithm("sha-256") == DigestAlgorithm::kSha256);
  CHECK(warc::ParseAlgorithm("SHA256") == DigestAlgorithm::kSha256);
  CHECK(warc::ParseAlgorithm("sha512") == DigestAlgorithm::kSha512);
  CHECK(warc::ParseAlgorithm("md5") == DigestAlgorithm::kMd5);
  CHECK(warc::ParseAlgorithm("MD5") == DigestAlgorithm::kMd5);
  CHECK_FALSE(warc::ParseAlgorithm("sha3-256").has_value());
  CHECK_FALSE(warc::ParseAlgorithm("crc32").has_value());
  CHECK_FALSE(warc::ParseAlgorithm("").has_value());
}

TEST_CASE("ParseDigest: base32 and hex, any label spelling", "[warc][digest]") {
  const std::string empty_sha1 = "da39a3ee5e6b4b0d3255bfef95601890afd80709";
  for (const char* text :
       {"sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ", "SHA-1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ",
        "sha1:3i42h3s6nnfq2msvx7xzkyayscx5qbyj", "sha1:da39a3ee5e6b4b0d3255bfef95601890afd80709",
        "sha-1:DA39A3EE5E6B4B0D3255BFEF95601890AFD80709"}) {
    INFO(text);
    auto d = warc::ParseDigest(text);
    REQUIRE(d.ok());
    CHECK(d->algorithm == DigestAlgorithm::kSha1);
    CHECK(Hex(*d) == empty_sha1);
  }
  // Padded base32 (md5: 26 characters and 6 '='; sha-256: 52 and 4).
  auto md5 = warc::ParseDigest("md5:2QOYZWMPACZAJ2MABGMOZ6CCPY======");
  REQUIRE(md5.ok());
  CHECK(md5->algorithm == DigestAlgorithm::kMd5);
  CHECK(Hex(*md5) == "d41d8cd98f00b204e9800998ecf8427e");
  auto md5_hex = warc::ParseDigest("md5:d41d8cd98f00b204e9800998ecf8427e");
  REQUIRE(md5_hex.ok());
  CHECK(*md5_hex == *md5);
  auto sha256 =
      warc::ParseDigest("sha-256:4OYMIQUY7QOBJGX36TEJS35ZEQT24QPEMSNZGTFESWMRW6CSXBKQ====");
  REQUIRE(sha256.ok());
  CHECK(sha256->algorithm == DigestAlgorithm::kSha256);
  CHECK(Hex(*sha256) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  auto sha256_hex =
      warc::ParseDigest("SHA256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  REQUIRE(sha256_hex.ok());
  CHECK(*sha256_hex == *sha256);
}

TEST_CASE("ParseDigest: wrong length and garbage are rejected with their text", "[warc][digest]") {
  auto short_hex = warc::ParseDigest("sha1:da39a3ee");
  CHECK(short_hex.status().code() == base::Status::Code::kInvalidArgument);
  CHECK(short_hex.status().message() ==
        "digest \"sha1:da39a3ee\" is neither base32 nor hex of a sha1 digest");

  // 32 base32 characters are a sha1, not an md5.
  auto wrong_size = warc::ParseDigest("md5:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ");
  CHECK(
      wrong_size.status().message() ==
      "digest \"md5:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ\" is neither base32 nor hex of a md5 digest");

  auto garbage = warc::ParseDigest("sha1:not a digest!");
  CHECK_FALSE(garbage.ok());
  CHECK(garbage.status().message() ==
        "digest \"sha1:not a digest!\" is neither base32 nor hex of a sha1 digest");

  auto empty_value = warc::ParseDigest("sha1:");
  CHECK(empty_value.status().message() ==
        "digest \"sha1:\" is neither base32 nor hex of a sha1 digest");

  auto unknown = warc::ParseDigest("sha3:abcd");
  CHECK(unknown.status().code() == base::Status::Code::kUnsupported);
  CHECK(unknown.status().message() == "unknown digest algorithm \"sha3\"");

  auto no_label = warc::ParseDigest("3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ");
  CHECK(no_label.status().code() == base::Status::Code::kInvalidArgument);
  CHECK(no_label.status().message() ==
        "digest \"3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ\" has no \"algorithm:\" label");
}
