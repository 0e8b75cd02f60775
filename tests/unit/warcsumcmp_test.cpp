// warcsumcmp's core: each kind of discrepancy with its exact line, multiset
// matching of shared keys, and the external sorts forced to spill.
#include "warcsumcmp.h"

#include <catch2/catch.hpp>
#include <optional>
#include <string>

#include "warcsumcmp_test_util.h"

using warcsumcmp_test::Cmp;
using warcsumcmp_test::Lines;
using warcsumcmp_test::Output;
using warcsumcmp_test::TempDir;

namespace {

// One collection: a.warc.gz holds x (the original of aa) and y (a copy of
// it); b.warc.gz holds z (bb, unique) and w (another copy of aa).
const char* const kBefore =
    "a.warc.gz 0 10 http://x/ 2019-01-01T00:00:00Z sha1:aa\n"
    "a.warc.gz 10 10 http://y/ 2019-01-02T00:00:00Z sha1:aa\n"
    "b.warc.gz 0 10 http://z/ 2019-01-03T00:00:00Z sha1:bb\n"
    "b.warc.gz 10 10 http://w/ 2019-01-03T00:00:00Z sha1:aa\n";
const char* const kProcessed =
    "a.warc.gz 0 10 http://x/ 2019-01-01T00:00:00Z sha1:aa 0 1 - -\n"
    "a.warc.gz 10 10 http://y/ 2019-01-02T00:00:00Z sha1:aa 0 2 http://x/ 2019-01-01T00:00:00Z\n"
    "b.warc.gz 10 10 http://w/ 2019-01-03T00:00:00Z sha1:aa 0 3 http://x/ 2019-01-01T00:00:00Z\n"
    "b.warc.gz 0 10 http://z/ 2019-01-03T00:00:00Z sha1:bb 0 1 - -\n";
// After the deduplication: y and w are revisits now, which warcsum does not
// list, and the files are shorter.
const char* const kDeduplicated =
    "a.warc.gz 0 10 http://x/ 2019-01-01T00:00:00Z sha1:aa\n"
    "b.warc.gz 4 10 http://z/ 2019-01-03T00:00:00Z sha1:bb\n";

}  // namespace

TEST_CASE("warcsumcmp: a conversion that kept everything", "[warcsumcmp]") {
  // Other offsets, another order, a comment: no discrepancy.
  Output out = Cmp(kBefore,
                   "# converted\n"
                   "b.warc.gz 7 10 http://w/ 2019-01-03T00:00:00Z sha1:aa\n"
                   "b.warc.gz 0 12 http://z/ 2019-01-03T00:00:00Z sha1:bb\n"
                   "a.warc.gz 30 10 http://y/ 2019-01-02T00:00:00Z sha1:aa\n"
                   "a.warc.gz 5 10 http://x/ 2019-01-01T00:00:00Z sha1:aa\n");
  REQUIRE(out.status.ok());
  CHECK(out.lines.empty());
  CHECK(out.summary.before == 4);
  CHECK(out.summary.after == 4);
  CHECK(out.summary.unchanged == 4);
  CHECK(out.summary.discrepancies() == 0);
  CHECK(out.summary.sort_runs == 0);
}

TEST_CASE("warcsumcmp: missing, appeared, digest changed", "[warcsumcmp]") {
  Output out = Cmp(kBefore,
                   "a.warc.gz 0 10 http://x/ 2019-01-01T00:00:00Z sha1:aa\n"
                   "a.warc.gz 10 10 http://y/ 2019-01-02T00:00:00Z sha1:cc\n"
                   "b.warc.gz 4 10 http://z/ 2019-01-03T00:00:00Z sha1:bb\n"
                   "b.warc.gz 9 10 http://v/ 2019-01-03T00:00:00Z sha1:dd\n");
  REQUIRE(out.status.ok());
  CHECK(out.lines == Lines{
                         "digest changed: a.warc.gz http://y/ 2019-01-02T00:00:00Z sha1:aa -> "
                         "sha1:cc (before: offset 10, after: offset 10)",
                         "appeared: b.warc.gz http://v/ 2019-01-03T00:00:00Z sha1:dd (after: "
                         "offset 9)",
                         "missing: b.warc.gz http://w/ 2019-01-03T00:00:00Z sha1:aa (before: "
                         "offset 10)",
                     });
  using warcsumcmp::Kind;
  CHECK(out.summary.by_kind[static_cast<int>(Kind::kDigestChanged)] == 1);
  CHECK(out.summary.by_kind[static_cast<int>(Kind::kAppeared)] == 1);
  CHECK(out.summary.by_kind[static_cast<int>(Kind::kMissing)] == 1);
  CHECK(out.summary.discrepancies() == 3);
  CHECK(out.summary.unchanged == 2);
}

