// warcsumcmp's conversion check (an ARC copy against its WARC copy) and ARC
// files in a deduplication check: ARC known by content, file stems, URI keys.
#include <catch2/catch.hpp>
#include <fstream>
#include <string>

#include "arc_files.h"
#include "conversion.h"
#include "warcsumcmp.h"
#include "warcsumcmp_test_util.h"

using warcsumcmp_test::Cmp;
using warcsumcmp_test::Lines;
using warcsumcmp_test::Output;
using warcsumcmp_test::TempDir;

namespace {

// Writes dir/name holding one record: an ARC record when arc, else a WARC one.
void WriteRecordFile(const std::string& dir, const std::string& name, bool arc) {
  std::ofstream out(dir + "/" + name, std::ios::binary);
  if (arc) {
    const std::string desc = "1 0 test\nURL IP-address Archive-date Content-type Archive-length\n";
    out << "filedesc://x.arc 0.0.0.0 20140216050221 text/plain " << desc.size() << "\n"
        << desc << "\n";
    return;
  }
  const std::string block = "HTTP/1.1 200 OK\r\n\r\nx";
  out << "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://w/\r\n"
         "WARC-Date: 2019-01-03T00:00:00Z\r\n"
         "WARC-Record-ID: <urn:uuid:00000000-0000-0000-0000-000000000001>\r\n"
         "Content-Type: application/http; msgtype=response\r\nContent-Length: "
      << block.size() << "\r\n\r\n"
      << block << "\r\n\r\n";
}

}  // namespace

TEST_CASE("warcsumcmp: ARC files are known by content, not by name", "[warcsumcmp]") {
  TempDir dir;
  WriteRecordFile(dir.path(), "arc.warc.gz", true);
  WriteRecordFile(dir.path(), "warc.arc.gz", false);
  warcsumcmp::ArcFiles arc_files({dir.path() + "/none", dir.path()});
  CHECK(arc_files.IsArc("arc.warc.gz"));
  CHECK(arc_files.IsArc("arc.warc.gz"));  // remembered
  CHECK_FALSE(arc_files.IsArc("warc.arc.gz"));
  CHECK_FALSE(arc_files.IsArc("missing.arc"));
  CHECK(arc_files.IsArc(dir.path() + "/arc.warc.gz"));
  warcsumcmp::ArcFiles here({});
  CHECK_FALSE(here.IsArc("arc.warc.gz"));  // not in the current directory
}

TEST_CASE("warcsumcmp: a copy kept in an ARC file is counted, not a discrepancy", "[warcsumcmp]") {
  TempDir dir;
  WriteRecordFile(dir.path(), "b.arc.gz", true);
  WriteRecordFile(dir.path(), "c.warc", false);
  warcsumcmp::ArcFiles arc_files({dir.path()});
  warcsumcmp::CompareOptions options;
  options.arc_files = &arc_files;
  const char* before =
      "a.warc.gz 1 1 u d1 sha1:aa\nb.arc.gz 1 1 v d2 sha1:aa\nc.warc 1 1 w d3 sha1:aa\n";
  const char* processed =
      "a.warc.gz 1 1 u d1 sha1:aa 0 1 - -\nb.arc.gz 1 1 v d2 sha1:aa 0 2 u d1\n"
      "c.warc 1 1 w d3 sha1:aa 0 3 u d1\n";
  // The ARC copy is still there (ARC has no revisit record); the WARC one went.
  Output out =
      Cmp(before, "a.warc.gz 1 1 u d1 sha1:aa\nb.arc.gz 1 1 v d2 sha1:aa\n", processed, options);
  REQUIRE(out.status.ok());
  CHECK(out.lines.empty());
  CHECK(out.summary.kept_arc == 1);
  CHECK(out.summary.deduplicated == 1);
  // A WARC copy still there is a discrepancy as before.
  out = Cmp(before,
            "a.warc.gz 1 1 u d1 sha1:aa\nb.arc.gz 1 1 v d2 sha1:aa\nc.warc 1 1 w d3 sha1:aa\n",
            processed, options);
  CHECK(out.lines ==
        Lines{"not deduplicated: c.warc w d3 sha1:aa (copy 3 of u d1; before: offset 1, "
              "after: offset 1)"});
}

