// warcrefs::RewriteFile on what it must keep or refuse: copies whose revisit
// would not be smaller (would-grow), WARC/0.17 and 0.18 records (warc-draft),
// lines that give the original an empty URI or date; and the revisit's
// Content-Type, kept as the response wrote it.
#include <stdlib.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "base/source.h"
#include "manifest/entry.h"
#include "rewrite.h"
#include "warc/header_map.h"
#include "warc/reader.h"
#include "warc/writer.h"

namespace {

namespace fs = std::filesystem;

// "tiny\n" and P (below), each after kHeader: sha1 of the payload (hashlib).
const char kTinyHex[] = "sha1:506f25f62a7e5acfb4b5f866a570e78e4efd638a";
const char kHeader[] = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n";

// 8,000 bytes that compress poorly enough for a revisit to be much smaller.
std::string P() {
  std::string s;
  uint32_t x = 12345;
  for (int i = 0; i < 8000; ++i) {
    x = x * 1103515245 + 12345;
    s.push_back(static_cast<char>('a' + (x >> 16) % 26));
  }
  return s;
}

std::string Sha1Hex(const std::string& payload) {
  warc::Hasher h(warc::DigestAlgorithm::kSha1);
  h.Update(payload);
  return h.Final().ToManifestString();
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct TempDir {
  std::string path;
  TempDir() {
    char name[] = "/tmp/warcrefs_kept_test-XXXXXX";
    REQUIRE(::mkdtemp(name) != nullptr);
    path = name;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

struct File {
  explicit File(bool gz) : gzip(gz) {}
  bool gzip;
  std::string bytes;
  std::vector<uint64_t> offsets, lengths;
  size_t Add(const std::string& version, int id, const std::string& uri, const std::string& date,
             const std::string& content_type, const std::string& payload) {
    warc::HeaderMap h;
    h.Add("WARC-Type", "response");
    h.Add("WARC-Record-ID",
          "<urn:uuid:00000000-0000-4000-8000-00000000000" + std::to_string(id) + ">");
    h.Add("WARC-Date", date);
    h.Add("WARC-Target-URI", uri);
    h.Add("Content-Type", content_type);
    warc::WriterOptions o;
    o.gzip = gzip;
    warc::RecordWriter writer(
        [this](std::string_view s) {
          bytes.append(s);
          return base::Status::Ok();
        },
        o);
    uint64_t length = 0;
    offsets.push_back(bytes.size());
    REQUIRE(writer.Write(version, h, kHeader + payload, &length).ok());
    lengths.push_back(length);
    return offsets.size() - 1;
  }
  manifest::Entry Line(size_t i, const std::string& uri, const std::string& date,
                       const std::string& digest, const std::string& ref_uri,
                       const std::string& ref_date) const {
    auto e = manifest::ParseLine("f " + std::to_string(offsets[i]) + " " +
                                 std::to_string(lengths[i]) + " " + uri + " " + date + " " +
                                 digest + " 0 2 " + ref_uri + " " + ref_date);
    REQUIRE(e.ok());
    return *e;
  }
};

const char kHttp[] = "application/http; msgtype=response";
const char kD1[] = "2024-01-01T00:00:01Z";
const char kD2[] = "2024-01-01T00:00:02Z";

// The records of a file as read back.
std::vector<warc::Record> Records(const std::string& bytes) {
  base::StringSource source(bytes);
  warc::RecordReader reader(&source, {}, nullptr);
  std::vector<warc::Record> out;
  warc::Record record;
  while (reader.Next(&record)) out.push_back(record);
  return out;
}

}  // namespace

TEST_CASE("warcrefs: a copy whose revisit would not be smaller is kept (would-grow)",
          "[warcrefs]") {
  const bool gzip = GENERATE(true, false);
  INFO((gzip ? "gzip" : "plain"));
  const std::string p = P();
  File f(gzip);
  f.Add("WARC/1.0", 1, "http://a.example/", kD1, kHttp, "tiny\n");  // originals (copy 1)
  f.Add("WARC/1.0", 2, "http://a.example/p", kD1, kHttp, p);
  size_t tiny = f.Add("WARC/1.0", 3, "http://b.example/", kD2, kHttp, "tiny\n");
  size_t big = f.Add("WARC/1.0", 4, "http://c.example/", kD2, kHttp, p);
  std::vector<manifest::Entry> dups = {
      f.Line(tiny, "http://b.example/", kD2, kTinyHex, "http://a.example/", kD1),
      f.Line(big, "http://c.example/", kD2, Sha1Hex(p), "http://a.example/p", kD1)};
  TempDir dir;
  const std::string in = dir.path + "/f";
  { std::ofstream(in, std::ios::binary) << f.bytes; }

  warcrefs::RewriteOptions dry{in, /*in_place=*/true};
  dry.dry_run = true;
  auto d = warcrefs::RewriteFile(in, dups, dry);
  auto r = warcrefs::RewriteFile(in, dups, warcrefs::RewriteOptions{in, /*in_place=*/true});
  for (const auto& problem : r.problems) UNSCOPED_INFO(problem);
  REQUIRE(r.problems.empty());
  CHECK(r.converted == 1);
  CHECK(r.written);
  const std::string written = ReadAll(in);
  CHECK(r.bytes_after == written.size());
  CHECK(r.bytes_after < r.bytes_before);
  // The dry run builds the same revisits: the same figures.
  CHECK(d.converted == r.converted);
  CHECK(d.bytes_before == r.bytes_before);
  CHECK(d.bytes_after == r.bytes_after);
  // The tiny copy is there as it was (byte for byte, before the converted one).
  CHECK(written.substr(0, f.offsets[big]) == f.bytes.substr(0, f.offsets[big]));
  auto records = Records(written);
  REQUIRE(records.size() == 4);
  CHECK(records[2].type == warc::kResponse);
  CHECK(records[3].type == warc::kRevisit);
  // A note and a kept-list line, not an error.
  REQUIRE(r.notes.size() == 1);
  const std::string prefix = "offset " + std::to_string(f.offsets[tiny]) + ": kept: its revisit (";
  CHECK(r.notes[0].rfind(prefix, 0) == 0);
  CHECK(r.notes[0].ends_with(" bytes) would not be smaller than the record (" +
                             std::to_string(f.lengths[tiny]) + " bytes)"));
  REQUIRE(r.kept.size() == 1);
  CHECK(r.kept[0].rfind("f " + std::to_string(f.offsets[tiny]) + " http://b.example/ " + kD2 + " " +
                            kTinyHex + " would-grow its revisit (",
                        0) == 0);
  CHECK(d.kept == r.kept);
}

TEST_CASE("warcrefs: WARC/0.17 and 0.18 records are kept (warc-draft)", "[warcrefs]") {
  const std::string version = GENERATE(as<std::string>{}, "WARC/0.17", "WARC/0.18");
  INFO(version);
  const std::string p = P();
  File f(true);
  size_t copy = f.Add(version, 1, "http://b.example/", kD2, kHttp, p);
  TempDir dir;
  const std::string in = dir.path + "/f";
  { std::ofstream(in, std::ios::binary) << f.bytes; }
  auto r = warcrefs::RewriteFile(
      in, {f.Line(copy, "http://b.example/", kD2, Sha1Hex(p), "http://a.example/", kD1)},
      warcrefs::RewriteOptions{in, /*in_place=*/true});
  CHECK(r.problems.empty());
  CHECK(r.converted == 0);
  CHECK_FALSE(r.written);
  REQUIRE(r.notes.size() == 1);
  CHECK(r.notes[0] ==
        "offset 0: kept: " + version + " records are not converted (a draft of WARC)");
  REQUIRE(r.kept.size() == 1);
  CHECK(r.kept[0] == "f 0 http://b.example/ " + std::string(kD2) + " " + Sha1Hex(p) +
                         " warc-draft " + version +
                         " records are not converted (a draft of WARC)\n");
  CHECK(ReadAll(in) == f.bytes);
}

TEST_CASE("warcrefs: a revisit never names an empty original; a real \"-\" is named",
          "[warcrefs]") {
  const std::string p = P();
  File f(true);
  size_t copy = f.Add("WARC/1.1", 1, "http://b.example/", kD2, kHttp, p);
  TempDir dir;
  const std::string in = dir.path + "/f";
  { std::ofstream(in, std::ios::binary) << f.bytes; }
  SECTION("\"-\" is empty: an error, the record kept") {
    for (auto [uri, date, what] :
         {std::tuple{"-", kD1, "URI"}, std::tuple{"http://a.example/", "-", "date"}}) {
      auto r =
          warcrefs::RewriteFile(in, {f.Line(copy, "http://b.example/", kD2, Sha1Hex(p), uri, date)},
                                warcrefs::RewriteOptions{in, /*in_place=*/true});
      CHECK(r.converted == 0);
      CHECK(r.problems == std::vector<std::string>{
                              std::string("offset 0: the manifest gives its original an empty ") +
                              what + "; a revisit must name its original; not applied"});
      CHECK(ReadAll(in) == f.bytes);
    }
  }
  SECTION("%2D is a URI and a date that are \"-\"") {
    auto r = warcrefs::RewriteFile(
        in, {f.Line(copy, "http://b.example/", kD2, Sha1Hex(p), "%2D", "%2D")},
        warcrefs::RewriteOptions{in, /*in_place=*/true});
    for (const auto& problem : r.problems) UNSCOPED_INFO(problem);
    REQUIRE(r.converted == 1);
    auto records = Records(ReadAll(in));
    REQUIRE(records.size() == 1);
    CHECK(records[0].headers.First("WARC-Refers-To-Target-URI").value_or("") == "-");
    CHECK(records[0].headers.First("WARC-Refers-To-Date").value_or("") == "-");
  }
}

TEST_CASE("warcrefs: the revisit keeps the response's Content-Type as written", "[warcrefs]") {
  const std::string content_type =
      GENERATE(as<std::string>{}, "application/http;msgtype=response",
               "application/http; msgtype=response", "Application/HTTP;  msgtype=\"response\"");
  INFO(content_type);
  const std::string p = P();
  File f(false);
  size_t copy = f.Add("WARC/1.0", 1, "http://b.example/", kD2, content_type, p);
  TempDir dir;
  const std::string in = dir.path + "/f";
  { std::ofstream(in, std::ios::binary) << f.bytes; }
  auto r = warcrefs::RewriteFile(
      in, {f.Line(copy, "http://b.example/", kD2, Sha1Hex(p), "http://a.example/", kD1)},
      warcrefs::RewriteOptions{in, /*in_place=*/true});
  for (const auto& problem : r.problems) UNSCOPED_INFO(problem);
  REQUIRE(r.converted == 1);
  const std::string written = ReadAll(in);
  CHECK(written.find("\r\nContent-Type: " + content_type + "\r\n") != std::string::npos);
  auto records = Records(written);
  REQUIRE(records.size() == 1);
  CHECK(records[0].type == warc::kRevisit);
}

TEST_CASE("warcrefs: a revisit an earlier run wrote, then a record to convert", "[warcrefs]") {
  // A re-run with a manifest that found one more copy: the revisit already
  // there moves the records after it, and the new revisit goes where the
  // record it replaces is now.
  const bool gzip = GENERATE(true, false);
  INFO((gzip ? "gzip" : "plain"));
  const std::string p = P(), digest = Sha1Hex(p);
  File f(gzip);
  f.Add("WARC/1.1", 1, "http://a.example/", kD1, kHttp, p);
  size_t a = f.Add("WARC/1.1", 2, "http://b.example/", kD2, kHttp, p);
  size_t b = f.Add("WARC/1.1", 3, "http://c.example/", kD2, kHttp, p);
  std::vector<manifest::Entry> lines = {
      f.Line(a, "http://b.example/", kD2, digest, "http://a.example/", kD1),
      f.Line(b, "http://c.example/", kD2, digest, "http://a.example/", kD1)};
  TempDir dir;
  const std::string in = dir.path + "/f";
  // Both at once: the expected result.
  { std::ofstream(in, std::ios::binary) << f.bytes; }
  auto both = warcrefs::RewriteFile(in, lines, warcrefs::RewriteOptions{in, /*in_place=*/true});
  REQUIRE(both.converted == 2);
  const std::string expected = ReadAll(in);
  // The first line alone, then both.
  { std::ofstream(in, std::ios::binary) << f.bytes; }
  auto first =
      warcrefs::RewriteFile(in, {lines[0]}, warcrefs::RewriteOptions{in, /*in_place=*/true});
  REQUIRE(first.converted == 1);
  auto r = warcrefs::RewriteFile(in, lines, warcrefs::RewriteOptions{in, /*in_place=*/true});
  for (const auto& problem : r.problems) UNSCOPED_INFO(problem);
  CHECK(r.problems.empty());
  CHECK(r.already == 1);
  CHECK(r.converted == 1);
  CHECK(r.written);
  CHECK(ReadAll(in) == expected);
}
