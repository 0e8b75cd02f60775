// warc/reader.h, RecordReader over ARC files: v1 and v2 record lines, plain
// and gzip, URLs with spaces, bad lines, lengths that do not end the record,
// and version blocks with "-" fields.
#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "gzmulti/member_writer.h"
#include "warc/header_map.h"
#include "warc/reader.h"
#include "warc/record.h"
#include "warc_test_util.h"

using warc::HeaderMap;
using warc_test::Located;
using warc_test::Locations;
using warc_test::Problems;
using warc_test::ReadAll;

namespace {

std::string ArcRecord(std::string_view url, std::string_view date, std::string_view mime,
                      std::string_view body) {
  return std::string(url) + " 93.184.216.119 " + std::string(date) + " " + std::string(mime) + " " +
         std::to_string(body.size()) + "\n" + std::string(body) + "\n";
}

const char kArcFiledescBody[] =
    "1 0 LiveWeb Capture\nURL IP-address Archive-date Content-type Archive-length\n";

}  // namespace

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
    CHECK_FALSE(records[1].record.HasHttpBlock());  // an ARC block tells (PayloadStream)
    CHECK(records[1].record.arc_line ==
          "http://example.com/ 93.184.216.119 20140216050222 text/html " +
              std::to_string(records[1].block.size()));
    CHECK(records[2].record.TargetUri() == "http://example.com/a b.html?q=x y");
    CHECK(records[2].record.Date() == "2014-02-16T05:03:00Z");
    CHECK(records[2].block == "HTTP/1.1 200 OK\r\n\r\nspaced");
    CHECK(records[2].record.arc_line ==
          "http://example.com/a b.html?q=x y 93.184.216.119 201402160503 text/html 25");
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
