// warc/reader.h, RecordReader over damaged input: bad and missing
// Content-Length, truncated blocks and members, damaged members, blocks not
// followed by CRLF CRLF, and damage that may have swallowed records.
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "gzmulti/member_writer.h"
#include "gzmulti/segment_reader.h"
#include "warc/reader.h"
#include "warc/record.h"
#include "warc_test_util.h"

using warc_test::kHttpBlock;
using warc_test::Located;
using warc_test::Locations;
using warc_test::Problems;
using warc_test::RawRecord;
using warc_test::ReadAll;
using warc_test::RecordSaying;
using warc_test::ThreeRecords;
using warc_test::WarcBuilder;

TEST_CASE("RecordReader: bad Content-Length in a gzip member", "[warc][reader]") {
  WarcBuilder b = ThreeRecords(true);
  std::string bad = gzmulti::CompressMember(
      "WARC/1.0\r\nWARC-Type: response\r\nContent-Length: x1\r\n\r\nHTTP/1.1 200 "
      "OK\r\n\r\n\r\n\r\n");
  // warcinfo, the bad record, then response and resource.
  std::string first = b.bytes.substr(0, b.lengths[0]);
  std::string input = first + bad + b.bytes.substr(b.lengths[0]);
  Problems p;
  auto records = ReadAll(input, &p);
  CHECK(p.list == std::vector<std::string>{"offset " + std::to_string(first.size()) +
                                           ": bad Content-Length \"x1\"; rest of its gzip member "
                                           "skipped"});
  uint64_t shift = bad.size();
  CHECK(Locations(records) ==
        std::vector<std::string>{
            "0+" + std::to_string(b.lengths[0]),
            std::to_string(b.offsets[1] + shift) + "+" + std::to_string(b.lengths[1]),
            std::to_string(b.offsets[2] + shift) + "+" + std::to_string(b.lengths[2])});
}

TEST_CASE("RecordReader: bad and missing Content-Length in a plain file", "[warc][reader]") {
  WarcBuilder b = ThreeRecords(false);
  std::string bad = "WARC/1.0\r\nWARC-Type: response\r\nContent-Length: x1\r\n\r\nabc\r\n\r\n";
  std::string input = b.bytes.substr(0, b.lengths[0]) + bad + b.bytes.substr(b.lengths[0]);
  Problems p;
  auto records = ReadAll(input, &p);
  CHECK(p.list ==
        std::vector<std::string>{"offset " + std::to_string(b.lengths[0]) +
                                 ": bad Content-Length \"x1\"; rest of file not read (no safe way "
                                 "to find the next record in an uncompressed file)"});
  CHECK(Locations(records) == std::vector<std::string>{"0+" + std::to_string(b.lengths[0])});

  Problems missing;
  auto none = ReadAll("WARC/1.0\r\nWARC-Type: resource\r\n\r\nabc\r\n\r\n", &missing);
  CHECK(none.empty());
  CHECK(missing.list == std::vector<std::string>{
                            "offset 0: missing Content-Length; rest of file not read (no safe way "
                            "to find the next record in an uncompressed file)"});
}

TEST_CASE("RecordReader: truncated blocks are reported and not located", "[warc][reader]") {
  WarcBuilder b = ThreeRecords(false);
  // Plain: the file ends 10 bytes into the last record's 13-byte block.
  size_t block_start = b.bytes.find("resource body");
  std::string plain = b.bytes.substr(0, block_start + 3);
  Problems p;
  auto records = ReadAll(plain, &p);
  CHECK(p.list == std::vector<std::string>{
                      "offset " + std::to_string(b.offsets[2]) +
                      ": record truncated (input ends 10 bytes before the end of its block)"});
  CHECK(Locations(records) ==
        std::vector<std::string>{"0+" + std::to_string(b.lengths[0]),
                                 std::to_string(b.offsets[1]) + "+" + std::to_string(b.lengths[1]),
                                 std::to_string(b.offsets[2]) + " unlisted"});
  CHECK(records[2].block == "res");

  // gzip, intact member whose Content-Length promises more than it holds.
  WarcBuilder g = ThreeRecords(true);
  std::string short_member = gzmulti::CompressMember(
      "WARC/1.0\r\nWARC-Type: resource\r\nContent-Length: 100\r\n\r\n" + std::string(40, 'z'));
  Problems pg;
  auto grecords = ReadAll(g.bytes + short_member, &pg);
  CHECK(pg.list == std::vector<std::string>{
                       "offset " + std::to_string(g.bytes.size()) +
                       ": record truncated (input ends 60 bytes before the end of its block)"});
  REQUIRE(grecords.size() == 4);
  CHECK_FALSE(grecords[3].located);

  // gzip, the compressed stream itself cut short inside the last member.
  std::string cut = g.bytes.substr(0, g.bytes.size() - 12);
  uint64_t into = g.lengths[2] - 12;
  for (int config = 0; config < 3; ++config) {
    gzmulti::ReaderOptions o;
    o.fast_path = config == 0;
    if (config == 2) o.stream_backend = gzmulti::StreamBackend::kZlib;
    INFO("config " << config);
    Problems pc;
    warc::ReaderStats stats;
    auto crecords = ReadAll(cut, &pc, o, &stats);
    CHECK(pc.list ==
          std::vector<std::string>{"offset " + std::to_string(g.offsets[2]) +
                                   ": gzip member truncated (input ends " + std::to_string(into) +
                                   " bytes into it); no further gzip member found (" +
                                   std::to_string(into) + " bytes skipped)"});
    CHECK(
        Locations(crecords) ==
        std::vector<std::string>{"0+" + std::to_string(g.lengths[0]),
                                 std::to_string(g.offsets[1]) + "+" + std::to_string(g.lengths[1]),
                                 std::to_string(g.offsets[2]) + " unlisted"});
    CHECK(stats.bytes_skipped == into);
  }
}

