// warc/record.h: ARC dates, WARC-Date validity, record types and
// HasHttpBlock.
#include <catch2/catch.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "warc/record.h"
#include "warc_test_util.h"

using warc_test::Headers;

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

TEST_CASE("TargetUriOfArcUrl: spaces and control bytes percent-encoded, the rest as written",
          "[warc][record][arc]") {
  CHECK(warc::TargetUriOfArcUrl("http://a/b c?d=e f") == "http://a/b%20c?d=e%20f");
  CHECK(warc::TargetUriOfArcUrl(std::string("http://a/\x01\x7f\t", 12)) == "http://a/%01%7F%09");
  CHECK(warc::TargetUriOfArcUrl("http://a/%20x\xc3\xa9") == "http://a/%20x\xc3\xa9");
  CHECK(warc::TargetUriOfArcUrl("").empty());
}
