// warcsumsplit's core and ParseSize.
#include "warcsumsplit.h"

#include <stdlib.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "base/source.h"
#include "toolcommon/size.h"

namespace fs = std::filesystem;
using warcsumsplit::Mode;

namespace {

class TempDir {
 public:
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "warcsumsplit-test-XXXXXX").string();
    REQUIRE(::mkdtemp(tmpl.data()) != nullptr);
    path_ = tmpl;
  }
  ~TempDir() { fs::remove_all(path_); }
  std::string operator/(const std::string& name) const { return path_ + "/" + name; }
  // The names in the directory, sorted.
  std::vector<std::string> List() const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(path_)) names.push_back(e.path().filename());
    std::sort(names.begin(), names.end());
    return names;
  }

 private:
  std::string path_;
};

void WriteFile(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A manifest line whose digest is hex padded with zeros to 40 digits; with a
// one-letter file name and a one-digit offset it is 59 bytes long.
std::string Line(const std::string& file, int offset, const std::string& hex) {
  return file + " " + std::to_string(offset) + " 1 u 2019 sha1:" + hex +
         std::string(40 - hex.size(), '0') + "\n";
}

struct Fixture {
  TempDir dir;
  toolcommon::Diag diag{"warcsumsplit"};
  warcsumsplit::Options options;
  Fixture() {
    diag.set_verbosity(0);
    options.input = dir / "in";
    options.prefix = dir / "part";
  }
  base::Result<std::vector<warcsumsplit::PartitionSummary>> Split(const std::string& input) {
    WriteFile(options.input, input);
    return warcsumsplit::Split(options, &diag);
  }
  std::string Part(const std::string& suffix) { return ReadFile(dir / ("part." + suffix)); }
};

}  // namespace

TEST_CASE("ParseSize reads K, M, G as powers of 1024", "[toolcommon]") {
  using toolcommon::ParseSize;
  CHECK(ParseSize("4096") == 4096u);
  CHECK(ParseSize("8K") == 8192u);
  CHECK(ParseSize("8k") == 8192u);
  CHECK(ParseSize("2M") == 2u << 20);
  CHECK(ParseSize("1G") == 1u << 30);
  CHECK(ParseSize("1GiB") == 1u << 30);
  CHECK(ParseSize("3T") == uint64_t{3} << 40);
  CHECK(ParseSize("10B") == 10u);
  CHECK_FALSE(ParseSize(""));
  CHECK_FALSE(ParseSize("M"));
  CHECK_FALSE(ParseSize("1.5G"));
  CHECK_FALSE(ParseSize("8X"));
  CHECK_FALSE(ParseSize("8KB2"));
  CHECK_FALSE(ParseSize("-1"));
  CHECK_FALSE(ParseSize("99999999999999999999"));
  CHECK_FALSE(ParseSize("17179869184G"));  // 2^64
}

TEST_CASE("Digest ranges (--digest-range): leading 64 bits in N equal ranges", "[warcsumsplit]") {
  using warcsumsplit::DigestRangeIndex;
  const std::string zero = "sha1:0000000000000000000000000000000000000000";
  const std::string below_half = "sha1:7fffffffffffffffffffffffffffffffffffffff";
  const std::string half = "sha1:8000000000000000000000000000000000000000";
  const std::string top = "sha1:ffffffffffffffffffffffffffffffffffffffff";
  CHECK(DigestRangeIndex(zero, 2) == 0);
  CHECK(DigestRangeIndex(below_half, 2) == 0);
  CHECK(DigestRangeIndex(half, 2) == 1);
  CHECK(DigestRangeIndex(top, 2) == 1);
  // N=3: ranges end after 0x5555555555555555 and 0xaaaaaaaaaaaaaaaa
  // (3 * 0x5555555555555555 = 2^64 - 1).
  CHECK(DigestRangeIndex(zero, 3) == 0);
  CHECK(DigestRangeIndex("sha1:5555555555555555ffff", 3) == 0);
  CHECK(DigestRangeIndex("sha1:5555555555555556", 3) == 1);
  CHECK(DigestRangeIndex(below_half, 3) == 1);
  CHECK(DigestRangeIndex(half, 3) == 1);
  CHECK(DigestRangeIndex("sha1:aaaaaaaaaaaaaaaa", 3) == 1);
  CHECK(DigestRangeIndex("sha1:aaaaaaaaaaaaaaab", 3) == 2);
  CHECK(DigestRangeIndex(top, 3) == 2);
  CHECK(DigestRangeIndex(top, 1) == 0);
  CHECK(DigestRangeIndex(top, 1000000) == 999999);
  // Only the hex counts, and short hex is padded on the right.
  CHECK(warcsumsplit::DigestPrefix64("md5:ab") == 0xab00000000000000u);
  CHECK(warcsumsplit::DigestPrefix64(top) == 0xffffffffffffffffu);
  CHECK(DigestRangeIndex("md5:80", 2) == 1);
}

