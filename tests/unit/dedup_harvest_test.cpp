// dedup::HarvestReferences: the references a damaged file may hold.
#include <zlib.h>

#include <catch2/catch.hpp>

#include "base/source.h"
#include "dedup/harvest.h"

namespace {

std::string Record(const std::string& type, const std::string& uri,
                   const std::vector<std::string>& extra, const std::string& block) {
  std::string h = "WARC/1.1\r\nWARC-Type: " + type + "\r\nWARC-Target-URI: " + uri +
                  "\r\nWARC-Date: 2021-01-01T00:00:00Z\r\n";
  for (const auto& e : extra) h += e + "\r\n";
  return h + "Content-Length: " + std::to_string(block.size()) + "\r\n\r\n" + block + "\r\n\r\n";
}

// One gzip member; the header is flushed apart from the rest, so that a
// corrupt byte in the rest leaves it readable.
std::string Gzip(const std::string& head, const std::string& rest = "") {
  z_stream zs{};
  REQUIRE(deflateInit2(&zs, 9, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(head.size() + rest.size() + 1024, '\0');
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(head.data()));
  zs.avail_in = static_cast<uInt>(head.size());
  REQUIRE(deflate(&zs, Z_FULL_FLUSH) == Z_OK);
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(rest.data()));
  zs.avail_in = static_cast<uInt>(rest.size());
  REQUIRE(deflate(&zs, Z_FINISH) == Z_STREAM_END);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  return out;
}

std::string Harvest(const std::string& bytes, dedup::HarvestStats* stats) {
  base::StringSource source(bytes);
  std::string lines;
  auto s = dedup::HarvestReferences(
      &source,
      [&](std::string* l) {
        lines += *l;
        l->clear();
      },
      stats);
  CHECK(s.ok());
  return lines;
}

const std::string kHttp = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n";

std::string Noise(size_t n) {
  std::string s;
  uint32_t x = 12345;
  for (size_t i = 0; i < n; ++i) {
    x = x * 1103515245 + 12345;
    s += static_cast<char>('a' + (x >> 16) % 26);
  }
  return s;
}

}  // namespace

TEST_CASE("harvest: a gzip file with a corrupt member holding a revisit", "[warc][harvest]") {
  std::string revisit =
      Record("revisit", "http://rev.example/",
             {"WARC-Refers-To: <urn:uuid:1>", "WARC-Refers-To-Target-URI: http://orig.example/a b",
              "WARC-Refers-To-Date: 2020-01-01T00:00:00Z"},
             kHttp);
  std::string corrupt = Gzip(revisit, Noise(20000));
  // Damage well past the header: the member stops inflating there.
  for (size_t i = corrupt.size() / 2; i < corrupt.size() / 2 + 64; ++i) corrupt[i] = '\xff';
  std::string file = Gzip(Record("response", "http://a.example/", {}, kHttp + "page")) + corrupt +
                     Gzip(Record("response", "http://b.example/", {}, kHttp + "page"));
  dedup::HarvestStats stats;
  CHECK(Harvest(file, &stats) ==
        "record <urn:uuid:1>\n"
        "uri http://orig.example/a%20b\n"
        "uri http://rev.example/\n"
        "capture http://orig.example/a%20b 2020-01-01T00:00:00Z\n");
  CHECK(stats.members == 2);
  CHECK(stats.broken_members >= 1);
  CHECK(stats.bytes == file.size());
  CHECK(stats.Complete());
}

TEST_CASE("harvest: a plain file with a cut record and a swallowed revisit", "[warc][harvest]") {
  // A response whose Content-Length swallows the revisit after it, then a
  // revisit cut inside its header.
  std::string swallowing = Record("response", "http://a.example/", {}, kHttp + "page");
  size_t at = swallowing.find("Content-Length: ");
  swallowing.replace(at, swallowing.find('\r', at) - at, "Content-Length: 99999");
  std::string hidden = Record("revisit", "http://hidden.example/", {}, kHttp);
  std::string cut = Record("revisit", "http://cut.example/",
                           {"WARC-Refers-To-Target-URI: http://orig.example/"}, kHttp);
  cut.resize(cut.find("WARC-Refers-To-Target-URI: http://orig.ex"));
  cut += "WARC-Refers-To-Target-URI: http://orig.ex";
  dedup::HarvestStats stats;
  CHECK(Harvest(swallowing + hidden + cut, &stats) ==
        "uri http://hidden.example/\n"
        "uri http://orig.ex\n"
        "uri http://cut.example/\n");
  CHECK(stats.members == 0);
  CHECK(stats.Complete());
}

TEST_CASE("harvest: blocks that may be revisits give their URI", "[warc][harvest]") {
  dedup::HarvestStats stats;
  // No WARC-Type line (lost): may be a revisit. A revisit profile without a
  // type. A cut line running into the next record's version line.
  std::string text =
      "WARC-Target-URI: http://untyped.example/\r\n\r\n"
      "WARC/1.0\r\nWARC-Target-URI: <http://profiled.example/>\r\n"
      "WARC-Profile: http://netpreserve.org/warc/1.0/revisit/identical-payload-digest\r\n\r\n"
      "WARC/1.0\r\nWARC-Type: revisit\r\nWARC-Target-URI: http://joined.example/\r\nWARC-Da"
      "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://response.example/\r\n\r\n"
      "WARC/1.0\r\nwarc-type: REVISIT\r\n\r\n";
  CHECK(Harvest(text, &stats) ==
        "uri http://untyped.example/\n"
        "uri http://profiled.example/\n"
        "uri http://joined.example/\n");
  CHECK(stats.revisits_without_uri == 1);
  CHECK(stats.Complete());
}

