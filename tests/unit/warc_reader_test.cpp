// warc/reader.h, RecordReader over intact WARC files, plain and gzip: exact
// offsets and blocks, input windows, versions, folded and damaged header
// lines, impossible dates, empty and foreign input.
#include <catch2/catch.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gzmulti/member_writer.h"
#include "gzmulti/segment_reader.h"
#include "warc/reader.h"
#include "warc/record.h"
#include "warc_test_util.h"

using warc_test::Headers;
using warc_test::kHttpBlock;
using warc_test::Located;
using warc_test::Locations;
using warc_test::Problems;
using warc_test::RawRecord;
using warc_test::ReadAll;
using warc_test::ThreeRecords;
using warc_test::WarcBuilder;

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