TEST_CASE("warcsumcmp: the kept list is read by its typed reason; ARC is known by it",
          "[warcsumcmp]") {
  TempDir dir;
  const std::string list = dir.path() + "/kept.txt";
  // b.arc.gz holds a WARC/0.18 record (kept as warc-draft: its name says
  // nothing); d.warc holds an ARC record (kept as arc: its name is wrong);
  // e.warc's copy would grow; f.warc's reason is free text from an older list.
  {
    std::ofstream out(list);
    out << "b.arc.gz 1 v d2 sha1:aa warc-draft WARC/0.18 records are not converted\n"
           "d.warc 1 x d4 sha1:aa arc ARC records cannot become revisits\n"
           "e.warc 1 y d5 sha1:aa would-grow its revisit would not be smaller\n"
           "f.warc 1 z d6 sha1:aa its original has the same URI and date\n";
  }
  std::vector<warcsumcmp::KeptCopy> kept;
  REQUIRE(warcsumcmp::LoadKept(list, &kept).ok());
  REQUIRE(kept.size() == 4);
  const char* before =
      "a.warc.gz 1 1 u d1 sha1:aa\nb.arc.gz 1 1 v d2 sha1:aa\nc.arc 1 1 w d3 sha1:aa\n"
      "d.warc 1 1 x d4 sha1:aa\ne.warc 1 1 y d5 sha1:aa\nf.warc 1 1 z d6 sha1:aa\n";
  const char* processed =
      "a.warc.gz 1 1 u d1 sha1:aa 0 1 - -\nb.arc.gz 1 1 v d2 sha1:aa 0 2 u d1\n"
      "c.arc 1 1 w d3 sha1:aa 0 3 u d1\nd.warc 1 1 x d4 sha1:aa 0 4 u d1\n"
      "e.warc 1 1 y d5 sha1:aa 0 5 u d1\nf.warc 1 1 z d6 sha1:aa 0 6 u d1\n";
  warcsumcmp::CompareOptions options;
  options.kept = &kept;
  // Everything is still there: c.arc's copy is not in the list, so with a
  // list its name does not excuse it.
  Output out = Cmp(before, before, processed, options);
  REQUIRE(out.status.ok());
  CHECK(out.lines ==
        Lines{"not deduplicated: c.arc w d3 sha1:aa (copy 3 of u d1; before: offset 1, "
              "after: offset 1)"});
  CHECK(out.summary.kept_arc == 0);
  CHECK(out.summary.kept_listed == 4);
  using R = manifest::KeptReason;
  CHECK(out.summary.kept_by_reason[static_cast<int>(R::kWarcDraft)] == 1);
  CHECK(out.summary.kept_by_reason[static_cast<int>(R::kArc)] == 1);
  CHECK(out.summary.kept_by_reason[static_cast<int>(R::kWouldGrow)] == 1);
  CHECK(out.summary.kept_by_reason[static_cast<int>(R::kUnknown)] == 1);
  CHECK(out.summary.discrepancies() == 1);
  // Without the list the files' content decides: b.arc.gz holds WARC
  // records and d.warc ARC ones, so d.warc and c.arc (an ARC file) are
  // kept, b.arc.gz, e.warc and f.warc are not deduplicated.
  WriteRecordFile(dir.path(), "b.arc.gz", false);
  WriteRecordFile(dir.path(), "c.arc", true);
  WriteRecordFile(dir.path(), "d.warc", true);
  warcsumcmp::ArcFiles arc_files({dir.path()});
  options = {};
  options.arc_files = &arc_files;
  out = Cmp(before, before, processed, options);
  REQUIRE(out.status.ok());
  CHECK(out.summary.kept_arc == 2);
  CHECK(out.summary.kept_listed == 0);
  CHECK(out.lines.size() == 3);
}

