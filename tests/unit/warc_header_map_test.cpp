// warc/header_map.h: case-insensitive field names, First/Sole/All, repeated
// fields, and the case-insensitive comparisons.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "warc/header_map.h"
#include "warc_test_util.h"

using warc::HeaderMap;
using warc_test::Strings;

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
