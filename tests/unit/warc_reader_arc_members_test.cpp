// warc/reader.h, RecordReader over gzip ARC files whose members end before
// their record's length: a member shorter than the length its record line
// claims, and a file cut inside its last member.
#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "base/source.h"
#include "gzmulti/member_writer.h"
#include "gzmulti/segment_reader.h"
#include "warc/reader.h"
#include "warc_test_util.h"

using warc_test::Located;
using warc_test::Locations;
using warc_test::Problems;
using warc_test::ReadAll;

namespace {

// One ARC record: its line (claiming `length` bytes) and block, then LF.
std::string ArcRecord(const std::string& url, const std::string& block, size_t length) {
  return url + " 10.0.0.1 20200102030405 text/html " + std::to_string(length) + "\n" + block + "\n";
}

std::string ArcRecord(const std::string& url, const std::string& block) {
  return ArcRecord(url, block, block.size());
}

const std::string kFiledesc = ArcRecord(
    "filedesc://x.arc", "1 0 test\nURL IP-address Archive-date Content-type Archive-length");
const std::string kBody = "HTTP/1.1 200 OK\r\n\r\nshort body";

}  // namespace

TEST_CASE("RecordReader: an ARC gzip member shorter than its record's length",
          "[warc][reader][arc]") {
  const std::string m0 = gzmulti::CompressMember(kFiledesc);
  const std::string bad = gzmulti::CompressMember(ArcRecord("http://e.com/short", kBody, 100));
  const std::string m2 = gzmulti::CompressMember(ArcRecord("http://e.com/next", kBody));
  const uint64_t at1 = m0.size(), at2 = at1 + bad.size();
  // A large input window shows the next member's whole record line, which
  // tells that an ARC record starts there (a tiny one may not: then the short
  // record reads on, and is reported as spanning members).
  gzmulti::ReaderOptions streaming;
  streaming.fast_path = false;
  for (const auto& options : {gzmulti::ReaderOptions{}, streaming}) {
    Problems p;
    auto records = ReadAll(m0 + bad + m2, &p, options);
    CHECK(p.list ==
          std::vector<std::string>{
              "offset " + std::to_string(at1) +
                  ": length (100 bytes) is longer than the record's gzip member, which ends "
                  "after 30 bytes of block; reading goes on at the next gzip member (offset " +
                  std::to_string(at2) + ")",
              "offset " + std::to_string(at2) +
                  ": not listed: it lies inside the block the record at offset " +
                  std::to_string(at1) + " claims (length 100)"});
    REQUIRE(records.size() == 3);
    CHECK(Locations(records) == std::vector<std::string>{Located(0, m0.size()),
                                                         std::to_string(at1) + " unlisted",
                                                         std::to_string(at2) + " unlisted"});
    CHECK(records[1].block == kBody + "\n");
    CHECK(records[2].block == kBody);
    CHECK(records[2].record.arc_line.find("http://e.com/next") == 0);
  }
}

TEST_CASE("RecordReader: a member after a short one that starts with no ARC record line",
          "[warc][reader][arc]") {
  // The short record's block may go on there: it is read on, across the
  // member end, and reported (the old, safe reading).
  const std::string m0 = gzmulti::CompressMember(kFiledesc);
  const std::string bad = gzmulti::CompressMember(ArcRecord("http://e.com/a", "12345", 12));
  const std::string rest = gzmulti::CompressMember("678901\n");
  Problems p;
  auto records = ReadAll(m0 + bad + rest, &p);
  REQUIRE(records.size() == 2);
  CHECK(records[1].block == "12345\n678901");
  CHECK(p.list == std::vector<std::string>{
                      "offset " + std::to_string(m0.size()) +
                      ": record spans more than one gzip member (not one record per member); "
                      "not listed"});
}

TEST_CASE("RecordReader: a gzip ARC file cut inside its last member", "[warc][reader][arc]") {
  const std::string big(5000, 'x');
  const std::string m0 = gzmulti::CompressMember(kFiledesc);
  // Level 0 (stored blocks): the bytes before the cut inflate exactly.
  const std::string last = gzmulti::CompressMember(ArcRecord("http://e.com/big", big), 0);
  const std::string cut = m0 + last.substr(0, last.size() - 1000);
  Problems p;
  auto records = ReadAll(cut, &p);
  REQUIRE(records.size() == 2);
  CHECK(!records[1].located);
  CHECK(!records[1].block.empty());
  CHECK(records[1].block.size() < big.size());
  CHECK(big.compare(0, records[1].block.size(), records[1].block) == 0);
  REQUIRE(p.list.size() == 1);
  CHECK(p.list[0].find("offset " + std::to_string(m0.size()) + ": gzip member truncated") == 0);

  // The bytes there are are the record's own: the reader says how many are
  // missing, as for a plain file cut short (a converter keeps the record).
  base::StringSource source(cut);
  Problems again;
  warc::RecordReader reader(&source, {}, &again);
  warc::Record record;
  REQUIRE(reader.Next(&record));
  uint64_t length;
  CHECK(reader.Finish(&length));
  REQUIRE(reader.Next(&record));
  std::string_view piece;
  uint64_t read = 0;
  while (reader.ReadBlock(&piece)) read += piece.size();
  CHECK_FALSE(reader.Finish(&length));
  CHECK(reader.block_missing() == big.size() - read);
}