TEST_CASE("SizeCutter never splits a run of equal digests", "[warcsumsplit]") {
  auto place = [](warcsumsplit::SizeCutter cutter, const std::vector<std::string>& digests) {
    std::vector<uint64_t> parts;
    for (const auto& d : digests) parts.push_back(cutter.Place(d, 10));
    return parts;
  };
  using warcsumsplit::SizeCutter;
  // -s 25: the run of aa straddles 25 bytes; the cut comes after it.
  CHECK(place(SizeCutter::BySize(25), {"aa", "aa", "aa", "bb", "bb", "cc", "dd"}) ==
        std::vector<uint64_t>{0, 0, 0, 1, 1, 1, 2});
  // At or after: exactly 20 bytes is enough.
  CHECK(place(SizeCutter::BySize(20), {"aa", "bb", "cc", "dd"}) ==
        std::vector<uint64_t>{0, 0, 1, 1});
  // -c 3 of 100 bytes: targets 34, then 30 of the 60 left, then the rest.
  CHECK(place(SizeCutter::ByCount(3, 100),
              {"a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9"}) ==
        std::vector<uint64_t>{0, 0, 0, 0, 1, 1, 1, 2, 2, 2});
  // A long run first: what is left is shared out again.
  CHECK(place(SizeCutter::ByCount(3, 100),
              {"aa", "aa", "aa", "aa", "aa", "aa", "aa", "aa", "b", "c"}) ==
        std::vector<uint64_t>{0, 0, 0, 0, 0, 0, 0, 0, 1, 2});
  // Never more than N partitions.
  CHECK(place(SizeCutter::ByCount(2, 30), {"a", "b", "c", "d", "e"}) ==
        std::vector<uint64_t>{0, 0, 1, 1, 1});
  // Comments count towards the size but do not cut.
  SizeCutter cutter = SizeCutter::BySize(15);
  CHECK(cutter.Place("aa", 10) == 0);
  cutter.PlaceOther(10);
  CHECK(cutter.Place("aa", 10) == 0);
  CHECK(cutter.Place("bb", 10) == 1);
}

TEST_CASE("Split -c keeps a run straddling the middle together", "[warcsumsplit]") {
  Fixture f;
  f.options.mode = Mode::kCount;
  f.options.partitions = 2;
  // 5 lines of 60 bytes: the half (150 bytes) falls inside the run of bb.
  std::string a = Line("w1", 1, "aa"), b1 = Line("w1", 2, "bb"), b2 = Line("w2", 3, "bb"),
              b3 = Line("w3", 4, "bb"), c = Line("w1", 5, "cc");
  auto result = f.Split(a + b1 + b2 + b3 + c);
  REQUIRE(result.ok());
  CHECK(f.Part("0") == a + b1 + b2 + b3);
  CHECK(f.Part("1") == c);
  REQUIRE(result->size() == 2);
  CHECK((*result)[0].path == f.dir / "part.0");
  CHECK((*result)[0].lines == 4);
  CHECK((*result)[0].bytes == 240);
  CHECK(f.dir.List() == std::vector<std::string>{"in", "part.0", "part.1"});
}

