// ListArchiveInputs lists what warcdedup works on, as `find -H DIR -type f
// ! -name ".*"` with the archive name filter did: sorted bytewise, hidden
// names left out (hidden directories still walked), links inside the
// directories not followed but checked: a link to nothing, to a directory or
// to a file outside the inputs is named; files reached twice are named.
// ReadUnreadInputs lists the files a reference list names as not read whole.
#include "toolcommon/archive_inputs.h"

#include <stdlib.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "base/source.h"
#include "manifest/references.h"

namespace {

namespace fs = std::filesystem;

std::string MakeTop() {
  char tmpl[] = "/tmp/archive-inputs-XXXXXX";
  REQUIRE(::mkdtemp(tmpl) != nullptr);
  return fs::canonical(tmpl).string();
}

}  // namespace

TEST_CASE("ListArchiveInputs: the name filter, hidden names, the sort order", "[toolcommon]") {
  const std::string top = MakeTop();
  fs::create_directories(top + "/in/sub");
  fs::create_directories(top + "/in/.hidden");
  for (const char* f : {"b.warc", "a.warc.gz", "B.arc", "c.arc.gz", "notes.txt", "x.warc.gz.tmp",
                        ".h.warc", "sub/d.warc", ".hidden/e.warc"})
    std::ofstream(top + "/in/" + f) << "x";
  std::ofstream(top + "/other.txt") << "x";
  toolcommon::ArchiveInputs in;
  // A file named as an input is listed whatever its name; "in/" is joined
  // without a second '/', as find joins it.
  REQUIRE(toolcommon::ListArchiveInputs({top + "/in/", top + "/other.txt"}, &in));
  CHECK(in.files == std::vector<std::string>{top + "/in/.hidden/e.warc", top + "/in/B.arc",
                                             top + "/in/a.warc.gz", top + "/in/b.warc",
                                             top + "/in/c.arc.gz", top + "/in/sub/d.warc",
                                             top + "/other.txt"});
  CHECK(in.twice.empty());
  CHECK(in.link_problems.empty());
  CHECK(in.errors.empty());
  fs::remove_all(top);
}

TEST_CASE("ListArchiveInputs: links inside and outside the inputs", "[toolcommon]") {
  const std::string top = MakeTop();
  fs::create_directories(top + "/in/sub");
  fs::create_directories(top + "/out");
  std::ofstream(top + "/in/a.warc") << "a";
  std::ofstream(top + "/out/o.warc") << "o";
  std::ofstream(top + "/out/o.txt") << "o";
  fs::create_symlink("a.warc", top + "/in/inside.warc");          // to a listed file: fine
  fs::create_directory_symlink("sub", top + "/in/subdir");        // to a directory inside
  fs::create_symlink("../out/o.warc", top + "/in/outside.warc");  // to a file outside
  fs::create_symlink("../out/o.txt", top + "/in/text");           // no archive name: ignored
  fs::create_directory_symlink("../out", top + "/in/more");       // to a directory outside
  fs::create_symlink("/nonexistent/gone.warc.gz", top + "/in/gone.warc.gz");  // to nothing
  fs::create_symlink("/nonexistent/gone", top + "/in/gone");      // to nothing, no archive name
  fs::create_symlink("../out/o.warc", top + "/in/.hidden.warc");  // hidden: not looked at
  toolcommon::ArchiveInputs in;
  REQUIRE(toolcommon::ListArchiveInputs({top + "/in"}, &in));
  // Links are never listed as files.
  CHECK(in.files == std::vector<std::string>{top + "/in/a.warc"});
  std::vector<std::string> problems = in.link_problems;
  std::sort(problems.begin(), problems.end());  // in directory order: any order
  CHECK(
      problems ==
      std::vector<std::string>{
          top + "/in/gone.warc.gz: a link to nothing (an unmounted disk?)",
          top + "/in/more: a link to a directory outside the inputs (" + top + "/out)",
          top + "/in/outside.warc: a link to a file outside the inputs (" + top + "/out/o.warc)"});
  // Named as inputs too, what they lead to is inside.
  toolcommon::ArchiveInputs both;
  fs::remove(top + "/in/gone.warc.gz");
  REQUIRE(toolcommon::ListArchiveInputs({top + "/in", top + "/out"}, &both));
  CHECK(both.files == std::vector<std::string>{top + "/in/a.warc", top + "/out/o.warc"});
  CHECK(both.link_problems.empty());
  fs::remove_all(top);
}

TEST_CASE("ListArchiveInputs: a file reached twice, an input named through a link",
          "[toolcommon]") {
  const std::string top = MakeTop();
  fs::create_directories(top + "/in");
  std::ofstream(top + "/in/a.warc") << "a";
  std::ofstream(top + "/in/b.warc") << "b";
  fs::create_directory_symlink("in", top + "/via");
  toolcommon::ArchiveInputs in;
  REQUIRE(toolcommon::ListArchiveInputs({top + "/via"}, &in));  // find -H: followed
  CHECK(in.files == std::vector<std::string>{top + "/via/a.warc", top + "/via/b.warc"});
  CHECK(in.twice.empty());
  toolcommon::ArchiveInputs twice;
  REQUIRE(toolcommon::ListArchiveInputs({top + "/via", top + "/in", top + "/in/a.warc"}, &twice));
  CHECK(twice.files.size() == 5);
  CHECK(twice.twice == std::vector<std::string>{top + "/in/a.warc", top + "/in/b.warc"});
  fs::remove_all(top);
}

TEST_CASE("ReadUnreadInputs: damaged and incomplete names, once each, decoded", "[manifest]") {
  const std::string text =
      "capture http://a/ 2020\n"
      "damaged dir/x%20y.warc\n"
      "payload http://a/ sha1:ab\n"
      "incomplete (3 inputs not read: see above)\n"
      "incomplete dir/x%20y.warc\n"
      "incomplete gone.warc%2Egz\n"
      "damaged %2D\n"
      "damaged z.warc";
  base::StringSource source(text);
  std::vector<std::string> names;
  REQUIRE(manifest::ReadUnreadInputs(&source, "refs", &names).ok());
  CHECK(names == std::vector<std::string>{"dir/x y.warc", "(3 inputs not read: see above)",
                                          "gone.warc%2Egz", "%2D", "z.warc"});
}
