// base::ExternalSorter: byte order, in memory or through merged runs.
#include "base/external_sorter.h"

#include <stdlib.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "manifest/order.h"

namespace fs = std::filesystem;

namespace {

class TempDir {
 public:
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "external-sorter-test-XXXXXX").string();
    REQUIRE(::mkdtemp(tmpl.data()) != nullptr);
    path_ = tmpl;
  }
  ~TempDir() { fs::remove_all(path_); }
  std::string operator/(const std::string& name) const { return path_ + "/" + name; }
  bool Empty() const { return fs::is_empty(path_); }

 private:
  std::string path_;
};

}  // namespace

TEST_CASE("ExternalSorter merges many runs", "[base]") {
  std::mt19937 rng(7);
  std::vector<std::string> records;
  for (int i = 0; i < 2000; ++i) {
    std::string r(rng() % 12, '\0');
    for (char& c : r) c = static_cast<char>(rng() % 4 == 0 ? 0xe9 : 'a' + rng() % 3);
    records.push_back(r);
  }
  TempDir dir;
  base::ExternalSorter::Options options;
  options.temp_dir = dir / "";
  options.run_bytes = 200;  // about 8 records a run
  options.fan_in = 3;       // several rounds of merging
  base::ExternalSorter sorter(options);
  for (const auto& r : records) REQUIRE(sorter.Add(r).ok());
  REQUIRE(sorter.Finish().ok());
  std::vector<std::string> out;
  std::string r;
  while (sorter.Next(&r)) out.push_back(r);
  REQUIRE(sorter.status().ok());
  CHECK(sorter.runs_written() > 200);
  std::sort(records.begin(), records.end());
  CHECK(out == records);  // byte order, 0xe9 after 'c'
  CHECK(dir.Empty());     // runs are unlinked from the start
}

TEST_CASE("ExternalSorter: in memory and empty", "[base]") {
  base::ExternalSorter sorter({});
  for (const char* r : {"b", "a", "", "ab"}) REQUIRE(sorter.Add(r).ok());
  REQUIRE(sorter.Finish().ok());
  std::vector<std::string> out;
  std::string r;
  while (sorter.Next(&r)) out.push_back(r);
  CHECK(out == std::vector<std::string>{"", "a", "ab", "b"});
  CHECK(sorter.runs_written() == 0);

  base::ExternalSorter empty({});
  REQUIRE(empty.Finish().ok());
  CHECK_FALSE(empty.Next(&r));
  CHECK(empty.status().ok());
}

TEST_CASE("ExternalSorter: the name stays in manifest/order.h", "[base]") {
  manifest::ExternalSorter sorter({});
  REQUIRE(sorter.Add("x").ok());
  REQUIRE(sorter.Finish().ok());
  std::string r;
  CHECK(sorter.Next(&r));
  CHECK(r == "x");
}
