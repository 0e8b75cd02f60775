// The warc library: header maps, digests and hashing, ARC dates, HTTP
// splitting, and RecordReader/RecordWriter/PayloadStream over in-memory
// WARC and ARC files, plain and gzip, intact and damaged.
#include <catch2/catch.hpp>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "base/source.h"
#include "gzmulti/member_writer.h"
#include "warc/digest.h"
#include "warc/header_map.h"
#include "warc/http.h"
#include "warc/payload.h"
#include "warc/reader.h"
#include "warc/record.h"
#include "warc/writer.h"

using warc::DigestAlgorithm;
using warc::HeaderMap;

namespace {

HeaderMap Headers(std::initializer_list<std::pair<const char*, const char*>> fields) {
  HeaderMap h;
  for (const auto& [name, value] : fields) h.Add(name, value);
  return h;
}

std::vector<std::string> Strings(const std::vector<std::string_view>& views) {
  return std::vector<std::string>(views.begin(), views.end());
}

std::string Hex(const warc::Digest& d) { return warc::ToHex(d.bytes); }

std::string HashHex(DigestAlgorithm algorithm, std::string_view data) {
  warc::Hasher h(algorithm);
  h.Update(data);
  return Hex(h.Final());
}

// Writes records with RecordWriter and remembers where each one went.
struct WarcBuilder {
  explicit WarcBuilder(bool gzip) { options.gzip = gzip; }
  void Add(std::string_view version, const HeaderMap& headers, std::string_view block) {
    warc::RecordWriter writer(
        [this](std::string_view s) {
          bytes.append(s);
          return base::Status::Ok();
        },
        options);
    uint64_t length = 0;
    offsets.push_back(bytes.size());
    REQUIRE(writer.Write(version, headers, block, &length).ok());
    lengths.push_back(length);
  }
  warc::WriterOptions options;
  std::string bytes;
  std::vector<uint64_t> offsets, lengths;
};

struct Problems : warc::Reporter {
  void Problem(const base::Status& status) override {
    CHECK(status.code() == base::Status::Code::kCorruption);
    list.push_back(status.message());
  }
  void Note(const std::string& message) override { notes.push_back(message); }
  std::vector<std::string> list, notes;
};

struct ReadRecord {
  warc::Record record;
  std::string block;
  bool located = false;
  uint64_t length = 0;
};

std::vector<ReadRecord> ReadAll(const std::string& input, Problems* problems,
                                const gzmulti::ReaderOptions& options = {},
                                warc::ReaderStats* stats = nullptr) {
  base::StringSource source(input);
  warc::RecordReader reader(&source, options, problems);
  std::vector<ReadRecord> out;
  ReadRecord r;
  while (reader.Next(&r.record)) {
    r.block.clear();
    std::string_view piece;
    while (reader.ReadBlock(&piece)) r.block.append(piece);
    r.length = 0;
    r.located = reader.Finish(&r.length);
    out.push_back(r);
  }
  if (stats) *stats = reader.stats();
  return out;
}

// "offset+length" for located records, "offset" for the others.
std::vector<std::string> Locations(const std::vector<ReadRecord>& records) {
  std::vector<std::string> out;
  for (const auto& r : records) {
    // Built by appending: GCC 12 warns (-Wrestrict) about "+" + std::string&&.
    std::string location = std::to_string(r.record.offset);
    location += r.located ? "+" : " unlisted";
    if (r.located) location += std::to_string(r.length);
    out.push_back(location);
  }
  return out;
}

// "offset+length", as Locations() shows a located record.
std::string Located(uint64_t offset, uint64_t length) {
  std::string location = std::to_string(offset);
  location += "+";
  return location + std::to_string(length);
}

const char kHttpBlock[] = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nhello world\n";

// warcinfo, response, resource: the usual shape of a small crawl.
WarcBuilder ThreeRecords(bool gzip, std::string_view version = "WARC/1.0") {
  WarcBuilder b(gzip);
  b.Add(version,
        Headers({{"WARC-Type", "warcinfo"},
                 {"WARC-Date", "2024-01-02T03:04:05Z"},
                 {"WARC-Record-ID", "<urn:uuid:00000000-0000-4000-8000-000000000001>"},
                 {"Content-Type", "application/warc-fields"}}),
        "software: warcdedup-test\r\n");
  b.Add(version,
        Headers({{"WARC-Type", "response"},
                 {"WARC-Target-URI", "http://example.com/"},
                 {"WARC-Date", "2024-01-02T03:04:06Z"},
                 {"Content-Type", "application/http; msgtype=response"},
                 {"Content-Length", "999"}}),  // replaced by the writer
        kHttpBlock);
  b.Add(version,
        Headers({{"WARC-Type", "resource"},
                 {"WARC-Target-URI", "file:///notes.txt"},
                 {"WARC-Date", "2024-01-02T03:04:07Z"},
                 {"Content-Type", "text/plain"}}),
        "resource body");
  return b;
}

// A WARC record written by hand, for what RecordWriter never writes.
std::string RawRecord(std::string_view head, std::string_view block) {
  return std::string(head) + "Content-Length: " + std::to_string(block.size()) + "\r\n\r\n" +
         std::string(block) + "\r\n\r\n";
}

// A WARC record whose Content-Length says `stated`, whatever its block holds.
std::string RecordSaying(uint64_t stated, std::string_view block,
                         std::string_view head = "WARC/1.0\r\nWARC-Type: resource\r\n") {
  return std::string(head) + "Content-Length: " + std::to_string(stated) + "\r\n\r\n" +
         std::string(block) + "\r\n\r\n";
}

// The ways a gzip file is read: fast path, both streaming backends, and a
// 64-byte input window (chunks of a few bytes).
std::vector<std::pair<std::string, gzmulti::ReaderOptions>> GzipConfigs() {
  std::vector<std::pair<std::string, gzmulti::ReaderOptions>> configs(4);
  configs[0].first = "fast path";
  configs[1].first = "streaming";
  configs[1].second.fast_path = false;
  configs[2].first = "zlib";
  configs[2].second.fast_path = false;
  configs[2].second.stream_backend = gzmulti::StreamBackend::kZlib;
  configs[3].first = "64-byte input window";
  configs[3].second.input_buffer_size = 64;
  return configs;
}

std::string ArcRecord(std::string_view url, std::string_view date, std::string_view mime,
                      std::string_view body) {
  return std::string(url) + " 93.184.216.119 " + std::string(date) + " " + std::string(mime) + " " +
         std::to_string(body.size()) + "\n" + std::string(body) + "\n";
}

const char kArcFiledescBody[] =
    "1 0 LiveWeb Capture\nURL IP-address Archive-date Content-type Archive-length\n";

}  // namespace

// ---------------------------------------------------------------------------
// HeaderMap

TEST_CASE("HeaderMap: case-insensitive names, First/Sole/All, repeated fields", "[warc]") {
  HeaderMap h;
  h.Add("Content-Type", "text/html");
  h.Add("WARC-Type", "response");
  h.Add("content-type", "text/plain");
  h.Add("WARC-Concurrent-To", "<urn:a>");
  h.Add("warc-concurrent-to", "<urn:b>");
  h.Add("WARC-CONCURRENT-TO", "<urn:c>");

  CHECK(h.First("CONTENT-TYPE") == std::optional<std::string_view>("text/html"));
  CHECK(h.First("warc-type") == std::optional<std::string_view>("response"));
  CHECK_FALSE(h.First("Content-Length").has_value());

  CHECK(h.Sole("WARC-TYPE") == std::optional<std::string_view>("response"));
  CHECK_FALSE(h.Sole("Content-Type").has_value());  // two of them
  CHECK_FALSE(h.Sole("Missing").has_value());

  CHECK(Strings(h.All("Warc-Concurrent-To")) ==
        std::vector<std::string>{"<urn:a>", "<urn:b>", "<urn:c>"});
  CHECK(Strings(h.All("content-TYPE")) == std::vector<std::string>{"text/html", "text/plain"});
  CHECK(h.All("Missing").empty());

  // Stored order and spelling are kept.
  REQUIRE(h.fields().size() == 6);
  CHECK(h.fields()[2] == HeaderMap::Field{"content-type", "text/plain"});

  h.AppendToLast(" folded");
  CHECK(h.fields().back().second == "<urn:c> folded");
  h.Clear();
  CHECK(h.fields().empty());
  CHECK_FALSE(h.First("WARC-Type").has_value());

  CHECK(warc::EqualsIgnoreCase("WARC-Type", "warc-type"));
  CHECK_FALSE(warc::EqualsIgnoreCase("WARC-Type", "WARC-Typ"));
  CHECK_FALSE(warc::EqualsIgnoreCase("a-b", "a_b"));
  CHECK(warc::StartsWithIgnoreCase("Application/HTTP; msgtype=response", "application/http"));
  CHECK_FALSE(warc::StartsWithIgnoreCase("app", "application"));
}

// ---------------------------------------------------------------------------
// Digests

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

// ---------------------------------------------------------------------------
// Record model

TEST_CASE("ArcDateToIso", "[warc]") {
  CHECK(warc::ArcDateToIso("20140216050221") == std::optional<std::string>("2014-02-16T05:02:21Z"));
  CHECK(warc::ArcDateToIso("201402160502") == std::optional<std::string>("2014-02-16T05:02:00Z"));
  CHECK_FALSE(warc::ArcDateToIso("2014021605022").has_value());       // 13 digits
  CHECK_FALSE(warc::ArcDateToIso("201404010000000000").has_value());  // 18 digits
  CHECK_FALSE(warc::ArcDateToIso("2014-02-16T05").has_value());
  CHECK_FALSE(warc::ArcDateToIso("2014021605022x").has_value());
  CHECK_FALSE(warc::ArcDateToIso("").has_value());
}

TEST_CASE("Record types and HasHttpBlock", "[warc]") {
  CHECK(warc::ParseRecordType("response") == warc::kResponse);
  CHECK(warc::ParseRecordType("Revisit") == warc::kRevisit);
  CHECK(warc::ParseRecordType("warcinfo") == warc::kWarcinfo);
  CHECK(warc::ParseRecordType("unknown") == warc::kUnknownType);
  CHECK(warc::ParseRecordTypeList("response,resource") ==
        std::optional<uint32_t>(warc::kResponse | warc::kResource));
  CHECK(warc::ParseRecordTypeList("resource") == std::optional<uint32_t>(warc::kResource));
  CHECK_FALSE(warc::ParseRecordTypeList("response,bogus").has_value());
  CHECK_FALSE(warc::ParseRecordTypeList("").has_value());

  warc::Record r;
  r.headers = Headers({{"WARC-Target-URI", "http://x/"}, {"Content-Type", "application/http"}});
  CHECK(r.HasHttpBlock());
  r.headers = Headers({{"WARC-Target-URI", "http://x/"}, {"Content-Type", "text/plain"}});
  CHECK_FALSE(r.HasHttpBlock());  // a resource fetched over HTTP: no HTTP head in it
  r.headers = Headers({{"WARC-Target-URI", "https://x/"}});
  CHECK(r.HasHttpBlock());  // no Content-Type: the URI decides
  r.headers = Headers({{"WARC-Target-URI", "dns:example.com"}});
  CHECK_FALSE(r.HasHttpBlock());
  r.headers = Headers({{"WARC-Truncated", "length"}});
  CHECK(r.IsTruncated());
  CHECK(r.TargetUri() == "");
  CHECK(r.Date() == "");
}

