// warc/reader.h, RecordReader over gzip files whose members do not hold one
// record each: several records in a member, records split over members,
// Content-Lengths longer or shorter than their member, headers cut by a
// member end, and WARC files stored inside resource records.
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "gzmulti/member_writer.h"
#include "gzmulti/segment_reader.h"
#include "warc/reader.h"
#include "warc/record.h"
#include "warc_test_util.h"

using warc_test::Headers;
using warc_test::kHttpBlock;
using warc_test::Located;
using warc_test::Locations;
using warc_test::Problems;
using warc_test::RawRecord;
using warc_test::ReadAll;
using warc_test::RecordSaying;
using warc_test::ThreeRecords;
using warc_test::WarcBuilder;

namespace {

// The ways a gzip file is read: fast path, both streaming backends, and a
// 64-byte input window (chunks of a few bytes).
std::vector<std::pair<std::string, gzmulti::ReaderOptions>> GzipConfigs() {
  std::vector<std::pair<std::string, gzmulti::ReaderOptions>> configs(4);
  configs[0].first = "fast path";
  configs[1].first = "streaming";
  configs[1].second.fast_path = false;
  configs[2].first = "zlib";
  configs[2].second.fast_path = false;
  configs[2].second.stream_backend = gzmulti::StreamBackend::kZlib;
  configs[3].first = "64-byte input window";
  configs[3].second.input_buffer_size = 64;
  return configs;
}

}  // namespace

TEST_CASE("RecordReader: several records in one member get no location", "[warc][reader]") {
  WarcBuilder plain = ThreeRecords(false);
  std::string packed = gzmulti::CompressMember(plain.bytes);
  WarcBuilder after(true);
  after.Add("WARC/1.0", Headers({{"WARC-Type", "resource"}}), "after");
  Problems p;
  warc::ReaderStats stats;
  auto records = ReadAll(packed + after.bytes, &p, {}, &stats);
  CHECK(p.list == std::vector<std::string>{
                      "offset 0: gzip member holds more than one record (not one record per "
                      "member); its records are not listed"});
  REQUIRE(records.size() == 4);
  CHECK_FALSE(records[0].located);
  CHECK_FALSE(records[1].located);
  CHECK_FALSE(records[2].located);
  CHECK(records[0].record.offset == 0);
  // The blocks are still read exactly.
  CHECK(records[1].block == kHttpBlock);
  CHECK(records[2].block == "resource body");
  CHECK(records[3].located);
  CHECK(records[3].record.offset == packed.size());
  CHECK(records[3].length == after.bytes.size());
  CHECK(records[3].block == "after");
  CHECK(stats.misaligned_records == 3);
  CHECK(stats.records == 4);
}

TEST_CASE("RecordReader: a record split over two members gets no location", "[warc][reader]") {
  std::string rec = RawRecord("WARC/1.0\r\nWARC-Type: resource\r\n", "0123456789abcdefghij");
  size_t split = rec.find("abcdef");
  std::string m0 = gzmulti::CompressMember(rec.substr(0, split));
  std::string m1 = gzmulti::CompressMember(rec.substr(split));
  std::string m2 = gzmulti::CompressMember(RawRecord("WARC/1.0\r\nWARC-Type: resource\r\n", "ok"));
  Problems p;
  auto records = ReadAll(m0 + m1 + m2, &p);
  CHECK(p.list == std::vector<std::string>{
                      "offset 0: record spans more than one gzip member (not one record per "
                      "member); not listed"});
  CHECK(Locations(records) ==
        std::vector<std::string>{
            "0 unlisted", std::to_string(m0.size() + m1.size()) + "+" + std::to_string(m2.size())});
  REQUIRE(records.size() == 2);
  CHECK(records[0].block == "0123456789abcdefghij");
}