TEST_CASE("warcsumcmp: records sharing a key match as multisets", "[warcsumcmp]") {
  // Key (f, u, d) with digests aa, bb, cc before and bb, dd after: bb pairs
  // off, the unmatched ones pair in digest order (aa with dd), cc is left.
  Output out =
      Cmp("f 1 1 u d sha1:cc\n"
          "f 2 1 u d sha1:aa\n"
          "f 3 1 u d sha1:bb\n"
          "g 1 1 u d sha1:aa\n"
          "g 2 1 u d sha1:aa\n"
          "g 3 1 u d sha1:aa\n",
          "f 7 1 u d sha1:dd\n"
          "f 8 1 u d sha1:bb\n"
          "g 5 1 u d sha1:aa\n"
          "g 6 1 u d sha1:aa\n"
          "g 7 1 u d sha1:ee\n"
          "g 8 1 u d sha1:ee\n");
  REQUIRE(out.status.ok());
  CHECK(out.lines == Lines{
                         "digest changed: f u d sha1:aa -> sha1:dd (before: offset 2, after: "
                         "offset 7)",
                         "missing: f u d sha1:cc (before: offset 1)",
                         // Two of the three aa pair off; the third changed; one ee is extra.
                         "digest changed: g u d sha1:aa -> sha1:ee (before: offset 3, after: "
                         "offset 7)",
                         "appeared: g u d sha1:ee (after: offset 8)",
                     });
  CHECK(out.summary.unchanged == 3);
}

TEST_CASE("warcsumcmp: keys compare as whole fields", "[warcsumcmp]") {
  // "a" is a prefix of "a-b" and "a b" can't be told from "a" + "b" in a
  // naive concatenation; fields without separators could collide.
  Output out =
      Cmp("a 1 1 u-x d sha1:aa\n"
          "a-b 1 1 u x sha1:aa\n"
          "a 2 1 u d sha1:aa\n",
          "a 2 1 u d sha1:aa\n"
          "a-b 1 1 u x sha1:aa\n"
          "a 1 1 u-x d sha1:aa\n");
  REQUIRE(out.status.ok());
  CHECK(out.lines.empty());
}

TEST_CASE("warcsumcmp: a deduplication done as PROCESSED says", "[warcsumcmp]") {
  Output out = Cmp(kBefore, kDeduplicated, kProcessed);
  REQUIRE(out.status.ok());
  CHECK(out.lines.empty());
  CHECK(out.summary.before == 4);
  CHECK(out.summary.after == 2);
  CHECK(out.summary.processed == 4);
  CHECK(out.summary.deduplicated == 2);
  CHECK(out.summary.unchanged == 2);
}

TEST_CASE("warcsumcmp: a copy still in AFTER is not deduplicated", "[warcsumcmp]") {
  Output out =
      Cmp(kBefore,
          std::string(kDeduplicated) + "a.warc.gz 12 10 http://y/ 2019-01-02T00:00:00Z sha1:aa\n",
          kProcessed);
  REQUIRE(out.status.ok());
  CHECK(out.lines == Lines{"not deduplicated: a.warc.gz http://y/ 2019-01-02T00:00:00Z sha1:aa "
                           "(copy 2 of http://x/ 2019-01-01T00:00:00Z; before: offset 10, after: "
                           "offset 12)"});
  CHECK(out.summary.deduplicated == 1);
}

TEST_CASE("warcsumcmp: a record gone but not a copy is lost", "[warcsumcmp]") {
  // z (copy 1) is gone; so is v, which PROCESSED does not list at all.
  Output out = Cmp(std::string(kBefore) + "c.warc.gz 0 5 http://v/ 2019-01-04T00:00:00Z sha1:cc\n",
                   "a.warc.gz 0 10 http://x/ 2019-01-01T00:00:00Z sha1:aa\n", kProcessed);
  REQUIRE(out.status.ok());
  CHECK(out.lines ==
        Lines{
            "lost: b.warc.gz http://z/ 2019-01-03T00:00:00Z sha1:bb (before: offset 0; "
            "disappeared but copy 1 in PROCESSED)",
            "lost: c.warc.gz http://v/ 2019-01-04T00:00:00Z sha1:cc (before: offset 0; "
            "disappeared but not in PROCESSED)",
        });
  CHECK(out.summary.deduplicated == 2);
}

