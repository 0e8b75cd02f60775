// convert/arc_to_warc.h: the exact WARC header of each kind of ARC record
// (warcinfo, response, resource, metadata, a truncated block), the
// name-based record IDs, the stats, and a block over the in-memory limit
// (spooled) giving the same bytes as one held in memory. Record IDs and
// digests below are Python's: uuid.uuid5(uuid.NAMESPACE_URL, name) and
// base64.b32encode(hashlib.sha1(block).digest()).
#include <zlib.h>

#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "base/source.h"
#include "convert/arc_to_warc.h"
#include "warc/header_map.h"
#include "warc_test_util.h"

using warc::HeaderMap;
using Fields = std::vector<HeaderMap::Field>;

namespace {

// One ARC v1 record: the record line (its length counted), block, newline.
std::string Arc(std::string_view url, std::string_view ip, std::string_view date,
                std::string_view mime, std::string_view block) {
  std::string line(url);
  for (std::string_view part : {ip, date, mime}) line.append(" ").append(part);
  line.append(" ").append(std::to_string(block.size())).append("\n");
  return line.append(block).append("\n");
}

struct Converted {
  base::Status status;
  std::string warc;
  convert::ConvertStats stats;
  warc_test::Problems problems;
};

Converted Convert(const std::string& arc, const std::string& arc_name,
                  convert::ConvertOptions options) {
  Converted c;
  base::StringSource source(arc);
  c.status = convert::ConvertArc(
      &source, {arc_name, "kinds.warc"}, options,
      [&c](std::string_view data) {
        c.warc.append(data);
        return base::Status::Ok();
      },
      &c.problems, &c.stats);
  return c;
}

convert::ConvertOptions Plain() {
  convert::ConvertOptions options;
  options.gzip = false;
  return options;
}

// Every gzip member of data, inflated and joined; "" if a member is bad.
std::string GunzipAll(const std::string& data) {
  std::string out;
  size_t pos = 0;
  while (pos < data.size()) {
    z_stream z{};
    if (inflateInit2(&z, 31) != Z_OK) return "";
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data() + pos));
    z.avail_in = static_cast<uInt>(data.size() - pos);
    int rc = Z_OK;
    char buf[1 << 15];
    while (rc == Z_OK) {
      z.next_out = reinterpret_cast<Bytef*>(buf);
      z.avail_out = sizeof buf;
      rc = inflate(&z, Z_NO_FLUSH);
      out.append(buf, sizeof buf - z.avail_out);
    }
    size_t used = data.size() - pos - z.avail_in;
    inflateEnd(&z);
    if (rc != Z_STREAM_END) return "";
    pos += used;
  }
  return out;
}

const char kVersionBlock[] = "1 0 Kinds\nURL IP-address Archive-date Content-type Archive-length\n";
const char kHttp[] = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>hi</p>";
const char kDns[] = "20200102030407\nexample.com.\t60\tIN\tA\t192.0.2.1\n";

// filedesc, an HTTP response at a URL with a space, a dns: record, a
// non-HTTP block with "-" IP and a mime type that is no media type, a later
// filedesc, and a response the file cuts short (it claims 99 bytes).
std::string KindsArc() {
  return Arc("filedesc://kinds.arc", "0.0.0.0", "20200102030405", "text/plain", kVersionBlock) +
         Arc("http://example.com/a b", "192.0.2.1", "20200102030406", "text/html", kHttp) +
         Arc("dns:example.com", "192.0.2.53", "20200102030407", "text/dns", kDns) +
         Arc("http://example.com/e", "-", "20200102030408", "no-type", "hello") +
         Arc("filedesc://more.arc", "0.0.0.0", "20200102030409", "text/plain", kVersionBlock) +
         "http://example.com/cut 192.0.2.1 20200102030410 text/html 99\n"
         "HTTP/1.1 200 OK\r\n\r\npartial";
}

}  // namespace