TEST_CASE("RecordReader: a Content-Length longer than its gzip member ends the record there",
          "[warc][reader]") {
  // One record per member: the member end is the record's end, and reading
  // goes on at the next member (the block swallowed the records after it
  // before). The records that start within the block the damaged record
  // claims may still be part of it: they are read, reported, not located.
  const std::string head = "WARC/1.0\r\nWARC-Type: resource\r\n";
  const std::string r2 = RawRecord(head, "two");
  const std::string m0 = gzmulti::CompressMember(RawRecord(head, "zero"));
  const std::string m2 = gzmulti::CompressMember(r2);
  const std::string m3 = gzmulti::CompressMember(RawRecord(head, "three"));
  // 10 bytes of block and CRLF CRLF in the member: 14 bytes of the block. The
  // next record starts right after them, the one after it r2.size() later.
  for (uint64_t stated : {uint64_t{20}, 14 + r2.size(), 15 + r2.size(), uint64_t{1000000000000}}) {
    std::string bad = gzmulti::CompressMember(RecordSaying(stated, "0123456789"));
    const uint64_t at1 = m0.size(), at2 = at1 + bad.size(), at3 = at2 + m2.size();
    const bool third_inside = stated > 14 + r2.size();
    const std::string inside = ": not listed: it lies inside the block the record at offset " +
                               std::to_string(at1) + " claims (Content-Length " +
                               std::to_string(stated) + ")";
    std::vector<std::string> problems{
        "offset " + std::to_string(at1) + ": Content-Length (" + std::to_string(stated) +
            " bytes) is longer than the record's gzip member, which ends after 14 bytes of block; "
            "reading goes on at the next gzip member (offset " +
            std::to_string(at2) + ")",
        "offset " + std::to_string(at2) + inside};
    if (third_inside) problems.push_back("offset " + std::to_string(at3) + inside);
    for (const auto& [name, options] : GzipConfigs()) {
      INFO(name << ", Content-Length " << stated);
      Problems p;
      warc::ReaderStats stats;
      auto records = ReadAll(m0 + bad + m2 + m3, &p, options, &stats);
      CHECK(p.list == problems);
      CHECK(Locations(records) ==
            std::vector<std::string>{
                "0+" + std::to_string(m0.size()), std::to_string(at1) + " unlisted",
                std::to_string(at2) + " unlisted",
                third_inside ? std::to_string(at3) + " unlisted" : Located(at3, m3.size())});
      REQUIRE(records.size() == 4);
      CHECK(records[1].block == "0123456789\r\n\r\n");
      CHECK(records[2].block == "two");
      CHECK(records[3].block == "three");
      CHECK(stats.misaligned_records == 0);
    }
  }
  WarcBuilder b = ThreeRecords(true);
  // The last member: nothing follows, the input ends inside the block.
  Problems last;
  auto records = ReadAll(b.bytes + gzmulti::CompressMember(RecordSaying(20, "0123456789")), &last);
  CHECK(last.list == std::vector<std::string>{
                         "offset " + std::to_string(b.bytes.size()) +
                         ": record truncated (input ends 6 bytes before the end of its block)"});
  CHECK(records.size() == 4);
}

