// The kept list (warcrefs --kept, warcsumcmp --kept): writer and reader.
#include "manifest/kept.h"

#include <catch2/catch.hpp>
#include <vector>

#include "base/source.h"

TEST_CASE("kept list: FormatKeptLine and ParseKeptLine agree", "[manifest]") {
  std::string line = manifest::FormatKeptLine("a.warc", 12, "http://a/", "2020", "sha1:ab",
                                              manifest::KeptReason::kWouldGrow, "by 3 bytes");
  CHECK(line == "a.warc 12 http://a/ 2020 sha1:ab would-grow by 3 bytes\n");
  line.pop_back();
  manifest::KeptLine k;
  REQUIRE(manifest::ParseKeptLine(line, &k));
  CHECK(k.file == "a.warc");
  CHECK(k.offset == "12");
  CHECK(k.uri == "http://a/");
  CHECK(k.date == "2020");
  CHECK(k.digest == "sha1:ab");
  CHECK(k.reason == manifest::KeptReason::kWouldGrow);
  CHECK(k.detail == "by 3 bytes");
  REQUIRE(manifest::ParseKeptLine("a 1 u d s some free text", &k));
  CHECK(k.reason == manifest::KeptReason::kUnknown);
  REQUIRE(manifest::ParseKeptLine("a 1 u d s arc", &k));
  CHECK(k.reason == manifest::KeptReason::kArc);
  CHECK(k.detail.empty());
  CHECK_FALSE(manifest::ParseKeptLine("a 1 u d s", &k));
  CHECK_FALSE(manifest::ParseKeptLine("a 1  d s arc", &k));
  CHECK_FALSE(manifest::ParseKeptLine("", &k));
}

TEST_CASE("kept list: ReadKeptList reads every line, errors name the line", "[manifest]") {
  base::StringSource good("a 1 u d s arc\nb 2 u d s referenced\n");
  std::vector<std::string> files;
  REQUIRE(manifest::ReadKeptList(&good, "kept.txt", [&](const manifest::KeptLine& k) {
            files.emplace_back(k.file);
          }).ok());
  CHECK(files == std::vector<std::string>{"a", "b"});
  base::StringSource bad("a 1 u d s arc\n\n");
  auto s = manifest::ReadKeptList(&bad, "kept.txt", [](const manifest::KeptLine&) {});
  CHECK(s.message() == "kept.txt: line 2: expected \"FILE OFFSET URI DATE DIGEST REASON\"");
  CHECK(manifest::ReadKeptFile("/nonexistent/kept", [](const manifest::KeptLine&) {})
            .message()
            .find("/nonexistent/kept: ") == 0);
}