TEST_CASE("ConvertedRecordId: uuid5 of arc2warc:NAME:OFFSET[:NTH]", "[convert]") {
  CHECK(convert::ConvertedRecordId("x.arc.gz", 0) ==
        "<urn:uuid:27b7da28-6a71-5e3b-9409-e7d0130fdb45>");
  CHECK(convert::ConvertedRecordId("x.arc.gz", 1234, 2) ==
        "<urn:uuid:d28fa819-b0a7-514f-9aad-b68d7ee8982d>");
  convert::RecordIds ids("x.arc.gz");
  CHECK(ids.Next(0) == convert::ConvertedRecordId("x.arc.gz", 0));
  CHECK(ids.Next(1234) == convert::ConvertedRecordId("x.arc.gz", 1234));
  CHECK(ids.Next(1234) == convert::ConvertedRecordId("x.arc.gz", 1234, 2));
  CHECK(ids.Next(5678) == convert::ConvertedRecordId("x.arc.gz", 5678));
}

TEST_CASE("ConvertArc: the exact header of each kind of record", "[convert]") {
  const std::string arc = KindsArc();
  for (const char* version : {"WARC/1.1", "WARC/1.0"}) {
    INFO(version);
    convert::ConvertOptions options = Plain();
    options.warc_version = version;
    Converted c = Convert(arc, "kinds.arc", options);
    REQUIRE(c.status.ok());
    CHECK(c.problems.list == std::vector<std::string>{
                                 "offset 519: record truncated (input ends 73 bytes before the end "
                                 "of its block)"});
    CHECK(c.stats.records_in == 6);
    CHECK(c.stats.records_out == 6);
    CHECK(c.stats.records_truncated == 1);
    CHECK(c.stats.problems == 1);
    CHECK(c.stats.bytes_in == arc.size());
    CHECK(c.stats.bytes_out == c.warc.size());

    warc_test::Problems p;
    auto records = warc_test::ReadAll(c.warc, &p);
    CHECK(p.list.empty());
    REQUIRE(records.size() == 6);
    for (const auto& r : records) CHECK(r.record.version == version);
    const std::string info = "<urn:uuid:a49da52a-414f-5afe-bdff-f0139ccd89d8>";
    CHECK(records[0].record.headers.fields() ==
          Fields{
              {"WARC-Type", "warcinfo"},
              {"WARC-Record-ID", info},
              {"WARC-Date", "2020-01-02T03:04:05Z"},
              {"WARC-Filename", "kinds.warc"},
              {"WARC-ARC-Header-Line", "filedesc://kinds.arc 0.0.0.0 20200102030405 text/plain 66"},
              {"Content-Type", "text/plain"},
              {"WARC-Block-Digest", "sha1:BUVNJJVV5FLF5IZCYDLSSX2K7MLMD6YV"},
              {"Content-Length", "66"}});
    CHECK(records[0].block == kVersionBlock);
    CHECK(records[1].record.headers.fields() ==
          Fields{{"WARC-Type", "response"},
                 {"WARC-Record-ID", "<urn:uuid:32dcdb55-8720-59dc-8dd8-a3a19f206f4b>"},
                 {"WARC-Warcinfo-ID", info},
                 {"WARC-Date", "2020-01-02T03:04:06Z"},
                 {"WARC-Target-URI", "http://example.com/a%20b"},
                 {"WARC-IP-Address", "192.0.2.1"},
                 {"WARC-ARC-Header-Line",
                  "http://example.com/a b 192.0.2.1 20200102030406 text/html 53"},
                 {"Content-Type", "application/http; msgtype=response"},
                 {"WARC-Block-Digest", "sha1:4GWN5IUVUTOH6N2ZSIBGFDP2SXRLRSK6"},
                 {"WARC-Payload-Digest", "sha1:W3N4WQRZLF5DWDHQ4HCTGEQSOELIOZM2"},
                 {"Content-Length", "53"}});
    CHECK(records[1].block == kHttp);
    CHECK(records[2].record.headers.fields() ==
          Fields{{"WARC-Type", "resource"},
                 {"WARC-Record-ID", "<urn:uuid:128e1333-7596-5c80-956b-7d8fffee02dd>"},
                 {"WARC-Warcinfo-ID", info},
                 {"WARC-Date", "2020-01-02T03:04:07Z"},
                 {"WARC-Target-URI", "dns:example.com"},
                 {"WARC-IP-Address", "192.0.2.53"},
                 {"WARC-ARC-Header-Line", "dns:example.com 192.0.2.53 20200102030407 text/dns 46"},
                 {"Content-Type", "text/dns"},
                 {"WARC-Block-Digest", "sha1:QLZN72736ULME26L3JPDC7EGJFHEANN4"},
                 {"WARC-Payload-Digest", "sha1:QLZN72736ULME26L3JPDC7EGJFHEANN4"},
                 {"Content-Length", "46"}});
    CHECK(records[2].block == kDns);
    CHECK(records[3].record.headers.fields() ==
          Fields{{"WARC-Type", "resource"},
                 {"WARC-Record-ID", "<urn:uuid:b62d0113-fdfa-5f3c-9cc2-0a86cd900d75>"},
                 {"WARC-Warcinfo-ID", info},
                 {"WARC-Date", "2020-01-02T03:04:08Z"},
                 {"WARC-Target-URI", "http://example.com/e"},
                 {"WARC-ARC-Header-Line", "http://example.com/e - 20200102030408 no-type 5"},
                 {"Content-Type", "application/octet-stream"},
                 {"WARC-Block-Digest", "sha1:VL2MMHO4YXUKFWV63YHTWSBM3GXKSQ2N"},
                 {"WARC-Payload-Digest", "sha1:VL2MMHO4YXUKFWV63YHTWSBM3GXKSQ2N"},
                 {"Content-Length", "5"}});
    CHECK(records[3].block == "hello");
    CHECK(
        records[4].record.headers.fields() ==
        Fields{{"WARC-Type", "metadata"},
               {"WARC-Record-ID", "<urn:uuid:0f7b491a-d513-5c03-9630-2d85b6169dba>"},
               {"WARC-Warcinfo-ID", info},
               {"WARC-Date", "2020-01-02T03:04:09Z"},
               {"WARC-Target-URI", "filedesc://more.arc"},
               {"WARC-ARC-Header-Line", "filedesc://more.arc 0.0.0.0 20200102030409 text/plain 66"},
               {"Content-Type", "text/plain"},
               {"WARC-Block-Digest", "sha1:BUVNJJVV5FLF5IZCYDLSSX2K7MLMD6YV"},
               {"Content-Length", "66"}});
    CHECK(records[4].block == kVersionBlock);
    CHECK(records[5].record.headers.fields() ==
          Fields{{"WARC-Type", "response"},
                 {"WARC-Record-ID", "<urn:uuid:79cc3436-ae0c-5c6c-bfbc-34e06141ca8a>"},
                 {"WARC-Warcinfo-ID", info},
                 {"WARC-Date", "2020-01-02T03:04:10Z"},
                 {"WARC-Target-URI", "http://example.com/cut"},
                 {"WARC-IP-Address", "192.0.2.1"},
                 {"WARC-ARC-Header-Line",
                  "http://example.com/cut 192.0.2.1 20200102030410 text/html 99"},
                 {"Content-Type", "application/http; msgtype=response"},
                 {"WARC-Truncated", "unspecified"},
                 {"WARC-Block-Digest", "sha1:2HUWYK7BOXUSOVGOHQ6LVJZG6S5WBHS3"},
                 {"WARC-Payload-Digest", "sha1:GVLQLT3CUVTGSMB5EVQ7FHQGECTHNQ3O"},
                 {"Content-Length", "26"}});
    CHECK(records[5].block == "HTTP/1.1 200 OK\r\n\r\npartial");
  }
}

