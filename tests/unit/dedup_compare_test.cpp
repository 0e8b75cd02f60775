// dedup::RunComparer: extensions from byte comparison, failures kept apart.
#include <catch2/catch.hpp>
#include <map>
#include <random>

#include "dedup/compare.h"
#include "warc/digest.h"
#include "warc/writer.h"

namespace {

// Archive files held in memory, served by name.
class MemoryRangeSource : public fetch::RangeSource {
 public:
  std::map<std::string, std::string> files;
  size_t opens = 0;
  uint64_t bytes = 0;  // whole ranges, counted as they are opened
  base::Result<std::unique_ptr<base::ByteSource>> Open(const fetch::RecordLocation& w) override {
    ++opens;
    auto it = files.find(w.file);
    if (it == files.end()) return base::Status::NotFound("no such file");
    if (w.offset + w.length > it->second.size()) return base::Status::IOError("range past the end");
    bytes += w.length;
    return std::unique_ptr<base::ByteSource>(
        new base::StringSource(it->second.substr(w.offset, w.length)));
  }
  uint64_t bytes_fetched() const override { return bytes; }
};

std::string RandomBytes(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::string s(n, '\0');
  for (auto& c : s) c = static_cast<char>(rng());
  return s;
}

// Appends one response record (one gzip member) to *file and returns its line.
manifest::Entry AddResponse(std::string* file, const std::string& name, const std::string& uri,
                            const std::string& date, const std::string& payload) {
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
  h.Add("WARC-Date", date);
  h.Add("Content-Type", "application/http; msgtype=response");
  std::string block = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n" + payload;
  REQUIRE(writer.Write("WARC/1.1", h, block).ok());
  manifest::Entry e;
  e.file = name;
  e.offset = file->size();
  e.length = member.size();
  e.uri = uri;
  e.date = date;
  e.digest = "sha1:0000000000000000000000000000000000000000";  // shared by the whole run
  file->append(member);
  return e;
}

// The manifest spelling of a payload's digest.
std::string DigestOf(warc::DigestAlgorithm algorithm, const std::string& payload) {
  warc::Hasher hasher(algorithm);
  hasher.Update(payload);
  return hasher.Final().ToManifestString();
}
std::string Sha1(const std::string& payload) {
  return DigestOf(warc::DigestAlgorithm::kSha1, payload);
}

struct Result {
  std::vector<uint64_t> exts;
  std::vector<std::string> problems, collisions;
};

Result Assign(MemoryRangeSource* source, const std::vector<manifest::Entry>& run) {
  dedup::RunComparer comparer(source);
  Result r;
  r.exts = comparer.Assign(run, &r.problems, &r.collisions);
  return r;
}

}  // namespace

TEST_CASE("identical payloads share an extension, different ones get the next",
          "[dedup][compare]") {
  MemoryRangeSource src;
  std::string& f = src.files["a.warc.gz"];
  std::vector<manifest::Entry> run = {
      AddResponse(&f, "a.warc.gz", "http://x/1", "2020-01-01T00:00:00Z", "same payload"),
      AddResponse(&f, "a.warc.gz", "http://x/2", "2020-01-02T00:00:00Z", "other payload"),
      AddResponse(&f, "a.warc.gz", "http://x/3", "2020-01-03T00:00:00Z", "same payload"),
      AddResponse(&f, "a.warc.gz", "http://x/4", "2020-01-04T00:00:00Z", "other payload"),
      AddResponse(&f, "a.warc.gz", "http://x/5", "2020-01-05T00:00:00Z", "same payloaD"),
  };
  Result r = Assign(&src, run);
  CHECK(r.exts == std::vector<uint64_t>{0, 1, 0, 1, 2});
  CHECK(r.problems.empty());
  REQUIRE(r.collisions.size() == 2);
  CHECK(
      r.collisions[0] ==
      "sha1:0000000000000000000000000000000000000000: a.warc.gz: offset 0 and a.warc.gz: offset " +
          std::to_string(run[1].offset) +
          ": neither stored digest agrees with its payload (theirs are " + Sha1("same payload") +
          " and " + Sha1("other payload") + ")");
  CHECK(src.opens == 5);  // every record read once
}