// ---------------------------------------------------------------------------
// HTTP

TEST_CASE("HttpSplitter: CRLF and bare LF header blocks", "[warc][http]") {
  warc::HttpSplitter s;
  CHECK(s.Feed("HTTP/1.1 200 OK\r\nA: b\r\n\r\nbody") == "body");
  CHECK(s.header_complete());
  CHECK(s.header() == "HTTP/1.1 200 OK\r\nA: b\r\n\r\n");
  CHECK(s.Feed(" more") == " more");
  CHECK(s.Finish() == "");

  s.Reset();
  CHECK(s.Feed("HTTP/1.0 200 OK\nA: b\n\nbody\n\nstill body") == "body\n\nstill body");
  CHECK(s.header() == "HTTP/1.0 200 OK\nA: b\n\n");

  // Stray CRs before the LF still make an empty line (as some writers store).
  s.Reset();
  CHECK(s.Feed("HTTP/1.0 302 \r\r\nA: b\r\r\n\r\r\nX") == "X");
  CHECK(s.header() == "HTTP/1.0 302 \r\r\nA: b\r\r\n\r\r\n");

  // Header with nothing after it: complete, empty payload.
  s.Reset();
  CHECK(s.Feed("HTTP/1.1 204 No Content\r\n\r\n") == "");
  CHECK(s.header_complete());
  CHECK(s.Finish() == "");
}

TEST_CASE("HttpSplitter: header split across pieces at every cut point", "[warc][http]") {
  const std::string crlf =
      "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX: y\r\n\r\n<p>payload</p>\r\n";
  const std::string lf = "HTTP/1.1 200 OK\nContent-Type: text/html\nX: y\n\n<p>payload</p>\n\n";
  for (const std::string& block : {crlf, lf}) {
    const std::string header =
        block.substr(0, block.find("\n\n") != std::string::npos ? block.find("\n\n") + 2
                                                                : block.find("\r\n\r\n") + 4);
    const std::string payload = block.substr(header.size());
    for (size_t i = 0; i <= block.size(); ++i) {
      for (size_t j = i; j <= block.size(); ++j) {
        INFO("cuts at " << i << " and " << j);
        warc::HttpSplitter s;
        std::string got;
        got.append(s.Feed(std::string_view(block).substr(0, i)));
        got.append(s.Feed(std::string_view(block).substr(i, j - i)));
        got.append(s.Feed(std::string_view(block).substr(j)));
        got.append(s.Finish());
        REQUIRE(got == payload);
        REQUIRE(s.header_complete());
        REQUIRE(s.header() == header);
      }
    }
  }
}

TEST_CASE("HttpSplitter: no header end means the whole block is payload", "[warc][http]") {
  const std::string block = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n<p>no blank line</p>";
  for (size_t i = 0; i <= block.size(); ++i) {
    INFO("cut at " << i);
    warc::HttpSplitter s;
    std::string got;
    got.append(s.Feed(std::string_view(block).substr(0, i)));
    got.append(s.Feed(std::string_view(block).substr(i)));
    CHECK(got.empty());  // held back: it might still be a header
    got.append(s.Finish());
    CHECK(got == block);
    CHECK_FALSE(s.header_complete());
  }
  // A header block longer than kMaxHeaderBytes is not taken as a header.
  warc::HttpSplitter s;
  std::string first(warc::HttpSplitter::kMaxHeaderBytes - 10, 'a');
  CHECK(s.Feed(first) == "");
  std::string second(20, 'b');
  CHECK(s.Feed(second) == first + second);
  CHECK(s.Feed("\r\n\r\nrest") == "\r\n\r\nrest");
  CHECK(s.Finish() == "");
  CHECK_FALSE(s.header_complete());
}

TEST_CASE("HttpSplitter: a header section cut off by the end of the block is all header",
          "[warc][http]") {
  // As pywb's missing-status-text.warc: no empty line after the last field.
  // warcio and pywb read the payload as empty (and store SHA-1 of nothing).
  for (const std::string block :
       {"HTTP/1.0 302 \r\r\nLocation: http://www.iana.org/badst\r\r\nContent-Length: 0",
        "HTTP/1.1 200 OK\r\nX-Folded: a\r\n\tb\r\nContent-Length: 0\r\n", "HTTP/1.1 204\n",
        "HTTP/1.1 304 Not Modified"}) {
    for (size_t i = 0; i <= block.size(); ++i) {
      INFO(block << ", cut at " << i);
      warc::HttpSplitter s;
      CHECK(s.Feed(std::string_view(block).substr(0, i)) == "");
      CHECK(s.Feed(std::string_view(block).substr(i)) == "");
      CHECK(s.Finish() == "");
      REQUIRE(s.header_complete());
      CHECK(s.header() == block);
    }
  }
  // Not a header section: no status line, a bad status code, or a line that
  // is no header field (a body that follows without an empty line). The
  // whole block is then the payload, as before.
  for (const std::string block :
       {"<html>no header</html>", "HTTP/1.1 2x0 OK\r\nA: b", "HTTP/1.1\r\nA: b",
        "GET / HTTP/1.1\r\nHost: x", "HTTP/1.1 200 OK\r\nA: b\r\nno colon here",
        "HTTP/1.1 200 OK\r\n: empty name", "HTTP/1.1 200 OK\r\nbad name: x"}) {
    INFO(block);
    warc::HttpSplitter s;
    CHECK(s.Feed(block) == "");
    CHECK(s.Finish() == block);
    CHECK_FALSE(s.header_complete());
  }
  CHECK(warc::PayloadOf("HTTP/1.1 200 OK\r\nContent-Length: 0", true) == "");
  CHECK(warc::PayloadOf("HTTP/1.1 200 OK\r\n<p>body</p>", true) ==
        "HTTP/1.1 200 OK\r\n<p>body</p>");
}

TEST_CASE("ParseHttpResponseHead", "[warc][http]") {
  auto head = warc::ParseHttpResponseHead(
      "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Folded: a\r\n\tb\r\nSet-Cookie: x=1\r\n"
      "set-cookie:y=2\r\n\r\n");
  REQUIRE(head.ok());
  CHECK(head->status_line == "HTTP/1.1 200 OK");
  CHECK(head->status_code == 200);
  CHECK(head->headers.First("content-type") == std::optional<std::string_view>("text/html"));
  CHECK(head->headers.First("X-Folded") == std::optional<std::string_view>("a\tb"));
  CHECK(Strings(head->headers.All("Set-Cookie")) == std::vector<std::string>{"x=1", "y=2"});

  // A missing reason phrase (real servers omit it), with and without the space.
  auto no_reason = warc::ParseHttpResponseHead("HTTP/1.0 302 \r\nLocation: /x\r\n\r\n");
  REQUIRE(no_reason.ok());
  CHECK(no_reason->status_code == 302);
  CHECK(no_reason->status_line == "HTTP/1.0 302 ");
  CHECK(no_reason->headers.First("Location") == std::optional<std::string_view>("/x"));
  auto bare = warc::ParseHttpResponseHead("HTTP/1.1 404\n\n");
  REQUIRE(bare.ok());
  CHECK(bare->status_code == 404);
  CHECK(bare->status_line == "HTTP/1.1 404");

  auto not_http = warc::ParseHttpResponseHead("GET / HTTP/1.1\r\n\r\n");
  CHECK(not_http.status().message() == "expected an HTTP status line, found \"GET / HTTP/1.1\"");
  auto no_code = warc::ParseHttpResponseHead("HTTP/1.1\r\n\r\n");
  CHECK(no_code.status().message() == "HTTP status line without a status code: \"HTTP/1.1\"");
  auto bad_code = warc::ParseHttpResponseHead("HTTP/1.1 2x0 OK\r\n\r\n");
  CHECK(bad_code.status().message() == "bad HTTP status code in \"HTTP/1.1 2x0 OK\"");
}

// ---------------------------------------------------------------------------
// Writer

TEST_CASE("RecordWriter writes the exact record bytes", "[warc][writer]") {
  WarcBuilder plain(false);
  plain.Add("WARC/1.1", Headers({{"WARC-Type", "resource"}, {"Content-Length", "1"}}), "abc");
  CHECK(plain.bytes == "WARC/1.1\r\nWARC-Type: resource\r\nContent-Length: 3\r\n\r\nabc\r\n\r\n");
  CHECK(plain.lengths == std::vector<uint64_t>{plain.bytes.size()});

  WarcBuilder gz(true);
  gz.Add("WARC/1.1", Headers({{"WARC-Type", "resource"}}), "abc");
  CHECK(gz.bytes == gzmulti::CompressMember(plain.bytes));
  CHECK(gz.lengths == std::vector<uint64_t>{gz.bytes.size()});

  WarcBuilder digests(false);
  digests.options.add_digests = true;
  digests.Add("WARC/1.0",
              Headers({{"WARC-Type", "response"}, {"Content-Type", "application/http"}}),
              "HTTP/1.1 200 OK\r\n\r\nabc");
  CHECK(digests.bytes ==
        "WARC/1.0\r\nWARC-Type: response\r\nContent-Type: application/http\r\n"
        "WARC-Block-Digest: sha1:HQKNH2NGZ2BZ27KBTACJFDT37URZITEZ\r\n"
        "WARC-Payload-Digest: sha1:VGMT4NSHA2AWVOR6EVYXQUGCNSONBWE5\r\n"
        "Content-Length: 22\r\n\r\nHTTP/1.1 200 OK\r\n\r\nabc\r\n\r\n");
}

TEST_CASE("NewRecordId: a version 4 UUID URN in angle brackets, fresh each time",
          "[warc][writer]") {
  std::regex form("<urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}>");
  std::set<std::string> seen;
  for (int i = 0; i < 100; ++i) {
    std::string id = warc::NewRecordId();
    CHECK(std::regex_match(id, form));
    seen.insert(id);
  }
  CHECK(seen.size() == 100);
}

// ---------------------------------------------------------------------------
// RecordReader