TEST_CASE("RecordReader: a damaged member is skipped, the next one read", "[warc][reader]") {
  WarcBuilder g = ThreeRecords(true);
  std::string input = g.bytes;
  input[g.offsets[2] - 8] ^= 0x10;  // CRC-32 of the response's member
  gzmulti::ReaderOptions zlib;
  zlib.fast_path = false;
  zlib.stream_backend = gzmulti::StreamBackend::kZlib;
  Problems p;
  warc::ReaderStats stats;
  auto records = ReadAll(input, &p, zlib, &stats);
  CHECK(p.list == std::vector<std::string>{"offset " + std::to_string(g.offsets[1]) +
                                           ": corrupt gzip member: CRC-32 mismatch; skipped " +
                                           std::to_string(g.lengths[1]) +
                                           " bytes to the next gzip member at offset " +
                                           std::to_string(g.offsets[2])});
  // The small member is inflated in one step that ends with the trailer
  // error, so the damaged record is not even seen; the next one is located.
  CHECK(Locations(records) == std::vector<std::string>{"0+" + std::to_string(g.lengths[0]),
                                                       std::to_string(g.offsets[2]) + "+" +
                                                           std::to_string(g.lengths[2])});
  CHECK(records.back().block == "resource body");
  CHECK(stats.bytes_skipped == g.lengths[1]);
  CHECK(stats.records == 2);
}