TEST_CASE("warcsumcmp: a removed copy whose original is gone", "[warcsumcmp]") {
  // x, the original, was removed along with its copies.
  Output out = Cmp(kBefore, "b.warc.gz 4 10 http://z/ 2019-01-03T00:00:00Z sha1:bb\n", kProcessed);
  REQUIRE(out.status.ok());
  CHECK(out.lines ==
        Lines{
            "lost: a.warc.gz http://x/ 2019-01-01T00:00:00Z sha1:aa (before: offset 0; "
            "disappeared but copy 1 in PROCESSED)",
            "original missing: a.warc.gz http://y/ 2019-01-02T00:00:00Z refers to http://x/ "
            "2019-01-01T00:00:00Z sha1:aa (not in after)",
            "original missing: b.warc.gz http://w/ 2019-01-03T00:00:00Z refers to http://x/ "
            "2019-01-01T00:00:00Z sha1:aa (not in after)",
        });
}

TEST_CASE("warcsumcmp: an original present only with another digest", "[warcsumcmp]") {
  // x is still there, with another payload: a digest change, and the copies
  // now point at something else. The other digest sorts before and after.
  for (const char* other : {"sha1:00", "sha1:ff"}) {
    Output out = Cmp(kBefore,
                     std::string("a.warc.gz 0 10 http://x/ 2019-01-01T00:00:00Z ") + other +
                         "\nb.warc.gz 4 10 http://z/ 2019-01-03T00:00:00Z sha1:bb\n",
                     kProcessed);
    REQUIRE(out.status.ok());
    CHECK(out.lines ==
          Lines{
              "digest changed: a.warc.gz http://x/ 2019-01-01T00:00:00Z sha1:aa -> " +
                  std::string(other) + " (before: offset 0, after: offset 0)",
              "original missing: a.warc.gz http://y/ 2019-01-02T00:00:00Z refers to http://x/ "
              "2019-01-01T00:00:00Z sha1:aa (after has " +
                  std::string(other) + " instead)",
              "original missing: b.warc.gz http://w/ 2019-01-03T00:00:00Z refers to http://x/ "
              "2019-01-01T00:00:00Z sha1:aa (after has " +
                  std::string(other) + " instead)",
          });
  }
}

TEST_CASE("warcsumcmp: the original may be in any file", "[warcsumcmp]") {
  // The original's key is (uri, date, digest): x moved to another file is
  // still the original (and also counts as missing + appeared).
  Output out = Cmp(kBefore,
                   "c.warc.gz 0 10 http://x/ 2019-01-01T00:00:00Z sha1:aa\n"
                   "b.warc.gz 4 10 http://z/ 2019-01-03T00:00:00Z sha1:bb\n",
                   kProcessed);
  REQUIRE(out.status.ok());
  CHECK(out.lines == Lines{
                         "lost: a.warc.gz http://x/ 2019-01-01T00:00:00Z sha1:aa (before: offset "
                         "0; disappeared but copy 1 in PROCESSED)",
                         "appeared: c.warc.gz http://x/ 2019-01-01T00:00:00Z sha1:aa (after: "
                         "offset 0)",
                     });
}