TEST_CASE("a single record is not fetched", "[dedup][compare]") {
  MemoryRangeSource src;
  std::string& f = src.files["a.warc.gz"];
  auto e = AddResponse(&f, "a.warc.gz", "http://x/1", "2020-01-01T00:00:00Z", "p");
  Result r = Assign(&src, {e});
  CHECK(r.exts == std::vector<uint64_t>{0});
  CHECK(src.opens == 0);
}

TEST_CASE("a record that cannot be read keeps an extension of its own", "[dedup][compare]") {
  MemoryRangeSource src;
  std::string& f = src.files["a.warc.gz"];
  std::vector<manifest::Entry> run = {
      AddResponse(&f, "a.warc.gz", "http://x/1", "2020-01-01T00:00:00Z", "same"),
      AddResponse(&f, "a.warc.gz", "http://x/2", "2020-01-02T00:00:00Z", "same"),
      AddResponse(&f, "a.warc.gz", "http://x/3", "2020-01-03T00:00:00Z", "same"),
      AddResponse(&f, "a.warc.gz", "http://x/4", "2020-01-04T00:00:00Z", "same"),
  };
  SECTION("missing file") {
    run[1].file = "gone.warc.gz";
    Result r = Assign(&src, run);
    CHECK(r.exts == std::vector<uint64_t>{0, 1, 0, 0});
    REQUIRE(r.problems.size() == 1);
    CHECK(r.problems[0] == "gone.warc.gz: offset " + std::to_string(run[1].offset) +
                               ": cannot fetch: no such file (kept as not a duplicate)");
  }
  SECTION("CRC-32 damage in the trailer") {
    // The payload bytes are intact; only the member check fails.
    f[run[1].offset + run[1].length - 8] ^= 1;
    Result r = Assign(&src, run);
    CHECK(r.exts == std::vector<uint64_t>{0, 1, 0, 0});
    REQUIRE(r.problems.size() == 1);
    CHECK(r.problems[0].find("CRC-32") != std::string::npos);
  }
  SECTION("offset that does not start a record") {
    run[2].offset += 1;
    run[2].length -= 1;
    Result r = Assign(&src, run);
    CHECK(r.exts == std::vector<uint64_t>{0, 0, 1, 0});
    REQUIRE(r.problems.size() == 1);
    CHECK(r.problems[0].rfind("a.warc.gz: offset " + std::to_string(run[2].offset) + ": ", 0) == 0);
  }
  SECTION("line whose URI is not the record's") {
    run[3].uri = "http://x/elsewhere";
    Result r = Assign(&src, run);
    CHECK(r.exts == std::vector<uint64_t>{0, 0, 0, 1});
    REQUIRE(r.problems.size() == 1);
    CHECK(r.problems[0] == "a.warc.gz: offset " + std::to_string(run[3].offset) +
                               ": the record here is not the manifest's (found uri \"http://x/4\", "
                               "date \"2020-01-04T00:00:00Z\") (kept as not a duplicate)");
  }
  SECTION("length that covers two records") {
    run[0].length += run[1].length;
    Result r = Assign(&src, run);
    CHECK(r.exts == std::vector<uint64_t>{0, 1, 1, 1});
    REQUIRE(r.problems.size() == 1);
    CHECK(r.problems[0].find("the manifest says") != std::string::npos);
  }
}

