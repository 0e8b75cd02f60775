// The temporary file a rewritten file is written to (dedup::TempOutput) and
// the leftovers of killed runs (dedup::FindLeftovers), in a scratch directory.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "dedup/temp_output.h"

namespace {

namespace fs = std::filesystem;

// A scratch directory, removed with what is in it.
struct Scratch {
  Scratch() : dir((fs::temp_directory_path() / "dedup_temp_output_test-XXXXXX").string()) {
    REQUIRE(::mkdtemp(dir.data()) != nullptr);
  }
  ~Scratch() { fs::remove_all(dir); }
  std::string dir;
};

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

bool Exists(const std::string& path) { return ::access(path.c_str(), F_OK) == 0; }

using Events = std::vector<std::pair<std::string, std::string>>;  // (what, path)

// Options for a file .a.warc.warcrefs-XXXXXX in dir that tell `events`.
dedup::NewFileOptions OptionsIn(const std::string& dir, Events* events) {
  dedup::NewFileOptions o;
  o.dir = dir;
  o.name = ".a.warc.warcrefs-XXXXXX";
  o.created = [events](const std::string& path) { events->emplace_back("created", path); };
  o.removed = [events](const std::string& path) { events->emplace_back("removed", path); };
  return o;
}

}  // namespace

TEST_CASE("TempOutput: created at the first Ready, written, synced, installed", "[dedup]") {
  Scratch s;
  Events events;
  std::string path;
  {
    dedup::TempOutput file(OptionsIn(s.dir, &events));
    CHECK(file.fd() < 0);
    CHECK(file.written() == 0);
    REQUIRE(file.Ready());
    REQUIRE(file.fd() >= 0);
    path = file.path();
    CHECK(path.rfind(s.dir + "/.a.warc.warcrefs-", 0) == 0);
    CHECK(path.size() == s.dir.size() + std::string("/.a.warc.warcrefs-XXXXXX").size());
    REQUIRE(file.out()->Write("hello ").ok());
    REQUIRE(file.Ready());  // the same file
    CHECK(file.path() == path);
    REQUIRE(file.out()->Write("world").ok());
    CHECK(file.written() == 11);
    REQUIRE(file.Sync().ok());
    CHECK(Slurp(path) == "hello world");
    REQUIRE(::rename(path.c_str(), (s.dir + "/a.warc").c_str()) == 0);
    file.Installed();
    CHECK(file.fd() < 0);
    CHECK(file.path().empty());
  }  // installed: the destructor leaves it
  CHECK(Slurp(s.dir + "/a.warc") == "hello world");
  CHECK(events == Events{{"created", path}, {"removed", path}});
}

TEST_CASE("TempOutput: removed by Discard or the destructor unless installed", "[dedup]") {
  Scratch s;
  Events events;
  std::string first, second;
  {
    dedup::TempOutput file(OptionsIn(s.dir, &events));
    REQUIRE(file.Ready());
    first = file.path();
    REQUIRE(file.out()->Write("x").ok());
    REQUIRE(file.Sync().ok());
    file.Discard();
    CHECK_FALSE(Exists(first));
    CHECK(file.path().empty());
    file.Discard();  // nothing left to remove, nothing told
  }
  {
    dedup::TempOutput file(OptionsIn(s.dir, &events));
    REQUIRE(file.Ready());
    second = file.path();
    CHECK(Exists(second));
  }
  CHECK_FALSE(Exists(second));
  CHECK(events ==
        Events{{"created", first}, {"removed", first}, {"created", second}, {"removed", second}});
}

TEST_CASE("TempOutput: the first failure is kept, the file removed, nothing more written",
          "[dedup]") {
  Scratch s;
  Events events;
  dedup::TempOutput file(OptionsIn(s.dir, &events));
  REQUIRE(file.Ready());
  std::string path = file.path();
  file.Fail("cannot copy offset 7: short file");
  file.Fail("a later failure");
  CHECK(file.error() == "cannot copy offset 7: short file");
  CHECK_FALSE(file.Ready());
  CHECK_FALSE(Exists(path));
  CHECK(events == Events{{"created", path}, {"removed", path}});
}

TEST_CASE("TempOutput: a directory it cannot create in is a failure, nothing told", "[dedup]") {
  Events events;
  dedup::TempOutput file(OptionsIn("/nonexistent-dedup-temp-output-test", &events));
  CHECK_FALSE(file.Ready());
  CHECK(file.error() ==
        "cannot create a temporary file in /nonexistent-dedup-temp-output-test: No such file or "
        "directory");
  CHECK_FALSE(file.Ready());
  CHECK(file.path().empty());
  CHECK(events.empty());
}

TEST_CASE("FindLeftovers: regular files with mkstemp names of the targets, sorted", "[dedup]") {
  Scratch s;
  for (const char* name :
       {".b.warc.gz.warcrefs-Zz9999", ".b.warc.gz.warcrefs-Ab12Cd", ".b.warc.gz.warcrefs-short",
        ".c.warc.gz.warcrefs-Ab12Cd", ".b.warc.gz.warcfilter-Ab12Cd", "b.warc.gz.warcrefs-Ab12Cd",
        ".b.warc.gz.warcrefs-Ab12C!"})
    std::ofstream(s.dir + "/" + name) << "x";
  REQUIRE(::mkdir((s.dir + "/.b.warc.gz.warcrefs-Dir123").c_str(), 0700) == 0);
  REQUIRE(::symlink("/etc/passwd", (s.dir + "/.b.warc.gz.warcrefs-Lnk123").c_str()) == 0);
  CHECK(dedup::FindLeftovers(s.dir, ".warcrefs-", {"b.warc.gz", "a.warc.gz"}) ==
        std::vector<std::string>{s.dir + "/.b.warc.gz.warcrefs-Ab12Cd",
                                 s.dir + "/.b.warc.gz.warcrefs-Zz9999"});
  CHECK(dedup::FindLeftovers(s.dir, ".warcfilter-", {"b.warc.gz"}) ==
        std::vector<std::string>{s.dir + "/.b.warc.gz.warcfilter-Ab12Cd"});
  CHECK(dedup::FindLeftovers(s.dir + "/missing", ".warcrefs-", {"b.warc.gz"}).empty());
}
