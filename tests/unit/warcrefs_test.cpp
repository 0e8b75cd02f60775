// warcrefs::RewriteFile on small WARC files written to a temporary directory:
// the exact revisit records it writes, that every other byte is kept (gzip
// members compared raw), that a re-run changes nothing, that every kind of
// line it cannot confirm is left alone and reported (including a record
// stored inside another record's payload), and that a failed write leaves
// the input as it was.
//
// The expected digests are hashlib's (Python), not the library's:
//   P1 = "".join(f"{(i*7919)%10007} " for i in range(800))
//   P2 = "".join(f"{(i*104729)%10009} " for i in range(800))
//   kHttpHeader below; "tiny\n"; kP1Md5 is base64.b32encode(md5(P1)).
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "base/source.h"
#include "gzmulti/member_writer.h"
#include "manifest/entry.h"
#include "rewrite.h"
#include "warc/digest.h"
#include "warc/header_map.h"
#include "warc/reader.h"
#include "warc/writer.h"

namespace {

namespace fs = std::filesystem;

const char kP1Hex[] = "sha1:27bccc59c72570661fb2c20d78a8615e906e3156";
const char kP1B32[] = "sha1:E66MYWOHEVYGMH5SYIGXRKDBL2IG4MKW";
const char kP2Hex[] = "sha1:767576c0b49a3bc4e41bb0c1586172982387e8f3";
const char kP2B32[] = "sha1:OZ2XNQFUTI54JZA3WDAVQYLSTARYP2HT";
const char kP1Md5[] = "md5:J6BJMBUBUNHPORYRA2OQQNHXYU======";
const char kTinyHex[] = "sha1:506f25f62a7e5acfb4b5f866a570e78e4efd638a";  // "tiny\n"
const char kTinyB32[] = "sha1:KBXSL5RKPZNM7NFV7BTKK4HHRZHP2Y4K";
// "HTTP/1.1 200 OK\r\n" + P1: a block with no complete HTTP header.
const char kStatusLineP1Hex[] = "sha1:e36a83bd3735e18ba2104c7ba1a50e3e6f65e94c";

const char kHttpHeader[] = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX-Test: yes\r\n\r\n";
const char kHttpHeaderB32[] = "sha1:BSXLBGHWY4SJGPFU2JDX7KTU23TJE7UL";  // 58 bytes
const char kHttpHeaderHex[] = "sha1:0caeb098f6c724933cb4d2477faa74d6e6927e8b";
const char kHttpResponse[] = "application/http; msgtype=response";

std::string P1() {
  std::string s;
  for (int i = 0; i < 800; ++i) s += std::to_string((i * 7919) % 10007) + " ";
  return s;
}
std::string P2() {
  std::string s;
  for (int i = 0; i < 800; ++i) s += std::to_string((i * 104729) % 10009) + " ";
  return s;
}

std::string Id(int n) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "<urn:uuid:00000000-0000-4000-8000-%012d>", n);
  return buf;
}