TEST_CASE("large records are compared in lockstep", "[dedup][compare]") {
  MemoryRangeSource src;
  std::string& f = src.files["big.warc.gz"];
  std::string big = RandomBytes(3 << 20, 7);  // incompressible: members above 1 MB
  std::string last_byte_differs = big;
  last_byte_differs.back() ^= 1;
  std::vector<manifest::Entry> run = {
      AddResponse(&f, "big.warc.gz", "http://x/1", "2020-01-01T00:00:00Z", big),
      AddResponse(&f, "big.warc.gz", "http://x/2", "2020-01-02T00:00:00Z", last_byte_differs),
      AddResponse(&f, "big.warc.gz", "http://x/3", "2020-01-03T00:00:00Z", big),
      AddResponse(&f, "big.warc.gz", "http://x/4", "2020-01-04T00:00:00Z", big + "x"),
      AddResponse(&f, "big.warc.gz", "http://x/5", "2020-01-05T00:00:00Z", last_byte_differs),
      AddResponse(&f, "big.warc.gz", "http://x/6", "2020-01-06T00:00:00Z", "small"),
  };
  Result r = Assign(&src, run);
  CHECK(r.exts == std::vector<uint64_t>{0, 1, 0, 2, 1, 3});
  CHECK(r.problems.empty());
  CHECK(r.collisions.size() == 3);
}

TEST_CASE("collisions are reported when the first group's record fails on reading it again",
          "[dedup][compare]") {
  MemoryRangeSource src;
  std::string& f = src.files["big.warc.gz"];
  std::string big = RandomBytes(3 << 20, 9);  // members above 1 MB: streamed, not kept
  std::string last_byte_differs = big;
  last_byte_differs.back() ^= 1;
  std::vector<manifest::Entry> run = {
      AddResponse(&f, "big.warc.gz", "http://x/1", "2020-01-01T00:00:00Z", big),
      AddResponse(&f, "big.warc.gz", "http://x/2", "2020-01-02T00:00:00Z", big),
      AddResponse(&f, "big.warc.gz", "http://x/3", "2020-01-03T00:00:00Z", last_byte_differs),
      AddResponse(&f, "big.warc.gz", "http://x/4", "2020-01-04T00:00:00Z", last_byte_differs),
  };
  // The first record's CRC-32: found wrong only once it has been read to the
  // end, as the first record of a group, against the others.
  f[run[0].offset + run[0].length - 8] ^= 1;
  Result r = Assign(&src, run);
  CHECK(r.exts == std::vector<uint64_t>{0, 1, 2, 2});
  REQUIRE(r.problems.size() == 1);
  CHECK(r.problems[0].rfind("big.warc.gz: offset 0: ", 0) == 0);
  CHECK(r.problems[0].find("CRC-32") != std::string::npos);
  // x/2 and x/3 were compared with each other: a real collision.
  REQUIRE(r.collisions.size() == 1);
  CHECK(r.collisions[0] == "sha1:0000000000000000000000000000000000000000: big.warc.gz: offset " +
                               std::to_string(run[1].offset) + " and big.warc.gz: offset " +
                               std::to_string(run[2].offset) +
                               ": neither stored digest agrees with its payload (theirs are " +
                               Sha1(big) + " and " + Sha1(last_byte_differs) + ")");
}

TEST_CASE("different payloads under one digest: the one whose stored digest is wrong is named",
          "[dedup][compare]") {
  MemoryRangeSource src;
  std::string& f = src.files["a.warc.gz"];
  std::string big = RandomBytes(3 << 20, 5);  // streamed, not kept in memory
  std::string big_other = big;
  big_other[1000] ^= 1;
  bool large = GENERATE(false, true);
  std::string right = large ? big : "the payload", wrong = large ? big_other : "another payload";
  bool wrong_first = GENERATE(false, true);
  std::vector<manifest::Entry> run = {
      AddResponse(&f, "a.warc.gz", "http://x/1", "2020-01-01T00:00:00Z",
                  wrong_first ? wrong : right),
      AddResponse(&f, "a.warc.gz", "http://x/2", "2020-01-02T00:00:00Z",
                  wrong_first ? right : wrong),
      AddResponse(&f, "a.warc.gz", "http://x/3", "2020-01-03T00:00:00Z", right),
  };
  for (auto& e : run) e.digest = Sha1(right);
  Result r = Assign(&src, run);
  CHECK(r.exts == std::vector<uint64_t>{0, 1, wrong_first ? 1u : 0u});
  CHECK(r.problems.empty());
  const auto& bad = run[wrong_first ? 0 : 1];
  const auto& good = run[wrong_first ? 1 : 0];
  REQUIRE(r.collisions.size() == 1);
  CHECK(r.collisions[0] == Sha1(right) + ": a.warc.gz: offset 0 and a.warc.gz: offset " +
                               std::to_string(run[1].offset) +
                               ": the stored digest of a.warc.gz: offset " +
                               std::to_string(bad.offset) + " is wrong (its payload's is " +
                               Sha1(wrong) + "); that of a.warc.gz: offset " +
                               std::to_string(good.offset) + " agrees with its payload");
}

