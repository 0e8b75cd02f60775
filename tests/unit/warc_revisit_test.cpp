// How a revisit spells its WARC-Payload-Digest: as the original stores the
// sha1 (replay tools match the strings), or not at all.
#include <catch2/catch.hpp>
#include <optional>
#include <string>

#include "warc/digest.h"
#include "warc/revisit.h"

namespace {

warc::Digest Sha1Of(std::string_view data) {
  warc::Hasher hasher(warc::DigestAlgorithm::kSha1);
  hasher.Update(data);
  return hasher.Final();
}

}  // namespace

TEST_CASE("revisit spelling: base32 and lower-case hex sha1 are kept, the rest refused") {
  using warc::PayloadDigestSpelling;
  warc::Digest sha1 = Sha1Of("abc");
  const std::string hex = "a9993e364706816aba3e25717850c26c9cd0d89d";
  const std::string b32 = "VGMT4NSHA2AWVOR6EVYXQUGCNSONBWE5";
  std::string why;
  CHECK(warc::PayloadDigestSpellingOf(std::nullopt, sha1, &why) == PayloadDigestSpelling::kBase32);
  CHECK(warc::PayloadDigestSpellingOf("sha1:" + b32, sha1, &why) == PayloadDigestSpelling::kBase32);
  CHECK(warc::PayloadDigestSpellingOf("sha1:" + hex, sha1, &why) == PayloadDigestSpelling::kHex);
  CHECK(warc::SpellPayloadSha1(sha1, PayloadDigestSpelling::kHex) == "sha1:" + hex);
  CHECK(warc::SpellPayloadSha1(sha1, PayloadDigestSpelling::kBase32) == "sha1:" + b32);
  const std::string tail = "; a revisit could not name it as replay tools index it";
  struct Case {
    std::string stored, why;
  } cases[] = {
      {"sha1:A9993E364706816ABA3E25717850C26C9CD0D89D", "sha1:<upper-case hex>"},
      {"SHA-1:" + b32, "SHA-1:<base32>"},
      {"sha1:vgmt4nsha2awvor6evyxqugcnsonbwe5", "sha1:<lower-case base32>"},
      {"sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
       "sha256:<lower-case hex>"},
      {"sha1:" + std::string(40, '0'), "sha1:<lower-case hex> (not its payload's sha1)"},
      {"sha1:\x01x", "sha1:<other text>"},
  };
  for (const auto& c : cases) {
    INFO(c.stored);
    why.clear();
    CHECK_FALSE(warc::PayloadDigestSpellingOf(c.stored, sha1, &why).has_value());
    CHECK(why == "the original's stored digest is spelled " + c.why + tail);
  }
}
