// warcsumproc's core and the manifest orders it relies on (manifest/order.h).
#include "warcsumproc.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "base/source.h"
#include "dedup/copy_numbers.h"
#include "manifest/entry.h"
#include "manifest/order.h"

namespace {

struct Output {
  base::Status status;
  std::string text;
  dedup::NumberingSummary summary;
};

Output Proc(const std::string& input) {
  base::StringSource source(input);
  Output out;
  out.status = dedup::NumberCopies(
      &source,
      [&](std::string* lines) {
        out.text += *lines;
        return base::Status::Ok();
      },
      &out.summary);
  return out;
}

manifest::Entry Parse(const std::string& line) {
  auto e = manifest::ParseLine(line);
  REQUIRE(e.ok());
  return e.value();
}

}  // namespace

TEST_CASE("warcsumproc numbers copies per (digest, ext) group", "[warcsumproc]") {
  Output out = Proc(
      "a.warc.gz 0 10 http://x/ 2019-01-01T00:00:00Z sha1:aa 0\n"
      "b.warc.gz 5 11 http://y/ 2019-02-01T00:00:00Z sha1:aa 0\n"
      "c.warc.gz 7 12 http://z/ 2019-03-01T00:00:00Z sha1:aa 0\n"
      "a.warc.gz 20 13 http://w/ 2018-01-01T00:00:00Z sha1:bb 0\n");
  REQUIRE(out.status.ok());
  CHECK(out.text ==
        "a.warc.gz 0 10 http://x/ 2019-01-01T00:00:00Z sha1:aa 0 1 - -\n"
        "b.warc.gz 5 11 http://y/ 2019-02-01T00:00:00Z sha1:aa 0 2 http://x/ "
        "2019-01-01T00:00:00Z\n"
        "c.warc.gz 7 12 http://z/ 2019-03-01T00:00:00Z sha1:aa 0 3 http://x/ "
        "2019-01-01T00:00:00Z\n"
        "a.warc.gz 20 13 http://w/ 2018-01-01T00:00:00Z sha1:bb 0 1 - -\n");
  CHECK(out.summary.lines == 4);
  CHECK(out.summary.groups == 2);
  CHECK(out.summary.duplicates == 2);
}

TEST_CASE("warcsumproc: another ext starts a new group", "[warcsumproc]") {
  Output out = Proc(
      "a 1 1 u1 2019 sha1:aa 0\n"
      "b 1 1 u2 2020 sha1:aa 0\n"
      "c 1 1 u3 2018 sha1:aa 1\n"
      "d 1 1 u4 2019 sha1:aa 1\n"
      "e 1 1 u5 2017 sha1:aa 2\n");
  REQUIRE(out.status.ok());
  CHECK(out.text ==
        "a 1 1 u1 2019 sha1:aa 0 1 - -\n"
        "b 1 1 u2 2020 sha1:aa 0 2 u1 2019\n"
        "c 1 1 u3 2018 sha1:aa 1 1 - -\n"
        "d 1 1 u4 2019 sha1:aa 1 2 u3 2018\n"
        "e 1 1 u5 2017 sha1:aa 2 1 - -\n");
}

TEST_CASE("warcsumproc: equal dates are ordered by file, then offset numerically",
          "[warcsumproc]") {
  // sort -k1,1 puts "a.warc.gz" before "b.warc.gz"; -k2,2n puts 9 before 10
  // (a byte comparison would put "10" first).
  Output out = Proc(
      "a.warc.gz 9 1 u1 2019 sha1:aa 0\n"
      "a.warc.gz 10 1 u2 2019 sha1:aa 0\n"
      "b.warc.gz 2 1 u3 2019 sha1:aa 0\n");
  REQUIRE(out.status.ok());
  CHECK(out.text ==
        "a.warc.gz 9 1 u1 2019 sha1:aa 0 1 - -\n"
        "a.warc.gz 10 1 u2 2019 sha1:aa 0 2 u1 2019\n"
        "b.warc.gz 2 1 u3 2019 sha1:aa 0 3 u1 2019\n");

  Output lexical = Proc(
      "a.warc.gz 10 1 u2 2019 sha1:aa 0\n"
      "a.warc.gz 9 1 u1 2019 sha1:aa 0\n");
  CHECK(lexical.status.message() ==
        "line 2: input not sorted by digest, ext, date, file, offset (offset 9 after 10 on line "
        "1)");
  CHECK(lexical.text == "a.warc.gz 10 1 u2 2019 sha1:aa 0 1 - -\n");
}