TEST_CASE("a genuine MD5 collision is called a hash collision", "[dedup][compare]") {
  // The colliding blocks of Wang, Feng, Lai and Yu (2004), and a common suffix.
  auto hex = [](const char* h) {
    std::string out;
    for (size_t i = 0; h[i] && h[i + 1]; i += 2)
      out.push_back(static_cast<char>(std::stoi(std::string(h + i, 2), nullptr, 16)));
    return out;
  };
  std::string suffix = " the rest of the page";
  std::string p = hex("d131dd02c5e6eec4693d9a0698aff95c2fcab58712467eab4004583eb8fb7f89"
                      "55ad340609f4b30283e488832571415a085125e8f7cdc99fd91dbdf280373c5b"
                      "d8823e3156348f5bae6dacd436c919c6dd53e2b487da03fd02396306d248cda0"
                      "e99f33420f577ee8ce54b67080a80d1ec69821bcb6a8839396f9652b6ff72a70") +
                  suffix;
  std::string q = hex("d131dd02c5e6eec4693d9a0698aff95c2fcab50712467eab4004583eb8fb7f89"
                      "55ad340609f4b30283e4888325f1415a085125e8f7cdc99fd91dbd7280373c5b"
                      "d8823e3156348f5bae6dacd436c919c6dd53e23487da03fd02396306d248cda0"
                      "e99f33420f577ee8ce54b67080280d1ec69821bcb6a8839396f965ab6ff72a70") +
                  suffix;
  std::string md5 = DigestOf(warc::DigestAlgorithm::kMd5, p);
  REQUIRE(p != q);
  REQUIRE(DigestOf(warc::DigestAlgorithm::kMd5, q) == md5);
  MemoryRangeSource src;
  std::string& f = src.files["a.warc.gz"];
  std::vector<manifest::Entry> run = {
      AddResponse(&f, "a.warc.gz", "http://p/", "2020-01-01T00:00:00Z", p),
      AddResponse(&f, "a.warc.gz", "http://q/", "2020-01-02T00:00:00Z", q),
  };
  for (auto& e : run) e.digest = md5;
  Result r = Assign(&src, run);
  CHECK(r.exts == std::vector<uint64_t>{0, 1});
  REQUIRE(r.collisions.size() == 1);
  CHECK(r.collisions[0] ==
        md5 + ": a.warc.gz: offset 0 and a.warc.gz: offset " + std::to_string(run[1].offset) +
            ": two different payloads have the same md5 digest (a hash collision)");
}

TEST_CASE("a digest of no known algorithm: different payloads, not checked", "[dedup][compare]") {
  MemoryRangeSource src;
  std::string& f = src.files["a.warc.gz"];
  std::vector<manifest::Entry> run = {
      AddResponse(&f, "a.warc.gz", "http://x/1", "2020-01-01T00:00:00Z", "one"),
      AddResponse(&f, "a.warc.gz", "http://x/2", "2020-01-02T00:00:00Z", "two"),
  };
  for (auto& e : run) e.digest = "crc32:12345678";
  Result r = Assign(&src, run);
  REQUIRE(r.collisions.size() == 1);
  CHECK(r.collisions[0] == "crc32:12345678: a.warc.gz: offset 0 and a.warc.gz: offset " +
                               std::to_string(run[1].offset) +
                               " have different payloads (the digest's algorithm is unknown: which "
                               "stored digest is wrong was not checked)");
}