TEST_CASE("RecordReader: plain file, the block must be followed by CRLF CRLF", "[warc][reader]") {
  const std::string next = RawRecord("WARC/1.0\r\nWARC-Type: resource\r\n", "next");
  const std::string head = "WARC/1.0\r\nWARC-Type: resource\r\nContent-Length: ";
  // CRLF CRLF, or nothing at all (a writer that leaves out trailers) before
  // the next record or the end of the input.
  for (std::string trailer : {"\r\n\r\n", ""}) {
    // The block's size moves "WARC/" across the 64-byte window's edges.
    for (size_t size = 0; size < 70; ++size) {
      std::string block(size, 'x');
      std::string record = head + std::to_string(size) + "\r\n\r\n" + block + trailer;
      std::string second = trailer.empty() ? next.substr(0, next.size() - 4) : next;
      for (size_t window : {size_t{0}, size_t{64}}) {
        INFO("trailer \"" << trailer << "\", block of " << size << ", window " << window);
        gzmulti::ReaderOptions o;
        o.input_buffer_size = window;
        Problems p;
        auto records = ReadAll(record + second, &p, o);
        CHECK(p.list.empty());
        REQUIRE(Locations(records) ==
                std::vector<std::string>{"0+" + std::to_string(record.size()),
                                         Located(record.size(), second.size())});
        CHECK(records[0].block == block);
      }
    }
    Problems at_end;
    std::string last = head + "3\r\n\r\nabc" + trailer;
    CHECK(Locations(ReadAll(last, &at_end)) ==
          std::vector<std::string>{"0+" + std::to_string(last.size())});
    CHECK(at_end.list.empty());
  }
  // Anything else is what a Content-Length one or two bytes off leaves when
  // the bytes around the block's end are CR or LF: reported at the record.
  for (std::string trailer :
       {"\n\n", "\r\r\n\r\r\n", "\n\r\n\r\n", "\r\n\r\n\r\n", "\r\n", "\n", "\r"}) {
    std::string record = head + "3\r\n\r\nabc" + trailer;
    for (const std::string& after : {next, std::string()}) {
      INFO("trailer \"" << trailer << "\"" << (after.empty() ? " at the end" : ""));
      Problems p;
      auto records = ReadAll(record + after, &p);
      CHECK(Locations(records) == std::vector<std::string>{"0 unlisted"});
      REQUIRE(p.list.size() == 1);
      CHECK(p.list[0].find("offset 0: Content-Length (3 bytes) does not end the record: expected "
                           "CRLF CRLF after the block, found \"") == 0);
    }
  }
  // A whole file written without trailers: every record is read.
  WarcBuilder three = ThreeRecords(false);
  std::string bare;
  std::vector<std::string> bare_locations;
  for (size_t i = 0; i < 3; ++i) {
    std::string record = three.bytes.substr(three.offsets[i], three.lengths[i]);
    REQUIRE(record.substr(record.size() - 4) == "\r\n\r\n");
    record.resize(record.size() - 4);
    bare_locations.push_back(std::to_string(bare.size()) + "+" + std::to_string(record.size()));
    bare += record;
  }
  Problems no_trailer;
  auto bare_records = ReadAll(bare, &no_trailer);
  CHECK(Locations(bare_records) == bare_locations);
  CHECK(no_trailer.list.empty());
  REQUIRE(bare_records.size() == 3);
  CHECK(bare_records[1].block == kHttpBlock);
  // But in a file whose records have their trailers, a record followed by
  // "WARC/" with no newline at all has a wrong Content-Length (the "WARC/"
  // may be a WARC file inside its block): reported, and reading stops.
  const std::string with_trailer = head + "3\r\n\r\nabc\r\n\r\n";
  const std::string short_by_trailer = head + "3\r\n\r\nabc";
  {
    Problems p;
    auto records = ReadAll(with_trailer + short_by_trailer + next, &p);
    CHECK(Locations(records) ==
          std::vector<std::string>{"0+" + std::to_string(with_trailer.size()),
                                   std::to_string(with_trailer.size()) + " unlisted"});
    REQUIRE(p.list.size() == 1);
    CHECK(p.list[0].find("offset " + std::to_string(with_trailer.size()) +
                         ": Content-Length (3 bytes) does not end the record") == 0);
    // One newline of the trailer (pywb's example-extra.warc has it after a
    // revisit) is a Content-Length two bytes too long just as well.
    Problems one;
    CHECK(Locations(ReadAll(with_trailer + short_by_trailer + "\r\n" + next, &one)) ==
          std::vector<std::string>{"0+" + std::to_string(with_trailer.size()),
                                   std::to_string(with_trailer.size()) + " unlisted"});
    CHECK(one.list.size() == 1);
    // And at the end of the file too.
    Problems end;
    CHECK(Locations(ReadAll(with_trailer + short_by_trailer, &end)) ==
          std::vector<std::string>{"0+" + std::to_string(with_trailer.size()),
                                   std::to_string(with_trailer.size()) + " unlisted"});
    CHECK(end.list == std::vector<std::string>{
                          "offset " + std::to_string(with_trailer.size()) +
                          ": Content-Length (3 bytes) does not end the record: expected CRLF CRLF "
                          "after the block, found \"\" and the end of the file"});
  }
  // In a file without trailers, a record followed by CRLF CRLF is as wrong.
  // So a first record whose Content-Length is 4 bytes too long (it takes in
  // CRLF CRLF) reads as a file without trailers, and the next record's
  // trailer gives it away.
  {
    Problems p;
    auto records = ReadAll(short_by_trailer + with_trailer, &p);
    CHECK(Locations(records) ==
          std::vector<std::string>{"0+" + std::to_string(short_by_trailer.size()),
                                   std::to_string(short_by_trailer.size()) + " unlisted"});
    CHECK(p.list == std::vector<std::string>{
                        "offset " + std::to_string(short_by_trailer.size()) +
                        ": Content-Length (3 bytes) does not end the record: expected the next "
                        "record right after the block (no record in this file so far has a "
                        "trailer), found \"\\x0d\\x0a\\x0d\\x0a\" and the end of the file"});
    Problems swallowed;
    const std::string four_over = RecordSaying(14, "0123456789");
    CHECK(Locations(ReadAll(four_over + next, &swallowed)) ==
          std::vector<std::string>{"0+" + std::to_string(four_over.size()),
                                   std::to_string(four_over.size()) + " unlisted"});
    CHECK(swallowed.list.size() == 1);
  }
  // A warcinfo record may lack the trailer that the others have (as
  // ia-web-commons writes it, in pywb's example-url-agnostic-*.warc.gz).
  {
    const std::string info = "WARC/1.0\r\nWARC-Type: warcinfo\r\nContent-Length: 3\r\n\r\nabc";
    Problems p;
    auto records = ReadAll(info + with_trailer + with_trailer, &p);
    CHECK(p.list.empty());
    CHECK(Locations(records) ==
          std::vector<std::string>{
              "0+" + std::to_string(info.size()), Located(info.size(), with_trailer.size()),
              Located(info.size() + with_trailer.size(), with_trailer.size())});
  }

  // Anything else after the block: the Content-Length is wrong. The record is
  // reported at its own offset, not listed, and the rest of the file is not
  // read (there is no safe way to find the next record).
  WarcBuilder b = ThreeRecords(false);
  const std::string first = b.bytes.substr(0, b.lengths[0]);
  const std::string second = "WARC/1.0\r\nWARC-Type: resource\r\n";
  const struct {
    std::string record, found;
  } cases[] = {
      // 50 bytes too long: the block ends inside the next record's header.
      {RecordSaying(60, "0123456789"), "\": http://example.com/\\x0d\\x0aWARC-Date: 2024-0...\""},
      // No newline, then no record.
      {head + "3\r\n\r\nabcJUNK\r\n\r\n",
       "\"JUNK\\x0d\\x0a\\x0d\\x0aWARC/1.0\\x0d\\x0aWARC-Type: response\\x0d\\x0aW...\""},
      // Too short.
      {RecordSaying(9, "0123456789"),
       "\"9\\x0d\\x0a\\x0d\\x0aWARC/1.0\\x0d\\x0aWARC-Type: response\\x0d\\x0aWARC...\""},
      // One newline, then no record.
      {head + "3\r\n\r\nabc\r\nJUNK\r\n\r\n",
       "\"\\x0d\\x0aJUNK\\x0d\\x0a\\x0d\\x0aWARC/1.0\\x0d\\x0aWARC-Type: response\\x0d...\""},
  };
  for (const auto& c : cases) {
    std::string input = first + c.record + b.bytes.substr(b.lengths[0]);
    for (size_t window : {size_t{0}, size_t{64}}) {
      INFO(c.record << ", window " << window);
      gzmulti::ReaderOptions o;
      o.input_buffer_size = window;
      Problems p;
      auto records = ReadAll(input, &p, o);
      uint64_t stated = std::stoull(c.record.substr(c.record.find("Length: ") + 8));
      CHECK(p.list == std::vector<std::string>{
                          "offset " + std::to_string(first.size()) + ": Content-Length (" +
                          std::to_string(stated) +
                          " bytes) does not end the record: expected CRLF CRLF after the block, "
                          "found " +
                          c.found +
                          "; rest of file not read (no safe way to find the next record in an "
                          "uncompressed file)"});
      CHECK(Locations(records) ==
            std::vector<std::string>{"0+" + std::to_string(first.size()),
                                     std::to_string(first.size()) + " unlisted"});
    }
  }
}