TEST_CASE("warcsumproc: numeric keys ignore leading zeros, as sort -n does", "[warcsumproc]") {
  // 009 < 10 numerically; ext 02 < 10. Numbers are written back canonically.
  Output out = Proc(
      "a 009 1 u1 2019 sha1:aa 02\n"
      "a 10 1 u2 2019 sha1:aa 2\n"
      "a 3 1 u3 2019 sha1:aa 10\n");
  REQUIRE(out.status.ok());
  CHECK(out.text ==
        "a 9 1 u1 2019 sha1:aa 2 1 - -\n"
        "a 10 1 u2 2019 sha1:aa 2 2 u1 2019\n"
        "a 3 1 u3 2019 sha1:aa 10 1 - -\n");
  Output ext = Proc(
      "a 1 1 u1 2019 sha1:aa 10\n"
      "a 1 1 u1 2019 sha1:aa 9\n");
  CHECK(ext.status.message() ==
        "line 2: input not sorted by digest, ext, date, file, offset (ext 9 after 10 on line 1)");
}

TEST_CASE("warcsumproc: dates compare as bytes, like sort -k5,5 under LC_ALL=C", "[warcsumproc]") {
  // '.' (0x2e) sorts before 'Z' (0x5a): the fractional date is the original.
  Output out = Proc(
      "a 1 1 u1 2019-01-01T00:00:00.5Z sha1:aa 0\n"
      "b 1 1 u2 2019-01-01T00:00:00Z sha1:aa 0\n");
  REQUIRE(out.status.ok());
  CHECK(out.text ==
        "a 1 1 u1 2019-01-01T00:00:00.5Z sha1:aa 0 1 - -\n"
        "b 1 1 u2 2019-01-01T00:00:00Z sha1:aa 0 2 u1 2019-01-01T00:00:00.5Z\n");
}

TEST_CASE("warcsumproc: unsorted input stops with the line number", "[warcsumproc]") {
  Output date = Proc(
      "# a comment, counted as line 1\n"
      "a 1 1 u1 2019-01-01T00:00:00Z sha1:aa 0\n"
      "b 1 1 u2 2018-01-01T00:00:00Z sha1:aa 0\n"
      "c 1 1 u3 2020-01-01T00:00:00Z sha1:aa 0\n");
  CHECK(date.status.message() ==
        "line 3: input not sorted by digest, ext, date, file, offset (date "
        "\"2018-01-01T00:00:00Z\" after \"2019-01-01T00:00:00Z\" on line 2)");
  CHECK(date.text == "a 1 1 u1 2019-01-01T00:00:00Z sha1:aa 0 1 - -\n");

  Output digest = Proc(
      "a 1 1 u1 2019 sha1:bb 0\n"
      "\n"
      "b 1 1 u2 2019 sha1:aa 0\n");
  CHECK(digest.status.message() ==
        "line 3: input not sorted by digest, ext, date, file, offset (digest \"sha1:aa\" after "
        "\"sha1:bb\" on line 1)");

  Output file = Proc(
      "b 1 1 u1 2019 sha1:aa 0\n"
      "a 1 1 u2 2019 sha1:aa 0\n");
  CHECK(file.status.message() ==
        "line 2: input not sorted by digest, ext, date, file, offset (file \"a\" after \"b\" on "
        "line 1)");
}

TEST_CASE("warcsumproc: a record listed twice is refused", "[warcsumproc]") {
  // Numbered, the second line would make the record a duplicate of itself.
  Output twice = Proc(
      "a 5 1 u1 2019 sha1:aa 0\n"
      "a 5 1 u1 2019 sha1:aa 0\n");
  CHECK(twice.status.message() ==
        "line 2: record listed twice (file \"a\", offset 5, also on line 1)");
  // Not adjacent: another date in between, same record as the original.
  Output original = Proc(
      "a 5 1 u1 2019 sha1:aa 0\n"
      "b 6 1 u1 2019 sha1:aa 0\n"
      "a 5 1 u1 2020 sha1:aa 0\n");
  CHECK(original.status.message() ==
        "line 3: record listed twice (file \"a\", offset 5, also on line 1)");
  // The same file and offset under another digest is another group.
  Output groups = Proc(
      "a 5 1 u1 2019 sha1:aa 0\n"
      "a 5 1 u1 2019 sha1:aa 1\n");
  CHECK(groups.status.ok());
}

TEST_CASE("warcsumproc: malformed lines stop the run with line and field", "[warcsumproc]") {
  Output six = Proc("a 1 1 u 2019 sha1:aa\n");
  CHECK(six.status.message() ==
        "line 1: expected 7 fields (file offset length uri date digest ext), found 6 (run "
        "warccollres first)");
  Output ten = Proc("a 1 1 u 2019 sha1:aa 0 1 - -\n");
  CHECK(ten.status.message() ==
        "line 1: expected 7 fields (file offset length uri date digest ext), found 10");
  Output field = Proc(
      "a 1 1 u 2019 sha1:aa 0\n"
      "b x1 1 u 2019 sha1:aa 0\n"
      "c 1 1 u 2019 sha1:aa 0\n");
  CHECK(field.status.message() ==
        "line 2: field 2 (offset): expected a decimal number, found \"x1\"");
  CHECK(field.text == "a 1 1 u 2019 sha1:aa 0 1 - -\n");
}