TEST_CASE("warcsumcmp: a file's stem", "[warcsumcmp]") {
  using warcsumcmp::FileStem;
  for (const char* name : {"x.arc.gz", "x.arc", "x.warc.gz", "x.warc"})
    CHECK(FileStem(name) == "x");
  CHECK(FileStem("dir/x.arc.gz") == "dir/x");   // the directory is part of it
  CHECK(FileStem("x.arc.warc.gz") == "x.arc");  // one suffix only
  // Any other name is its own stem, as is a bare suffix.
  for (const char* name : {"x", "x.gz", "x.warc.gz.bad", "x.ARC", "x.warcx", ".warc", ".arc.gz"})
    CHECK(FileStem(name) == name);
}

TEST_CASE("warcsumcmp: the URI key of a conversion check", "[warcsumcmp]") {
  using warcsumcmp::UriKey;
  // The ARC side's "a b" (field a%20b) and the WARC side's "a%20b" (a%2520b).
  CHECK(UriKey("http://e/a%20b") == "http://e/a%2520b");
  CHECK(UriKey("http://e/a%2520b") == "http://e/a%2520b");
  CHECK(UriKey("a%09b%7F") == "a%2509b%257F");  // control bytes too
  // Everything else is the field: other escapes, non-ASCII bytes, "-".
  for (const char* uri : {"http://e/", "http://e/%2F%3A", "http://e/%C3%A9", "-", "%2D", "a%zz"})
    CHECK(UriKey(uri) == uri);
}

TEST_CASE("warcsumcmp: a conversion check matches files by stem", "[warcsumcmp]") {
  Output out =
      Cmp("x.arc.gz 0 9 http://e/a%20b d sha1:aa\nx.arc.gz 9 9 http://e/c d sha1:bb\n",
          "x.warc.gz 5 9 http://e/c d sha1:b0\nx.warc.gz 0 9 http://e/a%2520b d sha1:aa\n");
  REQUIRE(out.status.ok());
  CHECK(out.lines == Lines{"digest changed: x.arc.gz http://e/c d sha1:bb -> sha1:b0 (before: "
                           "offset 9, after: x.warc.gz http://e/c offset 5)"});
  CHECK(out.summary.unchanged == 1);
  // With PROCESSED, files and URIs match as written.
  out =
      Cmp("x.arc 0 9 u d sha1:aa\n", "x.warc 0 9 u d sha1:aa\n", "x.arc 0 9 u d sha1:aa 0 1 - -\n");
  REQUIRE(out.status.ok());
  CHECK(out.lines == Lines{
                         "lost: x.arc u d sha1:aa (before: offset 0; disappeared but copy 1 in "
                         "PROCESSED)",
                         "appeared: x.warc u d sha1:aa (after: offset 0)",
                     });
}

TEST_CASE("warcsumcmp: a stem that names two files is refused", "[warcsumcmp]") {
  // x.warc and x.warc.gz far apart, the file names' sort spilled: still
  // found. Lines of one file apart (y.warc) are no second file.
  std::string after = "x.warc.gz 0 9 u d sha1:aa\ny.warc 0 9 u d sha1:aa\n";
  for (int i = 0; i < 300; ++i) {
    after += 'f';  // piece by piece: GCC 12's -Wrestrict misfires on "f" + std::string&&
    after += std::to_string(i) + ".warc 0 9 u d sha1:aa\n";
  }
  after += "y.warc 9 9 v d sha1:aa\nx.warc 0 9 u d sha1:aa\n";
  TempDir dir;
  warcsumcmp::CompareOptions tiny;
  tiny.temp_dir = dir.path();
  tiny.sort_bytes = 1000;
  Output out = Cmp("", after, std::nullopt, tiny);
  CHECK(out.status.message() ==
        "after (AFTER): the stem x names two files, x.warc and x.warc.gz (a conversion check "
        "matches files by stem: see warcsumcmp(1))");
  CHECK(out.lines.empty());
  CHECK(dir.Empty());
  out = Cmp("dir/x.arc 0 9 u d sha1:aa\ndir/x 0 9 u d sha1:aa\n", "");
  CHECK(out.status.message() ==
        "before (BEFORE): the stem dir/x names two files, dir/x and dir/x.arc (a conversion "
        "check matches files by stem: see warcsumcmp(1))");
  // Not in a deduplication check: there files match as written.
  CHECK(Cmp("x.arc 0 9 u d sha1:aa\nx.arc.gz 0 9 u d sha1:aa\n", "", std::string()).status.ok());
}