TEST_CASE("warcsumcmp: damaged PROCESSED lines are caught", "[warcsumcmp]") {
  SECTION("a copy number changed from 3 to 1") {
    std::string processed = kProcessed;
    std::string from = "0 3 http://x/ 2019-01-01T00:00:00Z\n";
    processed.replace(processed.find(from), from.size(), "0 1 - -\n");
    Output out = Cmp(kBefore, kDeduplicated, processed);
    REQUIRE(out.status.ok());
    CHECK(out.lines == Lines{"lost: b.warc.gz http://w/ 2019-01-03T00:00:00Z sha1:aa (before: "
                             "offset 10; disappeared but copy 1 in PROCESSED)"});
  }
  SECTION("a ref-date changed") {
    std::string processed = kProcessed;
    std::string from = "0 2 http://x/ 2019-01-01T00:00:00Z\n";
    processed.replace(processed.find(from), from.size(), "0 2 http://x/ 2019-01-01T00:00:01Z\n");
    Output out = Cmp(kBefore, kDeduplicated, processed);
    REQUIRE(out.status.ok());
    CHECK(out.lines == Lines{"original missing: a.warc.gz http://y/ 2019-01-02T00:00:00Z refers "
                             "to http://x/ 2019-01-01T00:00:01Z sha1:aa (not in after)"});
  }
  SECTION("a digest changed: the line matches nothing in BEFORE") {
    std::string processed = kProcessed;
    std::string from = "sha1:aa 0 2";
    processed.replace(processed.find(from), from.size(), "sha1:ab 0 2");
    Output out = Cmp(kBefore, kDeduplicated, processed);
    REQUIRE(out.status.ok());
    // "not in before" is reported with its digest, "lost" at the end of the key.
    CHECK(out.lines == Lines{
                           "not in before: a.warc.gz http://y/ 2019-01-02T00:00:00Z sha1:ab "
                           "(PROCESSED: offset 10, copy 2)",
                           "lost: a.warc.gz http://y/ 2019-01-02T00:00:00Z sha1:aa (before: "
                           "offset 10; disappeared but not in PROCESSED)",
                       });
  }
}

TEST_CASE("warcsumcmp: with a copy and its original under one key", "[warcsumcmp]") {
  // Two captures of u in the same second in one file, same payload: the
  // copy 1 one (offset 2) pairs with what is left in AFTER, the copy 2 one
  // (offset 1) went. BEFORE and PROCESSED lines pair in offset order.
  const char* before = "f 1 1 u d sha1:aa\nf 2 1 u d sha1:aa\n";
  const char* processed = "f 2 1 u d sha1:aa 0 1 - -\nf 1 1 u d sha1:aa 0 2 u d\n";
  Output out = Cmp(before, "f 5 1 u d sha1:aa\n", processed);
  REQUIRE(out.status.ok());
  CHECK(out.lines.empty());
  CHECK(out.summary.deduplicated == 1);
  CHECK(out.summary.kept_same_capture == 0);
  // Both still there: warcrefs keeps a copy whose original has its own URI
  // and date (a revisit could resolve to itself). Counted, not a discrepancy.
  out = Cmp(before, "f 5 1 u d sha1:aa\nf 6 1 u d sha1:aa\n", processed);
  REQUIRE(out.status.ok());
  CHECK(out.lines.empty());
  CHECK(out.summary.deduplicated == 0);
  CHECK(out.summary.kept_same_capture == 1);
  CHECK(out.summary.discrepancies() == 0);
}

TEST_CASE("warcsumcmp: malformed lines name the input and the line", "[warcsumcmp]") {
  Output out = Cmp(kBefore, "a.warc.gz x1 10 http://x/ 2019-01-01T00:00:00Z sha1:aa\n");
  CHECK_FALSE(out.status.ok());
  CHECK(out.status.message() ==
        "after: line 1: field 2 (offset): expected a decimal number, found \"x1\"");
  CHECK(out.lines.empty());

  out = Cmp(kBefore, kDeduplicated, "# header\n" + std::string(kBefore));
  CHECK(out.status.message() ==
        "proc: line 2: expected 10 fields (file offset length uri date digest ext copy ref-uri "
        "ref-date), found 6 (run warcsumproc first)");
}

