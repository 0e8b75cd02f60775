// dedup::LongRunComparer (a run compared in parts) and dedup::LongRunSorter.
#include <catch2/catch.hpp>
#include <map>

#include "dedup/long_runs.h"
#include "warc/writer.h"

namespace {

// Archive files held in memory, served by name.
class FileMap : public fetch::RangeSource {
 public:
  std::map<std::string, std::string> files;
  base::Result<std::unique_ptr<base::ByteSource>> Open(const fetch::RecordLocation& w) override {
    auto it = files.find(w.file);
    if (it == files.end()) return base::Status::NotFound("no such file");
    if (w.offset + w.length > it->second.size()) return base::Status::IOError("range past the end");
    return std::unique_ptr<base::ByteSource>(
        new base::StringSource(it->second.substr(w.offset, w.length)));
  }
  uint64_t bytes_fetched() const override { return 0; }
};

// Appends one response record to *file and returns its 6-field line.
manifest::Entry Response(std::string* file, const std::string& name, const std::string& uri,
                         const std::string& payload) {
  std::string member;
  warc::RecordWriter writer(
      [&](std::string_view data) {
        member.append(data);
        return base::Status::Ok();
      },
      {});
  warc::HeaderMap h;
  h.Add("WARC-Type", "response");
  h.Add("WARC-Target-URI", uri);
  h.Add("WARC-Date", "2020-01-01T00:00:00Z");
  h.Add("Content-Type", "application/http; msgtype=response");
  REQUIRE(writer.Write("WARC/1.1", h, "HTTP/1.1 200 OK\r\n\r\n" + payload).ok());
  manifest::Entry e;
  e.file = name;
  e.offset = file->size();
  e.length = member.size();
  e.uri = uri;
  e.date = "2020-01-01T00:00:00Z";
  e.digest = "sha1:0000000000000000000000000000000000000000";
  file->append(member);
  return e;
}

}  // namespace

TEST_CASE("a long run compared in parts numbers extensions over the whole run",
          "[dedup][long_runs]") {
  FileMap src;
  std::string& f = src.files["a.warc.gz"];
  const char* payloads[] = {"A", "B", "A", "C", "B", "A", "C", "D", "A"};
  std::vector<manifest::Entry> run;
  for (int i = 0; i < 9; ++i)
    run.push_back(Response(&f, "a.warc.gz", "http://x/" + std::to_string(i), payloads[i]));
  dedup::LongRunComparer comparer(&src);
  std::vector<uint64_t> exts;
  std::vector<std::string> problems, collisions;
  for (size_t start = 0; start < run.size(); start += 2) {  // parts of two records
    std::vector<manifest::Entry> part(
        run.begin() + static_cast<long>(start),
        run.begin() + static_cast<long>(std::min(start + 2, run.size())));
    auto got = comparer.Compare(&part, &problems, &collisions);
    REQUIRE(got.size() == part.size());
    CHECK(part[0].uri == run[start].uri);  // moved back unchanged
    exts.insert(exts.end(), got.begin(), got.end());
  }
  CHECK(exts == std::vector<uint64_t>{0, 1, 0, 2, 1, 0, 2, 3, 0});
  CHECK(problems.empty());
  CHECK(collisions.size() == 3);  // B, C and D against A, each once
  CHECK(comparer.collisions() == 3);
  CHECK(comparer.kept_apart() == 0);
}

TEST_CASE("a founder that cannot be read again: the records after it are not compared with it",
          "[dedup][long_runs]") {
  FileMap src;
  std::string& f = src.files["a.warc.gz"];
  std::vector<manifest::Entry> part1 = {Response(&f, "a.warc.gz", "http://x/0", "A"),
                                        Response(&f, "a.warc.gz", "http://x/1", "A")};
  std::vector<manifest::Entry> part2 = {Response(&f, "a.warc.gz", "http://x/2", "A")};
  dedup::LongRunComparer comparer(&src);
  std::vector<std::string> problems, collisions;
  CHECK(comparer.Compare(&part1, &problems, &collisions) == std::vector<uint64_t>{0, 0});
  f.replace(part1[0].offset, 4, "XXXX");  // the founder is damaged now
  CHECK(comparer.Compare(&part2, &problems, &collisions) == std::vector<uint64_t>{1});
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].rfind("a.warc.gz: offset 0: ", 0) == 0);
  CHECK(problems[0].find(" (on reading it again: the records after it not compared with it)") !=
        std::string::npos);
}

TEST_CASE("LongRunSorter orders a run by ext, date, file and offset", "[dedup][long_runs]") {
  auto entry = [](uint64_t ext, const char* date, const char* file, uint64_t offset) {
    manifest::Entry e;
    e.file = file;
    e.offset = offset;
    e.length = 10;
    e.uri = "http://x/";
    e.date = date;
    e.digest = "sha1:ab";
    e.ext = ext;
    e.fields_count = 7;
    return e;
  };
  dedup::LongRunSorter sorter("");
  std::vector<manifest::Entry> in = {entry(1, "2020", "a", 5), entry(0, "2021", "a", 1),
                                     entry(0, "2020", "b", 1), entry(0, "2020", "a", 10),
                                     entry(0, "2020", "a", 9), entry(0, "2020", "a-", 0)};
  for (const auto& e : in) REQUIRE(sorter.Add(e).ok());
  REQUIRE(sorter.Finish().ok());
  std::vector<std::string> out;
  manifest::Entry e;
  while (sorter.Next(&e)) out.push_back(e.file + " " + std::to_string(e.offset) + " " + e.date);
  CHECK(sorter.status().ok());
  CHECK(out == std::vector<std::string>{"a 9 2020", "a 10 2020", "a- 0 2020", "b 1 2020",
                                        "a 1 2021", "a 5 2020"});
}