TEST_CASE("ConvertArc: gzip output is one member per record, same records", "[convert]") {
  const std::string arc = KindsArc();
  Converted plain = Convert(arc, "kinds.arc", Plain());
  Converted gz = Convert(arc, "kinds.arc", {});
  REQUIRE(gz.status.ok());
  CHECK(GunzipAll(gz.warc) == plain.warc);
  warc_test::Problems p;
  auto records = warc_test::ReadAll(gz.warc, &p);
  CHECK(p.list.empty());
  REQUIRE(records.size() == 6);
  for (const auto& r : records) CHECK(r.located);  // each starts and ends its member
  CHECK(gz.stats.bytes_out == gz.warc.size());
}

TEST_CASE("ConvertArc: a record that cannot be converted is reported, the rest converted",
          "[convert]") {
  std::string arc =
      Arc("filedesc://x.arc", "0.0.0.0", "20200102030405", "text/plain", kVersionBlock) +
      Arc("http://example.com/nodate", "192.0.2.1", "-", "text/html", kHttp) +
      Arc("http://example.com/ok", "192.0.2.1", "20200102030406", "text/html", kHttp);
  Converted c = Convert(arc, "x.arc", Plain());
  REQUIRE(c.status.ok());
  CHECK(c.problems.list ==
        std::vector<std::string>{
            "offset 121: ARC response record with no date (\"-\"); not listed",
            "offset 121: ARC record has no date (\"-\"), which a WARC record must have; not "
            "converted"});
  CHECK(c.stats.records_in == 3);
  CHECK(c.stats.records_out == 2);
  warc_test::Problems p;
  auto records = warc_test::ReadAll(c.warc, &p);
  REQUIRE(records.size() == 2);
  CHECK(records[1].record.headers.First("WARC-Target-URI") == "http://example.com/ok");
}