TEST_CASE("RecordReader: a resource holding a WARC file, its block in members of its own",
          "[warc][reader]") {
  // A writer may put a record's header and block in separate members (or
  // split the block further). When the block is itself a WARC file, a member
  // inside it starts with "WARC/": the resource is reported as if its
  // Content-Length were too long, but the records inside its block are not
  // records of this file and must not be located. The record after the
  // resource is.
  const std::string head = "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://in/\r\n";
  const std::string inner1 = RawRecord(head, "HTTP/1.1 200 OK\r\n\r\nfirst");
  const std::string inner2 = RawRecord(head, "HTTP/1.1 200 OK\r\n\r\nsecond");
  const std::string resource = RawRecord(
      "WARC/1.0\r\nWARC-Type: resource\r\nContent-Type: application/warc\r\n", inner1 + inner2);
  const size_t block_at = resource.find(inner1);
  const std::string m0 =
      gzmulti::CompressMember(RawRecord("WARC/1.0\r\nWARC-Type: resource\r\n", "zero"));
  const std::string mh = gzmulti::CompressMember(resource.substr(0, block_at));
  const std::string after =
      gzmulti::CompressMember(RawRecord(head, "HTTP/1.1 200 OK\r\n\r\nafter"));
  const uint64_t at_resource = m0.size(), at_block = at_resource + mh.size();
  const std::string inside = ": not listed: it lies inside the block the record at offset " +
                             std::to_string(at_resource) + " claims (Content-Length " +
                             std::to_string(inner1.size() + inner2.size()) + ")";
  const std::string cut = "offset " + std::to_string(at_resource) + ": Content-Length (" +
                          std::to_string(inner1.size() + inner2.size()) +
                          " bytes) is longer than the record's gzip member, which ends after 0 "
                          "bytes of block; reading goes on at the next gzip member (offset " +
                          std::to_string(at_block) + ")";
  SECTION("the block in one member") {
    const std::string mb = gzmulti::CompressMember(resource.substr(block_at));
    const uint64_t at_after = at_block + mb.size();
    for (const auto& [name, options] : GzipConfigs()) {
      INFO(name);
      Problems p;
      auto records = ReadAll(m0 + mh + mb + after, &p, options);
      // The member holds both inner records: reported as such, not located.
      CHECK(p.list ==
            std::vector<std::string>{
                cut, "offset " + std::to_string(at_block) +
                         ": gzip member holds more than one record (not one record per member); "
                         "its records are not listed"});
      CHECK(Locations(records) ==
            std::vector<std::string>{
                "0+" + std::to_string(m0.size()), std::to_string(at_resource) + " unlisted",
                std::to_string(at_block) + " unlisted", std::to_string(at_block) + " unlisted",
                std::to_string(at_after) + "+" + std::to_string(after.size())});
    }
  }
  SECTION("one member per inner record") {
    const std::string mb1 = gzmulti::CompressMember(inner1);
    const std::string mb2 = gzmulti::CompressMember(resource.substr(block_at + inner1.size()));
    const uint64_t at_inner2 = at_block + mb1.size(), at_after = at_inner2 + mb2.size();
    for (const auto& [name, options] : GzipConfigs()) {
      INFO(name);
      Problems p;
      auto records = ReadAll(m0 + mh + mb1 + mb2 + after, &p, options);
      CHECK(p.list == std::vector<std::string>{cut, "offset " + std::to_string(at_block) + inside,
                                               "offset " + std::to_string(at_inner2) + inside});
      CHECK(Locations(records) ==
            std::vector<std::string>{
                "0+" + std::to_string(m0.size()), std::to_string(at_resource) + " unlisted",
                std::to_string(at_block) + " unlisted", std::to_string(at_inner2) + " unlisted",
                std::to_string(at_after) + "+" + std::to_string(after.size())});
      REQUIRE(records.size() == 5);
      CHECK(records[3].block == "HTTP/1.1 200 OK\r\n\r\nsecond");
      CHECK(records[4].block == "HTTP/1.1 200 OK\r\n\r\nafter");
    }
  }
}

TEST_CASE("RecordReader: a member end inside a record is not its end in other gzip layouts",
          "[warc][reader]") {
  // After a member that holds two records, the file is not one record per
  // member: a block that runs on into the next member is read on, as before,
  // and the record is reported as spanning members.
  std::string packed =
      gzmulti::CompressMember(RawRecord("WARC/1.0\r\nWARC-Type: resource\r\n", "a") +
                              RawRecord("WARC/1.0\r\nWARC-Type: resource\r\n", "b"));
  std::string over = gzmulti::CompressMember(RecordSaying(20, "0123456789"));  // 6 bytes short
  std::string next = gzmulti::CompressMember(RawRecord("WARC/1.0\r\nWARC-Type: resource\r\n", "c"));
  Problems p;
  auto records = ReadAll(packed + over + next, &p);
  CHECK(p.list ==
        std::vector<std::string>{
            "offset 0: gzip member holds more than one record (not one record per member); its "
            "records are not listed",
            "offset " + std::to_string(packed.size()) +
                ": record spans more than one gzip member (not one record per member); not listed",
            "offset " + std::to_string(packed.size() + over.size()) +
                ": expected a WARC version line, found \".0\"; rest of its gzip member skipped"});
  CHECK(Locations(records) ==
        std::vector<std::string>{"0 unlisted", "0 unlisted",
                                 std::to_string(packed.size()) + " unlisted"});
  REQUIRE(records.size() == 3);
  CHECK(records[2].block == "0123456789\r\n\r\nWARC/1");
}