TEST_CASE("warcsumcmp: spilled sorts give the same report", "[warcsumcmp]") {
  // 600 records in 7 files, many sharing a key. Conversion: every 7th
  // removed, every 11th with another digest, 20 new ones. Deduplication: the
  // same, and every 5th other one is a copy (gone from AFTER) of an original
  // "refI d" that AFTER holds in g.warc.gz (which BEFORE does not: appeared).
  std::string before, after, processed, converted;
  const int n = 600;
  int removed = 0, changed = 0, copies = 0;
  for (int i = 0; i < n; ++i) {
    // Appended piece by piece: GCC 12's -Wrestrict misfires on "f" + std::string&&.
    std::string file = "f";
    file += std::to_string(i % 7);
    file += ".warc.gz";
    std::string uri = "http://e.com/" + std::to_string(i % 97);
    std::string date = "2019-01-01T00:00:" + std::to_string(10 + i % 50) + "Z";
    std::string digest = "sha1:" + std::to_string(1000 + i % 13);
    std::string head = file + " " + std::to_string(i) + " 9 ";
    std::string tail = uri + " " + date + " " + digest;
    before += head + tail + "\n";
    bool copy = i % 5 == 0 && i % 7 != 0 && i % 11 != 0;
    processed += head + tail + " 0 " +
                 (copy ? "2 ref" + std::to_string(i) + " d" : std::string("1 - -")) + "\n";
    if (copy) {
      ++copies;
      after +=
          "g.warc.gz " + std::to_string(i) + " 9 ref" + std::to_string(i) + " d " + digest + "\n";
      converted += file + " " + std::to_string(i + 5) + " 9 " + tail + "\n";
      continue;
    }
    if (i % 7 == 0) {
      ++removed;
      continue;
    }
    std::string kept = file + " " + std::to_string(i + 5) + " 9 " + uri + " " + date + " " +
                       (i % 11 == 0 ? (++changed, "sha1:99") : digest) + "\n";
    after += kept;
    converted += kept;
  }
  for (int i = 0; i < 20; ++i) converted += "new " + std::to_string(i) + " 1 u d sha1:77\n";
  processed += "g.warc.gz 0 9 orphan d sha1:1000 0 1 - -\n";  // not in BEFORE

  for (bool dedup : {false, true}) {
    const std::string& other = dedup ? after : converted;
    std::optional<std::string> proc;
    if (dedup) proc = processed;
    Output memory = Cmp(before, other, proc);
    REQUIRE(memory.status.ok());
    CHECK(memory.summary.sort_runs == 0);

    TempDir dir;
    warcsumcmp::CompareOptions tiny;
    tiny.temp_dir = dir.path();
    tiny.sort_bytes = 1000;  // a few records a run
    tiny.fan_in = 3;         // several rounds of merging
    Output spilled = Cmp(before, other, proc, tiny);
    REQUIRE(spilled.status.ok());
    CHECK(spilled.summary.sort_runs > 100);
    CHECK(spilled.lines == memory.lines);
    CHECK(dir.Empty());

    using warcsumcmp::Kind;
    const auto& k = spilled.summary.by_kind;
    if (!dedup) {
      CHECK(k[static_cast<int>(Kind::kMissing)] == static_cast<uint64_t>(removed));
      CHECK(k[static_cast<int>(Kind::kDigestChanged)] == static_cast<uint64_t>(changed));
      CHECK(k[static_cast<int>(Kind::kAppeared)] == 20);
      CHECK(spilled.summary.discrepancies() == static_cast<uint64_t>(removed + changed + 20));
    } else {
      CHECK(spilled.summary.deduplicated == static_cast<uint64_t>(copies));
      CHECK(k[static_cast<int>(Kind::kLost)] == static_cast<uint64_t>(removed));
      CHECK(k[static_cast<int>(Kind::kDigestChanged)] == static_cast<uint64_t>(changed));
      CHECK(k[static_cast<int>(Kind::kNotInBefore)] == 1);
      CHECK(k[static_cast<int>(Kind::kOriginalMissing)] == 0);
      // AFTER's g.warc.gz lines are the originals, not in BEFORE.
      CHECK(k[static_cast<int>(Kind::kAppeared)] == static_cast<uint64_t>(copies));
    }
  }
}

TEST_CASE("warcsumcmp: an empty comparison", "[warcsumcmp]") {
  Output out = Cmp("", "", std::string());
  REQUIRE(out.status.ok());
  CHECK(out.lines.empty());
  CHECK(out.summary.before == 0);
}

TEST_CASE("warcsumcmp: the default temporary directory", "[warcsumcmp]") {
  const char* old_tmpdir = std::getenv("TMPDIR");
  std::string saved = old_tmpdir ? old_tmpdir : "";
  ::unsetenv("TMPDIR");
  CHECK(warcsumcmp::DefaultTempDir("-") == "/tmp");
  // Standard input has no directory: $TMPDIR, as every other temporary file.
  ::setenv("TMPDIR", "/scratch/t", 1);
  CHECK(warcsumcmp::DefaultTempDir("-") == "/scratch/t");
  if (old_tmpdir)
    ::setenv("TMPDIR", saved.c_str(), 1);
  else
    ::unsetenv("TMPDIR");
  CHECK(warcsumcmp::DefaultTempDir("after") == ".");
  CHECK(warcsumcmp::DefaultTempDir("/after") == "/");
  CHECK(warcsumcmp::DefaultTempDir("dir/sub/after.manifest") == "dir/sub");
}