TEST_CASE("ConvertArc: a block over the in-memory limit is spooled, the bytes unchanged",
          "[convert]") {
  // 5 MiB: past both the 4 MiB in-memory limit and SpillBuffer's own, so
  // the spool file is used; the filler is text with a counter, not one byte.
  std::string big = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n\r\n";
  for (int i = 0; big.size() < (5u << 20); ++i) big += "line " + std::to_string(i) + " of filler\n";
  std::string small(300 << 10, 'x');
  for (size_t i = 0; i < small.size(); i += 97) small[i] = static_cast<char>('a' + i % 26);
  const std::string arc =
      Arc("filedesc://big.arc", "0.0.0.0", "20200102030405", "text/plain", kVersionBlock) +
      Arc("http://example.com/big", "192.0.2.1", "20200102030406", "text/html", big) +
      Arc("http://example.com/small", "192.0.2.1", "20200102030407", "text/plain", small) +
      Arc("http://example.com/after", "192.0.2.1", "20200102030408", "text/html", kHttp);

  convert::ConvertOptions in_memory = Plain();
  in_memory.in_memory_limit = 64 << 20;
  Converted held = Convert(arc, "big.arc", in_memory);
  REQUIRE(held.status.ok());
  CHECK(held.problems.list.empty());
  CHECK(held.stats.records_out == 4);
  convert::ConvertOptions spooled = Plain();  // the default limit, 4 MiB
  Converted spool = Convert(arc, "big.arc", spooled);
  REQUIRE(spool.status.ok());
  CHECK(spool.warc == held.warc);
  spooled.in_memory_limit = 64 << 10;  // the 300 KiB block too
  CHECK(Convert(arc, "big.arc", spooled).warc == held.warc);

  // gzip: valid members holding the same records, however compressed.
  for (uint64_t limit : {uint64_t{64} << 10, uint64_t{64} << 20}) {
    INFO("in_memory_limit " << limit);
    convert::ConvertOptions gzip;
    gzip.in_memory_limit = limit;
    Converted gz = Convert(arc, "big.arc", gzip);
    REQUIRE(gz.status.ok());
    CHECK(GunzipAll(gz.warc) == held.warc);
    warc_test::Problems p;
    auto records = warc_test::ReadAll(gz.warc, &p);
    CHECK(p.list.empty());
    REQUIRE(records.size() == 4);
    for (const auto& r : records) CHECK(r.located);
    CHECK(records[1].block == big);
    CHECK(records[2].block == small);
  }

  // The spool file is where temp_dir says: one that cannot be made is an
  // error of the output, not of the input.
  spooled.temp_dir = "/nonexistent/arc2warc-test";
  Converted failed = Convert(arc, "big.arc", spooled);
  CHECK(failed.status.code() == base::Status::Code::kIOError);
  CHECK(failed.problems.list.empty());
}