TEST_CASE("Split -c pads names to the widest index and writes empty partitions", "[warcsumsplit]") {
  Fixture f;
  f.options.mode = Mode::kCount;
  f.options.partitions = 12;
  std::string input = "# header\n" + Line("w", 1, "aa") + Line("w", 2, "aa") + Line("w", 3, "bb");
  REQUIRE(f.Split(input).ok());
  std::vector<std::string> names = f.dir.List();
  REQUIRE(names.size() == 13);
  CHECK(names[1] == "part.00");
  CHECK(names[12] == "part.11");
  std::string joined;
  for (int i = 0; i < 12; ++i) {
    char suffix[8];
    std::snprintf(suffix, sizeof suffix, "%02d", i);
    joined += f.Part(suffix);
  }
  CHECK(joined == input);
  CHECK(f.Part("00") == "# header\n" + Line("w", 1, "aa") + Line("w", 2, "aa"));
  CHECK(f.Part("11").empty());
}

TEST_CASE("Split -s cuts at the first digest change at or after SIZE", "[warcsumsplit]") {
  Fixture f;
  f.options.mode = Mode::kSize;
  f.options.size = 100;
  std::string l1 = Line("w", 1, "aa"), l2 = Line("w", 2, "bb"), l3 = Line("w", 3, "bb"),
              l4 = Line("w", 4, "cc"), l5 = Line("w", 5, "dd");
  REQUIRE(f.Split(l1 + l2 + l3 + l4 + l5).ok());
  CHECK(f.Part("0") == l1 + l2 + l3);  // 177 bytes: the run of bb is not cut at 100
  CHECK(f.Part("1") == l4 + l5);
  CHECK(f.dir.List() == std::vector<std::string>{"in", "part.0", "part.1"});
}

TEST_CASE("Split --digest-range writes all N partitions", "[warcsumsplit]") {
  Fixture f;
  f.options.mode = Mode::kDigestRange;
  f.options.partitions = 3;
  std::string l1 = Line("w", 1, "00"), l2 = Line("w", 2, "5555555555555555"),
              l3 = Line("w", 3, "ffff");
  REQUIRE(f.Split(l1 + l2 + l3).ok());
  CHECK(f.Part("0") == l1 + l2);
  CHECK(f.Part("1").empty());
  CHECK(f.Part("2") == l3);
}

TEST_CASE("Split: unsorted input is an error and writes nothing", "[warcsumsplit]") {
  for (Mode mode : {Mode::kCount, Mode::kSize, Mode::kDigestRange}) {
    Fixture f;
    f.options.mode = mode;
    f.options.partitions = 2;
    f.options.size = 1;
    auto result = f.Split(Line("w", 1, "aa") + "# comment\n" + Line("w", 2, "cc") +
                          Line("w", 3, "bb") + Line("w", 4, "dd"));
    REQUIRE_FALSE(result.ok());
    CHECK(result.status().message() ==
          f.options.input + ": line 4: input not sorted by digest (digest \"sha1:bb" +
              std::string(38, '0') + "\" after \"sha1:cc" + std::string(38, '0') + "\" on line 3)");
    CHECK(f.dir.List() == std::vector<std::string>{"in"});
  }
  Fixture f;
  f.options.mode = Mode::kCount;
  f.options.partitions = 2;
  auto bad = f.Split(Line("w", 1, "aa") + "w x 1 u 2019 sha1:bb\n");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().message() == f.options.input +
                                      ": line 2: field 2 (offset): expected a decimal number, "
                                      "found \"x\"");
  CHECK(f.dir.List() == std::vector<std::string>{"in"});
}

