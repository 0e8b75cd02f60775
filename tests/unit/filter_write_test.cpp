// warcfilter's scan and new file (lib/filter: ScanFile, FilteredFile,
// FindLeftovers) on real files in a scratch directory.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "filter/select.h"
#include "filter/write.h"
#include "gzmulti/member_writer.h"
#include "warc_test_util.h"

namespace {

// A scratch directory, removed with what is in it.
struct Scratch {
  Scratch() {
    char name[] = "/tmp/filter_write_test-XXXXXX";
    REQUIRE(::mkdtemp(name) != nullptr);
    dir = name;
  }
  ~Scratch() { REQUIRE(std::system(("rm -rf " + dir).c_str()) == 0); }
  std::string Write(const std::string& name, const std::string& bytes) const {
    std::string path = dir + "/" + name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }
  std::string dir;
};

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

int OpenRead(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY);
  REQUIRE(fd >= 0);
  return fd;
}

}  // namespace

TEST_CASE("ScanFile and FilteredFile: records copied raw, read back, renamed", "[filter]") {
  for (bool gzip : {true, false}) {
    Scratch s;
    warc_test::WarcBuilder b = warc_test::ThreeRecords(gzip);
    std::string in = s.Write("in.warc", b.bytes);
    int fd = OpenRead(in);
    filter::FileScan scan;
    REQUIRE(filter::ScanFile(fd, b.bytes.size(), &scan).ok());
    REQUIRE(scan.records.size() == 3);
    for (size_t i = 0; i < 3; ++i) {
      CHECK(scan.records[i].offset == b.offsets[i]);
      CHECK(scan.records[i].length == b.lengths[i]);
    }
    CHECK(scan.records[0].type == warc::kWarcinfo);
    std::vector<std::string> created;
    {
      filter::FilteredFile out(fd, {.dir = s.dir,
                                    .name = ".out.warc.warcfilter-XXXXXX",
                                    .created = [&](const std::string& p) { created.push_back(p); },
                                    .removed = {}});
      out.Add(b.offsets[0], b.lengths[0]);
      out.Add(b.offsets[2], b.lengths[2]);
      REQUIRE(out.Finish().ok());
      REQUIRE(::rename(out.path().c_str(), (s.dir + "/out.warc").c_str()) == 0);
      out.Installed();
    }
    CHECK(created.size() == 1);
    CHECK(Slurp(s.dir + "/out.warc") ==
          b.bytes.substr(0, b.lengths[0]) + b.bytes.substr(b.offsets[2]));
    ::close(fd);
  }
}

TEST_CASE("FilteredFile: a range that is not a whole record fails verification, file removed",
          "[filter]") {
  Scratch s;
  warc_test::WarcBuilder b = warc_test::ThreeRecords(/*gzip=*/false);
  int fd = OpenRead(s.Write("in.warc", b.bytes));
  std::string path;
  {
    filter::FilteredFile out(
        fd, {.dir = s.dir, .name = ".x.warcfilter-XXXXXX", .created = {}, .removed = {}});
    out.Add(b.offsets[0], b.lengths[0] + b.lengths[1] / 2);  // a record and half the next
    path = out.path();
    base::Status st = out.Finish();
    REQUIRE_FALSE(st.ok());
    CHECK(st.message().rfind("verification of the new file failed: ", 0) == 0);
  }
  struct stat gone;
  CHECK(::stat(path.c_str(), &gone) != 0);  // the destructor removed it
  ::close(fd);
}

TEST_CASE("ScanFile: records sharing a gzip member cannot be copied alone", "[filter]") {
  Scratch s;
  warc_test::WarcBuilder plain = warc_test::ThreeRecords(/*gzip=*/false);
  std::string one_member = gzmulti::CompressMember(plain.bytes);
  int fd = OpenRead(s.Write("in.warc.gz", one_member));
  filter::FileScan scan;
  base::Status st = filter::ScanFile(fd, one_member.size(), &scan);
  REQUIRE_FALSE(st.ok());
  CHECK(st.message().rfind("offset 0: ", 0) == 0);
  ::close(fd);
}

TEST_CASE("FindLeftovers: only mkstemp names of the targets", "[filter]") {
  Scratch s;
  for (const char* name : {".a.warc.gz.warcfilter-Ab12Cd", ".a.warc.gz.warcfilter-short",
                           ".b.warc.gz.warcfilter-Ab12Cd", ".a.warc.gz.warcrefs-Ab12Cd",
                           "a.warc.gz.warcfilter-Ab12Cd"})
    s.Write(name, "x");
  CHECK(filter::FindLeftovers(s.dir, {"a.warc.gz"}) ==
        std::vector<std::string>{s.dir + "/.a.warc.gz.warcfilter-Ab12Cd"});
}