TEST_CASE("RecordReader: gzip, one record per member, exact offsets and blocks", "[warc][reader]") {
  WarcBuilder b = ThreeRecords(true);
  for (int config = 0; config < 3; ++config) {
    gzmulti::ReaderOptions o;
    o.fast_path = config == 0;
    if (config == 2) o.stream_backend = gzmulti::StreamBackend::kZlib;
    INFO("config " << config);
    Problems p;
    warc::ReaderStats stats;
    auto records = ReadAll(b.bytes, &p, o, &stats);
    CHECK(p.list.empty());
    REQUIRE(records.size() == 3);
    for (size_t i = 0; i < 3; ++i) {
      CHECK(records[i].located);
      CHECK(records[i].record.offset == b.offsets[i]);
      CHECK(records[i].length == b.lengths[i]);
      CHECK(records[i].record.version == "WARC/1.0");
      CHECK(records[i].record.format == warc::FileFormat::kWarc);
    }
    CHECK(records[0].record.type == warc::kWarcinfo);
    CHECK(records[1].record.type == warc::kResponse);
    CHECK(records[2].record.type == warc::kResource);
    CHECK(records[0].block == "software: warcdedup-test\r\n");
    CHECK(records[1].block == kHttpBlock);
    CHECK(records[2].block == "resource body");
    CHECK(records[1].record.content_length == sizeof(kHttpBlock) - 1);
    CHECK(records[1].record.TargetUri() == "http://example.com/");
    CHECK(records[1].record.Date() == "2024-01-02T03:04:06Z");
    CHECK(records[1].record.headers.First("Content-Length") ==
          std::optional<std::string_view>(std::to_string(sizeof(kHttpBlock) - 1)));
    CHECK(stats.records == 3);
    CHECK(stats.misaligned_records == 0);
    CHECK(stats.bytes_skipped == 0);
  }
}

TEST_CASE("RecordReader: plain file, exact offsets and lengths", "[warc][reader]") {
  WarcBuilder b = ThreeRecords(false);
  REQUIRE(b.offsets == std::vector<uint64_t>{0, b.lengths[0], b.lengths[0] + b.lengths[1]});
  Problems p;
  auto records = ReadAll(b.bytes, &p);
  CHECK(p.list.empty());
  CHECK(
      Locations(records) ==
      std::vector<std::string>{"0+" + std::to_string(b.lengths[0]),
                               std::to_string(b.offsets[1]) + "+" + std::to_string(b.lengths[1]),
                               std::to_string(b.offsets[2]) + "+" + std::to_string(b.lengths[2])});
  REQUIRE(records.size() == 3);
  CHECK(records[1].block == kHttpBlock);
  CHECK(records[2].block == "resource body");
}

TEST_CASE("RecordReader: a tiny input window changes nothing", "[warc][reader]") {
  for (bool gzip : {false, true}) {
    WarcBuilder b = ThreeRecords(gzip);
    gzmulti::ReaderOptions o;
    o.input_buffer_size = 64;
    INFO((gzip ? "gzip" : "plain"));
    Problems p;
    auto records = ReadAll(b.bytes, &p, o);
    CHECK(p.list.empty());
    REQUIRE(records.size() == 3);
    for (size_t i = 0; i < 3; ++i) {
      CHECK(records[i].located);
      CHECK(records[i].record.offset == b.offsets[i]);
      CHECK(records[i].length == b.lengths[i]);
    }
    CHECK(records[1].block == kHttpBlock);
  }
}

TEST_CASE("RecordReader: a header line whose line end arrives in the next chunk",
          "[warc][reader]") {
  // A plain file is handed out in 4 MiB chunks. Here the first chunk ends
  // right after "Content-Length: 13" (or after its CR) in the second record's
  // header: the CRLF that follows in the next chunk is the end of that line,
  // not the blank line that ends the header.
  const uint64_t window = 4u << 20;
  for (std::string cut : {"Content-Length: 13", "Content-Length: 13\r"}) {
    INFO("the window ends after " << (cut.back() == '\r' ? "the CR" : "the field value"));
    const std::string head2 =
        "WARC/1.0\r\nWARC-Type: resource\r\nWARC-Target-URI: http://example.com/x\r\n" + cut;
    size_t fill = window - 1000;
    for (;;) {  // size the first record so that head2 ends exactly at the boundary
      WarcBuilder probe(false);
      probe.Add("WARC/1.0", Headers({{"WARC-Type", "resource"}}), std::string(fill, 'a'));
      if (probe.bytes.size() + head2.size() == window) break;
      fill += window - probe.bytes.size() - head2.size();
    }
    WarcBuilder b(false);
    b.Add("WARC/1.0", Headers({{"WARC-Type", "resource"}}), std::string(fill, 'a'));
    b.Add("WARC/1.0",
          Headers({{"WARC-Type", "resource"}, {"WARC-Target-URI", "http://example.com/x"}}),
          "resource body");
    REQUIRE(b.bytes.substr(b.offsets[1], head2.size()) == head2);
    REQUIRE(b.offsets[1] + head2.size() == window);

    Problems p;
    auto records = ReadAll(b.bytes, &p);
    CHECK(p.list.empty());
    CHECK(Locations(records) == std::vector<std::string>{"0+" + std::to_string(b.lengths[0]),
                                                         std::to_string(b.offsets[1]) + "+" +
                                                             std::to_string(b.lengths[1])});
    REQUIRE(records.size() == 2);
    CHECK(records[1].block == "resource body");
    CHECK(records[1].record.TargetUri() == "http://example.com/x");
  }
}

TEST_CASE("RecordReader: WARC/1.1, 1.0, 0.18 and 0.17 version lines", "[warc][reader]") {
  for (const char* version : {"WARC/1.1", "WARC/1.0", "WARC/0.18", "WARC/0.17"}) {
    for (bool gzip : {false, true}) {
      INFO(version << (gzip ? " gzip" : " plain"));
      WarcBuilder b = ThreeRecords(gzip, version);
      Problems p;
      auto records = ReadAll(b.bytes, &p);
      CHECK(p.list.empty());
      REQUIRE(records.size() == 3);
      for (const auto& r : records) {
        CHECK(r.record.version == version);
        CHECK(r.located);
      }
      CHECK(records[1].block == kHttpBlock);
    }
  }
}

TEST_CASE("RecordReader: folded lines, <uri> brackets, stray CRs", "[warc][reader]") {
  std::string rec1 = RawRecord(
      "WARC/1.0\r\n"
      "WARC-Type: response\r\n"
      "WARC-Target-URI: <http://example.com/a b>\r\n"
      "X-Folded: first\r\n"
      "   second\r\n"
      "\tthird  \r\n"
      "Content-Type:application/http;msgtype=response   \r\n",
      kHttpBlock);
  // Header lines ending in CR CR LF, as in a file that went through a CRLF
  // conversion: the header reads (a block without newlines keeps its length).
  std::string rec2 =
      "WARC/1.0\r\r\nWARC-Type: resource\r\r\nWARC-Target-URI: <dns:example.com>\r\r\n"
      "Content-Length: 3\r\r\n\r\r\nabc\r\n\r\n";
  for (bool gzip : {false, true}) {
    INFO((gzip ? "gzip" : "plain"));
    std::string input =
        gzip ? gzmulti::CompressMember(rec1) + gzmulti::CompressMember(rec2) : rec1 + rec2;
    Problems p;
    auto records = ReadAll(input, &p);
    CHECK(p.list.empty());
    REQUIRE(records.size() == 2);
    const warc::Record& r = records[0].record;
    CHECK(r.TargetUri() == "http://example.com/a b");
    CHECK(r.headers.First("X-Folded") == std::optional<std::string_view>("first second third"));
    CHECK(r.headers.First("Content-Type") ==
          std::optional<std::string_view>("application/http;msgtype=response"));
    CHECK(r.headers.fields().size() == 5);
    CHECK(records[0].block == kHttpBlock);
    CHECK(records[1].record.TargetUri() == "dns:example.com");
    CHECK(records[1].block == "abc");
    CHECK(records[0].located);
    CHECK(records[1].located);
    if (!gzip) {
      CHECK(records[0].length == rec1.size());
      CHECK(records[1].record.offset == rec1.size());
      CHECK(records[1].length == rec2.size());
    }
  }
}

TEST_CASE("RecordReader: folded values start on the next line (WARC 1.1 section 4)",
          "[warc][reader]") {
  // A value may begin on a continuation line: LWS reads as one space, and
  // none is put before the value.
  std::string folded =
      "WARC/1.1\r\nWARC-Type: response\r\nWARC-Date: 2024-01-02T03:04:05Z\r\n"
      "WARC-Target-URI:\r\n  http://example.com/folded\r\n"
      "X-Empty-Continuation: a\r\n \t \r\n b\r\n"
      "Content-Length:\r\n\t" +
      std::to_string(sizeof(kHttpBlock) - 1) + "\r\n\r\n" + kHttpBlock + "\r\n\r\n";
  for (bool gzip : {false, true}) {
    INFO((gzip ? "gzip" : "plain"));
    Problems p;
    auto records = ReadAll(gzip ? gzmulti::CompressMember(folded) : folded, &p);
    CHECK(p.list.empty());
    REQUIRE(records.size() == 1);
    CHECK(records[0].record.TargetUri() == "http://example.com/folded");
    CHECK(records[0].record.headers.First("X-Empty-Continuation") ==
          std::optional<std::string_view>("a b"));
    CHECK(records[0].record.content_length == sizeof(kHttpBlock) - 1);
    CHECK(records[0].block == kHttpBlock);
    CHECK(records[0].located);
  }
}

