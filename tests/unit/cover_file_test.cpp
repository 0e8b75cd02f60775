// manifest/cover_line.h and cover/overlap.h: the cover file's lines
// (warccover(5)) written and read back, the measures rounded down exactly
// from the counts.
#include <catch2/catch.hpp>

#include "cover/overlap.h"
#include "manifest/cover_line.h"

namespace {

manifest::Entry Key() {
  auto key = manifest::ParseLine(
      "a.warc.gz 1804 1630 http://news.example.org/a/17 2009-03-01T08:00:00Z sha1:9a71");
  REQUIRE(key.ok());
  return *key;
}

}  // namespace

TEST_CASE("cover lines: keep and covered-by, written and read back", "[cover_file]") {
  manifest::CoverLine keep;
  keep.key = Key();
  CHECK(manifest::FormatCoverLine(keep) ==
        "a.warc.gz 1804 1630 http://news.example.org/a/17 2009-03-01T08:00:00Z sha1:9a71 keep");
  manifest::CoverLine by = keep;
  by.keep = false;
  by.by_file = "b.warc.gz";
  by.by_offset = 0;
  by.measures = cover::MeasuresText({80, 100, 150});  // 0.8, 80/170, 160/250
  const std::string text = manifest::FormatCoverLine(by);
  CHECK(text ==
        "a.warc.gz 1804 1630 http://news.example.org/a/17 2009-03-01T08:00:00Z sha1:9a71 "
        "covered-by b.warc.gz 0 0.8000 0.4705 0.6400");
  auto back = manifest::ParseCoverLine(text);
  REQUIRE(back.ok());
  CHECK(back->key == by.key);
  CHECK(!back->keep);
  CHECK(back->by_file == "b.warc.gz");
  CHECK(back->by_offset == 0);
  CHECK(back->measures == "0.8000 0.4705 0.6400");
  auto kept = manifest::ParseCoverLine(manifest::FormatCoverLine(keep));
  REQUIRE(kept.ok());
  CHECK(kept->keep);
}

TEST_CASE("measures are rounded down, never up", "[cover_file]") {
  // 7/10 is 0.7 exactly in the text; 69995/100000 must not print 0.7000.
  CHECK(cover::MeasuresText({7, 10, 10}) == "0.7000 0.5384 0.7000");
  CHECK(cover::MeasuresText({69995, 100000, 69995}) == "0.6999 0.6999 0.8234");
  CHECK(cover::MeasuresText({2, 3, 3}) == "0.6666 0.5000 0.6666");
  // Either set empty: 0 (a page without text).
  CHECK(cover::MeasuresText({0, 0, 5}) == "0.0000 0.0000 0.0000");
  CHECK(cover::MeasuresText({0, 0, 0}) == "0.0000 0.0000 0.0000");
  const cover::Overlap same{5, 5, 5};
  CHECK(same.containment() == 1.0);
  CHECK(same.jaccard() == 1.0);
  CHECK(same.dice() == 1.0);
  CHECK(cover::Overlap{0, 0, 0}.jaccard() == 0.0);
}

TEST_CASE("bad cover lines name the field", "[cover_file]") {
  const std::string key = "a.warc.gz 0 10 http://x/ 2009-01-01T00:00:00Z sha1:00 ";
  auto check = [&](const std::string& rest, const std::string& message) {
    auto line = manifest::ParseCoverLine(key + rest);
    REQUIRE(!line.ok());
    CHECK(line.status().message() == message);
  };
  check("kept", "field 7: expected keep (7 fields) or covered-by (12 fields), found \"kept\"");
  check("keep extra",
        "expected 7 fields (... keep) or 12 (... covered-by FILE OFFSET "
        "CONTAINMENT JACCARD DICE), found 8");
  check("covered-by b.warc.gz x1 1 1 1",
        "field 9 (covering offset): expected a decimal number, "
        "found \"x1\"");
  auto bad_key = manifest::ParseCoverLine("a.warc.gz zero 10 http://x/ 2009 sha1:00 keep");
  REQUIRE(!bad_key.ok());
  CHECK(bad_key.status().message().find("field 2 (offset)") != std::string::npos);
}
