// The keep rules (lib/dedup/keep): which copies stay, with typed reasons.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>

#include "base/source.h"
#include "dedup/keep.h"

namespace {

using manifest::KeptReason;

dedup::CopyLine Line(std::string_view uri, std::string_view date, std::string_view ref_uri,
                     std::string_view ref_date) {
  return {uri, date, "sha1:AAAA", ref_uri, ref_date};
}

manifest::ReferenceSet Refs(const std::string& text) {
  base::StringSource source(text);
  manifest::ReferenceSet set;
  REQUIRE(set.Load(&source, "refs.txt").ok());
  set.Seal();
  return set;
}

}  // namespace

TEST_CASE("keep: a copy whose original has its URI and date stays (same-capture)", "[dedup]") {
  auto same = Line("http://a/", "2020-01-01T00:00:00Z", "http://a/", "2020-01-01T00:00:00Z");
  auto other = Line("http://a/", "2020-01-01T00:00:01Z", "http://a/", "2020-01-01T00:00:00Z");
  CHECK(dedup::IsSameCapture(same));
  CHECK_FALSE(dedup::IsSameCapture(other));
  auto keep = dedup::KeepSameCapture(same);
  REQUIRE(keep);
  CHECK(keep->reason == KeptReason::kSameCapture);
  CHECK(keep->detail ==
        "its original has the same URI and date (a revisit could resolve to itself)");
  CHECK_FALSE(dedup::KeepSameCapture(other));
}

TEST_CASE("keep: a copy an existing revisit refers to stays (referenced)", "[dedup]") {
  auto refs = Refs("capture http://a/ 2020-01-01T00:00:00Z\nrecord <urn:uuid:1>\n");
  auto line = Line("http://a/", "2020-01-01T00:00:00Z", "http://o/", "2019-01-01T00:00:00Z");
  auto keep = dedup::KeepReferenced(&refs, line);
  REQUIRE(keep);
  CHECK(keep->reason == KeptReason::kReferenced);
  CHECK(keep->detail == "an existing revisit refers to it");
  auto b = Line("http://b/", "2020-01-01T00:00:00Z", "http://o/", "2019-01-01T00:00:00Z");
  CHECK_FALSE(dedup::KeepReferenced(&refs, b));
  CHECK_FALSE(dedup::KeepReferenced(nullptr, line));  // no set: nothing refers
  // By WARC-Record-ID, which only the record gives.
  CHECK(dedup::KeepReferenced(&refs, b, "<urn:uuid:1>"));
  CHECK_FALSE(dedup::KeepReferenced(&refs, b, "<urn:uuid:2>"));
  // By a payload digest other than the line's.
  auto payload = Refs("payload http://b/ sha1:BBBB\n");
  CHECK_FALSE(dedup::KeepReferenced(&payload, b));
  CHECK(dedup::KeepReferencedByDigest(&payload, b, "sha1:BBBB"));
}

TEST_CASE("keep: the line rules, same capture before referenced", "[dedup]") {
  auto refs = Refs("capture http://a/ 2020-01-01T00:00:00Z\n");
  auto both = Line("http://a/", "2020-01-01T00:00:00Z", "http://a/", "2020-01-01T00:00:00Z");
  REQUIRE(dedup::KeepByLine(both, &refs));
  CHECK(dedup::KeepByLine(both, &refs)->reason == KeptReason::kSameCapture);
  auto referenced = Line("http://a/", "2020-01-01T00:00:00Z", "http://o/", "2020-01-01T00:00:00Z");
  REQUIRE(dedup::KeepByLine(referenced, &refs));
  CHECK(dedup::KeepByLine(referenced, &refs)->reason == KeptReason::kReferenced);
  CHECK_FALSE(dedup::KeepByLine(referenced, nullptr));
}

TEST_CASE("keep: the record rules (damaged file, ARC, WARC drafts, would-grow)", "[dedup]") {
  CHECK_FALSE(dedup::KeepDamagedFile(false));
  REQUIRE(dedup::KeepDamagedFile(true));
  CHECK(dedup::KeepDamagedFile(true)->reason == KeptReason::kDamagedFile);
  CHECK(dedup::KeepDamagedFile(true)->detail ==
        "its file is damaged (warcsum --revisit-refs) and is not rewritten");

  CHECK_FALSE(dedup::KeepArc(warc::FileFormat::kWarc));
  REQUIRE(dedup::KeepArc(warc::FileFormat::kArc));
  CHECK(dedup::KeepArc(warc::FileFormat::kArc)->reason == KeptReason::kArc);
  CHECK(dedup::KeepArc(warc::FileFormat::kArc)->detail == "ARC records cannot become revisits");

  for (const char* v : {"WARC/1.0", "WARC/1.1", "WARC/0.16", "WARC/0.170"})
    CHECK_FALSE(dedup::KeepWarcDraft(v));
  REQUIRE(dedup::KeepWarcDraft("WARC/0.17"));
  CHECK(dedup::KeepWarcDraft("WARC/0.17")->reason == KeptReason::kWarcDraft);
  CHECK(dedup::KeepWarcDraft("WARC/0.18")->detail ==
        "WARC/0.18 records are not converted (a draft of WARC)");

  CHECK_FALSE(dedup::KeepWouldGrow(99, 100));
  REQUIRE(dedup::KeepWouldGrow(100, 100));  // not smaller is kept too
  CHECK(dedup::KeepWouldGrow(100, 100)->reason == KeptReason::kWouldGrow);
  CHECK(dedup::KeepWouldGrow(120, 100)->detail ==
        "its revisit (120 bytes) would not be smaller than the record (100 bytes)");
}

TEST_CASE("keep: a file's format by content, whatever its name", "[dedup]") {
  char dir_name[] = "/tmp/dedup_keep_test-XXXXXX";
  REQUIRE(::mkdtemp(dir_name));
  std::string dir = dir_name;
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir + "/" + name, std::ios::binary) << text;
    return dir + "/" + name;
  };
  std::string arc_block = "1 0 Test\nURL IP-address Archive-date Content-type Archive-length\n";
  std::string arc = "filedesc://x.arc 0.0.0.0 20200101000000 text/plain " +
                    std::to_string(arc_block.size()) + "\n" + arc_block + "\n";
  std::string warc_body = "WARC/1.0\r\nWARC-Type: warcinfo\r\nContent-Length: 0\r\n\r\n\r\n\r\n";
  auto arc_named_warc = dedup::FileFormatOf(write("a.warc", arc));
  REQUIRE(arc_named_warc.ok());
  CHECK(*arc_named_warc == warc::FileFormat::kArc);
  auto warc_named_arc = dedup::FileFormatOf(write("w.arc", warc_body));
  REQUIRE(warc_named_arc.ok());
  CHECK(*warc_named_arc == warc::FileFormat::kWarc);
  CHECK_FALSE(dedup::FileFormatOf(dir + "/missing.warc").ok());
  for (const char* n : {"a.warc", "w.arc"}) std::remove((dir + "/" + n).c_str());
  ::rmdir(dir_name);
}