TEST_CASE("RecordReader: damaged header lines and unknown versions", "[warc][reader]") {
  WarcBuilder b = ThreeRecords(false);
  const std::string first = b.bytes.substr(0, b.lengths[0]);
  const std::string rest_plain =
      "; rest of file not read (no safe way to find the next record in an uncompressed file)";
  const std::string at = "offset " + std::to_string(first.size()) + ": ";
  const struct {
    std::string header, problem;
  } cases[] = {
      // A cut field name: the line is neither a field nor a continuation.
      {"WARC/1.0\r\nWARC-Type: response\r\nWARC-Targ\r\n",
       "header line without a colon: \"WARC-Targ\""},
      {"WARC/1.0\r\nWARC-Type: response\r\nget-URI http://example.com/\r\n",
       "header line without a valid field name: \"get-URI http://example.com/\""},
      {"WARC/1.0\r\nWARC-Type: response\r\n: http://example.com/\r\n",
       "header line without a valid field name: \": http://example.com/\""},
      {"WARC/1.0\r\nWARC-Type: response\r\nWARC Target-URI: http://example.com/\r\n",
       "header line without a valid field name: \"WARC Target-URI: http://example.com/\""},
      // A bare LF inside a value (and so anywhere in the header).
      {"WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://example.com/a\nb\r\n",
       "header line \"WARC-Target-URI: http://example.com/a\" ends in a bare LF (expected CR LF)"},
      {"WARC/1.0\nWARC-Type: response\r\n",
       "header line \"WARC/1.0\" ends in a bare LF (expected CR LF)"},
      // Versions no reader knows.
      {"WARC/9.9\r\nWARC-Type: response\r\n",
       "unknown WARC version \"WARC/9.9\" (expected WARC/0.17, 0.18, 1.0 or 1.1)"},
      {"WARC/1.01\r\nWARC-Type: response\r\n",
       "unknown WARC version \"WARC/1.01\" (expected WARC/0.17, 0.18, 1.0 or 1.1)"},
  };
  for (const auto& c : cases) {
    INFO(c.header);
    std::string bad = RawRecord(c.header, "abc");
    Problems p;
    auto records = ReadAll(first + bad + b.bytes.substr(b.lengths[0]), &p);
    CHECK(p.list == std::vector<std::string>{at + c.problem + rest_plain});
    CHECK(Locations(records) == std::vector<std::string>{"0+" + std::to_string(first.size())});
    // In gzip, the next member is read.
    WarcBuilder g = ThreeRecords(true);
    std::string member = gzmulti::CompressMember(bad);
    std::string gz_first = g.bytes.substr(0, g.lengths[0]);
    Problems gp;
    auto gz_records = ReadAll(gz_first + member + g.bytes.substr(g.lengths[0]), &gp);
    CHECK(gp.list == std::vector<std::string>{"offset " + std::to_string(gz_first.size()) + ": " +
                                              c.problem + "; rest of its gzip member skipped"});
    CHECK(gz_records.size() == 3);
  }
}

TEST_CASE("RecordReader: a response with an impossible WARC-Date is read but not located",
          "[warc][reader]") {
  const std::string head = "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://a/\r\n";
  for (std::string date : {"2015-02-30T25:61:61Z", "2015-02-29T00:00:00Z", "2024-13-01T00:00:00Z",
                           "2024-01-01T24:00:00Z", "2024-01-01", "yesterday", ""}) {
    INFO(date);
    std::string bad = RawRecord(head + "WARC-Date: " + date + "\r\n", kHttpBlock);
    std::string good = RawRecord(head + "WARC-Date: 2024-02-29T23:59:60.123Z\r\n", kHttpBlock);
    Problems p;
    auto records = ReadAll(bad + good, &p);
    CHECK(p.list ==
          std::vector<std::string>{"offset 0: response record with impossible WARC-Date \"" + date +
                                   "\" (expected YYYY-MM-DDThh:mm:ssZ); not listed"});
    CHECK(Locations(records) ==
          std::vector<std::string>{"0 unlisted", Located(bad.size(), good.size())});
    CHECK(records[0].block == kHttpBlock);
  }
  // Another record type is not held to it.
  Problems other;
  ReadAll(RawRecord("WARC/1.0\r\nWARC-Type: metadata\r\nWARC-Date: 2015-02-30T25:61:61Z\r\n", "x"),
          &other);
  CHECK(other.list.empty());
}

TEST_CASE("IsValidWarcDate", "[warc]") {
  CHECK(warc::IsValidWarcDate("2024-01-02T03:04:05Z"));
  CHECK(warc::IsValidWarcDate("2024-02-29T03:04:05.000Z"));
  CHECK(warc::IsValidWarcDate("2016-12-31T23:59:60Z"));
  CHECK_FALSE(warc::IsValidWarcDate("2023-02-29T03:04:05Z"));
  CHECK_FALSE(warc::IsValidWarcDate("2015-02-30T25:61:61Z"));
  CHECK_FALSE(warc::IsValidWarcDate("2024-01-02T03:04:05.Z"));
  CHECK_FALSE(warc::IsValidWarcDate("2024-01-02T03:04:05"));
  CHECK_FALSE(warc::IsValidWarcDate("2024-01-02T03:04:05+0100"));
  CHECK_FALSE(warc::IsValidWarcDate("2024-01-02 03:04:05Z"));
  CHECK_FALSE(warc::IsValidWarcDate("2024-01-02T03:04Z"));
  // ClueWeb09 (WARC/0.18): the day of the year, which must fall in the month.
  CHECK(warc::IsValidWarcDate("2008-10-294T05:21:46-0700"));
  CHECK_FALSE(warc::IsValidWarcDate("2008-10-306T05:21:46-0700"));  // November 1
  CHECK_FALSE(warc::IsValidWarcDate("2008-10-294T05:21:46Z"));
}

TEST_CASE("RecordReader: a lower-case version line is read, with a note", "[warc][reader]") {
  std::string rec = RawRecord("warc/1.0\r\nWARC-Type: resource\r\n", "abc");
  for (bool gzip : {false, true}) {
    INFO((gzip ? "gzip" : "plain"));
    std::string input =
        gzip ? gzmulti::CompressMember(rec) + gzmulti::CompressMember(rec) : rec + rec;
    Problems p;
    auto records = ReadAll(input, &p);
    CHECK(p.list.empty());
    CHECK(p.notes == std::vector<std::string>{"offset 0: version line \"warc/1.0\" is not in upper "
                                              "case; read as WARC/1.0 (noted once per file)"});
    REQUIRE(records.size() == 2);
    CHECK(records[1].located);
    CHECK(records[1].record.version == "warc/1.0");  // as stored: warcrefs converts only WARC/1.x
  }
}

TEST_CASE("RecordReader: empty inputs are noted, gzip after plain records is said",
          "[warc][reader]") {
  for (std::string input : {std::string(), gzmulti::CompressMember(""), std::string("\r\n")}) {
    Problems p;
    CHECK(ReadAll(input, &p).empty());
    CHECK(p.list.empty());
    CHECK(p.notes == std::vector<std::string>{"offset 0: no records"});
  }
  WarcBuilder plain = ThreeRecords(false);
  WarcBuilder gz = ThreeRecords(true);
  Problems p;
  auto records = ReadAll(plain.bytes + gz.bytes, &p);
  CHECK(records.size() == 3);
  CHECK(p.list == std::vector<std::string>{
                      "offset " + std::to_string(plain.bytes.size()) +
                      ": gzip data after plain records; rest of file not read (no safe way to "
                      "find the next record in an uncompressed file)"});
  CHECK(p.notes.empty());
}

TEST_CASE("RecordReader: bad Content-Length in a gzip member", "[warc][reader]") {
  WarcBuilder b = ThreeRecords(true);
  std::string bad = gzmulti::CompressMember(
      "WARC/1.0\r\nWARC-Type: response\r\nContent-Length: x1\r\n\r\nHTTP/1.1 200 "
      "OK\r\n\r\n\r\n\r\n");
  // warcinfo, the bad record, then response and resource.
  std::string first = b.bytes.substr(0, b.lengths[0]);
  std::string input = first + bad + b.bytes.substr(b.lengths[0]);
  Problems p;
  auto records = ReadAll(input, &p);
  CHECK(p.list == std::vector<std::string>{"offset " + std::to_string(first.size()) +
                                           ": bad Content-Length \"x1\"; rest of its gzip member "
                                           "skipped"});
  uint64_t shift = bad.size();
  CHECK(Locations(records) ==
        std::vector<std::string>{
            "0+" + std::to_string(b.lengths[0]),
            std::to_string(b.offsets[1] + shift) + "+" + std::to_string(b.lengths[1]),
            std::to_string(b.offsets[2] + shift) + "+" + std::to_string(b.lengths[2])});
}

TEST_CASE("RecordReader: bad and missing Content-Length in a plain file", "[warc][reader]") {
  WarcBuilder b = ThreeRecords(false);
  std::string bad = "WARC/1.0\r\nWARC-Type: response\r\nContent-Length: x1\r\n\r\nabc\r\n\r\n";
  std::string input = b.bytes.substr(0, b.lengths[0]) + bad + b.bytes.substr(b.lengths[0]);
  Problems p;
  auto records = ReadAll(input, &p);
  CHECK(p.list ==
        std::vector<std::string>{"offset " + std::to_string(b.lengths[0]) +
                                 ": bad Content-Length \"x1\"; rest of file not read (no safe way "
                                 "to find the next record in an uncompressed file)"});
  CHECK(Locations(records) == std::vector<std::string>{"0+" + std::to_string(b.lengths[0])});

  Problems missing;
  auto none = ReadAll("WARC/1.0\r\nWARC-Type: resource\r\n\r\nabc\r\n\r\n", &missing);
  CHECK(none.empty());
  CHECK(missing.list == std::vector<std::string>{
                            "offset 0: missing Content-Length; rest of file not read (no safe way "
                            "to find the next record in an uncompressed file)"});
}

TEST_CASE("RecordReader: truncated blocks are reported and not located", "[warc][reader]") {
  WarcBuilder b = ThreeRecords(false);
  // Plain: the file ends 10 bytes into the last record's 13-byte block.
  size_t block_start = b.bytes.find("resource body");
  std::string plain = b.bytes.substr(0, block_start + 3);
  Problems p;
  auto records = ReadAll(plain, &p);
  CHECK(p.list == std::vector<std::string>{
                      "offset " + std::to_string(b.offsets[2]) +
                      ": record truncated (input ends 10 bytes before the end of its block)"});
  CHECK(Locations(records) ==
        std::vector<std::string>{"0+" + std::to_string(b.lengths[0]),
                                 std::to_string(b.offsets[1]) + "+" + std::to_string(b.lengths[1]),
                                 std::to_string(b.offsets[2]) + " unlisted"});
  CHECK(records[2].block == "res");

  // gzip, intact member whose Content-Length promises more than it holds.
  WarcBuilder g = ThreeRecords(true);
  std::string short_member = gzmulti::CompressMember(
      "WARC/1.0\r\nWARC-Type: resource\r\nContent-Length: 100\r\n\r\n" + std::string(40, 'z'));
  Problems pg;
  auto grecords = ReadAll(g.bytes + short_member, &pg);
  CHECK(pg.list == std::vector<std::string>{
                       "offset " + std::to_string(g.bytes.size()) +
                       ": record truncated (input ends 60 bytes before the end of its block)"});
  REQUIRE(grecords.size() == 4);
  CHECK_FALSE(grecords[3].located);

  // gzip, the compressed stream itself cut short inside the last member.
  std::string cut = g.bytes.substr(0, g.bytes.size() - 12);
  uint64_t into = g.lengths[2] - 12;
  for (int config = 0; config < 3; ++config) {
    gzmulti::ReaderOptions o;
    o.fast_path = config == 0;
    if (config == 2) o.stream_backend = gzmulti::StreamBackend::kZlib;
    INFO("config " << config);
    Problems pc;
    warc::ReaderStats stats;
    auto crecords = ReadAll(cut, &pc, o, &stats);
    CHECK(pc.list ==
          std::vector<std::string>{"offset " + std::to_string(g.offsets[2]) +
                                   ": gzip member truncated (input ends " + std::to_string(into) +
                                   " bytes into it); no further gzip member found (" +
                                   std::to_string(into) + " bytes skipped)"});
    CHECK(
        Locations(crecords) ==
        std::vector<std::string>{"0+" + std::to_string(g.lengths[0]),
                                 std::to_string(g.offsets[1]) + "+" + std::to_string(g.lengths[1]),
                                 std::to_string(g.offsets[2]) + " unlisted"});
    CHECK(stats.bytes_skipped == into);
  }
}