TEST_CASE("RecordReader: damage that may have swallowed records is flagged", "[warc][reader]") {
  const std::string c0 = RawRecord("WARC/1.0\r\nWARC-Type: resource\r\n", "first");
  const std::string revisit = RawRecord("WARC/1.0\r\nWARC-Type: revisit\r\n", "");
  const std::string c = RawRecord("WARC/1.0\r\nWARC-Type: resource\r\n", "last");
  // A's Content-Length takes in its trailer and a whole revisit record, so
  // A runs straight into the next record without a trailer of its own.
  const std::string a_block = "swallower\r\n\r\n" + revisit;
  const std::string a =
      "WARC/1.0\r\nWARC-Type: resource\r\nContent-Length: " + std::to_string(a_block.size()) +
      "\r\n\r\n" + a_block;
  for (bool one_stream : {true, false}) {
    INFO((one_stream ? "one gzip stream" : "plain"));
    std::string plain = c0 + a + c;
    std::string input = one_stream ? gzmulti::CompressMember(plain) : plain;
    Problems p;
    warc::ReaderStats stats;
    auto records = ReadAll(input, &p, {}, &stats);
    CHECK(stats.damaged);
    for (const auto& r : records) CHECK(r.record.type != warc::kRevisit);  // swallowed
  }
  // The same stream without the damage: records off member boundaries, no damage.
  Problems healthy;
  warc::ReaderStats stats;
  auto records = ReadAll(gzmulti::CompressMember(c0 + revisit + c), &healthy, {}, &stats);
  CHECK(records.size() == 3);
  CHECK(stats.misaligned_records == 3);
  CHECK_FALSE(stats.damaged);
  // A record spanning members may have swallowed some too.
  std::string spanning =
      gzmulti::CompressMember(c0.substr(0, 30)) + gzmulti::CompressMember(c0.substr(30));
  ReadAll(spanning, &healthy, {}, &stats);
  CHECK(stats.damaged);
}
