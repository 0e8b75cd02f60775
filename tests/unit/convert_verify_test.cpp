// convert/verify.h: VerifyConversion passes a clean conversion and names
// the first difference of a tampered one: a flipped block byte (its gzip
// member made again), a record dropped or added, a changed
// WARC-ARC-Header-Line, wrong digests, a shortened block, WARC-Truncated
// removed or added, junk after the last record, the wrong ARC file name.
#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "base/source.h"
#include "convert/arc_to_warc.h"
#include "convert/verify.h"
#include "gzmulti/member_writer.h"
#include "warc_test_util.h"

namespace {

std::string Arc(std::string_view url, std::string_view date, std::string_view mime,
                std::string_view block) {
  return std::string(url) + " 192.0.2.1 " + std::string(date) + " " + std::string(mime) + " " +
         std::to_string(block.size()) + "\n" + std::string(block) + "\n";
}

const char kVersionBlock[] = "1 0 Test\nURL IP-address Archive-date Content-type Archive-length\n";
const char kHttp[] = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>hello</p>";
const char kDns[] = "20200102030407\nexample.com.\t60\tIN\tA\t192.0.2.1\n";

// An ARC file, gzip (one member per record) or plain, and where its records start.
struct ArcFile {
  std::string bytes;
  std::vector<uint64_t> offsets;
};

ArcFile MakeArc(bool gzip, bool cut_last = false) {
  std::vector<std::string> records = {
      Arc("filedesc://v.arc", "20200102030405", "text/plain", kVersionBlock),
      Arc("http://example.com/", "20200102030406", "text/html", kHttp),
      Arc("dns:example.com", "20200102030407", "text/dns", kDns)};
  if (cut_last) records.back().resize(records.back().size() - 10);
  ArcFile arc;
  for (const auto& r : records) {
    arc.offsets.push_back(arc.bytes.size());
    arc.bytes += gzip ? gzmulti::CompressMember(r) : r;
  }
  return arc;
}

// The conversion's WARC records, each as plain text, to tamper with and
// gzip again (one member each).
std::vector<std::string> ConvertedRecords(const ArcFile& arc, const std::string& name) {
  base::StringSource source(arc.bytes);
  convert::ConvertOptions options;
  options.gzip = false;
  std::string warc;
  warc_test::Problems problems;
  convert::ConvertStats stats;
  REQUIRE(convert::ConvertArc(
              &source, {name, "v.warc.gz"}, options,
              [&](std::string_view data) {
                warc.append(data);
                return base::Status::Ok();
              },
              &problems, &stats)
              .ok());
  warc_test::Problems p;
  std::vector<std::string> records;
  for (const auto& r : warc_test::ReadAll(warc, &p)) {
    REQUIRE(r.located);
    records.push_back(warc.substr(r.record.offset, r.length));
  }
  return records;
}

// The records gzipped one member each, and where each member starts.
struct WarcFile {
  std::string bytes;
  std::vector<uint64_t> offsets;
};

WarcFile Gzip(const std::vector<std::string>& records) {
  WarcFile warc;
  for (const auto& r : records) {
    warc.offsets.push_back(warc.bytes.size());
    warc.bytes += gzmulti::CompressMember(r);
  }
  return warc;
}

base::Status Verify(const ArcFile& arc, const std::string& warc, const std::string& name,
                    convert::VerifyStats* stats = nullptr) {
  base::StringSource arc_source(arc.bytes), warc_source(warc);
  convert::VerifyStats local;
  return convert::VerifyConversion(&arc_source, &warc_source, name, stats ? stats : &local);
}

// s with its one occurrence of from replaced by to.
std::string Replace(std::string s, std::string_view from, std::string_view to) {
  size_t at = s.find(from);
  REQUIRE(at != std::string::npos);
  REQUIRE(s.find(from, at + 1) == std::string::npos);
  return s.replace(at, from.size(), to);
}

std::string Where(const ArcFile& arc, const WarcFile& warc, size_t i) {
  return "ARC offset " + std::to_string(arc.offsets[i]) + ", WARC offset " +
         std::to_string(warc.offsets[i]) + ": ";
}

}  // namespace

TEST_CASE("VerifyConversion: a clean conversion passes, gzip or plain ARC", "[convert][verify]") {
  for (bool gzip : {true, false}) {
    INFO((gzip ? "gzip" : "plain"));
    ArcFile arc = MakeArc(gzip);
    auto records = ConvertedRecords(arc, "v.arc");
    REQUIRE(records.size() == 3);
    convert::VerifyStats stats;
    base::Status s = Verify(arc, Gzip(records).bytes, "v.arc", &stats);
    CHECK(s.message() == "");
    CHECK(stats.records == 3);
    CHECK(stats.bytes == sizeof(kVersionBlock) - 1 + sizeof(kHttp) - 1 + sizeof(kDns) - 1);
    CHECK(stats.skipped == 0);
    std::string plain;
    for (const auto& r : records) plain += r;
    CHECK(Verify(arc, plain, "v.arc").ok());
  }
}

