// warcfilter's LIST (lib/filter/list.h): the three line forms, their errors,
// and how lines are given to the inputs.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "base/source.h"
#include "filter/list.h"

namespace {

std::string ErrorOf(const std::string& line) {
  auto parsed = filter::ParseListLine(line);
  REQUIRE_FALSE(parsed.ok());
  return parsed.status().message();
}

}  // namespace

TEST_CASE("ParseListLine: cover file lines", "[filter]") {
  auto keep = filter::ParseListLine("a.warc.gz 100 42 http://x/ 2020-01-01T00:00:00Z sha1:ab keep");
  REQUIRE(keep.ok());
  CHECK(keep->file == "a.warc.gz");
  CHECK(keep->offset == 100);
  CHECK(keep->length == 42);
  CHECK(keep->verdict == filter::Verdict::kKeep);
  auto covered = filter::ParseListLine(
      "a%20b.warc 7 9 http://x/ 2020 sha1:ab covered-by c.warc 0 0.9 0.5 0.66");
  REQUIRE(covered.ok());
  CHECK(covered->file == "a b.warc");  // percent-decoded, as warcsum encodes it
  CHECK(covered->verdict == filter::Verdict::kDrop);
  CHECK(covered->length == 9);
}

TEST_CASE("ParseListLine: manifests and plain file-offset lines keep", "[filter]") {
  auto six = filter::ParseListLine("a.warc 5 77 http://x/ 20200101000000 sha1:0123");
  REQUIRE(six.ok());
  CHECK(six->verdict == filter::Verdict::kKeep);
  CHECK(six->length == 77);
  auto ten = filter::ParseListLine("a.warc 5 77 http://x/ 2020 sha1:0123 1 2 http://y/ 2019");
  REQUIRE(ten.ok());
  CHECK(ten->length == 77);
  auto plain = filter::ParseListLine("a.warc 12345");
  REQUIRE(plain.ok());
  CHECK(plain->offset == 12345);
  CHECK(plain->length == 0);  // not said
  auto extra = filter::ParseListLine("a.warc 12 whatever else");
  REQUIRE(extra.ok());
  CHECK(extra->length == 0);
}

TEST_CASE("ParseListLine: errors name the field", "[filter]") {
  CHECK(ErrorOf("a.warc") == "expected FILE OFFSET ..., found \"a.warc\"");
  CHECK(ErrorOf("a.warc x1") == "field 2 (offset): expected a decimal number, found \"x1\"");
  CHECK(ErrorOf("a.warc -1") == "field 2 (offset): expected a decimal number, found \"-1\"");
  CHECK(ErrorOf(" 5") == "field 1 (file): empty");
  CHECK(ErrorOf(std::string("a \x1f\x8b\x08", 5)) ==
        "field 2 (offset): expected a decimal number, found \"\\x1f\\x8b\\x08\"");
  // Cover lines are read by manifest::ParseCoverLine (warccover(5)).
  const std::string key = "http://u/ 2020-01-01T00:00:00Z sha1:00 ";
  CHECK(ErrorOf("a.warc 1 x " + key + "keep").find("field 3 (length): expected a decimal") == 0);
  CHECK(ErrorOf("a.warc 1 2 " + key + "keep extra") ==
        "expected 7 fields (... keep) or 12 (... covered-by FILE OFFSET CONTAINMENT JACCARD "
        "DICE), found 8");
  CHECK(ErrorOf("a.warc 1 2 " + key + "covered-by b.warc") ==
        "expected 7 fields (... keep) or 12 (... covered-by FILE OFFSET CONTAINMENT JACCARD "
        "DICE), found 8");
  CHECK(ErrorOf("a.warc 1 2 " + key + "covered-by b.warc z 1 1 1") ==
        "field 9 (covering offset): expected a decimal number, found \"z\"");
  CHECK(filter::IsListComment("# warccover 0.1"));
  CHECK(filter::IsListComment(""));
  CHECK_FALSE(filter::IsListComment("a.warc 0"));
}

TEST_CASE("ListIndex::Load: bad lines are reported with their number", "[filter]") {
  base::StringSource source(
      "# header\n"
      "a.warc 0 10 http://u/ 2020-01-01T00:00:00Z sha1:00 keep\n"
      "a.warc nope\n"
      "\n"
      "b.warc 5 10 http://u/ 2020-01-01T00:00:00Z sha1:00 covered-by a.warc 0 1 1 1\n");
  filter::ListIndex index;
  std::vector<std::string> bad;
  REQUIRE(index.Load(&source, &bad).ok());
  CHECK(bad == std::vector<std::string>{
                   "line 3: field 2 (offset): expected a decimal number, found \"nope\""});
  CHECK(index.lines() == 2);
  CHECK(index.by_file().at("b.warc").front().line == 5);
}

TEST_CASE("MatchInputs: by base name or real path; errors once per file field", "[filter]") {
  base::StringSource source(
      "a.warc 30 u\n"
      "a.warc 10 u\n"
      "gone.warc 1\n"
      "gone.warc 2\n"
      "twin.warc 0\n"
      "a.warc 30 3 http://u/ 2020-01-01T00:00:00Z sha1:00 covered-by x 0 1 1 1\n"
      "/does/not/exist/c.warc 0\n");
  filter::ListIndex index;
  std::vector<std::string> bad;
  REQUIRE(index.Load(&source, &bad).ok());
  auto m = filter::MatchInputs(&index, {{"a.warc", "/in/a.warc"},
                                        {"twin.warc", "/in/1/twin.warc"},
                                        {"twin.warc", "/in/2/twin.warc"},
                                        {"c.warc", "/in/c.warc"}});
  CHECK(m.errors == std::vector<std::string>{
                        "line 7: /does/not/exist/c.warc: not among the inputs (1 line)",
                        "line 3: gone.warc: not among the inputs (2 lines)",
                        "line 5: twin.warc: names several inputs (2 files of that name); its 1 "
                        "line not applied",
                        "line 6: a.warc: offset 30: also named at line 1, one keeping it and "
                        "one not; kept"});
  REQUIRE(m.per_input[0].size() == 2);
  CHECK(m.per_input[0][0].offset == 10);
  CHECK(m.per_input[0][1].offset == 30);
  CHECK(m.per_input[0][1].verdict == filter::Verdict::kKeep);
  CHECK(m.per_input[0][1].length == 3);
  CHECK(m.per_input[1].empty());
  CHECK(m.per_input[3].empty());
}