TEST_CASE("RecordReader: a damaged member is skipped, the next one read", "[warc][reader]") {
  WarcBuilder g = ThreeRecords(true);
  std::string input = g.bytes;
  input[g.offsets[2] - 8] ^= 0x10;  // CRC-32 of the response's member
  gzmulti::ReaderOptions zlib;
  zlib.fast_path = false;
  zlib.stream_backend = gzmulti::StreamBackend::kZlib;
  Problems p;
  warc::ReaderStats stats;
  auto records = ReadAll(input, &p, zlib, &stats);
  CHECK(p.list == std::vector<std::string>{"offset " + std::to_string(g.offsets[1]) +
                                           ": corrupt gzip member: CRC-32 mismatch; skipped " +
                                           std::to_string(g.lengths[1]) +
                                           " bytes to the next gzip member at offset " +
                                           std::to_string(g.offsets[2])});
  // The small member is inflated in one step that ends with the trailer
  // error, so the damaged record is not even seen; the next one is located.
  CHECK(Locations(records) == std::vector<std::string>{"0+" + std::to_string(g.lengths[0]),
                                                       std::to_string(g.offsets[2]) + "+" +
                                                           std::to_string(g.lengths[2])});
  CHECK(records.back().block == "resource body");
  CHECK(stats.bytes_skipped == g.lengths[1]);
  CHECK(stats.records == 2);
}

TEST_CASE("RecordReader: several records in one member get no location", "[warc][reader]") {
  WarcBuilder plain = ThreeRecords(false);
  std::string packed = gzmulti::CompressMember(plain.bytes);
  WarcBuilder after(true);
  after.Add("WARC/1.0", Headers({{"WARC-Type", "resource"}}), "after");
  Problems p;
  warc::ReaderStats stats;
  auto records = ReadAll(packed + after.bytes, &p, {}, &stats);
  CHECK(p.list == std::vector<std::string>{
                      "offset 0: gzip member holds more than one record (not one record per "
                      "member); its records are not listed"});
  REQUIRE(records.size() == 4);
  CHECK_FALSE(records[0].located);
  CHECK_FALSE(records[1].located);
  CHECK_FALSE(records[2].located);
  CHECK(records[0].record.offset == 0);
  // The blocks are still read exactly.
  CHECK(records[1].block == kHttpBlock);
  CHECK(records[2].block == "resource body");
  CHECK(records[3].located);
  CHECK(records[3].record.offset == packed.size());
  CHECK(records[3].length == after.bytes.size());
  CHECK(records[3].block == "after");
  CHECK(stats.misaligned_records == 3);
  CHECK(stats.records == 4);
}

TEST_CASE("RecordReader: a record split over two members gets no location", "[warc][reader]") {
  std::string rec = RawRecord("WARC/1.0\r\nWARC-Type: resource\r\n", "0123456789abcdefghij");
  size_t split = rec.find("abcdef");
  std::string m0 = gzmulti::CompressMember(rec.substr(0, split));
  std::string m1 = gzmulti::CompressMember(rec.substr(split));
  std::string m2 = gzmulti::CompressMember(RawRecord("WARC/1.0\r\nWARC-Type: resource\r\n", "ok"));
  Problems p;
  auto records = ReadAll(m0 + m1 + m2, &p);
  CHECK(p.list == std::vector<std::string>{
                      "offset 0: record spans more than one gzip member (not one record per "
                      "member); not listed"});
  CHECK(Locations(records) ==
        std::vector<std::string>{
            "0 unlisted", std::to_string(m0.size() + m1.size()) + "+" + std::to_string(m2.size())});
  REQUIRE(records.size() == 2);
  CHECK(records[0].block == "0123456789abcdefghij");
}

TEST_CASE("RecordReader: a Content-Length longer than its gzip member ends the record there",
          "[warc][reader]") {
  // One record per member: the member end is the record's end, and reading
  // goes on at the next member (the block swallowed the records after it
  // before). The records that start within the block the damaged record
  // claims may still be part of it: they are read, reported, not located.
  const std::string head = "WARC/1.0\r\nWARC-Type: resource\r\n";
  const std::string r2 = RawRecord(head, "two");
  const std::string m0 = gzmulti::CompressMember(RawRecord(head, "zero"));
  const std::string m2 = gzmulti::CompressMember(r2);
  const std::string m3 = gzmulti::CompressMember(RawRecord(head, "three"));
  // 10 bytes of block and CRLF CRLF in the member: 14 bytes of the block. The
  // next record starts right after them, the one after it r2.size() later.
  for (uint64_t stated : {uint64_t{20}, 14 + r2.size(), 15 + r2.size(), uint64_t{1000000000000}}) {
    std::string bad = gzmulti::CompressMember(RecordSaying(stated, "0123456789"));
    const uint64_t at1 = m0.size(), at2 = at1 + bad.size(), at3 = at2 + m2.size();
    const bool third_inside = stated > 14 + r2.size();
    const std::string inside = ": not listed: it lies inside the block the record at offset " +
                               std::to_string(at1) + " claims (Content-Length " +
                               std::to_string(stated) + ")";
    std::vector<std::string> problems{
        "offset " + std::to_string(at1) + ": Content-Length (" + std::to_string(stated) +
            " bytes) is longer than the record's gzip member, which ends after 14 bytes of block; "
            "reading goes on at the next gzip member (offset " +
            std::to_string(at2) + ")",
        "offset " + std::to_string(at2) + inside};
    if (third_inside) problems.push_back("offset " + std::to_string(at3) + inside);
    for (const auto& [name, options] : GzipConfigs()) {
      INFO(name << ", Content-Length " << stated);
      Problems p;
      warc::ReaderStats stats;
      auto records = ReadAll(m0 + bad + m2 + m3, &p, options, &stats);
      CHECK(p.list == problems);
      CHECK(Locations(records) ==
            std::vector<std::string>{
                "0+" + std::to_string(m0.size()), std::to_string(at1) + " unlisted",
                std::to_string(at2) + " unlisted",
                third_inside ? std::to_string(at3) + " unlisted" : Located(at3, m3.size())});
      REQUIRE(records.size() == 4);
      CHECK(records[1].block == "0123456789\r\n\r\n");
      CHECK(records[2].block == "two");
      CHECK(records[3].block == "three");
      CHECK(stats.misaligned_records == 0);
    }
  }
  WarcBuilder b = ThreeRecords(true);
  // The last member: nothing follows, the input ends inside the block.
  Problems last;
  auto records = ReadAll(b.bytes + gzmulti::CompressMember(RecordSaying(20, "0123456789")), &last);
  CHECK(last.list == std::vector<std::string>{
                         "offset " + std::to_string(b.bytes.size()) +
                         ": record truncated (input ends 6 bytes before the end of its block)"});
  CHECK(records.size() == 4);
}

TEST_CASE("RecordReader: a resource holding a WARC file, its block in members of its own",
          "[warc][reader]") {
  // A writer may put a record's header and block in separate members (or
  // split the block further). When the block is itself a WARC file, a member
  // inside it starts with "WARC/": the resource is reported as if its
  // Content-Length were too long, but the records inside its block are not
  // records of this file and must not be located. The record after the
  // resource is.
  const std::string head = "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://in/\r\n";
  const std::string inner1 = RawRecord(head, "HTTP/1.1 200 OK\r\n\r\nfirst");
  const std::string inner2 = RawRecord(head, "HTTP/1.1 200 OK\r\n\r\nsecond");
  const std::string resource = RawRecord(
      "WARC/1.0\r\nWARC-Type: resource\r\nContent-Type: application/warc\r\n", inner1 + inner2);
  const size_t block_at = resource.find(inner1);
  const std::string m0 =
      gzmulti::CompressMember(RawRecord("WARC/1.0\r\nWARC-Type: resource\r\n", "zero"));
  const std::string mh = gzmulti::CompressMember(resource.substr(0, block_at));
  const std::string after =
      gzmulti::CompressMember(RawRecord(head, "HTTP/1.1 200 OK\r\n\r\nafter"));
  const uint64_t at_resource = m0.size(), at_block = at_resource + mh.size();
  const std::string inside = ": not listed: it lies inside the block the record at offset " +
                             std::to_string(at_resource) + " claims (Content-Length " +
                             std::to_string(inner1.size() + inner2.size()) + ")";
  const std::string cut = "offset " + std::to_string(at_resource) + ": Content-Length (" +
                          std::to_string(inner1.size() + inner2.size()) +
                          " bytes) is longer than the record's gzip member, which ends after 0 "
                          "bytes of block; reading goes on at the next gzip member (offset " +
                          std::to_string(at_block) + ")";
  SECTION("the block in one member") {
    const std::string mb = gzmulti::CompressMember(resource.substr(block_at));
    const uint64_t at_after = at_block + mb.size();
    for (const auto& [name, options] : GzipConfigs()) {
      INFO(name);
      Problems p;
      auto records = ReadAll(m0 + mh + mb + after, &p, options);
      // The member holds both inner records: reported as such, not located.
      CHECK(p.list ==
            std::vector<std::string>{
                cut, "offset " + std::to_string(at_block) +
                         ": gzip member holds more than one record (not one record per member); "
                         "its records are not listed"});
      CHECK(Locations(records) ==
            std::vector<std::string>{
                "0+" + std::to_string(m0.size()), std::to_string(at_resource) + " unlisted",
                std::to_string(at_block) + " unlisted", std::to_string(at_block) + " unlisted",
                std::to_string(at_after) + "+" + std::to_string(after.size())});
    }
  }
  SECTION("one member per inner record") {
    const std::string mb1 = gzmulti::CompressMember(inner1);
    const std::string mb2 = gzmulti::CompressMember(resource.substr(block_at + inner1.size()));
    const uint64_t at_inner2 = at_block + mb1.size(), at_after = at_inner2 + mb2.size();
    for (const auto& [name, options] : GzipConfigs()) {
      INFO(name);
      Problems p;
      auto records = ReadAll(m0 + mh + mb1 + mb2 + after, &p, options);
      CHECK(p.list == std::vector<std::string>{cut, "offset " + std::to_string(at_block) + inside,
                                               "offset " + std::to_string(at_inner2) + inside});
      CHECK(Locations(records) ==
            std::vector<std::string>{
                "0+" + std::to_string(m0.size()), std::to_string(at_resource) + " unlisted",
                std::to_string(at_block) + " unlisted", std::to_string(at_inner2) + " unlisted",
                std::to_string(at_after) + "+" + std::to_string(after.size())});
      REQUIRE(records.size() == 5);
      CHECK(records[3].block == "HTTP/1.1 200 OK\r\n\r\nsecond");
      CHECK(records[4].block == "HTTP/1.1 200 OK\r\n\r\nafter");
    }
  }
}