TEST_CASE("VerifyConversion: each tampering is found and named", "[convert][verify]") {
  const ArcFile arc = MakeArc(true);
  const auto records = ConvertedRecords(arc, "v.arc");
  const WarcFile clean = Gzip(records);
  REQUIRE(Verify(arc, clean.bytes, "v.arc").ok());
  auto check = [&](const std::vector<std::string>& tampered, const std::string& expected) {
    base::Status s = Verify(arc, Gzip(tampered).bytes, "v.arc");
    CHECK(s.code() == base::Status::Code::kCorruption);
    CHECK(s.message() == expected);
  };

  SECTION("one byte of a block flipped") {
    auto t = records;
    t[1] = Replace(t[1], "<p>hello", "<p>jello");
    check(t, Where(arc, clean, 1) + "the blocks differ at byte " +
                 std::to_string(std::string_view(kHttp).find("hello")));
  }
  SECTION("a record dropped: the last, then one in the middle") {
    check({records[0], records[1]}, "ARC offset " + std::to_string(arc.offsets[2]) +
                                        ": the record (" +
                                        convert::ConvertedRecordId("v.arc", arc.offsets[2]) +
                                        ") is not in the WARC file (it has no more records)");
    check({records[0], records[2]}, "ARC offset " + std::to_string(arc.offsets[1]) +
                                        ": the record (" +
                                        convert::ConvertedRecordId("v.arc", arc.offsets[1]) +
                                        ") is not in the WARC file (found " +
                                        convert::ConvertedRecordId("v.arc", arc.offsets[2]) +
                                        " at offset " + std::to_string(clean.offsets[1]) + ")");
  }
  SECTION("a record added") {
    auto t = records;
    t.push_back(records[1]);
    check(t, "WARC offset " + std::to_string(clean.bytes.size()) + ": the record " +
                 convert::ConvertedRecordId("v.arc", arc.offsets[1]) + " comes from no ARC record");
  }
  SECTION("WARC-ARC-Header-Line changed") {
    auto t = records;
    t[1] = Replace(t[1], "20200102030406 text/html", "20200102030406 text/plain");
    check(t, Where(arc, clean, 1) + "WARC-ARC-Header-Line is not the ARC record line");
  }
  SECTION("a wrong WARC-Block-Digest, a wrong WARC-Payload-Digest") {
    const std::string dns_digest = "sha1:QLZN72736ULME26L3JPDC7EGJFHEANN4";  // the dns: block's
    auto t = records;
    auto at = t[1].find("WARC-Block-Digest: ") + 19;
    std::string stored = t[1].substr(at, t[1].find("\r\n", at) - at);
    t[1].replace(at, stored.size(), dns_digest);
    check(t, Where(arc, clean, 1) + "WARC-Block-Digest " + dns_digest +
                 " does not match the block (" + stored + ")");
    t = records;
    at = t[1].find("WARC-Payload-Digest: ") + 21;
    stored = t[1].substr(at, t[1].find("\r\n", at) - at);
    t[1].replace(at, stored.size(), dns_digest);
    check(t, Where(arc, clean, 1) + "WARC-Payload-Digest " + dns_digest +
                 " does not match the block (" + stored + ")");
  }
  SECTION("a block one byte short") {
    auto t = records;
    std::string length = std::to_string(sizeof(kHttp) - 1);
    t[1] = Replace(t[1], "Content-Length: " + length,
                   "Content-Length: " + std::to_string(sizeof(kHttp) - 2));
    t[1] = Replace(t[1], "</p>\r\n\r\n", "</p\r\n\r\n");
    check(t, Where(arc, clean, 1) + "the WARC block ends after " +
                 std::to_string(sizeof(kHttp) - 2) + " bytes; the ARC block goes on");
  }
  SECTION("WARC-Truncated added to a whole block") {
    auto t = records;
    t[2] = Replace(t[2], "WARC-Block-Digest", "WARC-Truncated: unspecified\r\nWARC-Block-Digest");
    check(t,
          Where(arc, clean, 2) + "the WARC record has WARC-Truncated, but the ARC block is whole");
  }
  SECTION("junk after the last record") {
    base::Status s = Verify(arc, clean.bytes + gzmulti::CompressMember("junk\n"), "v.arc");
    CHECK(s.code() == base::Status::Code::kCorruption);
    CHECK(s.message() == "the WARC file does not read cleanly: offset " +
                             std::to_string(clean.bytes.size()) +
                             ": record header truncated (input ends inside it)");
  }
  SECTION("verified under another ARC file name: other record IDs") {
    base::Status s = Verify(arc, clean.bytes, "w.arc");
    CHECK(s.message() == "ARC offset 0: the record (" + convert::ConvertedRecordId("w.arc", 0) +
                             ") is not in the WARC file (found " +
                             convert::ConvertedRecordId("v.arc", 0) + " at offset 0)");
  }
}

TEST_CASE("VerifyConversion: a cut-short block must carry WARC-Truncated", "[convert][verify]") {
  const ArcFile arc = MakeArc(false, /*cut_last=*/true);
  const auto records = ConvertedRecords(arc, "v.arc");
  REQUIRE(records.size() == 3);
  REQUIRE(records[2].find("WARC-Truncated: unspecified\r\n") != std::string::npos);
  const WarcFile clean = Gzip(records);
  CHECK(Verify(arc, clean.bytes, "v.arc").ok());
  auto t = records;
  t[2] = Replace(t[2], "WARC-Truncated: unspecified\r\n", "");
  base::Status s = Verify(arc, Gzip(t).bytes, "v.arc");
  CHECK(s.message() == Where(arc, clean, 2) +
                           "the ARC block is cut short, and the WARC record has no WARC-Truncated");
}
