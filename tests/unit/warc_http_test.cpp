// warc/http.h: HttpSplitter cutting an HTTP block into header and payload,
// piece by piece, and ParseHttpResponseHead.
#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "warc/http.h"
#include "warc/payload.h"
#include "warc_test_util.h"

using warc_test::Strings;

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
