// warc/payload.h: PayloadStream over records read by RecordReader (HTTP
// payloads, whole blocks, header sections without an end), in small pieces,
// and PayloadOf.
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/source.h"
#include "gzmulti/segment_reader.h"
#include "warc/payload.h"
#include "warc/reader.h"
#include "warc/record.h"
#include "warc_test_util.h"

using warc_test::Headers;
using warc_test::kHttpBlock;
using warc_test::Problems;
using warc_test::ThreeRecords;
using warc_test::WarcBuilder;

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

TEST_CASE("PayloadStream: an ARC block is HTTP by its content, in pieces of any size",
          "[warc][payload][arc]") {
  auto arc = [](std::string_view url, std::string_view block) {
    return std::string(url) + " 10.0.0.1 20140216050221 text/plain " +
           std::to_string(block.size()) + "\n" + std::string(block) + "\n";
  };
  std::string input = arc("filedesc://t.arc", "1 0 Test\nURL IP-address Archive-date\n") + "\n" +
                      arc("http://a/", "HTTP/1.0 200 OK\r\n\r\nbody") +
                      arc("dns:a", "20080101\na.\t600\tIN\tA\t1.2.3.4\n") +
                      arc("http://b/", "oops") + arc("http://c/", "") + arc("http://d/", "HTTP") +
                      arc("ftp://e/", "HTTP/1.1 200 OK\r\n\r\nx");
  for (size_t window : {size_t{1}, size_t{2}, size_t{3}, size_t{7}, size_t{64}, size_t{0}}) {
    INFO("input window " << window);
    gzmulti::ReaderOptions o;
    o.fast_path = false;
    o.input_buffer_size = window;
    auto payloads = Payloads(input, o);
    REQUIRE(payloads.size() == 7);
    CHECK_FALSE(payloads[0].has_http_header);
    CHECK(payloads[1].has_http_header);
    CHECK(payloads[1].bytes == "body");
    CHECK_FALSE(payloads[2].has_http_header);
    CHECK(payloads[2].bytes == "20080101\na.\t600\tIN\tA\t1.2.3.4\n");
    CHECK_FALSE(payloads[3].has_http_header);
    CHECK(payloads[3].bytes == "oops");
    CHECK(payloads[4].bytes.empty());
    CHECK_FALSE(payloads[5].has_http_header);
    CHECK(payloads[5].bytes == "HTTP");
    CHECK(payloads[6].has_http_header);  // by content, whatever the URL's scheme
    CHECK(payloads[6].bytes == "x");
  }
}