TEST_CASE("harvest: a field of interest too long to read makes it incomplete", "[warc][harvest]") {
  dedup::HarvestStats stats;
  std::string text = "WARC/1.0\r\nWARC-Type: revisit\r\nWARC-Refers-To-Target-URI: http://a/" +
                     std::string(2 << 20, 'x') + "\r\nWARC-Target-URI: http://b/\r\n\r\n";
  CHECK(Harvest(text, &stats) == "uri http://b/\n");
  CHECK(stats.long_fields == 1);
  CHECK_FALSE(stats.Complete());
  // Long lines of anything else are passed over.
  dedup::HarvestStats other;
  Harvest(std::string(3 << 20, 'y') + "\n", &other);
  CHECK(other.Complete());
}

TEST_CASE("harvest: folded fields are unfolded, as the reader does", "[warc][harvest]") {
  // WARC 1.1 section 4: a value may continue on lines starting with a space or tab.
  dedup::HarvestStats stats;
  std::string text =
      "WARC/1.1\r\nWARC-Type: revisit\r\nWARC-Target-URI: http://r.example/\r\n"
      "WARC-Refers-To-Target-URI:\r\n http://o.example/\r\nWARC-Refers-To:\r\n\t<urn:uuid:1>\r\n"
      "WARC-Refers-To-Date: 2020-01-01T00:00:00Z\r\n\r\n";
  CHECK(Harvest(text, &stats) ==
        "uri http://o.example/\n"
        "record <urn:uuid:1>\n"
        "uri http://r.example/\n"
        "capture http://o.example/ 2020-01-01T00:00:00Z\n");
  CHECK(stats.Complete());
}

TEST_CASE("harvest: a Refers-To field without a value makes it incomplete", "[warc][harvest]") {
  for (std::string field :
       {"WARC-Refers-To-Target-URI:", "WARC-Refers-To: <>", "WARC-Refers-To:\r\n  "}) {
    dedup::HarvestStats stats;
    Harvest("WARC/1.1\r\nWARC-Type: revisit\r\nWARC-Target-URI: http://r.example/\r\n" + field +
                "\r\n\r\n",
            &stats);
    CHECK(stats.empty_refers == 1);
    CHECK_FALSE(stats.Complete());
  }
  // Cut right after the name.
  dedup::HarvestStats cut;
  CHECK(Harvest("WARC/1.1\r\nWARC-Type: revisit\r\nWARC-Refers-To-Target-URI:", &cut) == "");
  CHECK_FALSE(cut.Complete());
}

TEST_CASE("harvest: a revisit without any URI or ID is counted, not feared", "[warc][harvest]") {
  // A page quoting WARC headers: no replay tool could index such a revisit.
  dedup::HarvestStats stats;
  Harvest("<pre>\nWARC-Type: revisit\n\nis how a revisit starts</pre>\n", &stats);
  CHECK(stats.revisits_without_uri == 1);
  CHECK(stats.Complete());
}

TEST_CASE("harvest: a compression bomb stays bounded", "[warc][harvest]") {
  // Repeated lines are given once; emitted batches stay small.
  std::string repeated;
  for (int i = 0; i < 200000; ++i)
    repeated += "WARC-Refers-To: <urn:uuid:1>\r\nWARC-Refers-To: <urn:uuid:2>\r\n";
  dedup::HarvestStats stats;
  CHECK(Harvest(Gzip(repeated), &stats) == "record <urn:uuid:1>\nrecord <urn:uuid:2>\n");
  CHECK(stats.lines == 2);
  // Distinct lines that compress well: no batch much over 1 MiB.
  std::string distinct, pad(1000, 'x');
  for (int i = 0; i < 20000; ++i)
    distinct += "WARC-Refers-To: <" + pad + std::to_string(i) + ">\r\n";
  base::StringSource source(Gzip(distinct));
  size_t largest = 0, total = 0;
  dedup::HarvestStats big;
  CHECK(dedup::HarvestReferences(
            &source,
            [&](std::string* l) {
              largest = std::max(largest, l->size());
              total += l->size();
              l->clear();
            },
            &big)
            .ok());
  CHECK(big.lines == 20000);
  CHECK(total > (16u << 20));
  CHECK(largest < (3u << 20) / 2);
  CHECK(big.Complete());
  // Past the cap of lines for one file, it is incomplete.
  base::StringSource again(Gzip(distinct));
  dedup::HarvestStats capped;
  total = 0;
  CHECK(dedup::HarvestReferences(
            &again,
            [&](std::string* l) {
              total += l->size();
              l->clear();
            },
            &capped, 1000)
            .ok());
  CHECK(capped.lines == 1000);
  CHECK(capped.over_limit);
  CHECK_FALSE(capped.Complete());
}