TEST_CASE("RecordReader: a member end inside a record is not its end in other gzip layouts",
          "[warc][reader]") {
  // After a member that holds two records, the file is not one record per
  // member: a block that runs on into the next member is read on, as before,
  // and the record is reported as spanning members.
  std::string packed =
      gzmulti::CompressMember(RawRecord("WARC/1.0\r\nWARC-Type: resource\r\n", "a") +
                              RawRecord("WARC/1.0\r\nWARC-Type: resource\r\n", "b"));
  std::string over = gzmulti::CompressMember(RecordSaying(20, "0123456789"));  // 6 bytes short
  std::string next = gzmulti::CompressMember(RawRecord("WARC/1.0\r\nWARC-Type: resource\r\n", "c"));
  Problems p;
  auto records = ReadAll(packed + over + next, &p);
  CHECK(p.list ==
        std::vector<std::string>{
            "offset 0: gzip member holds more than one record (not one record per member); its "
            "records are not listed",
            "offset " + std::to_string(packed.size()) +
                ": record spans more than one gzip member (not one record per member); not listed",
            "offset " + std::to_string(packed.size() + over.size()) +
                ": expected a WARC version line, found \".0\"; rest of its gzip member skipped"});
  CHECK(Locations(records) ==
        std::vector<std::string>{"0 unlisted", "0 unlisted",
                                 std::to_string(packed.size()) + " unlisted"});
  REQUIRE(records.size() == 3);
  CHECK(records[2].block == "0123456789\r\n\r\nWARC/1");
}

TEST_CASE("RecordReader: a header cut short by the end of its gzip member", "[warc][reader]") {
  WarcBuilder b = ThreeRecords(true);
  const std::string first = b.bytes.substr(0, b.lengths[0]);
  const std::string rest = b.bytes.substr(b.lengths[0]);
  // A header cut at a line end cannot go on in a member that starts with
  // "WARC/" (no header line does): the next record is located. Cut inside a
  // field, "WARC/" might be the rest of the field's value: the record that
  // seems to start there is reported, not located; the ones after it are.
  const struct {
    std::string member_data, problem;
    bool next_located;
  } cases[] = {
      {"WARC/1.0\r\nWARC-Type: response\r\nWARC-Targ",
       "record header cut short by the end of its gzip member", false},
      {"WARC/1.0\r\nWARC-Type: response\r", "record header cut short by the end of its gzip member",
       false},
      {"WARC/1.0\r\nWARC-Type: response\r\n",
       "record header cut short by the end of its gzip member", true},
      {"WARC/1.0\n", "record header cut short by the end of its gzip member", true},
      {"WAR", "record header cut short by the end of its gzip member", true},
      {"junk\n", "expected a WARC version line, found \"junk\"", true},
      {"junk", "expected a WARC version line, found \"junk\"", true},
  };
  for (const auto& c : cases) {
    std::string damaged = gzmulti::CompressMember(c.member_data);
    std::string input = first + damaged + rest;
    uint64_t next = first.size() + damaged.size();
    std::vector<std::string> problems{"offset " + std::to_string(first.size()) + ": " + c.problem +
                                      "; reading goes on at the next gzip member (offset " +
                                      std::to_string(next) + ")"};
    if (!c.next_located)
      problems.push_back("offset " + std::to_string(next) +
                         ": not listed: it may be the rest of the record at offset " +
                         std::to_string(first.size()) +
                         ", whose header the end of its gzip member cut short inside a field");
    for (const auto& [name, options] : GzipConfigs()) {
      INFO(name << ", member holding \"" << c.member_data << "\"");
      Problems p;
      auto records = ReadAll(input, &p, options);
      CHECK(p.list == problems);
      CHECK(Locations(records) ==
            std::vector<std::string>{
                "0+" + std::to_string(b.lengths[0]),
                c.next_located ? Located(next, b.lengths[1]) : std::to_string(next) + " unlisted",
                std::to_string(next + b.lengths[1]) + "+" + std::to_string(b.lengths[2])});
    }
  }
  // In the last member the input ends inside the header.
  Problems last;
  auto records =
      ReadAll(b.bytes + gzmulti::CompressMember("WARC/1.0\r\nWARC-Type: response\r\n"), &last);
  CHECK(last.list == std::vector<std::string>{"offset " + std::to_string(b.bytes.size()) +
                                              ": record header truncated (input ends inside it)"});
  CHECK(records.size() == 3);
}

TEST_CASE("RecordReader: a Content-Length shorter than its gzip member", "[warc][reader]") {
  WarcBuilder b = ThreeRecords(true);
  const std::string first = b.bytes.substr(0, b.lengths[0]);
  std::string bad = gzmulti::CompressMember(RecordSaying(7, "0123456789"));
  for (const auto& [name, options] : GzipConfigs()) {
    INFO(name);
    Problems p;
    warc::ReaderStats stats;
    auto records = ReadAll(first + bad + b.bytes.substr(b.lengths[0]), &p, options, &stats);
    CHECK(p.list == std::vector<std::string>{
                        "offset " + std::to_string(first.size()) +
                        ": Content-Length (7 bytes) is shorter than the record's gzip member: "
                        "found \"789\\x0d\\x0a\\x0d\\x0a\" after the block; rest of its gzip "
                        "member skipped"});
    uint64_t next = b.offsets[1] + bad.size();
    CHECK(Locations(records) ==
          std::vector<std::string>{
              "0+" + std::to_string(b.lengths[0]), std::to_string(first.size()) + " unlisted",
              std::to_string(next) + "+" + std::to_string(b.lengths[1]),
              std::to_string(next + b.lengths[1]) + "+" + std::to_string(b.lengths[2])});
    CHECK(stats.misaligned_records == 0);
  }
}