TEST_CASE("warcsumproc: empty input and comments give empty output", "[warcsumproc]") {
  Output out = Proc("# nothing\n\n");
  CHECK(out.status.ok());
  CHECK(out.text.empty());
  CHECK(out.summary.lines == 0);
}

TEST_CASE("CopyNumberer leaves the numbering unchanged after an error", "[manifest][order]") {
  dedup::CopyNumberer numberer;
  manifest::Entry a = Parse("a 1 1 u1 2019 sha1:aa 0");
  manifest::Entry early = Parse("z 1 1 u0 2018 sha1:aa 0");
  manifest::Entry b = Parse("b 1 1 u2 2020 sha1:aa 0");
  REQUIRE(numberer.Add(&a).ok());
  CHECK(numberer.Add(&early).message() ==
        "input not sorted by digest, ext, date, file, offset (date \"2018\" after \"2019\")");
  CHECK(early.fields_count == 7);
  REQUIRE(numberer.Add(&b).ok());
  CHECK(manifest::FormatLine(b) == "b 1 1 u2 2020 sha1:aa 0 2 u1 2019");
  CHECK(numberer.groups() == 1);
  CHECK(numberer.duplicates() == 1);
}

TEST_CASE("manifest comparators follow LC_ALL=C sort keys", "[manifest][order]") {
  auto e = [](const std::string& l) { return Parse(l); };
  // -k6,6: bytes, a prefix first.
  CHECK(manifest::CompareDigestOrder(e("a 1 1 u d sha1:ab"), e("a 1 1 u d sha1:abcd")) < 0);
  CHECK(manifest::CompareDigestOrder(e("a 1 1 u d sha1:ab"), e("a 1 1 u d sha256:00")) < 0);
  // Proc order: digest before ext before date before file before offset.
  CHECK(manifest::CompareProcOrder(e("z 1 1 u 2020 sha1:aa 0"), e("a 1 1 u 2019 sha1:aa 1")) < 0);
  CHECK(manifest::CompareProcOrder(e("z 1 1 u 2019 sha1:aa 0"), e("a 1 1 u 2020 sha1:aa 0")) < 0);
  CHECK(manifest::CompareProcOrder(e("a 9 1 u 2019 sha1:aa 0"), e("a 10 1 u 2019 sha1:aa 0")) < 0);
  CHECK(manifest::CompareProcOrder(e("a 010 1 u 2019 sha1:aa 0"), e("a 10 1 v 1 sha1:aa 0")) > 0);
  CHECK(manifest::CompareProcOrder(e("a 010 1 u 2019 sha1:aa 0"), e("a 10 1 v 2019 sha1:aa 0")) ==
        0);
  // Bytes compare unsigned: 0xc3 after 'z' (manifests percent-encode such
  // bytes, but the comparators do not rely on it).
  manifest::Entry raw = e("z 1 1 u d sha1:aa");
  raw.file = "\xc3\xa9";
  CHECK(manifest::CompareFileOrder(raw, e("z 1 1 u d sha1:aa")) > 0);
  CHECK(manifest::CompareFileOrder(e("%C3%A9 1 1 u d sha1:aa"), e("a 1 1 u d sha1:aa")) < 0);
  CHECK(manifest::CompareFileOrder(e("a 2 1 u d sha1:aa"), e("a 10 1 u d sha1:aa")) < 0);
  CHECK(manifest::CompareFileOrder(e("a 2 1 u d sha1:aa"), e("a-b 1 1 u d sha1:aa")) < 0);
}

TEST_CASE("AppendFileOrderKey sorts like sort -k1,1 -k2,2n", "[manifest][order]") {
  std::vector<std::string> lines = {"a-b 1 1 u d sha1:aa", "a 10 1 u d sha1:aa",
                                    "a 9 1 u d sha1:aa",   "a 09 1 u d sha1:aa",
                                    "ab 0 1 u d sha1:aa",  "a 9 1 u e sha1:aa"};
  std::vector<std::string> records;
  for (const auto& line : lines) {
    std::string key;
    manifest::AppendFileOrderKey(Parse(line), &key);
    records.push_back(key + line);
  }
  std::sort(records.begin(), records.end());
  std::vector<std::string> sorted;
  for (const auto& r : records) sorted.push_back(r.substr(r.find('\0') + 9));
  // What `LC_ALL=C sort -k1,1 -k2,2n` prints: ties on the keys fall back to
  // the whole line ("a 09" < "a 9 ... d" < "a 9 ... e").
  CHECK(sorted == std::vector<std::string>{"a 09 1 u d sha1:aa", "a 9 1 u d sha1:aa",
                                           "a 9 1 u e sha1:aa", "a 10 1 u d sha1:aa",
                                           "a-b 1 1 u d sha1:aa", "ab 0 1 u d sha1:aa"});
}