std::string Profile(const std::string& version) {
  return version == "WARC/1.1" ? "http://netpreserve.org/warc/1.1/revisit/identical-payload-digest"
                               : "http://netpreserve.org/warc/1.0/revisit/identical-payload-digest";
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void WriteAll(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
  REQUIRE(out.good());
}

struct TempDir {
  std::string path;
  TempDir() {
    char name[] = "/tmp/warcrefs_test-XXXXXX";
    REQUIRE(::mkdtemp(name) != nullptr);
    path = name;
  }
  ~TempDir() {
    std::error_code ec;
    for (auto& e : fs::recursive_directory_iterator(path, ec))
      fs::permissions(e.path(), fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(path, ec);
  }
  std::vector<std::string> Names() const {
    std::vector<std::string> names;
    for (auto& e : fs::directory_iterator(path)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }
};

// A WARC file built record by record; remembers where each record went.
struct WarcFile {
  bool gzip = true;
  std::string bytes;
  std::vector<uint64_t> offsets, lengths;

  explicit WarcFile(bool gz) : gzip(gz) {}
  size_t Add(const std::string& version, const warc::HeaderMap& headers, const std::string& block) {
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
    REQUIRE(writer.Write(version, headers, block, &length).ok());
    lengths.push_back(length);
    return offsets.size() - 1;
  }
  std::string Raw(size_t i) const { return bytes.substr(offsets[i], lengths[i]); }
};

warc::HeaderMap Headers(std::initializer_list<std::pair<std::string, std::string>> fields) {
  warc::HeaderMap h;
  for (const auto& [name, value] : fields) h.Add(name, value);
  return h;
}

// A post-processed manifest line for record i, parsed as warcrefs reads it.
manifest::Entry Line(const WarcFile& f, size_t i, const std::string& uri, const std::string& date,
                     const std::string& digest, const std::string& ref_uri,
                     const std::string& ref_date, int64_t offset_delta = 0) {
  std::string line = "f.warc.gz " + std::to_string(f.offsets[i] + offset_delta) + " " +
                     std::to_string(f.lengths[i]) + " " + uri + " " + date + " " + digest +
                     " 0 2 " + ref_uri + " " + ref_date;
  auto entry = manifest::ParseLine(line);
  REQUIRE(entry.ok());
  return *entry;
}

// The record text a revisit must have: the fields in this order, then
// Content-Length, the block and CRLF CRLF.
std::string RecordText(const std::string& version,
                       const std::vector<std::pair<std::string, std::string>>& fields,
                       const std::string& block) {
  std::string s = version + "\r\n";
  for (const auto& [name, value] : fields) s += name + ": " + value + "\r\n";
  s += "Content-Length: " + std::to_string(block.size()) + "\r\n\r\n" + block + "\r\n\r\n";
  return s;
}

struct Member {
  std::string raw;   // compressed bytes
  std::string text;  // decompressed
};

// Splits a gzip file into its members with zlib (independently of gzmulti).
std::vector<Member> Members(const std::string& file) {
  std::vector<Member> out;
  size_t pos = 0;
  while (pos < file.size()) {
    z_stream zs{};
    REQUIRE(inflateInit2(&zs, 16 + MAX_WBITS) == Z_OK);
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(file.data() + pos));
    zs.avail_in = static_cast<uInt>(file.size() - pos);
    std::string text;
    int rc;
    do {
      char buf[16384];
      zs.next_out = reinterpret_cast<Bytef*>(buf);
      zs.avail_out = sizeof buf;
      rc = inflate(&zs, Z_NO_FLUSH);
      REQUIRE((rc == Z_OK || rc == Z_STREAM_END));
      text.append(buf, sizeof buf - zs.avail_out);
    } while (rc != Z_STREAM_END);
    size_t used = zs.total_in;
    inflateEnd(&zs);
    out.push_back({file.substr(pos, used), text});
    pos += used;
  }
  return out;
}

// What the output must be: each input record either kept (its raw bytes) or
// replaced by a revisit (its text).
struct Expected {
  std::vector<std::pair<bool, std::string>> pieces;  // (is revisit text, bytes)
};

Expected Replace(const WarcFile& f, const std::vector<std::pair<size_t, std::string>>& revisits) {
  Expected e;
  for (size_t i = 0; i < f.offsets.size(); ++i) {
    bool replaced = false;
    for (const auto& [index, text] : revisits) {
      if (index == i) {
        e.pieces.push_back({true, text});
        replaced = true;
      }
    }
    if (!replaced) e.pieces.push_back({false, f.Raw(i)});
  }
  return e;
}

void CheckOutput(const std::string& out, bool gzip, const Expected& expected) {
  if (!gzip) {
    std::string whole;
    for (const auto& p : expected.pieces) whole += p.second;
    REQUIRE(out == whole);
    return;
  }
  auto members = Members(out);
  REQUIRE(members.size() == expected.pieces.size());
  for (size_t i = 0; i < members.size(); ++i) {
    INFO("member " << i);
    if (expected.pieces[i].first) {
      CHECK(members[i].text == expected.pieces[i].second);
    } else {
      CHECK(members[i].raw == expected.pieces[i].second);  // untouched: raw bytes
    }
  }
}

std::string HeaderPlus(const std::string& payload) { return kHttpHeader + payload; }

std::string BlockDigestB32(const std::string& block) {
  warc::Hasher h(warc::DigestAlgorithm::kSha1);
  h.Update(block);
  return h.Final().ToWarcString();
}

}  // namespace

TEST_CASE("warcrefs: duplicates become exact revisits, all else is kept byte for byte",
          "[warcrefs]") {
  const std::string version = GENERATE(as<std::string>{}, "WARC/1.0", "WARC/1.1");
  const bool gzip = GENERATE(true, false);
  INFO(version << (gzip ? " gzip" : " plain"));
  const std::string p1 = P1(), p2 = P2();
  const std::string dA =
      version == "WARC/1.1" ? "2024-01-01T00:00:01.123456Z" : "2024-01-01T00:00:01Z";
  const std::string dA2 = "2024-01-01T00:00:02Z", dB = "2024-02-01T00:00:03Z",
                    dC = "2024-02-01T00:00:04Z", dD = "2024-02-01T00:00:05Z";

  WarcFile f(gzip);
  f.Add(version,
        Headers({{"WARC-Type", "warcinfo"},
                 {"WARC-Record-ID", Id(0)},
                 {"WARC-Date", dA},
                 {"Content-Type", "application/warc-fields"}}),
        "software: warcrefs_test\r\n");
  f.Add(version,
        Headers({{"WARC-Type", "request"},
                 {"WARC-Record-ID", Id(1)},
                 {"WARC-Date", dA},
                 {"WARC-Target-URI", "http://a.example/x y"},
                 {"WARC-Concurrent-To", Id(2)},
                 {"Content-Type", "application/http; msgtype=request"}}),
        "GET /x%20y HTTP/1.1\r\nHost: a.example\r\n\r\n");
  f.Add(version,
        Headers({{"WARC-Type", "response"},
                 {"WARC-Record-ID", Id(2)},
                 {"WARC-Date", dA},
                 {"WARC-Target-URI", "http://a.example/x y"},
                 {"Content-Type", kHttpResponse},
                 {"WARC-Payload-Digest", kP1B32},
                 {"WARC-Block-Digest", BlockDigestB32(HeaderPlus(p1))}}),
        HeaderPlus(p1));  // 2: original of P1
  f.Add(version,
        Headers({{"WARC-Type", "metadata"},
                 {"WARC-Record-ID", Id(3)},
                 {"WARC-Date", dA},
                 {"WARC-Target-URI", "http://a.example/x y"},
                 {"WARC-Concurrent-To", Id(2)},
                 {"Content-Type", "application/warc-fields"}}),
        "via: http://a.example/\r\n");
  f.Add(version,
        Headers({{"WARC-Type", "response"},
                 {"WARC-Record-ID", Id(4)},
                 {"WARC-Date", dA2},
                 {"WARC-Target-URI", "http://a.example/p%2Fq"},
                 {"Content-Type", kHttpResponse},
                 {"WARC-Payload-Digest", kP2B32}}),
        HeaderPlus(p2));  // 4: original of P2
  f.Add(version,
        Headers({{"WARC-Type", "request"},
                 {"WARC-Record-ID", Id(5)},
                 {"WARC-Date", dB},
                 {"WARC-Target-URI", "http://b.example/"},
                 {"WARC-Concurrent-To", Id(6)},
                 {"Content-Type", "application/http; msgtype=request"}}),
        "GET / HTTP/1.1\r\nHost: b.example\r\n\r\n");
  f.Add(version,
        Headers({{"WARC-Type", "response"},
                 {"WARC-Record-ID", Id(6)},
                 {"WARC-Date", dB},
                 {"WARC-Target-URI", "http://b.example/"},
                 {"WARC-IP-Address", "192.0.2.1"},
                 {"WARC-Warcinfo-ID", Id(0)},
                 {"Content-Type", kHttpResponse},
                 {"WARC-Payload-Digest", kP1B32},
                 {"WARC-Block-Digest", BlockDigestB32(HeaderPlus(p1))}}),
        HeaderPlus(p1));  // 6: dup of P1
  f.Add(version,
        Headers({{"WARC-Type", "metadata"},
                 {"WARC-Record-ID", Id(7)},
                 {"WARC-Date", dB},
                 {"WARC-Target-URI", "http://b.example/"},
                 {"WARC-Concurrent-To", Id(6)},
                 {"Content-Type", "application/warc-fields"}}),
        "via: http://b.example/\r\n");
  f.Add(version,
        Headers({{"WARC-Type", "response"},
                 {"WARC-Record-ID", Id(8)},
                 {"WARC-Date", dC},
                 {"WARC-Target-URI", "http://c.example/"},
                 {"Content-Type", kHttpResponse}}),
        HeaderPlus(p2));  // 8: dup of P2, no stored digests
  f.Add(version,
        Headers({{"WARC-Type", "response"},
                 {"WARC-Record-ID", Id(9)},
                 {"WARC-Date", dD},
                 {"WARC-Target-URI", "http://d.example/"},
                 {"Content-Type", kHttpResponse},
                 {"WARC-Payload-Digest", kP1Hex},
                 {"WARC-Block-Digest", "sha1:f0b3857bc14d56e962438690b4407d596d0125bb"}}),
        HeaderPlus(p1));  // 9: dup of P1, hex digests
  f.Add(version,
        Headers({{"WARC-Type", "response"},
                 {"WARC-Record-ID", Id(10)},
                 {"WARC-Date", dD},
                 {"WARC-Target-URI", "http://e.example/"},
                 {"Content-Type", kHttpResponse}}),
        HeaderPlus("unique\n"));  // 10: not a duplicate
  f.Add(version,
        Headers({{"WARC-Type", "revisit"},
                 {"WARC-Record-ID", Id(11)},
                 {"WARC-Date", dD},
                 {"WARC-Target-URI", "http://a.example/x y"},
                 {"Content-Type", kHttpResponse},
                 {"WARC-Profile", Profile(version)},
                 {"WARC-Payload-Digest", kP1B32},
                 {"WARC-Refers-To-Target-URI", "http://a.example/x y"},
                 {"WARC-Refers-To-Date", dA}}),
        kHttpHeader);  // 11: the crawler's own revisit

  std::vector<manifest::Entry> dups = {
      Line(f, 6, "http://b.example/", dB, kP1Hex, "http://a.example/x%20y", dA),
      Line(f, 8, "http://c.example/", dC, kP2Hex, "http://a.example/p%2Fq", dA2),
      Line(f, 9, "http://d.example/", dD, kP1Hex, "http://a.example/x%20y", dA),
  };
  const std::string b_text = RecordText(version,
                                        {{"WARC-Type", "revisit"},
                                         {"WARC-Record-ID", Id(6)},
                                         {"WARC-Date", dB},
                                         {"WARC-Target-URI", "http://b.example/"},
                                         {"WARC-IP-Address", "192.0.2.1"},
                                         {"WARC-Warcinfo-ID", Id(0)},
                                         {"Content-Type", "application/http; msgtype=response"},
                                         {"WARC-Payload-Digest", kP1B32},
                                         {"WARC-Profile", Profile(version)},
                                         {"WARC-Refers-To-Target-URI", "http://a.example/x y"},
                                         {"WARC-Refers-To-Date", dA},
                                         {"WARC-Truncated", "length"},
                                         {"WARC-Block-Digest", kHttpHeaderB32}},
                                        kHttpHeader);
  const std::string c_text = RecordText(version,
                                        {{"WARC-Type", "revisit"},
                                         {"WARC-Record-ID", Id(8)},
                                         {"WARC-Date", dC},
                                         {"WARC-Target-URI", "http://c.example/"},
                                         {"Content-Type", "application/http; msgtype=response"},
                                         {"WARC-Payload-Digest", kP2B32},
                                         {"WARC-Profile", Profile(version)},
                                         {"WARC-Refers-To-Target-URI", "http://a.example/p%2Fq"},
                                         {"WARC-Refers-To-Date", dA2},
                                         {"WARC-Truncated", "length"}},
                                        kHttpHeader);
  const std::string d_text = RecordText(version,
                                        {{"WARC-Type", "revisit"},
                                         {"WARC-Record-ID", Id(9)},
                                         {"WARC-Date", dD},
                                         {"WARC-Target-URI", "http://d.example/"},
                                         {"Content-Type", "application/http; msgtype=response"},
                                         {"WARC-Payload-Digest", kP1Hex},
                                         {"WARC-Profile", Profile(version)},
                                         {"WARC-Refers-To-Target-URI", "http://a.example/x y"},
                                         {"WARC-Refers-To-Date", dA},
                                         {"WARC-Truncated", "length"},
                                         {"WARC-Block-Digest", kHttpHeaderHex}},
                                        kHttpHeader);
  Expected expected = Replace(f, {{6, b_text}, {8, c_text}, {9, d_text}});

  TempDir dir;
  const std::string in = dir.path + "/in.warc";
  fs::create_directory(dir.path + "/out");
  const std::string out = dir.path + "/out/in.warc";
  WriteAll(in, f.bytes);

  SECTION("dry run: the same counts, nothing written") {
    warcrefs::RewriteOptions options;
    options.target = out;
    options.dry_run = true;
    auto r = warcrefs::RewriteFile(in, dups, options);
    CHECK(r.problems.empty());
    CHECK(r.lines == 3);
    CHECK(r.converted == 3);
    CHECK(r.already == 0);
    CHECK_FALSE(r.written);
    CHECK(r.bytes_before == f.bytes.size());
    CHECK(fs::is_empty(dir.path + "/out"));
    CHECK(ReadAll(in) == f.bytes);
    warcrefs::RewriteOptions real;
    real.target = out;
    auto w = warcrefs::RewriteFile(in, dups, real);
    CHECK(r.bytes_after == w.bytes_after);
    CHECK(w.bytes_after == fs::file_size(out));
  }

  warcrefs::RewriteOptions options;
  options.target = out;
  auto r = warcrefs::RewriteFile(in, dups, options);
  for (const auto& p : r.problems) UNSCOPED_INFO(p);
  REQUIRE(r.problems.empty());
  CHECK(r.lines == 3);
  CHECK(r.converted == 3);
  CHECK(r.already == 0);
  CHECK(r.written);
  const std::string written = ReadAll(out);
  CHECK(r.bytes_before == f.bytes.size());
  CHECK(r.bytes_after == written.size());
  CHECK(r.bytes_after < r.bytes_before);
  CHECK(ReadAll(in) == f.bytes);  // -o leaves the input alone
  CheckOutput(written, gzip, expected);
  CHECK(dir.Names() == std::vector<std::string>{"in.warc", "out"});
  {
    std::vector<std::string> outs;
    for (auto& e : fs::directory_iterator(dir.path + "/out")) outs.push_back(e.path().filename());
    CHECK(outs == std::vector<std::string>{"in.warc"});  // no temporary file left
  }

  SECTION("a re-run on the output, in place, changes nothing") {
    warcrefs::RewriteOptions again;
    again.target = out;
    auto r2 = warcrefs::RewriteFile(out, dups, again);
    for (const auto& p : r2.problems) UNSCOPED_INFO(p);
    CHECK(r2.problems.empty());
    CHECK(r2.converted == 0);
    CHECK(r2.already == 3);
    CHECK_FALSE(r2.written);
    CHECK(r2.bytes_after == r2.bytes_before);
    CHECK(ReadAll(out) == written);
  }
  SECTION("in place gives the same bytes as -o") {
    auto r3 = warcrefs::RewriteFile(in, dups, warcrefs::RewriteOptions{in, /*in_place=*/true});
    CHECK(r3.problems.empty());
    CHECK(r3.converted == 3);
    CHECK(r3.written);
    CHECK(ReadAll(in) == written);
  }
}

TEST_CASE("warcrefs: every line that cannot be confirmed is reported and not applied",
          "[warcrefs]") {
  const bool gzip = GENERATE(true, false);
  INFO((gzip ? "gzip" : "plain"));
  const std::string p1 = P1(), p2 = P2();
  const std::string v = "WARC/1.0", d0 = "2024-01-01T00:00:00Z", d = "2024-03-01T00:00:00Z";
  auto response = [&](WarcFile* f, int id, const std::string& uri, const std::string& block,
                      const std::string& version = "WARC/1.0", const std::string& type = "response",
                      const std::string& content_type = kHttpResponse) {
    return f->Add(version,
                  Headers({{"WARC-Type", type},
                           {"WARC-Record-ID", Id(id)},
                           {"WARC-Date", d},
                           {"WARC-Target-URI", uri},
                           {"Content-Type", content_type}}),
                  block);
  };
  WarcFile f(gzip);
  f.Add(v, Headers({{"WARC-Type", "warcinfo"}, {"WARC-Record-ID", Id(0)}, {"WARC-Date", d0}}),
        "software: x\r\n");
  response(&f, 1, "http://a.example/", HeaderPlus(p1));  // 1: the original (not in `dups`)
  size_t ok1 = response(&f, 2, "http://ok.example/1", HeaderPlus(p1));
  size_t off = response(&f, 3, "http://off.example/", HeaderPlus(p1));
  size_t uri = response(&f, 4, "http://uri.example/", HeaderPlus(p1));
  size_t date = response(&f, 5, "http://date.example/", HeaderPlus(p1));
  size_t digest = response(&f, 6, "http://digest.example/", HeaderPlus(p2));
  size_t length = response(&f, 7, "http://length.example/", HeaderPlus(p1));
  size_t request = response(&f, 8, "http://request.example/",
                            "POST / HTTP/1.1\r\nHost: request.example\r\n\r\n" + p1, v, "request",
                            "application/http; msgtype=request");
  size_t old = response(&f, 9, "http://old.example/", HeaderPlus(p1), "WARC/0.18");
  size_t nohttp = response(&f, 10, "http://nohttp.example/", p1, v, "response", "text/plain");
  size_t partial = response(&f, 11, "http://partial.example/", "HTTP/1.1 200 OK\r\n" + p1);
  size_t other = f.Add(v,
                       Headers({{"WARC-Type", "revisit"},
                                {"WARC-Record-ID", Id(12)},
                                {"WARC-Date", d},
                                {"WARC-Target-URI", "http://other.example/"},
                                {"WARC-Refers-To-Target-URI", "http://elsewhere.example/"},
                                {"WARC-Refers-To-Date", d0},
                                {"Content-Type", kHttpResponse}}),
                       kHttpHeader);
  size_t ok2 = response(&f, 13, "http://ok.example/2", HeaderPlus(p1));
  // Stored digests: one that lies (P2's, over P1), one in md5 that is true.
  size_t lie = f.Add(v,
                     Headers({{"WARC-Type", "response"},
                              {"WARC-Record-ID", Id(15)},
                              {"WARC-Date", d},
                              {"WARC-Target-URI", "http://lie.example/"},
                              {"Content-Type", kHttpResponse},
                              {"WARC-Payload-Digest", kP2B32}}),
                     HeaderPlus(p1));
  size_t md5 = f.Add(v,
                     Headers({{"WARC-Type", "response"},
                              {"WARC-Record-ID", Id(16)},
                              {"WARC-Date", d},
                              {"WARC-Target-URI", "http://md5.example/"},
                              {"Content-Type", kHttpResponse},
                              {"WARC-Payload-Digest", kP1Md5}}),
                     HeaderPlus(p1));
  size_t past = response(&f, 14, "http://past.example/", HeaderPlus(p1));

  const std::string ref = "http://a.example/";
  std::vector<manifest::Entry> dups = {
      Line(f, ok1, "http://ok.example/1", d, kP1Hex, ref, d),
      Line(f, off, "http://off.example/", d, kP1Hex, ref, d, 1),
      Line(f, uri, "http://wrong.example/", d, kP1Hex, ref, d),
      Line(f, date, "http://date.example/", "2024-03-01T00:00:01Z", kP1Hex, ref, d),
      Line(f, digest, "http://digest.example/", d, kP1Hex, ref, d),
      Line(f, length, "http://length.example/", d, kP1Hex, ref, d),
      Line(f, request, "http://request.example/", d, kP1Hex, ref, d),
      Line(f, old, "http://old.example/", d, kP1Hex, ref, d),
      Line(f, nohttp, "http://nohttp.example/", d, kP1Hex, ref, d),
      Line(f, partial, "http://partial.example/", d, kStatusLineP1Hex, ref, d),
      Line(f, other, "http://other.example/", d, kP1Hex, ref, d),
      Line(f, ok2, "http://ok.example/2", d, kP1Hex, ref, d),
      Line(f, lie, "http://lie.example/", d, kP1Hex, ref, d),
      Line(f, md5, "http://md5.example/", d, kP1Hex, ref, d),
      Line(f, past, "http://past.example/", d, kP1Hex, ref, d, 1000000),
  };
  dups[5].length += 1;  // the length the manifest gives differs from the record's
  auto at = [&](size_t i, int64_t delta = 0) {
    return "offset " + std::to_string(f.offsets[i] + delta) + ": ";
  };

  TempDir dir;
  const std::string in = dir.path + "/f.warc";
  WriteAll(in, f.bytes);
  auto r = warcrefs::RewriteFile(in, dups, warcrefs::RewriteOptions{in, /*in_place=*/true});
  CHECK(r.lines == 15);
  CHECK(r.converted == 3);
  CHECK(r.already == 0);
  CHECK(r.written);
  REQUIRE(r.problems.size() == 11);
  // Each problem names the line's offset and says it was not applied.
  const std::vector<std::string> prefixes = {at(off, 1), at(uri),     at(date),         at(digest),
                                             at(length), at(request), at(nohttp),       at(partial),
                                             at(other),  at(lie),     at(past, 1000000)};
  for (size_t i = 0; i < prefixes.size(); ++i) {
    INFO(r.problems[i]);
    CHECK(r.problems[i].rfind(prefixes[i], 0) == 0);
    CHECK(r.problems[i].size() > 13);
    CHECK(r.problems[i].substr(r.problems[i].size() - 13) == "; not applied");
  }
  CHECK(r.problems[1] == at(uri) + "the record here has uri \"http://uri.example/\" and date \"" +
                             d + "\", not the manifest's; not applied");
  CHECK(r.problems[2] == at(date) + "the record here has uri \"http://date.example/\" and date \"" +
                             d + "\", not the manifest's; not applied");
  CHECK(r.problems[3] == at(digest) + "payload digest is " + kP2Hex + ", the manifest says " +
                             kP1Hex + "; not applied");
  CHECK(r.problems[4] == at(length) + "the record is " + std::to_string(f.lengths[length]) +
                             " bytes, the manifest says " + std::to_string(f.lengths[length] + 1) +
                             "; not applied");
  CHECK(r.problems[5] == at(request) + "not a response record; not applied");
  CHECK(r.problems[6] == at(nohttp) + "cannot convert: no complete HTTP header block; not applied");
  CHECK(r.problems[7] ==
        at(partial) + "cannot convert: no complete HTTP header block; not applied");
  CHECK(r.problems[8] == at(other) + "already a revisit, but of another original; not applied");
  CHECK(r.problems[9] == at(lie) + "the stored WARC-Payload-Digest " + kP2B32 +
                             " is not the payload's; not applied");
  CHECK(r.problems[10] == at(past, 1000000) + "offset is past the end of the file; not applied");
  // A draft's record is kept by design: a note, not an error.
  CHECK(r.notes == std::vector<std::string>{
                       at(old) + "kept: WARC/0.18 records are not converted (a draft of WARC)"});

  auto revisit = [&](int id, const std::string& u, const std::string& stored = kP1B32) {
    return RecordText(v,
                      {{"WARC-Type", "revisit"},
                       {"WARC-Record-ID", Id(id)},
                       {"WARC-Date", d},
                       {"WARC-Target-URI", u},
                       {"Content-Type", kHttpResponse},
                       {"WARC-Payload-Digest", stored},
                       {"WARC-Profile", Profile(v)},
                       {"WARC-Refers-To-Target-URI", ref},
                       {"WARC-Refers-To-Date", d},
                       {"WARC-Truncated", "length"}},
                      kHttpHeader);
  };
  CheckOutput(ReadAll(in), gzip,
              Replace(f, {{ok1, revisit(2, "http://ok.example/1")},
                          {ok2, revisit(13, "http://ok.example/2")},
                          {md5, revisit(16, "http://md5.example/", kP1Md5)}}));
  CHECK(dir.Names() == std::vector<std::string>{"f.warc"});
}

TEST_CASE("warcrefs: a line whose offset is just before its record is not applied", "[warcrefs]") {
  // The reader skips stray blank lines (plain) and empty gzip members before
  // a record; a line must still name the record's own offset.
  const bool gzip = GENERATE(true, false);
  INFO((gzip ? "gzip" : "plain"));
  const std::string p1 = P1(), d = "2024-03-01T00:00:00Z";
  WarcFile f(gzip);
  f.Add("WARC/1.0",
        Headers({{"WARC-Type", "warcinfo"}, {"WARC-Record-ID", Id(0)}, {"WARC-Date", d}}),
        "software: x\r\n");
  std::string before_dup = f.bytes;
  size_t dup = f.Add("WARC/1.0",
                     Headers({{"WARC-Type", "response"},
                              {"WARC-Record-ID", Id(1)},
                              {"WARC-Date", d},
                              {"WARC-Target-URI", "http://b.example/"},
                              {"Content-Type", kHttpResponse}}),
                     HeaderPlus(p1));
  int64_t delta;
  if (gzip) {
    // An empty gzip member (about 20 bytes) in front of the record.
    std::string empty = gzmulti::CompressMember("");
    REQUIRE(empty.size() < 32);
    f.bytes = before_dup + empty + f.Raw(dup);
    f.offsets[dup] += empty.size();
    delta = -static_cast<int64_t>(empty.size());
  } else {
    delta = -2;  // the "\r\n" that ends the warcinfo record
  }
  auto line = Line(f, dup, "http://b.example/", d, kP1Hex, "http://a.example/", d, delta);
  TempDir dir;
  const std::string in = dir.path + "/f.warc";
  WriteAll(in, f.bytes);
  auto r = warcrefs::RewriteFile(in, {line}, warcrefs::RewriteOptions{in, /*in_place=*/true});
  CHECK(r.converted == 0);
  CHECK_FALSE(r.written);
  REQUIRE(r.problems.size() == 1);
  CHECK(r.problems[0].rfind("offset " + std::to_string(f.offsets[dup] + delta) + ": ", 0) == 0);
  CHECK(ReadAll(in) == f.bytes);
}

TEST_CASE(
    "warcrefs: a revisit longer than its record is not written; one an earlier run wrote is "
    "accepted",
    "[warcrefs]") {
  // A five-byte payload: the revisit's extra fields make it longer than the
  // response it replaces. Such copies are kept (would-grow); revisits that
  // an earlier version wrote over them, moving later records forward, are
  // found as they are.
  const bool gzip = GENERATE(true, false);
  const std::string version = GENERATE(as<std::string>{}, "WARC/1.0", "WARC/1.1");
  INFO(version << (gzip ? " gzip" : " plain"));
  const std::string d1 = "2024-01-01T00:00:01Z", d2 = "2024-01-01T00:00:02Z";
  WarcFile f(gzip);
  auto add = [&](int id, const std::string& uri, const std::string& date) {
    return f.Add(version,
                 Headers({{"WARC-Type", "response"},
                          {"WARC-Record-ID", Id(id)},
                          {"WARC-Date", date},
                          {"WARC-Target-URI", uri},
                          {"Content-Type", kHttpResponse}}),
                 HeaderPlus("tiny\n"));
  };
  add(1, "http://a.example/", d1);
  size_t b = add(2, "http://b.example/", d2);
  size_t c = add(3, "http://c.example/", d2);
  size_t e = add(4, "http://e.example/", d2);
  std::vector<manifest::Entry> dups = {
      Line(f, b, "http://b.example/", d2, kTinyHex, "http://a.example/", d1),
      Line(f, c, "http://c.example/", d2, kTinyHex, "http://a.example/", d1),
      Line(f, e, "http://e.example/", d2, kTinyHex, "http://a.example/", d1),
  };
  auto revisit = [&](int id, const std::string& uri) {
    return Headers({{"WARC-Type", "revisit"},
                    {"WARC-Record-ID", Id(id)},
                    {"WARC-Date", d2},
                    {"WARC-Target-URI", uri},
                    {"Content-Type", kHttpResponse},
                    {"WARC-Payload-Digest", kTinyB32},
                    {"WARC-Profile", Profile(version)},
                    {"WARC-Refers-To-Target-URI", "http://a.example/"},
                    {"WARC-Refers-To-Date", d1},
                    {"WARC-Truncated", "length"}});
  };
  TempDir dir;
  const std::string in = dir.path + "/f.warc";
  WriteAll(in, f.bytes);
  auto r = warcrefs::RewriteFile(in, dups, warcrefs::RewriteOptions{in, /*in_place=*/true});
  for (const auto& p : r.problems) UNSCOPED_INFO(p);
  REQUIRE(r.problems.empty());
  CHECK(r.converted == 0);
  CHECK_FALSE(r.written);
  CHECK(r.notes.size() == 3);
  CHECK(r.kept.size() == 3);
  CHECK(r.bytes_after == r.bytes_before);
  CHECK(ReadAll(in) == f.bytes);

  // The file as an earlier run left it, the manifest's lines unchanged.
  WarcFile g(gzip);
  add(1, "http://a.example/", d1);
  g.Add(version,
        Headers({{"WARC-Type", "response"},
                 {"WARC-Record-ID", Id(1)},
                 {"WARC-Date", d1},
                 {"WARC-Target-URI", "http://a.example/"},
                 {"Content-Type", kHttpResponse}}),
        HeaderPlus("tiny\n"));
  g.Add(version, revisit(2, "http://b.example/"), kHttpHeader);
  g.Add(version, revisit(3, "http://c.example/"), kHttpHeader);
  g.Add(version, revisit(4, "http://e.example/"), kHttpHeader);
  REQUIRE(g.lengths[1] > f.lengths[b]);
  WriteAll(in, g.bytes);
  auto r2 = warcrefs::RewriteFile(in, dups, warcrefs::RewriteOptions{in, /*in_place=*/true});
  for (const auto& p : r2.problems) UNSCOPED_INFO(p);
  CHECK(r2.problems.empty());
  CHECK(r2.converted == 0);
  CHECK(r2.already == 3);
  CHECK(ReadAll(in) == g.bytes);
}

TEST_CASE("warcrefs: ARC files are never rewritten", "[warcrefs]") {
  const std::string p1 = P1();
  std::string header = "filedesc://f.arc 0.0.0.0 20240101000000 text/plain 0\n\n";
  std::string block = HeaderPlus(p1);
  std::string rec = "http://b.example/ 192.0.2.1 20240301000000 text/plain " +
                    std::to_string(block.size()) + "\n" + block + "\n";
  std::string file = header + rec;
  TempDir dir;
  const std::string in = dir.path + "/f.arc";
  WriteAll(in, file);
  auto line =
      manifest::ParseLine("f.arc " + std::to_string(header.size()) + " " +
                          std::to_string(rec.size()) + " http://b.example/ 2024-03-01T00:00:00Z " +
                          kP1Hex + " 0 2 http://a.example/ 2024-01-01T00:00:00Z");
  REQUIRE(line.ok());
  auto r = warcrefs::RewriteFile(in, {*line}, warcrefs::RewriteOptions{in, /*in_place=*/true});
  CHECK(r.converted == 0);
  CHECK_FALSE(r.written);
  // A limit of the format, not a doubt: kept, as a note, not an error.
  CHECK(r.problems.empty());
  REQUIRE(r.notes.size() == 1);
  CHECK(r.notes[0] ==
        "offset " + std::to_string(header.size()) + ": kept: ARC records cannot become revisits");
  CHECK(ReadAll(in) == file);
  CHECK(dir.Names() == std::vector<std::string>{"f.arc"});
}

TEST_CASE("warcrefs: the revisit keeps WARC-Target-URI as stored, brackets and all", "[warcrefs]") {
  const std::string p1 = P1(), d = "2024-03-01T00:00:00Z";
  WarcFile f(true);
  size_t dup = f.Add("WARC/1.0",
                     Headers({{"WARC-Type", "response"},
                              {"WARC-Record-ID", Id(1)},
                              {"WARC-Date", d},
                              {"WARC-Target-URI", "<http://b.example/>"},
                              {"Content-Type", kHttpResponse}}),
                     HeaderPlus(p1));
  // The manifest has the URI without them, as warcsum writes it.
  auto line = Line(f, dup, "http://b.example/", d, kP1Hex, "http://a.example/", d);
  TempDir dir;
  const std::string in = dir.path + "/in.warc.gz";
  WriteAll(in, f.bytes);
  auto r = warcrefs::RewriteFile(in, {line}, warcrefs::RewriteOptions{in, /*in_place=*/true});
  CHECK(r.problems.empty());
  CHECK(r.converted == 1);
  base::StringSource source(ReadAll(in));
  warc::RecordReader reader(&source, {}, nullptr);
  warc::Record record;
  REQUIRE(reader.Next(&record));
  CHECK(record.type == warc::kRevisit);
  CHECK(record.headers.First("WARC-Target-URI").value_or("") == "<http://b.example/>");
  CHECK(record.TargetUri() == "http://b.example/");
}

TEST_CASE("warcrefs: a target that cannot be written fails cleanly", "[warcrefs]") {
  const std::string p1 = P1(), d = "2024-03-01T00:00:00Z";
  WarcFile f(true);
  size_t dup = f.Add("WARC/1.1",
                     Headers({{"WARC-Type", "response"},
                              {"WARC-Record-ID", Id(1)},
                              {"WARC-Date", d},
                              {"WARC-Target-URI", "http://b.example/"},
                              {"Content-Type", kHttpResponse}}),
                     HeaderPlus(p1));
  auto line = Line(f, dup, "http://b.example/", d, kP1Hex, "http://a.example/", d);
  TempDir dir;
  const std::string in = dir.path + "/in.warc.gz";
  WriteAll(in, f.bytes);

  SECTION("a path under a file") {
    auto r =
        warcrefs::RewriteFile(in, {line}, warcrefs::RewriteOptions{"/dev/null/in.warc.gz", false});
    CHECK_FALSE(r.written);
    CHECK(r.converted == 0);  // nothing was
    CHECK(r.bytes_after == r.bytes_before);
    REQUIRE(r.problems.size() == 1);
    CHECK(r.problems[0] ==
          "cannot create a temporary file in /dev/null: Not a directory; nothing written");
  }
  SECTION("a directory without write permission") {
    if (::geteuid() == 0) {
      WARN("running as root: permissions are not enforced; see the other sections");
    } else {
      const std::string ro = dir.path + "/ro";
      fs::create_directory(ro);
      ::chmod(ro.c_str(), 0555);
      auto r =
          warcrefs::RewriteFile(in, {line}, warcrefs::RewriteOptions{ro + "/in.warc.gz", false});
      CHECK_FALSE(r.written);
      REQUIRE(r.problems.size() == 1);
      CHECK(r.problems[0] ==
            "cannot create a temporary file in " + ro + ": Permission denied; nothing written");
      CHECK(fs::is_empty(ro));
    }
  }
  SECTION("a target that is a directory: the rename fails") {
    const std::string out = dir.path + "/out";
    fs::create_directories(out + "/in.warc.gz/x");
    auto r =
        warcrefs::RewriteFile(in, {line}, warcrefs::RewriteOptions{out + "/in.warc.gz", false});
    CHECK_FALSE(r.written);
    CHECK(r.converted == 0);
    CHECK(r.bytes_after == r.bytes_before);
    REQUIRE(r.problems.size() == 1);
    CHECK(r.problems[0].rfind("cannot rename the new file into place: ", 0) == 0);
    std::vector<std::string> left;
    for (auto& e : fs::directory_iterator(out)) left.push_back(e.path().filename());
    CHECK(left == std::vector<std::string>{"in.warc.gz"});  // no temporary file left
  }
  SECTION("an input that does not exist") {
    auto r = warcrefs::RewriteFile(dir.path + "/missing.warc.gz", {line},
                                   warcrefs::RewriteOptions{dir.path + "/x", false});
    CHECK_FALSE(r.written);
    REQUIRE(r.problems.size() == 1);
    CHECK(r.problems[0] == "cannot open: No such file or directory");
  }
  CHECK(ReadAll(in) == f.bytes);
  CHECK(dir.Names().front() == "in.warc.gz");
  for (const auto& name : dir.Names()) CHECK(name.find("warcrefs-") == std::string::npos);
}

TEST_CASE("warcrefs: a record stored inside another record's payload is not converted",
          "[warcrefs]") {
  // A crawl that archived a .warc.gz: its members sit verbatim inside the
  // outer record's gzip member (deflate stores incompressible data as is),
  // and so do in a plain file. A line naming the inner record's offset must
  // not be applied: it would overwrite part of the outer record.
  const bool gzip = GENERATE(true, false);
  // The same with the after-manifest, whose lines come from the verify pass.
  const bool with_after = GENERATE(false, true);
  INFO((gzip ? "gzip" : "plain") << (with_after ? ", with the after-manifest" : ""));
  const std::string d = "2024-03-01T00:00:00Z";
  // Incompressible bytes, so that deflate stores the inner member verbatim.
  auto noise = [](uint32_t x, int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s.push_back(static_cast<char>((x = x * 1103515245 + 12345) >> 24));
    return s;
  };
  const std::string payload = noise(7, 3000);
  warc::Hasher sha1(warc::DigestAlgorithm::kSha1);
  sha1.Update(payload);
  const std::string digest = sha1.Final().ToManifestString();
  WarcFile inner(true);
  inner.Add("WARC/1.0",
            Headers({{"WARC-Type", "response"},
                     {"WARC-Record-ID", Id(1)},
                     {"WARC-Date", d},
                     {"WARC-Target-URI", "http://b.example/"},
                     {"Content-Type", kHttpResponse}}),
            HeaderPlus(payload));
  WarcFile f(gzip);
  f.Add("WARC/1.0",
        Headers({{"WARC-Type", "warcinfo"}, {"WARC-Record-ID", Id(0)}, {"WARC-Date", d}}),
        "software: x\r\n");
  f.Add("WARC/1.0",
        Headers({{"WARC-Type", "response"},
                 {"WARC-Record-ID", Id(2)},
                 {"WARC-Date", d},
                 {"WARC-Target-URI", "http://archive.example/crawl.warc.gz"},
                 {"Content-Type", kHttpResponse}}),
        std::string(kHttpHeader) + noise(1, 100000) + inner.bytes + noise(2, 100000));
  size_t at = f.bytes.find(inner.bytes);
  REQUIRE(at != std::string::npos);  // the inner member is in the file as is
  std::string line_text = "f.warc.gz " + std::to_string(at) + " " +
                          std::to_string(inner.bytes.size()) + " http://b.example/ " + d + " " +
                          digest + " 0 2 http://a.example/ " + d;
  auto line = manifest::ParseLine(line_text);
  REQUIRE(line.ok());
  TempDir dir;
  const std::string in = dir.path + "/f.warc";
  WriteAll(in, f.bytes);
  warcrefs::RewriteOptions options{in, /*in_place=*/true};
  std::string after;
  if (with_after) {
    options.after_lines = [&](std::string* lines) {
      after += *lines;
      lines->clear();
    };
  }
  auto r = warcrefs::RewriteFile(in, {*line}, options);
  for (const auto& p : r.problems) UNSCOPED_INFO(p);
  CHECK(r.converted == 0);
  CHECK_FALSE(r.written);
  REQUIRE(r.problems.size() == 1);
  // The file as it is: its one response (the outer record), at its place.
  if (with_after)
    CHECK(after.rfind("f.warc " + std::to_string(f.offsets[1]) + " " +
                          std::to_string(f.lengths[1]) + " http://archive.example/crawl.warc.gz " +
                          d + " sha1:",
                      0) == 0);
  if (with_after) CHECK(std::count(after.begin(), after.end(), '\n') == 1);
  // Only the sequential re-read of the new file can tell.
  const std::string why = gzip ? "the new file reads with damage the input does not have: "
                               : "revisit at offset " + std::to_string(at) +
                                     " not found reading the file from its start: ";
  CHECK(r.problems[0].rfind("verification of the new file failed: " + why, 0) == 0);
  CHECK(r.problems[0].substr(r.problems[0].size() - 21) == "; file left as it was");
  CHECK(ReadAll(in) == f.bytes);
  CHECK(dir.Names() == std::vector<std::string>{"f.warc"});
}

TEST_CASE("warcrefs: damage the input already has does not stop the rewrite", "[warcrefs]") {
  // A damaged gzip member before the duplicate is read past as before, and
  // copied as it is.
  const std::string p1 = P1(), d = "2024-03-01T00:00:00Z";
  WarcFile f(true);
  f.Add("WARC/1.0",
        Headers({{"WARC-Type", "warcinfo"}, {"WARC-Record-ID", Id(0)}, {"WARC-Date", d}}),
        "software: x\r\n");
  size_t damaged = f.Add("WARC/1.0",
                         Headers({{"WARC-Type", "response"},
                                  {"WARC-Record-ID", Id(1)},
                                  {"WARC-Date", d},
                                  {"WARC-Target-URI", "http://a.example/"},
                                  {"Content-Type", kHttpResponse}}),
                         HeaderPlus(p1));
  size_t dup = f.Add("WARC/1.0",
                     Headers({{"WARC-Type", "response"},
                              {"WARC-Record-ID", Id(2)},
                              {"WARC-Date", d},
                              {"WARC-Target-URI", "http://b.example/"},
                              {"Content-Type", kHttpResponse}}),
                     HeaderPlus(p1));
  f.bytes[f.offsets[damaged] + f.lengths[damaged] - 6] ^= 1;  // its CRC-32
  {
    struct Count : warc::Reporter {
      int n = 0;
      void Problem(const base::Status&) override { ++n; }
    } count;
    base::StringSource source(f.bytes);
    warc::RecordReader reader(&source, {}, &count);
    warc::Record record;
    while (reader.Next(&record)) {
    }
    REQUIRE(count.n == 1);  // the damage is seen
  }
  auto line = Line(f, dup, "http://b.example/", d, kP1Hex, "http://a.example/", d);
  TempDir dir;
  const std::string in = dir.path + "/f.warc";
  WriteAll(in, f.bytes);
  auto r = warcrefs::RewriteFile(in, {line}, warcrefs::RewriteOptions{in, /*in_place=*/true});
  for (const auto& p : r.problems) UNSCOPED_INFO(p);
  CHECK(r.problems.empty());
  CHECK(r.converted == 1);
  CHECK(r.written);
  const std::string written = ReadAll(in);
  CHECK(written.substr(0, f.offsets[dup]) == f.bytes.substr(0, f.offsets[dup]));
  auto members = Members(written.substr(f.offsets[dup]));
  REQUIRE(members.size() == 1);
  CHECK(members[0].text == RecordText("WARC/1.0",
                                      {{"WARC-Type", "revisit"},
                                       {"WARC-Record-ID", Id(2)},
                                       {"WARC-Date", d},
                                       {"WARC-Target-URI", "http://b.example/"},
                                       {"Content-Type", kHttpResponse},
                                       {"WARC-Payload-Digest", kP1B32},
                                       {"WARC-Profile", Profile("WARC/1.0")},
                                       {"WARC-Refers-To-Target-URI", "http://a.example/"},
                                       {"WARC-Refers-To-Date", d},
                                       {"WARC-Truncated", "length"}},
                                      kHttpHeader));
}

TEST_CASE("warcrefs: the after-manifest is warcsum's of the file as it is after the run",
          "[warcrefs]") {
  // A damaged record, a duplicate and a record left as it is: the new file's
  // lines come from the verify pass (the damaged record reported, not
  // listed); on a re-run nothing is written and the file is read as it is.
  const std::string p1 = P1(), p2 = P2(), d = "2024-03-01T00:00:00Z";
  WarcFile f(true);
  auto response = [&](int id, const std::string& uri, const std::string& payload) {
    return f.Add("WARC/1.0",
                 Headers({{"WARC-Type", "response"},
                          {"WARC-Record-ID", Id(id)},
                          {"WARC-Date", d},
                          {"WARC-Target-URI", uri},
                          {"Content-Type", kHttpResponse}}),
                 HeaderPlus(payload));
  };
  size_t damaged = response(1, "http://a.example/", p1);
  size_t dup = response(2, "http://b.example/", p1);
  size_t kept = response(3, "http://c.example/", p2);
  f.bytes[f.offsets[damaged] + f.lengths[damaged] - 6] ^= 1;  // its CRC-32
  auto line = Line(f, dup, "http://b.example/", d, kP1Hex, "http://a.example/", d);
  TempDir dir;
  const std::string in = dir.path + "/f.warc.gz";
  WriteAll(in, f.bytes);

  std::string after;
  warcrefs::RewriteOptions options{in, /*in_place=*/true};
  options.after_lines = [&](std::string* lines) {
    after += *lines;
    lines->clear();
  };
  auto r = warcrefs::RewriteFile(in, {line}, options);
  CHECK(r.converted == 1);
  CHECK(r.written);
  REQUIRE(r.problems.size() == 1);
  CHECK(r.problems[0].find("offset 0: corrupt gzip member") == 0);
  CHECK(r.problems[0].find("(not listed in the after-manifest)") != std::string::npos);
  const std::string written = ReadAll(in);
  // One line: the kept record, where it is now.
  auto listed = manifest::ParseLine(after.substr(0, after.size() - 1));
  REQUIRE(listed.ok());
  CHECK(after == manifest::FormatLine(*listed) + "\n");
  CHECK(listed->file == "f.warc.gz");
  CHECK(listed->uri == "http://c.example/");
  CHECK(listed->digest == kP2Hex);
  CHECK(listed->offset < f.offsets[kept]);
  CHECK(written.substr(listed->offset, listed->length) ==
        f.bytes.substr(f.offsets[kept], f.lengths[kept]));
  CHECK(listed->offset + listed->length == written.size());

  // A re-run writes nothing: the same lines, from the file as it is.
  std::string first = after;
  after.clear();
  auto r2 = warcrefs::RewriteFile(in, {line}, options);
  CHECK(r2.already == 1);
  CHECK_FALSE(r2.written);
  CHECK(r2.problems.size() == 1);
  CHECK(after == first);
  CHECK(ReadAll(in) == written);
}

TEST_CASE("warcrefs: a line that names its own URI and date as the original's is kept",
          "[warcrefs]") {
  const std::string p1 = P1();
  WarcFile f(true);
  size_t only = f.Add("WARC/1.1",
                      Headers({{"WARC-Type", "response"},
                               {"WARC-Record-ID", Id(1)},
                               {"WARC-Date", "2024-01-01T00:00:00Z"},
                               {"WARC-Target-URI", "http://a.example/"},
                               {"Content-Type", "application/http; msgtype=response"}}),
                      HeaderPlus(p1));
  TempDir dir;
  const std::string in = dir.path + "/self.warc.gz";
  WriteAll(in, f.bytes);
  // Copy 2 of itself: a corrupted manifest, or a second capture of the URL in
  // the same second. Either way the revisit could resolve to itself.
  auto line = manifest::ParseLine("self.warc.gz " + std::to_string(f.offsets[only]) + " " +
                                  std::to_string(f.lengths[only]) +
                                  " http://a.example/ 2024-01-01T00:00:00Z " + kP1Hex +
                                  " 0 2 http://a.example/ 2024-01-01T00:00:00Z");
  REQUIRE(line.ok());
  auto r = warcrefs::RewriteFile(in, {*line}, warcrefs::RewriteOptions{in, /*in_place=*/true});
  CHECK(r.converted == 0);
  CHECK_FALSE(r.written);
  CHECK(r.problems.empty());
  REQUIRE(r.notes.size() == 1);
  CHECK(r.notes[0] == "offset " + std::to_string(f.offsets[only]) +
                          ": kept: its original has the same URI and date (a revisit could "
                          "resolve to itself)");
  CHECK(ReadAll(in) == f.bytes);
}

TEST_CASE("warcrefs: a WARC-Block-Digest in an algorithm we cannot compute becomes sha1",
          "[warcrefs]") {
  // The revisit's WARC-Block-Digest is recomputed over its new block in the
  // original's algorithm. One we do not know ("sha3-256") gives "sha1:BASE32"
  // (it was sha1 bytes under the sha3-256 label, which the verify pass then
  // refused); a known label with a value we cannot read keeps its algorithm.
  const std::string p1 = P1(), d = "2024-03-01T00:00:00Z";
  const struct {
    std::string stored, written;
  } cases[] = {
      {"sha3-256:aaaa", kHttpHeaderB32},
      {"SHA3-256:" + std::string(64, 'a'), kHttpHeaderB32},
      {"x-unknown", kHttpHeaderB32},
      {"sha256:not-a-digest", "sha256:AKCW3GGUU6N2ALZ65QF6L4A7WVGJSZ5RVTZWBUV52QCG62QD2HQA===="},
  };
  for (const auto& c : cases) {
    INFO("stored WARC-Block-Digest: " << c.stored);
    WarcFile f(true);
    f.Add("WARC/1.0",
          Headers({{"WARC-Type", "warcinfo"}, {"WARC-Record-ID", Id(0)}, {"WARC-Date", d}}),
          "software: x\r\n");
    size_t dup = f.Add("WARC/1.0",
                       Headers({{"WARC-Type", "response"},
                                {"WARC-Record-ID", Id(2)},
                                {"WARC-Date", d},
                                {"WARC-Target-URI", "http://b.example/"},
                                {"Content-Type", kHttpResponse},
                                {"WARC-Block-Digest", c.stored}}),
                       HeaderPlus(p1));
    auto line = Line(f, dup, "http://b.example/", d, kP1Hex, "http://a.example/", d);
    TempDir dir;
    const std::string in = dir.path + "/f.warc.gz";
    WriteAll(in, f.bytes);
    auto r = warcrefs::RewriteFile(in, {line}, warcrefs::RewriteOptions{in, /*in_place=*/true});
    for (const auto& p : r.problems) UNSCOPED_INFO(p);
    CHECK(r.problems.empty());
    CHECK(r.converted == 1);
    REQUIRE(r.written);
    auto members = Members(ReadAll(in).substr(f.offsets[dup]));
    REQUIRE(members.size() == 1);
    CHECK(members[0].text == RecordText("WARC/1.0",
                                        {{"WARC-Type", "revisit"},
                                         {"WARC-Record-ID", Id(2)},
                                         {"WARC-Date", d},
                                         {"WARC-Target-URI", "http://b.example/"},
                                         {"Content-Type", kHttpResponse},
                                         {"WARC-Payload-Digest", kP1B32},
                                         {"WARC-Profile", Profile("WARC/1.0")},
                                         {"WARC-Refers-To-Target-URI", "http://a.example/"},
                                         {"WARC-Refers-To-Date", d},
                                         {"WARC-Truncated", "length"},
                                         {"WARC-Block-Digest", c.written}},
                                        kHttpHeader));
  }
}
