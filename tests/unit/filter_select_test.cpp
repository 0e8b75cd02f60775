// Which records warcfilter writes (lib/filter/select.h): the LIST's
// verdicts, --only-listed, --invert, and what belongs with a written record.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "filter/select.h"

namespace {

using filter::Why;
constexpr auto kKeep = filter::Verdict::kKeep;
constexpr auto kDrop = filter::Verdict::kDrop;

// A file of records at offsets 0, 100, 200, ... (each 100 bytes).
struct File {
  std::vector<filter::RecordInfo> records;
  size_t Add(warc::RecordType type, const std::string& id) {
    filter::RecordInfo r;
    r.offset = records.size() * 100;
    r.length = 100;
    r.type = type;
    r.id = filter::KeyOfId("<urn:uuid:" + id + ">");
    if (type == warc::kResponse || type == warc::kResource)
      r.capture = filter::KeyOfCapture("http://x/" + id, "2020");
    records.push_back(r);
    return records.size() - 1;
  }
  size_t Linked(warc::RecordType type, const std::string& id, const std::string& to) {
    size_t i = Add(type, id);
    records[i].concurrent.push_back(filter::KeyOfId("<urn:uuid:" + to + ">"));
    return i;
  }
  size_t Revisit(const std::string& id, const std::string& original) {
    size_t i = Add(warc::kRevisit, id);
    records[i].refers = filter::KeyOfCapture("http://x/" + original, "2020");
    return i;
  }
};

filter::Judgement J(uint64_t offset, filter::Verdict v, uint64_t line = 1) {
  return {offset, 0, line, v};
}

std::vector<Why> Run(const File& f, const std::vector<filter::Judgement>& judged,
                     filter::SelectOptions o = {}, const std::vector<uint64_t>& needed = {}) {
  return filter::Select(f.records, judged, needed, o).why;
}

// warcinfo; request+response "a"; response "b" with its metadata pointing
// at it; response "c" pointing at its own request; a lone metadata record.
File Crawl() {
  File f;
  f.Add(warc::kWarcinfo, "info");        // 0
  f.Linked(warc::kRequest, "qa", "a");   // 100
  f.Add(warc::kResponse, "a");           // 200
  f.Add(warc::kResponse, "b");           // 300
  f.Linked(warc::kMetadata, "mb", "b");  // 400
  f.Add(warc::kRequest, "qc");           // 500
  f.Linked(warc::kResponse, "c", "qc");  // 600
  f.Add(warc::kMetadata, "lone");        // 700
  return f;
}

}  // namespace

TEST_CASE("Select: kept and unjudged records, with their requests, metadata and warcinfo",
          "[filter]") {
  File f = Crawl();
  // a kept, b dropped, c unjudged.
  std::vector<filter::Judgement> judged = {J(200, kKeep), J(300, kDrop)};
  CHECK(Run(f, judged) == std::vector<Why>{Why::kBelongs, Why::kBelongs, Why::kListed,
                                           Why::kDropped, Why::kDropped, Why::kBelongs,
                                           Why::kUnlisted, Why::kUnlisted});
  filter::SelectOptions only{.only_listed = true};
  CHECK(Run(f, judged, only) == std::vector<Why>{Why::kBelongs, Why::kBelongs, Why::kListed,
                                                 Why::kDropped, Why::kDropped, Why::kDropped,
                                                 Why::kDropped, Why::kDropped});
}

TEST_CASE("Select: --invert writes what the run without it drops", "[filter]") {
  File f = Crawl();
  std::vector<filter::Judgement> judged = {J(200, kKeep), J(300, kDrop)};
  CHECK(Run(f, judged, {.invert = true}) ==
        std::vector<Why>{Why::kBelongs, Why::kDropped, Why::kDropped, Why::kListed, Why::kBelongs,
                         Why::kDropped, Why::kDropped, Why::kDropped});
  CHECK(Run(f, judged, {.only_listed = true, .invert = true}) ==
        std::vector<Why>{Why::kBelongs, Why::kDropped, Why::kDropped, Why::kListed, Why::kBelongs,
                         Why::kBelongs, Why::kUnlisted, Why::kUnlisted});
}

TEST_CASE("Select: nothing selected writes no warcinfo either", "[filter]") {
  File f = Crawl();
  std::vector<filter::Judgement> judged = {J(200, kDrop), J(300, kDrop), J(600, kDrop),
                                           J(700, kDrop)};
  CHECK(Run(f, judged) == std::vector<Why>(8, Why::kDropped));
}

TEST_CASE("Select: a written revisit brings its original, here or from another file", "[filter]") {
  File f;
  f.Linked(warc::kRequest, "qo", "orig");  // 0
  f.Add(warc::kResponse, "orig");          // 100: covered by something
  f.Revisit("r1", "orig");                 // 200: kept
  f.Revisit("r2", "elsewhere");            // 300: kept, its original in another file
  f.Revisit("r3", "orig2");                // 400: dropped: needs nothing
  std::vector<filter::Judgement> judged = {J(100, kDrop), J(200, kKeep), J(300, kKeep),
                                           J(400, kDrop)};
  auto sel = filter::Select(f.records, judged, {}, {});
  CHECK(sel.why ==
        std::vector<Why>{Why::kBelongs, Why::kOriginal, Why::kListed, Why::kListed, Why::kDropped});
  CHECK(sel.wanted == std::vector<uint64_t>{filter::KeyOfCapture("http://x/elsewhere", "2020")});

  // The other file: its "elsewhere" response is dropped by the list, but
  // wanted; found, it comes with its request.
  File g;
  g.Linked(warc::kRequest, "qe", "elsewhere");
  g.Add(warc::kResponse, "elsewhere");
  std::vector<uint64_t> needed = sel.wanted;
  needed.push_back(filter::KeyOfCapture("http://x/nowhere", "2020"));
  std::sort(needed.begin(), needed.end());
  auto other = filter::Select(g.records, {J(100, kDrop)}, needed, {});
  CHECK(other.why == std::vector<Why>{Why::kBelongs, Why::kOriginal});
  CHECK(other.found == sel.wanted);
}

TEST_CASE("Select: lines naming no record are reported and not applied", "[filter]") {
  File f = Crawl();
  filter::Judgement wrong_length{200, 99, 4, kDrop};
  auto sel = filter::Select(f.records, {J(150, kDrop, 3), wrong_length}, {}, {});
  REQUIRE(sel.errors.size() == 2);
  CHECK(sel.errors[0] == std::pair<uint64_t, std::string>{3, "offset 150: no record starts there"});
  CHECK(sel.errors[1] ==
        std::pair<uint64_t, std::string>{
            4, "offset 200: the record is 100 bytes long, the line says 99; not applied"});
  CHECK(sel.why[2] == Why::kUnlisted);  // the line was not applied: unjudged
}
