// dedup::SumSource over in-memory WARC and ARC files: which records are
// listed, with which digest, and what --verify reports. Expected digests were
// computed with Python's hashlib (see the comments next to them).
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "base/source.h"
#include "dedup/summarise.h"
#include "gzmulti/member_writer.h"
#include "warc/header_map.h"
#include "warc/writer.h"

namespace {

// hashlib digests of the payloads used below.
const char kHelloSha1[] = "sha1:f572d396fae9206628714fb2ce00f72e94f2258f";  // "hello\n"
const char kHelloSha1B32[] = "sha1:6VZNHFX25EQGMKDRJ6ZM4AHXF2KPEJMP";
const char kWrongSha1B32[] = "sha1:KBCG6HAT54YJ3W2UH5AGNLN4YKHZTZNO";  // "wrong\n"
const char kWrongSha1[] = "sha1:50446f1c13ef309ddb543f4066adbcc28f99e5ae";
const char kWorldSha1[] = "sha1:9591818c07e900db7e1e0bc4b884c945e6a61b24";      // "world\n"
const char kHexStoredSha1[] = "sha1:40d539e374176cef1a425ca399fb4f594c811ab7";  // "hex stored\n"
const char kMd5StoredSha1[] = "sha1:3475848942f4560d9e0f873190f216bb6641f4e4";  // "md5 stored\n"
const char kEmptySha1[] = "sha1:da39a3ee5e6b4b0d3255bfef95601890afd80709";
const char kPartialSha1[] = "sha1:355705cf62a56669303d2561f29e0620a676c36e";   // "partial"
const char kResourceSha1[] = "sha1:a5c70dd7dd20369269934b38246a7ff5759064fd";  // "resource body"

warc::HeaderMap Headers(std::initializer_list<std::pair<const char*, const char*>> fields) {
  warc::HeaderMap h;
  for (const auto& [name, value] : fields) h.Add(name, value);
  return h;
}

struct Crawl {
  std::string bytes;
  std::vector<uint64_t> offsets, lengths;