TEST_CASE("RecordReader: plain file, the block must be followed by CRLF CRLF", "[warc][reader]") {
  const std::string next = RawRecord("WARC/1.0\r\nWARC-Type: resource\r\n", "next");
  const std::string head = "WARC/1.0\r\nWARC-Type: resource\r\nContent-Length: ";
  // CRLF CRLF, or nothing at all (a writer that leaves out trailers) before
  // the next record or the end of the input.
  for (std::string trailer : {"\r\n\r\n", ""}) {
    // The block's size moves "WARC/" across the 64-byte window's edges.
    for (size_t size = 0; size < 70; ++size) {
      std::string block(size, 'x');
      std::string record = head + std::to_string(size) + "\r\n\r\n" + block + trailer;
      std::string second = trailer.empty() ? next.substr(0, next.size() - 4) : next;
      for (size_t window : {size_t{0}, size_t{64}}) {
        INFO("trailer \"" << trailer << "\", block of " << size << ", window " << window);
        gzmulti::ReaderOptions o;
        o.input_buffer_size = window;
        Problems p;
        auto records = ReadAll(record + second, &p, o);
        CHECK(p.list.empty());
        REQUIRE(Locations(records) ==
                std::vector<std::string>{"0+" + std::to_string(record.size()),
                                         Located(record.size(), second.size())});
        CHECK(records[0].block == block);
      }
    }
    Problems at_end;
    std::string last = head + "3\r\n\r\nabc" + trailer;
    CHECK(Locations(ReadAll(last, &at_end)) ==
          std::vector<std::string>{"0+" + std::to_string(last.size())});
    CHECK(at_end.list.empty());
  }
  // Anything else is what a Content-Length one or two bytes off leaves when
  // the bytes around the block's end are CR or LF: reported at the record.
  for (std::string trailer :
       {"\n\n", "\r\r\n\r\r\n", "\n\r\n\r\n", "\r\n\r\n\r\n", "\r\n", "\n", "\r"}) {
    std::string record = head + "3\r\n\r\nabc" + trailer;
    for (const std::string& after : {next, std::string()}) {
      INFO("trailer \"" << trailer << "\"" << (after.empty() ? " at the end" : ""));
      Problems p;
      auto records = ReadAll(record + after, &p);
      CHECK(Locations(records) == std::vector<std::string>{"0 unlisted"});
      REQUIRE(p.list.size() == 1);
      CHECK(p.list[0].find("offset 0: Content-Length (3 bytes) does not end the record: expected "
                           "CRLF CRLF after the block, found \"") == 0);
    }
  }
  // A whole file written without trailers: every record is read.
  WarcBuilder three = ThreeRecords(false);
  std::string bare;
  std::vector<std::string> bare_locations;
  for (size_t i = 0; i < 3; ++i) {
    std::string record = three.bytes.substr(three.offsets[i], three.lengths[i]);
    REQUIRE(record.substr(record.size() - 4) == "\r\n\r\n");
    record.resize(record.size() - 4);
    bare_locations.push_back(std::to_string(bare.size()) + "+" + std::to_string(record.size()));
    bare += record;
  }
  Problems no_trailer;
  auto bare_records = ReadAll(bare, &no_trailer);
  CHECK(Locations(bare_records) == bare_locations);
  CHECK(no_trailer.list.empty());
  REQUIRE(bare_records.size() == 3);
  CHECK(bare_records[1].block == kHttpBlock);
  // But in a file whose records have their trailers, a record followed by
  // "WARC/" with no newline at all has a wrong Content-Length (the "WARC/"
  // may be a WARC file inside its block): reported, and reading stops.
  const std::string with_trailer = head + "3\r\n\r\nabc\r\n\r\n";
  const std::string short_by_trailer = head + "3\r\n\r\nabc";
  {
    Problems p;
    auto records = ReadAll(with_trailer + short_by_trailer + next, &p);
    CHECK(Locations(records) ==
          std::vector<std::string>{"0+" + std::to_string(with_trailer.size()),
                                   std::to_string(with_trailer.size()) + " unlisted"});
    REQUIRE(p.list.size() == 1);
    CHECK(p.list[0].find("offset " + std::to_string(with_trailer.size()) +
                         ": Content-Length (3 bytes) does not end the record") == 0);
    // One newline of the trailer (pywb's example-extra.warc has it after a
    // revisit) is a Content-Length two bytes too long just as well.
    Problems one;
    CHECK(Locations(ReadAll(with_trailer + short_by_trailer + "\r\n" + next, &one)) ==
          std::vector<std::string>{"0+" + std::to_string(with_trailer.size()),
                                   std::to_string(with_trailer.size()) + " unlisted"});
    CHECK(one.list.size() == 1);
    // And at the end of the file too.
    Problems end;
    CHECK(Locations(ReadAll(with_trailer + short_by_trailer, &end)) ==
          std::vector<std::string>{"0+" + std::to_string(with_trailer.size()),
                                   std::to_string(with_trailer.size()) + " unlisted"});
    CHECK(end.list == std::vector<std::string>{
                          "offset " + std::to_string(with_trailer.size()) +
                          ": Content-Length (3 bytes) does not end the record: expected CRLF CRLF "
                          "after the block, found \"\" and the end of the file"});
  }
  // In a file without trailers, a record followed by CRLF CRLF is as wrong.
  // So a first record whose Content-Length is 4 bytes too long (it takes in
  // CRLF CRLF) reads as a file without trailers, and the next record's
  // trailer gives it away.
  {
    Problems p;
    auto records = ReadAll(short_by_trailer + with_trailer, &p);
    CHECK(Locations(records) ==
          std::vector<std::string>{"0+" + std::to_string(short_by_trailer.size()),
                                   std::to_string(short_by_trailer.size()) + " unlisted"});
    CHECK(p.list == std::vector<std::string>{
                        "offset " + std::to_string(short_by_trailer.size()) +
                        ": Content-Length (3 bytes) does not end the record: expected the next "
                        "record right after the block (no record in this file so far has a "
                        "trailer), found \"\\x0d\\x0a\\x0d\\x0a\" and the end of the file"});
    Problems swallowed;
    const std::string four_over = RecordSaying(14, "0123456789");
    CHECK(Locations(ReadAll(four_over + next, &swallowed)) ==
          std::vector<std::string>{"0+" + std::to_string(four_over.size()),
                                   std::to_string(four_over.size()) + " unlisted"});
    CHECK(swallowed.list.size() == 1);
  }
  // A warcinfo record may lack the trailer that the others have (as
  // ia-web-commons writes it, in pywb's example-url-agnostic-*.warc.gz).
  {
    const std::string info = "WARC/1.0\r\nWARC-Type: warcinfo\r\nContent-Length: 3\r\n\r\nabc";
    Problems p;
    auto records = ReadAll(info + with_trailer + with_trailer, &p);
    CHECK(p.list.empty());
    CHECK(Locations(records) ==
          std::vector<std::string>{
              "0+" + std::to_string(info.size()), Located(info.size(), with_trailer.size()),
              Located(info.size() + with_trailer.size(), with_trailer.size())});
  }

  // Anything else after the block: the Content-Length is wrong. The record is
  // reported at its own offset, not listed, and the rest of the file is not
  // read (there is no safe way to find the next record).
  WarcBuilder b = ThreeRecords(false);
  const std::string first = b.bytes.substr(0, b.lengths[0]);
  const std::string second = "WARC/1.0\r\nWARC-Type: resource\r\n";
  const struct {
    std::string record, found;
  } cases[] = {
      // 50 bytes too long: the block ends inside the next record's header.
      {RecordSaying(60, "0123456789"), "\": http://example.com/\\x0d\\x0aWARC-Date: 2024-0...\""},
      // No newline, then no record.
      {head + "3\r\n\r\nabcJUNK\r\n\r\n",
       "\"JUNK\\x0d\\x0a\\x0d\\x0aWARC/1.0\\x0d\\x0aWARC-Type: response\\x0d\\x0aW...\""},
      // Too short.
      {RecordSaying(9, "0123456789"),
       "\"9\\x0d\\x0a\\x0d\\x0aWARC/1.0\\x0d\\x0aWARC-Type: response\\x0d\\x0aWARC...\""},
      // One newline, then no record.
      {head + "3\r\n\r\nabc\r\nJUNK\r\n\r\n",
       "\"\\x0d\\x0aJUNK\\x0d\\x0a\\x0d\\x0aWARC/1.0\\x0d\\x0aWARC-Type: response\\x0d...\""},
  };
  for (const auto& c : cases) {
    std::string input = first + c.record + b.bytes.substr(b.lengths[0]);
    for (size_t window : {size_t{0}, size_t{64}}) {
      INFO(c.record << ", window " << window);
      gzmulti::ReaderOptions o;
      o.input_buffer_size = window;
      Problems p;
      auto records = ReadAll(input, &p, o);
      uint64_t stated = std::stoull(c.record.substr(c.record.find("Length: ") + 8));
      CHECK(p.list == std::vector<std::string>{
                          "offset " + std::to_string(first.size()) + ": Content-Length (" +
                          std::to_string(stated) +
                          " bytes) does not end the record: expected CRLF CRLF after the block, "
                          "found " +
                          c.found +
                          "; rest of file not read (no safe way to find the next record in an "
                          "uncompressed file)"});
      CHECK(Locations(records) ==
            std::vector<std::string>{"0+" + std::to_string(first.size()),
                                     std::to_string(first.size()) + " unlisted"});
    }
  }
}

TEST_CASE("RecordReader: input that is neither WARC nor ARC", "[warc][reader]") {
  for (bool gzip : {false, true}) {
    std::string text = "hello world\n";
    Problems p;
    auto records = ReadAll(gzip ? gzmulti::CompressMember(text) : text, &p);
    CHECK(records.empty());
    CHECK(p.list == std::vector<std::string>{
                        "offset 0: not a WARC or ARC file (expected \"WARC/\" or \"filedesc://\", "
                        "found \"hello world\\x0a\")"});
  }
  Problems empty;
  CHECK(ReadAll("", &empty).empty());
  CHECK(empty.list.empty());
}

TEST_CASE("RecordReader: ARC v1, plain and gzip, URL with spaces", "[warc][reader][arc]") {
  std::string filedesc =
      ArcRecord("filedesc://test.arc", "20140216050221", "text/plain", kArcFiledescBody);
  std::string page = ArcRecord("http://example.com/", "20140216050222", "text/html",
                               "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html>hi</html>");
  std::string spaced = ArcRecord("http://example.com/a b.html?q=x y", "201402160503", "text/html",
                                 "HTTP/1.1 200 OK\r\n\r\nspaced");
  for (bool gzip : {false, true}) {
    INFO((gzip ? "gzip" : "plain"));
    std::vector<std::string> parts = {filedesc, page, spaced};
    std::string input;
    std::vector<uint64_t> offsets, lengths;
    for (const auto& part : parts) {
      std::string bytes = gzip ? gzmulti::CompressMember(part) : part;
      offsets.push_back(input.size());
      lengths.push_back(bytes.size());
      input += bytes;
    }
    Problems p;
    auto records = ReadAll(input, &p);
    CHECK(p.list.empty());
    REQUIRE(records.size() == 3);
    for (size_t i = 0; i < 3; ++i) {
      CHECK(records[i].located);
      CHECK(records[i].record.offset == offsets[i]);
      CHECK(records[i].length == lengths[i]);
      CHECK(records[i].record.format == warc::FileFormat::kArc);
      CHECK(records[i].record.version == "ARC/1");
    }
    CHECK(records[0].record.type == warc::kWarcinfo);
    CHECK(records[0].record.headers.fields() ==
          std::vector<HeaderMap::Field>{
              {"WARC-Type", "warcinfo"},
              {"WARC-Target-URI", "filedesc://test.arc"},
              {"WARC-Date", "2014-02-16T05:02:21Z"},
              {"WARC-IP-Address", "93.184.216.119"},
              {"Content-Type", "text/plain"},
              {"Content-Length", std::to_string(sizeof(kArcFiledescBody) - 1)}});
    CHECK(records[0].block == kArcFiledescBody);
    CHECK(records[1].record.type == warc::kResponse);
    CHECK(records[1].record.TargetUri() == "http://example.com/");
    CHECK(records[1].record.Date() == "2014-02-16T05:02:22Z");
    CHECK(records[1].block == "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html>hi</html>");
    CHECK(records[1].record.HasHttpBlock());
    CHECK(records[2].record.TargetUri() == "http://example.com/a b.html?q=x y");
    CHECK(records[2].record.Date() == "2014-02-16T05:03:00Z");
    CHECK(records[2].block == "HTTP/1.1 200 OK\r\n\r\nspaced");
  }
}

TEST_CASE("RecordReader: ARC v2 record lines and bad ARC lines", "[warc][reader][arc]") {
  std::string filedesc =
      ArcRecord("filedesc://v2.arc", "20140216050221", "text/plain", kArcFiledescBody);
  std::string body = "HTTP/1.1 200 OK\r\n\r\nv2";
  std::string v2 =
      "http://example.com/v2 1.2.3.4 20140216050223 text/html 200 "
      "3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ - 0 v2.arc " +
      std::to_string(body.size()) + "\n" + body + "\n";
  Problems p;
  auto records = ReadAll(filedesc + v2, &p);
  CHECK(p.list.empty());
  REQUIRE(records.size() == 2);
  CHECK(records[1].record.TargetUri() == "http://example.com/v2");
  CHECK(records[1].record.Date() == "2014-02-16T05:02:23Z");
  CHECK(records[1].record.headers.First("Content-Type") ==
        std::optional<std::string_view>("text/html"));
  CHECK(records[1].block == body);
  CHECK(records[1].length == v2.size());

  Problems bad_date;
  ReadAll("filedesc://x.arc 0.0.0.0 2014 text/plain 0\n\n", &bad_date);
  CHECK(bad_date.list == std::vector<std::string>{
                             "offset 0: bad ARC date \"2014\"; rest of file not read (no safe way "
                             "to find the next record in an uncompressed file)"});
  Problems bad_length;
  auto one = ReadAll(filedesc + "http://example.com/ 1.2.3.4 20140216050221 text/html -1\n\n",
                     &bad_length);
  CHECK(one.size() == 1);
  CHECK(bad_length.list == std::vector<std::string>{
                               "offset " + std::to_string(filedesc.size()) +
                               ": bad ARC record length \"-1\"; rest of file not read (no safe way "
                               "to find the next record in an uncompressed file)"});
}