TEST_CASE("RecordReader: a header cut short by the end of its gzip member", "[warc][reader]") {
  WarcBuilder b = ThreeRecords(true);
  const std::string first = b.bytes.substr(0, b.lengths[0]);
  const std::string rest = b.bytes.substr(b.lengths[0]);
  // A header cut at a line end cannot go on in a member that starts with
  // "WARC/" (no header line does): the next record is located. Cut inside a
  // field, "WARC/" might be the rest of the field's value: the record that
  // seems to start there is reported, not located; the ones after it are.
  const struct {
    std::string member_data, problem;
    bool next_located;
  } cases[] = {
      {"WARC/1.0\r\nWARC-Type: response\r\nWARC-Targ",
       "record header cut short by the end of its gzip member", false},
      {"WARC/1.0\r\nWARC-Type: response\r", "record header cut short by the end of its gzip member",
       false},
      {"WARC/1.0\r\nWARC-Type: response\r\n",
       "record header cut short by the end of its gzip member", true},
      {"WARC/1.0\n", "record header cut short by the end of its gzip member", true},
      {"WAR", "record header cut short by the end of its gzip member", true},
      {"junk\n", "expected a WARC version line, found \"junk\"", true},
      {"junk", "expected a WARC version line, found \"junk\"", true},
  };
  for (const auto& c : cases) {
    std::string damaged = gzmulti::CompressMember(c.member_data);
    std::string input = first + damaged + rest;
    uint64_t next = first.size() + damaged.size();
    std::vector<std::string> problems{"offset " + std::to_string(first.size()) + ": " + c.problem +
                                      "; reading goes on at the next gzip member (offset " +
                                      std::to_string(next) + ")"};
    if (!c.next_located)
      problems.push_back("offset " + std::to_string(next) +
                         ": not listed: it may be the rest of the record at offset " +
                         std::to_string(first.size()) +
                         ", whose header the end of its gzip member cut short inside a field");
    for (const auto& [name, options] : GzipConfigs()) {
      INFO(name << ", member holding \"" << c.member_data << "\"");
      Problems p;
      auto records = ReadAll(input, &p, options);
      CHECK(p.list == problems);
      CHECK(Locations(records) ==
            std::vector<std::string>{
                "0+" + std::to_string(b.lengths[0]),
                c.next_located ? Located(next, b.lengths[1]) : std::to_string(next) + " unlisted",
                std::to_string(next + b.lengths[1]) + "+" + std::to_string(b.lengths[2])});
    }
  }
  // In the last member the input ends inside the header.
  Problems last;
  auto records =
      ReadAll(b.bytes + gzmulti::CompressMember("WARC/1.0\r\nWARC-Type: response\r\n"), &last);
  CHECK(last.list == std::vector<std::string>{"offset " + std::to_string(b.bytes.size()) +
                                              ": record header truncated (input ends inside it)"});
  CHECK(records.size() == 3);
}

TEST_CASE("RecordReader: a Content-Length shorter than its gzip member", "[warc][reader]") {
  WarcBuilder b = ThreeRecords(true);
  const std::string first = b.bytes.substr(0, b.lengths[0]);
  std::string bad = gzmulti::CompressMember(RecordSaying(7, "0123456789"));
  for (const auto& [name, options] : GzipConfigs()) {
    INFO(name);
    Problems p;
    warc::ReaderStats stats;
    auto records = ReadAll(first + bad + b.bytes.substr(b.lengths[0]), &p, options, &stats);
    CHECK(p.list == std::vector<std::string>{
                        "offset " + std::to_string(first.size()) +
                        ": Content-Length (7 bytes) is shorter than the record's gzip member: "
                        "found \"789\\x0d\\x0a\\x0d\\x0a\" after the block; rest of its gzip "
                        "member skipped"});
    uint64_t next = b.offsets[1] + bad.size();
    CHECK(Locations(records) ==
          std::vector<std::string>{
              "0+" + std::to_string(b.lengths[0]), std::to_string(first.size()) + " unlisted",
              std::to_string(next) + "+" + std::to_string(b.lengths[1]),
              std::to_string(next + b.lengths[1]) + "+" + std::to_string(b.lengths[2])});
    CHECK(stats.misaligned_records == 0);
  }
}