TEST_CASE("Split --by-host sorts each host's lines by file, then offset", "[warcsumsplit]") {
  for (size_t buffer : {size_t{64} << 20, size_t{64}}) {
    Fixture f;
    f.options.mode = Mode::kByHost;
    f.options.catalog = f.dir / "catalog";
    f.options.sort_buffer = buffer;  // 64 bytes: a run per line or two, merged 2 at a time
    f.options.sort_fan_in = 2;
    WriteFile(f.options.catalog, "a.warc.gz h1\nb.warc.gz h2\nc.warc.gz h1\nd.warc.gz idle\n");
    auto result = f.Split(
        "c.warc.gz 5 1 u 2019 sha1:aa\n"
        "a.warc.gz 10 1 u 2019 sha1:aa\n"
        "b.warc.gz 7 1 u 2019 sha1:bb\n"
        "# comments are dropped\n"
        "a.warc.gz 9 1 u 2019 sha1:cc\n"
        "a.warc.gz 100 1 u 2019 sha1:aa\n"
        "c.warc.gz 1 1 u 2019 sha1:dd\n");
    REQUIRE(result.ok());
    CHECK(f.Part("h1") ==
          "a.warc.gz 9 1 u 2019 sha1:cc\n"
          "a.warc.gz 10 1 u 2019 sha1:aa\n"
          "a.warc.gz 100 1 u 2019 sha1:aa\n"
          "c.warc.gz 1 1 u 2019 sha1:dd\n"
          "c.warc.gz 5 1 u 2019 sha1:aa\n");
    CHECK(f.Part("h2") == "b.warc.gz 7 1 u 2019 sha1:bb\n");
    CHECK(f.Part("idle").empty());  // every catalog host gets a file
    CHECK(f.dir.List() ==
          std::vector<std::string>{"catalog", "in", "part.h1", "part.h2", "part.idle"});
    CHECK(f.diag.errors() == 0);
  }
}

TEST_CASE("Split --by-host --duplicates-only keeps copies above 1", "[warcsumsplit]") {
  Fixture f;
  f.options.mode = Mode::kByHost;
  f.options.catalog = f.dir / "catalog";
  f.options.duplicates_only = true;
  WriteFile(f.options.catalog, "a h1\nb h2\n");
  auto result = f.Split(
      "a 1 1 u1 2019 sha1:aa 0 1 - -\n"
      "b 2 1 u2 2020 sha1:aa 0 2 u1 2019\n"
      "a 3 1 u3 2021 sha1:aa 0 3 u1 2019\n"
      "b 1 1 u4 2019 sha1:bb 0 1 - -\n");
  REQUIRE(result.ok());
  CHECK(f.Part("h1") == "a 3 1 u3 2021 sha1:aa 0 3 u1 2019\n");
  CHECK(f.Part("h2") == "b 2 1 u2 2020 sha1:aa 0 2 u1 2019\n");

  auto seven = f.Split("a 1 1 u1 2019 sha1:aa 0\n");
  REQUIRE_FALSE(seven.ok());
  CHECK(seven.status().message() == f.options.input +
                                        ": line 1: --duplicates-only needs 10-field lines (from "
                                        "warcsumproc), found 7 fields");
}

TEST_CASE("Split --by-host: files missing from the catalog are reported and dropped",
          "[warcsumsplit]") {
  Fixture f;
  f.options.mode = Mode::kByHost;
  f.options.catalog = f.dir / "catalog";
  WriteFile(f.options.catalog, "a h1\n");
  auto result = f.Split(
      "a 1 1 u 2019 sha1:aa\n"
      "x 1 1 u 2019 sha1:aa\n"
      "x 2 1 u 2019 sha1:aa\n");
  REQUIRE(result.ok());
  CHECK(f.Part("h1") == "a 1 1 u 2019 sha1:aa\n");
  CHECK(f.diag.errors() == 2);  // the first line of x, then the count
  CHECK(f.dir.List() == std::vector<std::string>{"catalog", "in", "part.h1"});
}