  void Add(const warc::HeaderMap& headers, std::string_view block, bool gzip) {
    warc::WriterOptions o;
    o.gzip = gzip;
    warc::RecordWriter writer(
        [this](std::string_view s) {
          bytes.append(s);
          return base::Status::Ok();
        },
        o);
    uint64_t length = 0;
    offsets.push_back(bytes.size());
    REQUIRE(writer.Write("WARC/1.0", headers, block, &length).ok());
    lengths.push_back(length);
  }
  // "file offset length" of record i, as a manifest line starts.
  std::string Where(size_t i, const std::string& file = "my%20crawl.warc.gz") const {
    return file + " " + std::to_string(offsets[i]) + " " + std::to_string(lengths[i]) + " ";
  }
};

const char kHttp[] = "application/http; msgtype=response";

// Eleven records covering every rule of what is listed.
Crawl MakeCrawl(bool gzip) {
  Crawl c;
  // 0: warcinfo
  c.Add(Headers({{"WARC-Type", "warcinfo"}, {"WARC-Date", "2024-01-01T00:00:00Z"}}),
        "software: test\r\n", gzip);
  // 1: response; its stored digest is deliberately wrong
  c.Add(Headers({{"WARC-Type", "response"},
                 {"WARC-Target-URI", "http://example.com/a b"},
                 {"WARC-Date", "2024-01-01T00:00:01Z"},
                 {"Content-Type", kHttp},
                 {"WARC-Payload-Digest", kWrongSha1B32}}),
        "HTTP/1.1 200 OK\r\n\r\nhello\n", gzip);
  // 2: request
  c.Add(Headers({{"WARC-Type", "request"},
                 {"WARC-Target-URI", "http://example.com/a b"},
                 {"WARC-Date", "2024-01-01T00:00:01Z"},
                 {"Content-Type", "application/http; msgtype=request"}}),
        "GET /a%20b HTTP/1.1\r\nHost: example.com\r\n\r\n", gzip);
  // 3: response, no stored digest
  c.Add(Headers({{"WARC-Type", "response"},
                 {"WARC-Target-URI", "http://example.com/b"},
                 {"WARC-Date", "2024-01-01T00:00:02Z"},
                 {"Content-Type", kHttp}}),
        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nworld\n", gzip);
  // 4: revisit (never listed)
  c.Add(
      Headers({{"WARC-Type", "revisit"},
               {"WARC-Target-URI", "http://example.com/a b"},
               {"WARC-Date", "2024-01-01T00:00:03Z"},
               {"Content-Type", kHttp},
               {"WARC-Profile", "http://netpreserve.org/warc/1.0/revisit/identical-payload-digest"},
               {"WARC-Payload-Digest", kHelloSha1B32}}),
      "HTTP/1.1 200 OK\r\n\r\nhello\n", gzip);
  // 5: response with an empty payload
  c.Add(Headers({{"WARC-Type", "response"},
                 {"WARC-Target-URI", "http://example.com/empty"},
                 {"WARC-Date", "2024-01-01T00:00:04Z"},
                 {"Content-Type", kHttp}}),
        "HTTP/1.1 204 No Content\r\n\r\n", gzip);
  // 6: response marked WARC-Truncated
  c.Add(Headers({{"WARC-Type", "response"},
                 {"WARC-Target-URI", "http://example.com/truncated"},
                 {"WARC-Date", "2024-01-01T00:00:05Z"},
                 {"Content-Type", kHttp},
                 {"WARC-Truncated", "length"}}),
        "HTTP/1.1 200 OK\r\n\r\npartial", gzip);
  // 7: resource
  c.Add(Headers({{"WARC-Type", "resource"},
                 {"WARC-Target-URI", "file:///notes.txt"},
                 {"WARC-Date", "2024-01-01T00:00:06Z"},
                 {"Content-Type", "text/plain"}}),
        "resource body", gzip);
  // 8: response; right digest stored in hex
  c.Add(Headers({{"WARC-Type", "response"},
                 {"WARC-Target-URI", "http://example.com/hex"},
                 {"WARC-Date", "2024-01-01T00:00:07Z"},
                 {"Content-Type", kHttp},
                 {"WARC-Payload-Digest", kHexStoredSha1}}),
        "HTTP/1.1 200 OK\r\n\r\nhex stored\n", gzip);
  // 9: response; stored digest is md5 (of "x": wrong)
  c.Add(Headers({{"WARC-Type", "response"},
                 {"WARC-Target-URI", "http://example.com/md5"},
                 {"WARC-Date", "2024-01-01T00:00:08Z"},
                 {"Content-Type", kHttp},
                 {"WARC-Payload-Digest", "md5:9dd4e461268c8034f5c8564e155c67a6"}}),
        "HTTP/1.1 200 OK\r\n\r\nmd5 stored\n", gzip);
  // 10: response; "SHA-1:" and upper-case hex
  c.Add(Headers({{"WARC-Type", "response"},
                 {"WARC-Target-URI", "http://example.com/label"},
                 {"WARC-Date", "2024-01-01T00:00:09Z"},
                 {"Content-Type", kHttp},
                 {"WARC-Payload-Digest", "SHA-1:F572D396FAE9206628714FB2CE00F72E94F2258F"}}),
        "HTTP/1.1 200 OK\r\n\r\nhello\n", gzip);
  return c;
}

struct SumRun {
  std::vector<std::string> lines;
  std::vector<std::string> messages;
  dedup::FileSummary summary;
  uint64_t bytes_read = 0, records_read = 0;
};

SumRun Sum(const std::string& input, const dedup::SumOptions& options,
           const std::string& file = "my crawl.warc.gz") {
  base::StringSource source(input);
  SumRun r;
  std::atomic<uint64_t> bytes{0}, records{0};
  dedup::FileSink sink;
  sink.lines = [&](std::string* lines) {
    size_t start = 0;
    for (size_t nl; (nl = lines->find('\n', start)) != std::string::npos; start = nl + 1)
      r.lines.push_back(lines->substr(start, nl - start));
    CHECK(start == lines->size());  // complete lines only
    lines->clear();
  };
  sink.message = [&](const std::string& m) { r.messages.push_back(m); };
  sink.bytes_read = &bytes;
  sink.records_read = &records;
  r.summary = dedup::SumSource(&source, file, options, sink);
  r.bytes_read = bytes;
  r.records_read = records;
  return r;
}

}  // namespace

TEST_CASE("warcsum default mode reuses a stored digest, even a wrong one", "[warcsum]") {
  for (bool gzip : {true, false}) {
    INFO((gzip ? "gzip" : "plain"));
    Crawl c = MakeCrawl(gzip);
    SumRun r = Sum(c.bytes, {});
    CHECK(r.lines ==
          std::vector<std::string>{
              c.Where(1) + "http://example.com/a%20b 2024-01-01T00:00:01Z " + kWrongSha1,
              c.Where(3) + "http://example.com/b 2024-01-01T00:00:02Z " + kWorldSha1,
              c.Where(8) + "http://example.com/hex 2024-01-01T00:00:07Z " + kHexStoredSha1,
              // The stored digest is md5: sha1 is computed.
              c.Where(9) + "http://example.com/md5 2024-01-01T00:00:08Z " + kMd5StoredSha1,
              // "SHA-1:" and upper-case hex are read, written canonically.
              c.Where(10) + "http://example.com/label 2024-01-01T00:00:09Z " + kHelloSha1});
    CHECK(r.messages.empty());
    CHECK(r.summary.records == 11);
    CHECK(r.summary.listed == 5);
    CHECK(r.summary.problems == 0);
    CHECK(r.summary.mismatches == 0);
    CHECK(r.summary.misaligned == 0);
    CHECK(r.summary.bytes == c.bytes.size());
    CHECK(r.bytes_read == c.bytes.size());
    CHECK(r.records_read == 11);
  }
}

TEST_CASE("warcsum --recompute ignores stored digests", "[warcsum]") {
  Crawl c = MakeCrawl(true);
  dedup::SumOptions o;
  o.recompute = true;
  SumRun r = Sum(c.bytes, o);
  CHECK(r.lines ==
        std::vector<std::string>{
            c.Where(1) + "http://example.com/a%20b 2024-01-01T00:00:01Z " + kHelloSha1,
            c.Where(3) + "http://example.com/b 2024-01-01T00:00:02Z " + kWorldSha1,
            c.Where(8) + "http://example.com/hex 2024-01-01T00:00:07Z " + kHexStoredSha1,
            c.Where(9) + "http://example.com/md5 2024-01-01T00:00:08Z " + kMd5StoredSha1,
            c.Where(10) + "http://example.com/label 2024-01-01T00:00:09Z " + kHelloSha1});
  CHECK(r.messages.empty());
  CHECK(r.summary.mismatches == 0);
}

TEST_CASE("warcsum --verify reports every stored digest that differs", "[warcsum]") {
  Crawl c = MakeCrawl(true);
  dedup::SumOptions o;
  o.verify = true;
  SumRun r = Sum(c.bytes, o);
  // The computed digest is spelled like the stored one: base32, or md5 hex.
  CHECK(r.messages ==
        std::vector<std::string>{
            "offset " + std::to_string(c.offsets[1]) + ": payload digest mismatch (stored " +
                kWrongSha1B32 + ", computed " + kHelloSha1B32 + ")",
            "offset " + std::to_string(c.offsets[9]) +
                ": payload digest mismatch (stored md5:9dd4e461268c8034f5c8564e155c67a6, computed "
                "md5:910f63d0c5c8bbe0f0714a290d05d22a)"});
  CHECK(r.summary.mismatches == 2);
  // Lines carry the computed digests.
  CHECK(r.lines ==
        std::vector<std::string>{
            c.Where(1) + "http://example.com/a%20b 2024-01-01T00:00:01Z " + kHelloSha1,
            c.Where(3) + "http://example.com/b 2024-01-01T00:00:02Z " + kWorldSha1,
            c.Where(8) + "http://example.com/hex 2024-01-01T00:00:07Z " + kHexStoredSha1,
            c.Where(9) + "http://example.com/md5 2024-01-01T00:00:08Z " + kMd5StoredSha1,
            c.Where(10) + "http://example.com/label 2024-01-01T00:00:09Z " + kHelloSha1});
}

TEST_CASE("warcsum --verify: a wrong hex digest is reported in hex", "[warcsum]") {
  Crawl c;
  c.Add(Headers({{"WARC-Type", "response"},
                 {"WARC-Target-URI", "http://example.com/"},
                 {"WARC-Date", "2024-01-01T00:00:01Z"},
                 {"Content-Type", kHttp},
                 {"WARC-Payload-Digest", kWorldSha1}}),
        "HTTP/1.1 200 OK\r\n\r\nhello\n", true);
  dedup::SumOptions o;
  o.verify = true;
  SumRun r = Sum(c.bytes, o, "x.warc.gz");
  CHECK(r.messages ==
        std::vector<std::string>{"offset 0: payload digest mismatch (stored " +
                                 std::string(kWorldSha1) + ", computed " + kHelloSha1 + ")"});
  CHECK(r.lines ==
        std::vector<std::string>{c.Where(0, "x.warc.gz") +
                                 "http://example.com/ 2024-01-01T00:00:01Z " + kHelloSha1});
}

TEST_CASE("warcsum: an unreadable stored digest", "[warcsum]") {
  Crawl c;
  c.Add(Headers({{"WARC-Type", "response"},
                 {"WARC-Target-URI", "http://example.com/"},
                 {"WARC-Date", "2024-01-01T00:00:01Z"},
                 {"Content-Type", kHttp},
                 {"WARC-Payload-Digest", "sha1:zz"}}),
        "HTTP/1.1 200 OK\r\n\r\nhello\n", true);
  const std::string line =
      c.Where(0, "x.warc.gz") + "http://example.com/ 2024-01-01T00:00:01Z " + kHelloSha1;
  // Default mode: computed instead, silently.
  SumRun plain = Sum(c.bytes, {}, "x.warc.gz");
  CHECK(plain.messages.empty());
  CHECK(plain.lines == std::vector<std::string>{line});
  // --verify says so, and still lists the record.
  dedup::SumOptions o;
  o.verify = true;
  SumRun verify = Sum(c.bytes, o, "x.warc.gz");
  CHECK(verify.messages ==
        std::vector<std::string>{"offset 0: unreadable WARC-Payload-Digest: digest \"sha1:zz\" is "
                                 "neither base32 nor hex of a sha1 digest"});
  CHECK(verify.lines == std::vector<std::string>{line});
  CHECK(verify.summary.problems == 1);
  CHECK(verify.summary.mismatches == 0);
}

TEST_CASE("warcsum: empty payloads only with keep_empty", "[warcsum]") {
  Crawl c = MakeCrawl(true);
  dedup::SumOptions o;
  o.keep_empty = true;
  SumRun r = Sum(c.bytes, o);
  REQUIRE(r.lines.size() == 6);
  CHECK(r.lines[2] == c.Where(5) + "http://example.com/empty 2024-01-01T00:00:04Z " + kEmptySha1);
}

TEST_CASE("warcsum: WARC-Truncated records only with keep_truncated", "[warcsum]") {
  Crawl c = MakeCrawl(true);
  dedup::SumOptions o;
  o.keep_truncated = true;
  SumRun r = Sum(c.bytes, o);
  REQUIRE(r.lines.size() == 6);
  CHECK(r.lines[2] ==
        c.Where(6) + "http://example.com/truncated 2024-01-01T00:00:05Z " + kPartialSha1);
}

TEST_CASE("warcsum: types select response and resource; revisits never listed", "[warcsum]") {
  Crawl c = MakeCrawl(true);
  dedup::SumOptions resource;
  resource.types = warc::kResource;
  SumRun r = Sum(c.bytes, resource);
  CHECK(r.lines == std::vector<std::string>{c.Where(7) + "file:///notes.txt 2024-01-01T00:00:06Z " +
                                            kResourceSha1});

  dedup::SumOptions both;
  both.types = warc::kResponse | warc::kResource;
  both.keep_empty = true;
  both.keep_truncated = true;
  SumRun all = Sum(c.bytes, both);
  std::vector<std::string> offsets;
  for (const auto& line : all.lines) offsets.push_back(line.substr(0, line.find(' ', 19)));
  // Every response and the resource, in file order; warcinfo, request and
  // revisit (2 and 4) never.
  std::vector<std::string> expected;
  for (size_t i : {1, 3, 5, 6, 7, 8, 9, 10})
    expected.push_back("my%20crawl.warc.gz " + std::to_string(c.offsets[i]));
  CHECK(offsets == expected);
}

TEST_CASE("warcsum: md5 and sha256", "[warcsum]") {
  Crawl c = MakeCrawl(true);
  dedup::SumOptions md5;
  md5.algorithm = warc::DigestAlgorithm::kMd5;
  SumRun r = Sum(c.bytes, md5);
  CHECK(r.lines ==
        std::vector<std::string>{c.Where(1) + "http://example.com/a%20b 2024-01-01T00:00:01Z "
                                              "md5:b1946ac92492d2347c6235b4d2611184",
                                 c.Where(3) + "http://example.com/b 2024-01-01T00:00:02Z "
                                              "md5:591785b794601e212b260e25925636fd",
                                 c.Where(8) + "http://example.com/hex 2024-01-01T00:00:07Z "
                                              "md5:f0a3a518f5c3a1cf4474764dd441c9e3",
                                 // A stored md5 is reused when md5 is asked for.
                                 c.Where(9) + "http://example.com/md5 2024-01-01T00:00:08Z "
                                              "md5:9dd4e461268c8034f5c8564e155c67a6",
                                 c.Where(10) + "http://example.com/label 2024-01-01T00:00:09Z "
                                               "md5:b1946ac92492d2347c6235b4d2611184"});

  dedup::SumOptions sha256;
  sha256.algorithm = warc::DigestAlgorithm::kSha256;
  SumRun s = Sum(c.bytes, sha256);
  CHECK(s.lines ==
        std::vector<std::string>{
            c.Where(1) + "http://example.com/a%20b 2024-01-01T00:00:01Z "
                         "sha256:5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03",
            c.Where(3) + "http://example.com/b 2024-01-01T00:00:02Z "
                         "sha256:e258d248fda94c63753607f7c4494ee0fcbe92f1a76bfdac795c9d84101eb317",
            c.Where(8) + "http://example.com/hex 2024-01-01T00:00:07Z "
                         "sha256:fba79e0fcf15efaa2cd255d435aacee3854c6a8e0f69795600cd516414f9f09b",
            c.Where(9) + "http://example.com/md5 2024-01-01T00:00:08Z "
                         "sha256:5e913448de9d533209630e681a86b679656de5d1dbdba01249470a5dd7572ce3",
            c.Where(10) +
                "http://example.com/label 2024-01-01T00:00:09Z "
                "sha256:5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03"});

  // --verify with another hash: the stored sha1 is still checked.
  dedup::SumOptions verify = md5;
  verify.verify = true;
  SumRun v = Sum(c.bytes, verify);
  CHECK(v.messages ==
        std::vector<std::string>{
            "offset " + std::to_string(c.offsets[1]) + ": payload digest mismatch (stored " +
                kWrongSha1B32 + ", computed " + kHelloSha1B32 + ")",
            "offset " + std::to_string(c.offsets[9]) +
                ": payload digest mismatch (stored md5:9dd4e461268c8034f5c8564e155c67a6, computed "
                "md5:910f63d0c5c8bbe0f0714a290d05d22a)"});
  REQUIRE(v.lines.size() == 5);
  CHECK(v.lines[3] == c.Where(9) +
                          "http://example.com/md5 2024-01-01T00:00:08Z "
                          "md5:910f63d0c5c8bbe0f0714a290d05d22a");
}

TEST_CASE("warcsum: damaged and misaligned records are reported, never listed", "[warcsum]") {
  Crawl c = MakeCrawl(true);
  // Cut the file 10 bytes before its end: the last member is incomplete.
  std::string cut = c.bytes.substr(0, c.bytes.size() - 10);
  SumRun r = Sum(cut, {});
  uint64_t into = c.lengths[10] - 10;
  CHECK(r.messages ==
        std::vector<std::string>{"offset " + std::to_string(c.offsets[10]) +
                                 ": gzip member truncated (input ends " + std::to_string(into) +
                                 " bytes into it); no further gzip member found (" +
                                 std::to_string(into) + " bytes skipped)"});
  REQUIRE(r.lines.size() == 4);
  CHECK(r.lines.back().substr(0, r.lines.back().find(' ', 19)) ==
        "my%20crawl.warc.gz " + std::to_string(c.offsets[9]));
  CHECK(r.summary.problems == 1);

  // The whole plain crawl in one gzip member: nothing has a location.
  Crawl plain = MakeCrawl(false);
  SumRun packed = Sum(gzmulti::CompressMember(plain.bytes), {});
  CHECK(packed.lines.empty());
  CHECK(packed.messages ==
        std::vector<std::string>{"offset 0: gzip member holds more than one record (not one record "
                                 "per member); its records are not listed"});
  CHECK(packed.summary.misaligned == 11);
  CHECK(packed.summary.records == 11);
}

TEST_CASE("warcsum: ARC files give ISO dates", "[warcsum]") {
  const std::string filedesc_body =
      "1 0 LiveWeb Capture\nURL IP-address Archive-date Content-type Archive-length\n";
  std::string filedesc = "filedesc://x.arc 0.0.0.0 20140216050221 text/plain " +
                         std::to_string(filedesc_body.size()) + "\n" + filedesc_body + "\n";
  std::string body = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html>arc</html>";
  std::string page = "http://example.com/a b 93.184.216.119 20140216050222 text/html " +
                     std::to_string(body.size()) + "\n" + body + "\n";
  SumRun plain = Sum(filedesc + page, {}, "x.arc");
  CHECK(plain.messages.empty());
  CHECK(plain.lines == std::vector<std::string>{"x.arc " + std::to_string(filedesc.size()) + " " +
                                                std::to_string(page.size()) +
                                                " http://example.com/a%20b 2014-02-16T05:02:22Z "
                                                "sha1:fd342f1f912da257f65f5a05a44cacdd1b7141c0"});
  std::string m0 = gzmulti::CompressMember(filedesc), m1 = gzmulti::CompressMember(page);
  SumRun gz = Sum(m0 + m1, {}, "x.arc.gz");
  CHECK(gz.lines == std::vector<std::string>{"x.arc.gz " + std::to_string(m0.size()) + " " +
                                             std::to_string(m1.size()) +
                                             " http://example.com/a%20b 2014-02-16T05:02:22Z "
                                             "sha1:fd342f1f912da257f65f5a05a44cacdd1b7141c0"});
}

namespace {

// A read loop of the caller's own, as warcrefs' verify pass runs: the records
// at `take` it reads itself, the others go to a Summariser.
struct OwnLoop {
  std::string lines, references;
  dedup::FileSummary summary;
};
OwnLoop SumAllBut(const std::string& input, const std::vector<uint64_t>& take) {
  OwnLoop r;
  dedup::FileSink sink;
  sink.lines = [&](std::string* lines) {
    r.lines += *lines;
    lines->clear();
  };
  sink.references = [&](std::string* lines) {
    r.references += *lines;
    lines->clear();
  };
  sink.message = [&](const std::string& m) { FAIL(m); };
  base::StringSource source(input);
  dedup::SumOptions options;
  dedup::Summariser summariser("my crawl.warc.gz", options, sink);
  warc::RecordReader reader(&source, options.reader, summariser.reporter());
  warc::Record record;
  while (reader.Next(&record)) {
    if (std::find(take.begin(), take.end(), record.offset) == take.end()) {
      summariser.Add(record, &reader);
      continue;
    }
    std::string_view piece;
    while (reader.ReadBlock(&piece)) {
    }
    uint64_t length = 0;
    CHECK(reader.Finish(&length));
  }
  r.summary = summariser.Finish(reader);
  return r;
}

}  // namespace

TEST_CASE("dedup::Summariser: what a caller's own loop takes is neither listed nor referenced",
          "[warcsum]") {
  Crawl c = MakeCrawl(true);
  SumRun whole = Sum(c.bytes, {});
  std::string all_lines, lines_but_3;
  for (const auto& line : whole.lines) {
    all_lines += line + "\n";
    if (line.rfind(c.Where(3), 0) != 0) lines_but_3 += line + "\n";
  }
  const std::string revisit_refs =
      "payload http://example.com/a%20b " + std::string(kHelloSha1) + "\n";

  // Nothing taken: SumSource's lines, byte for byte, and the revisit's references.
  OwnLoop none = SumAllBut(c.bytes, {});
  CHECK(none.lines == all_lines);
  CHECK(none.references == revisit_refs);
  CHECK(none.summary.records == 11);
  CHECK(none.summary.listed == whole.summary.listed);
  CHECK(none.summary.bytes == c.bytes.size());

  // Response 3 and revisit 4 taken.
  OwnLoop some = SumAllBut(c.bytes, {c.offsets[3], c.offsets[4]});
  CHECK(some.lines == lines_but_3);
  CHECK(some.references.empty());
  CHECK(some.summary.records == 9);
  CHECK(some.summary.listed == whole.summary.listed - 1);
}