TEST_CASE("RecordReader: ARC record length that does not end the record", "[warc][reader][arc]") {
  std::string filedesc =
      ArcRecord("filedesc://test.arc", "20140216050221", "text/plain", kArcFiledescBody);
  std::string body = "HTTP/1.1 200 OK\r\n\r\nhi";
  std::string next = ArcRecord("http://example.com/next", "20140216050222", "text/html", body);
  // The record line says 3 bytes more than the body: the block takes the
  // newline and the next line's first two bytes.
  std::string long_one = "http://example.com/ 1.2.3.4 20140216050221 text/html " +
                         std::to_string(body.size() + 3) + "\n" + body + "\n";
  Problems p;
  auto records = ReadAll(filedesc + long_one + next, &p);
  CHECK(p.list == std::vector<std::string>{
                      "offset " + std::to_string(filedesc.size()) + ": length (" +
                      std::to_string(body.size() + 3) +
                      " bytes) does not end the record: expected a newline after the block, "
                      "found \"tp://example.com/next 93.184.216.119 201...\"; rest of file not "
                      "read (no safe way to find the next record in an uncompressed file)"});
  CHECK(Locations(records) ==
        std::vector<std::string>{"0+" + std::to_string(filedesc.size()),
                                 std::to_string(filedesc.size()) + " unlisted"});
  // A length one byte off either way, with a newline around the block's end:
  // no newline at the end of the file, or two.
  for (std::string last : {next.substr(0, next.size() - 1), next + "\n"}) {
    INFO(last);
    Problems end;
    CHECK(Locations(ReadAll(filedesc + last, &end)) ==
          std::vector<std::string>{"0+" + std::to_string(filedesc.size()),
                                   std::to_string(filedesc.size()) + " unlisted"});
    REQUIRE(end.list.size() == 1);
    CHECK(end.list[0].find("offset " + std::to_string(filedesc.size()) + ": length (" +
                           std::to_string(body.size()) +
                           " bytes) does not end the record: expected a newline after the block") ==
          0);
  }
  // The filedesc's own length often leaves out its block's last newline (as
  // in warcio's example.arc): two newlines after it are its ending.
  std::string desc = "filedesc://test.arc 1.2.3.4 20140216050221 text/plain " +
                     std::to_string(sizeof(kArcFiledescBody) - 2) + "\n" + kArcFiledescBody + "\n";
  Problems short_desc;
  CHECK(Locations(ReadAll(desc + next, &short_desc)) ==
        std::vector<std::string>{"0+" + std::to_string(desc.size()),
                                 Located(desc.size(), next.size())});
  CHECK(short_desc.list.empty());
}

TEST_CASE("RecordReader: ARC version block with \"-\" fields", "[warc][reader][arc]") {
  std::string body = "HTTP/1.1 200 OK\r\n\r\nhi";
  std::string next = ArcRecord("http://example.com/next", "20140216050222", "text/html", body);
  std::string desc = "filedesc://x.arc - - - " + std::to_string(sizeof(kArcFiledescBody) - 1) +
                     "\n" + kArcFiledescBody + "\n";
  for (bool gzip : {false, true}) {
    INFO((gzip ? "gzip" : "plain"));
    std::string input =
        gzip ? gzmulti::CompressMember(desc) + gzmulti::CompressMember(next) : desc + next;
    Problems p;
    auto records = ReadAll(input, &p);
    CHECK(p.list.empty());
    REQUIRE(records.size() == 2);
    CHECK(records[0].located);
    CHECK(records[1].located);
    CHECK_FALSE(records[0].record.headers.First("WARC-Date").has_value());
    CHECK(records[0].record.headers.First("WARC-IP-Address") ==
          std::optional<std::string_view>("-"));
    CHECK(records[1].record.TargetUri() == "http://example.com/next");
  }
  // A response with no date is read on, but not located.
  std::string dateless =
      "http://example.com/ 1.2.3.4 - text/html " + std::to_string(body.size()) + "\n" + body + "\n";
  Problems p;
  auto records = ReadAll(desc + dateless + next, &p);
  CHECK(p.list ==
        std::vector<std::string>{"offset " + std::to_string(desc.size()) +
                                 ": ARC response record with no date (\"-\"); not listed"});
  CHECK(Locations(records) ==
        std::vector<std::string>{"0+" + std::to_string(desc.size()),
                                 std::to_string(desc.size()) + " unlisted",
                                 Located(desc.size() + dateless.size(), next.size())});
}

// ---------------------------------------------------------------------------
// PayloadStream

namespace {
struct Payload {
  std::string bytes;
  bool has_http_header = false;
  std::string header;
};

std::vector<Payload> Payloads(const std::string& input,
                              const gzmulti::ReaderOptions& options = {}) {
  base::StringSource source(input);
  Problems p;
  warc::RecordReader reader(&source, options, &p);
  std::vector<Payload> out;
  warc::Record record;
  while (reader.Next(&record)) {
    warc::PayloadStream stream(&reader, record);
    Payload payload;
    std::string_view piece;
    while (stream.Next(&piece)) payload.bytes.append(piece);
    CHECK_FALSE(stream.Next(&piece));  // stays at the end
    payload.has_http_header = stream.has_http_header();
    if (payload.has_http_header) payload.header = stream.splitter().header();
    uint64_t length;
    CHECK(reader.Finish(&length));
    out.push_back(payload);
  }
  CHECK(p.list.empty());
  return out;
}
}  // namespace

TEST_CASE("PayloadStream: HTTP payload, whole-block payload, no header end", "[warc][payload]") {
  WarcBuilder b = ThreeRecords(true);
  b.Add("WARC/1.0",
        Headers({{"WARC-Type", "response"},
                 {"WARC-Target-URI", "http://example.com/cut"},
                 {"Content-Type", "application/http; msgtype=response"}}),
        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nno blank line");
  b.Add("WARC/1.0",
        Headers({{"WARC-Type", "response"},
                 {"WARC-Target-URI", "http://example.com/empty"},
                 {"Content-Type", "application/http; msgtype=response"}}),
        "HTTP/1.1 204 No Content\r\n\r\n");
  const std::string cut_header = "HTTP/1.1 302 Found\r\nLocation: /x\r\nContent-Length: 0";
  b.Add("WARC/1.0",
        Headers({{"WARC-Type", "response"},
                 {"WARC-Target-URI", "http://example.com/cut-header"},
                 {"Content-Type", "application/http; msgtype=response"}}),
        cut_header);
  auto payloads = Payloads(b.bytes);
  REQUIRE(payloads.size() == 6);
  // warcinfo is not HTTP: its whole block.
  CHECK(payloads[0].bytes == "software: warcdedup-test\r\n");
  CHECK_FALSE(payloads[0].has_http_header);
  CHECK(payloads[1].bytes == "hello world\n");
  CHECK(payloads[1].has_http_header);
  CHECK(payloads[1].header == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n");
  CHECK(payloads[2].bytes == "resource body");
  CHECK_FALSE(payloads[2].has_http_header);
  CHECK(payloads[3].bytes == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nno blank line");
  CHECK_FALSE(payloads[3].has_http_header);
  CHECK(payloads[4].bytes == "");
  CHECK(payloads[4].has_http_header);
  // A header section without its empty line: all header, no payload.
  CHECK(payloads[5].bytes == "");
  CHECK(payloads[5].has_http_header);
  CHECK(payloads[5].header == cut_header);

  CHECK(warc::PayloadOf(kHttpBlock, true) == "hello world\n");
  CHECK(warc::PayloadOf(kHttpBlock, false) == kHttpBlock);
  CHECK(warc::PayloadOf("HTTP/1.1 200 OK\r\nX: y", true) == "");
  CHECK(warc::PayloadOf("HTTP/1.1 200 OK\r\nno blank line", true) ==
        "HTTP/1.1 200 OK\r\nno blank line");
}

TEST_CASE("PayloadStream: header and payload arriving in many small pieces", "[warc][payload]") {
  std::string body;
  for (int i = 0; body.size() < (1 << 20); ++i) body += "line " + std::to_string(i) + "\r\n";
  std::string head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n";
  for (int i = 0; i < 40; ++i) head += "X-Header-" + std::to_string(i) + ": some value\r\n";
  head += "\r\n";
  for (bool gzip : {false, true}) {
    WarcBuilder b(gzip);
    b.Add("WARC/1.0",
          Headers({{"WARC-Type", "response"},
                   {"WARC-Target-URI", "http://example.com/big"},
                   {"Content-Type", "application/http; msgtype=response"}}),
          head + body);
    for (size_t window : {size_t{64}, size_t{0}}) {
      INFO((gzip ? "gzip" : "plain") << ", input window " << window);
      gzmulti::ReaderOptions o;
      o.fast_path = false;  // 256 KiB output chunks
      o.input_buffer_size = window;
      auto payloads = Payloads(b.bytes, o);
      REQUIRE(payloads.size() == 1);
      CHECK(payloads[0].has_http_header);
      CHECK(payloads[0].header == head);
      CHECK(payloads[0].bytes == body);
    }
  }
}

TEST_CASE("RecordReader: damage that may have swallowed records is flagged", "[warc][reader]") {
  const std::string c0 = RawRecord("WARC/1.0\r\nWARC-Type: resource\r\n", "first");
  const std::string revisit = RawRecord("WARC/1.0\r\nWARC-Type: revisit\r\n", "");
  const std::string c = RawRecord("WARC/1.0\r\nWARC-Type: resource\r\n", "last");
  // A's Content-Length takes in its trailer and a whole revisit record, so
  // A runs straight into the next record without a trailer of its own.
  const std::string a_block = "swallower\r\n\r\n" + revisit;
  const std::string a =
      "WARC/1.0\r\nWARC-Type: resource\r\nContent-Length: " + std::to_string(a_block.size()) +
      "\r\n\r\n" + a_block;
  for (bool one_stream : {true, false}) {
    INFO((one_stream ? "one gzip stream" : "plain"));
    std::string plain = c0 + a + c;
    std::string input = one_stream ? gzmulti::CompressMember(plain) : plain;
    Problems p;
    warc::ReaderStats stats;
    auto records = ReadAll(input, &p, {}, &stats);
    CHECK(stats.damaged);
    for (const auto& r : records) CHECK(r.record.type != warc::kRevisit);  // swallowed
  }
  // The same stream without the damage: records off member boundaries, no damage.
  Problems healthy;
  warc::ReaderStats stats;
  auto records = ReadAll(gzmulti::CompressMember(c0 + revisit + c), &healthy, {}, &stats);
  CHECK(records.size() == 3);
  CHECK(stats.misaligned_records == 3);
  CHECK_FALSE(stats.damaged);
  // A record spanning members may have swallowed some too.
  std::string spanning =
      gzmulti::CompressMember(c0.substr(0, 30)) + gzmulti::CompressMember(c0.substr(30));
  ReadAll(spanning, &healthy, {}, &stats);
  CHECK(stats.damaged);
}
