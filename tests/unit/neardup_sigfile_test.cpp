// neardup/sigfile.h: the signature file written and read back, byte for
// byte and field for field; its refusals; and damage of every byte.
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "base/temp_file.h"
#include "neardup/sigfile.h"

using neardup::SigFile;
using neardup::SigHeader;
using neardup::SigRecord;
using neardup::SigRecordView;
using neardup::SigWriter;

namespace {

SigHeader SmallHeader() {
  SigHeader h;
  h.num_perm = 3;
  h.extract = "dom";
  h.creator = "test";
  return h;
}

SigRecord MakeRecord(int n, uint32_t num_perm) {
  SigRecord r;
  r.key.file = std::string("crawl-") + std::to_string(n) + ".warc.gz";
  r.key.offset = 1000 * static_cast<uint64_t>(n) + 7;
  r.key.length = 0xffffffffffULL + n;
  r.key.uri = std::string("http://example.org/a%20b?n=") + std::to_string(n);
  r.key.date = "20260101000000";
  r.key.digest = "sha1:2jmj7l5rsw0yvb";
  r.status = n == 1 ? -1 : 200;
  r.host = n == 2 ? "" : "example.org";
  r.mime = "text/html";
  r.title.assign("Caf\xc3\xa9 au lait, \"quoted\"\tand spaced");
  r.tokens = 400 + n;
  r.simhash = 0xfedcba9876543210ULL ^ n;
  for (uint32_t i = 0; i < num_perm; ++i) r.minhash.push_back(0x01020304u * (i + 1) + n);
  for (int i = 0; i < 5 * n; ++i) r.shingles.push_back(0x1000000000000000ULL * i + n);
  return r;
}

std::string Write(const SigHeader& header, const std::vector<SigRecord>& records) {
  std::string out;
  SigWriter writer(header, [&](std::string_view b) {
    out.append(b);
    return base::Status::Ok();
  });
  for (const auto& r : records) REQUIRE(writer.Add(r).ok());
  REQUIRE(writer.Finish().ok());
  CHECK(writer.bytes_written() == out.size());
  return out;
}

// The bytes in 8-byte aligned memory, as FromBytes needs them.
struct Aligned {
  std::vector<uint64_t> words;
  size_t size;
  explicit Aligned(const std::string& bytes) : words(bytes.size() / 8 + 1), size(bytes.size()) {
    std::memcpy(words.data(), bytes.data(), bytes.size());
  }
  std::string_view view() const { return {reinterpret_cast<const char*>(words.data()), size}; }
};

std::string OpenError(const std::string& bytes) {
  Aligned a(bytes);
  auto file = SigFile::FromBytes(a.view(), "t.sig");
  return file.ok() ? "opened" : file.status().message();
}

void CheckSame(const SigRecordView& v, const SigRecord& r) {
  CHECK(v.file == r.key.file);
  CHECK(v.offset == r.key.offset);
  CHECK(v.length == r.key.length);
  CHECK(v.uri == r.key.uri);
  CHECK(v.date == r.key.date);
  CHECK(v.digest == r.key.digest);
  CHECK(v.status == r.status);
  CHECK(v.host == r.host);
  CHECK(v.mime == r.mime);
  CHECK(v.title == r.title);
  CHECK(v.tokens == r.tokens);
  CHECK(v.simhash == r.simhash);
  CHECK(std::vector<uint32_t>(v.minhash.begin(), v.minhash.end()) == r.minhash);
  CHECK(std::vector<uint64_t>(v.shingles.begin(), v.shingles.end()) == r.shingles);
  CHECK(reinterpret_cast<uintptr_t>(v.shingles.data()) % 8 == 0);
}

void Put64(std::string* s, size_t at, uint64_t v) { std::memcpy(&(*s)[at], &v, 8); }

}  // namespace

TEST_CASE("neardup: signature file round trip of every field", "[neardup]") {
  SigHeader header = SmallHeader();
  header.k = 7;
  header.mod_p = 11;
  std::vector<SigRecord> records{MakeRecord(0, 3), MakeRecord(1, 3), MakeRecord(2, 3)};
  std::string bytes = Write(header, records);
  Aligned a(bytes);
  auto file = SigFile::FromBytes(a.view(), "t.sig");
  REQUIRE(file.ok());
  const SigHeader& h = (*file)->header();
  CHECK(h.version == 2);
  CHECK(h.k == 7);
  CHECK(h.num_perm == 3);
  CHECK(h.mod_p == 11);
  CHECK(h.hash_scheme == 1);
  CHECK(h.minhash_scheme == neardup::kMinHashScheme);
  CHECK(h.minhash_seed == neardup::kMinHashSeed);
  CHECK(h.extract == "dom");
  CHECK(h.creator == "test");
  REQUIRE((*file)->size() == 3);
  for (size_t i = 0; i < 3; ++i) {
    CheckSame((*file)->record(i), records[i]);
    CHECK((*file)->minhash(i).data() == (*file)->record(i).minhash.data());
    CHECK((*file)->shingles(i).data() == (*file)->record(i).shingles.data());
    CHECK((*file)->shingles(i).size() == records[i].shingles.size());
    CHECK((*file)->simhash(i) == records[i].simhash);
  }
  CHECK((*file)->record(0).shingles.empty());  // record 0 has no shingles
  // The sketches lie together after the records: 16 + 16 bytes apart here.
  CHECK((*file)->minhash(1).data() - (*file)->minhash(0).data() == 8);
  CHECK(reinterpret_cast<const char*>((*file)->minhash(0).data()) >
        reinterpret_cast<const char*>((*file)->record(2).title.end()));
  CHECK((*file)->record_offset(0) == 64);
  CHECK(neardup::KeyOf((*file)->record(1)) == records[1].key);
}

TEST_CASE("neardup: signature file bytes as warcsig(5) lays them out", "[neardup]") {
  SigHeader header = SmallHeader();
  SigRecord r = MakeRecord(1, 3);
  r.key.file = "f";
  r.key.uri = "u";
  r.key.date = "d";
  r.key.digest = "g";
  r.host = "h";
  r.mime = "m";
  r.title = "t";
  std::string bytes = Write(header, {r});
  const std::string expected_header(
      "WARCSIG\0"  // magic
      "\x02\0\0\0"
      "\x40\0\0\0"  // version 2, header size 64
      "\x05\0\0\0"
      "\x03\0\0\0"  // k 5, num_perm 3
      "\0\0\0\0"
      "\x01\0\0\0"  // mod_p 0, hash scheme 1
      "\x01\0\0\0"
      "\0\0\0\0"  // MinHash scheme 1, reserved
      "1GISCRAW"  // seed 0x5741524353494731
      "\x03\0\0\0"
      "\x04\0\0\0"  // extract and creator lengths
      "domtest\0",  // the strings, padded to 8
      64);
  CHECK(bytes.substr(0, 64) == expected_header);
  // Record: 64 fixed + 5 shingles + 8 strings.
  const size_t rec = 64, size = 64 + 5 * 8 + 8;
  uint64_t v;
  std::memcpy(&v, &bytes[rec], 8);
  CHECK(v == size);
  CHECK(bytes.substr(rec + 24, 8) == std::string("\xff\xff\xff\xff\x91\x01\0\0", 8));
  std::memcpy(&v, &bytes[rec + 64], 8);
  CHECK(v == r.shingles[0]);
  CHECK(bytes.substr(rec + size - 8, 8) == std::string("fudghmt\0", 8));
  // The sketch section: simhash, shingle count, 3 MinHash values padded.
  const size_t sketches = rec + size;
  CHECK(bytes.substr(sketches, 32) == std::string("\x11\x32\x54\x76\x98\xba\xdc\xfe"
                                                  "\x05\0\0\0\0\0\0\0"
                                                  "\x05\x03\x02\x01\x09\x06\x04\x02"
                                                  "\x0d\x09\x06\x03\0\0\0\0",
                                                  32));
  // Index (one offset) and footer (sketch and index offsets, count, magic).
  CHECK(bytes.size() == sketches + 32 + 8 + 32);
  std::memcpy(&v, &bytes[sketches + 32], 8);
  CHECK(v == rec);
  const std::string footer = bytes.substr(sketches + 40);
  std::memcpy(&v, &footer[0], 8);
  CHECK(v == sketches);
  std::memcpy(&v, &footer[8], 8);
  CHECK(v == sketches + 32);
  std::memcpy(&v, &footer[16], 8);
  CHECK(v == 1);
  CHECK(footer.substr(24) == std::string("WSIGEND\0", 8));
}

TEST_CASE("neardup: signature file with no records, and a million shingles", "[neardup]") {
  CHECK(OpenError(Write(SmallHeader(), {})) == "opened");
  SigHeader header;  // 128 permutations
  SigRecord big = MakeRecord(3, 128);
  big.shingles.clear();
  for (uint64_t i = 0; i < 1000000; ++i) big.shingles.push_back(i * 0x9e3779b97f4a7c15ULL >> 1 | i);
  std::sort(big.shingles.begin(), big.shingles.end());
  big.shingles.erase(std::unique(big.shingles.begin(), big.shingles.end()), big.shingles.end());
  // Through a real file: Open maps it.
  std::string path = base::DefaultTempDir();
  path += "/neardup_sigfile_test." + std::to_string(getpid());
  {
    std::ofstream out(path, std::ios::binary);
    std::string bytes = Write(header, {MakeRecord(1, 128), big});
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  auto file = SigFile::Open(path);
  REQUIRE(file.ok());
  REQUIRE((*file)->size() == 2);
  CheckSame((*file)->record(1), big);
  CHECK((*file)->record(1).shingles.size() > 999000);
  // Scan visits every record in order; pages given back are read again.
  std::vector<size_t> seen;
  (*file)->Scan([&](size_t i, const neardup::SigRecordView& v) {
    seen.push_back(i);
    CHECK(v.offset == (*file)->record(i).offset);
  });
  CHECK(seen == std::vector<size_t>{0, 1});
  (*file)->ReleaseRecords();
  CheckSame((*file)->record(1), big);
  CheckSame((*file)->record(0), MakeRecord(1, 128));
  ::unlink(path.c_str());
  // A pipe cannot be mapped: it is read whole.
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  const std::string small = Write(SmallHeader(), {MakeRecord(2, 3)});
  REQUIRE(::write(fds[1], small.data(), small.size()) == static_cast<ssize_t>(small.size()));
  ::close(fds[1]);
  auto piped = SigFile::Open("/proc/self/fd/" + std::to_string(fds[0]));
  ::close(fds[0]);
  REQUIRE(piped.ok());
  REQUIRE((*piped)->size() == 1);
  CheckSame((*piped)->record(0), MakeRecord(2, 3));
  auto missing = SigFile::Open(path);
  REQUIRE(!missing.ok());
  CHECK(missing.status().message() == path + ": cannot open: No such file or directory");
}

TEST_CASE("neardup: signature files refused, with file, offset, expected and found", "[neardup]") {
  const std::string good = Write(SmallHeader(), {MakeRecord(1, 3), MakeRecord(2, 3)});
  CHECK(OpenError("GIF89a\x01") ==
        "t.sig: offset 0: not a signature file: expected magic \"WARCSIG\\x00\", found "
        "\"GIF89a\\x01\"");
  CHECK(OpenError("") ==
        "t.sig: offset 0: not a signature file: expected magic \"WARCSIG\\x00\", found \"\"");
  std::string newer = good;
  newer[8] = 3;
  CHECK(OpenError(newer) == "t.sig: offset 8: version 3 is newer than this reader's (2)");
  std::string older = good;
  older[8] = 1;
  CHECK(OpenError(older) ==
        "t.sig: offset 8: expected version 2, found 1 (an earlier layout: run warcshingle again)");
  std::string cut = good.substr(0, good.size() - 1);
  CHECK(OpenError(cut) ==
        "t.sig: offset " + std::to_string(cut.size() - 8) +
            ": no footer (a writer that did not finish, or a file cut short): expected "
            "\"WSIGEND\\x00\" at the end, found \"\\x00WSIGEND\"");
  CHECK(OpenError(good.substr(0, 40)) ==
        "t.sig: offset 40: the header is cut short: expected 56 bytes, found 40");
  // The second index entry points past the records.
  const size_t index_at = good.size() - 32 - 16, sketches_at = index_at - 2 * 32;
  std::string bad_index = good;
  Put64(&bad_index, index_at + 8, 1 << 20);
  CHECK(OpenError(bad_index) == "t.sig: offset " + std::to_string(index_at + 8) +
                                    ": index entry 1: expected record offset 304, found 1048576");
  std::string bad_count = good;
  Put64(&bad_count, good.size() - 16, 3);
  CHECK(OpenError(bad_count) == "t.sig: offset " + std::to_string(good.size() - 32) +
                                    ": footer: expected an index of 3 records ending at offset " +
                                    std::to_string(good.size() - 32) + ", found it starting at " +
                                    std::to_string(index_at));
  // The sketch section's offset, and a shingle count in it, damaged.
  std::string bad_sketches = good;
  Put64(&bad_sketches, good.size() - 32, sketches_at + 8);
  CHECK(OpenError(bad_sketches) ==
        "t.sig: offset " + std::to_string(good.size() - 32) +
            ": footer: expected a sketch section of 2 x 32 bytes ending at offset " +
            std::to_string(index_at) + ", found it starting at " + std::to_string(sketches_at + 8));
  std::string bad_shingles = good;
  Put64(&bad_shingles, sketches_at + 32 + 8, 11);  // record 1: 10 shingles
  CHECK(OpenError(bad_shingles) ==
        "t.sig: offset 304: record 1: expected a size of 272 from its counts, found 264");
  Put64(&bad_shingles, sketches_at + 32 + 8, uint64_t{1} << 60);
  CHECK(OpenError(bad_shingles) ==
        "t.sig: offset 304: record 1: shingle count 1152921504606846976 does not fit its size 264");
  std::string records_long = good;
  Put64(&records_long, good.size() - 32, sketches_at - 8);
  CHECK(OpenError(records_long).find("footer: expected a sketch section") != std::string::npos);
  std::string unsorted = good;
  const size_t shingles_at = 304 + 64;  // record 1's shingles
  Put64(&unsorted, shingles_at + 8, 0);
  CHECK(OpenError(unsorted) ==
        "t.sig: offset 304: record 1: expected shingles in ascending order, found shingle 1 not "
        "above the one before it");
  std::string spaced = good;
  spaced[spaced.find("crawl-2")] = ' ';
  CHECK(OpenError(spaced) ==
        "t.sig: offset 304: record 1: expected manifest text (bytes 0x21-0x7e) in the file field, "
        "found \" rawl-2.warc.gz\"");
}

TEST_CASE("neardup: signature file compatibility and dump lines", "[neardup]") {
  SigHeader a = SmallHeader(), b = SmallHeader();
  CHECK(neardup::CheckCompatible(a, b).ok());
  b.creator = "another";
  CHECK(neardup::CheckCompatible(a, b).ok());  // the creator does not matter
  b.mod_p = 7;
  CHECK(neardup::CheckCompatible(a, b).message() == "mod_p is 0 here, 7 there");
  b = a;
  b.k = 4;
  CHECK(neardup::CheckCompatible(a, b).message() == "k (words per shingle) is 5 here, 4 there");
  b = a;
  b.minhash_seed = 1;
  CHECK(neardup::CheckCompatible(a, b).message() ==
        "the MinHash seed is 5741524353494731 here, 0000000000000001 there");
  b = a;
  b.extract = "bte";
  CHECK(neardup::CheckCompatible(a, b).message() ==
        "the extraction method is \"dom\" here, \"bte\" there");
  a.mod_p = 7;
  a.creator = "warcshingle 0.1.0";
  CHECK(neardup::DumpHeader(a) ==
        "#warcsig 2 k=5 num_perm=3 mod_p=7 hash=1 minhash=1/5741524353494731 extract=dom "
        "creator=warcshingle%200.1.0");

  std::string bytes = Write(SmallHeader(), {MakeRecord(1, 3), MakeRecord(2, 3)});
  Aligned al(bytes);
  auto file = SigFile::FromBytes(al.view(), "t.sig");
  REQUIRE(file.ok());
  CHECK(neardup::DumpRecord((*file)->record(0)) ==
        "crawl-1.warc.gz 1007 1099511627776 http://example.org/a%20b?n=1 20260101000000 "
        "sha1:2jmj7l5rsw0yvb -1 example.org text/html "
        "Caf%C3%A9%20au%20lait,%20\"quoted\"%09and%20spaced 401 fedcba9876543211 5 "
        "01020305,02040609,0306090d");
  CHECK(neardup::DumpRecord((*file)->record(1), neardup::DumpShingles::kList) ==
        "crawl-2.warc.gz 2007 1099511627777 http://example.org/a%20b?n=2 20260101000000 "
        "sha1:2jmj7l5rsw0yvb 200 - text/html Caf%C3%A9%20au%20lait,%20\"quoted\"%09and%20spaced "
        "402 fedcba9876543212 10 01020306,0204060a,0306090e "
        "0000000000000002,1000000000000002,2000000000000002,3000000000000002,4000000000000002,"
        "5000000000000002,6000000000000002,7000000000000002,8000000000000002,9000000000000002");
}

TEST_CASE("neardup: the signature writer refuses what the format cannot hold", "[neardup]") {
  std::string out;
  int calls = 0;
  SigWriter writer(SmallHeader(), [&](std::string_view b) {
    out.append(b);
    return ++calls == 3 ? base::Status::IOError("disk full") : base::Status::Ok();
  });
  SigRecord r = MakeRecord(1, 3);
  r.minhash.pop_back();
  CHECK(writer.Add(r).message() == "record 0: 2 MinHash values, expected num_perm 3");
  r = MakeRecord(2, 3);
  std::swap(r.shingles[0], r.shingles[1]);
  CHECK(writer.Add(r).message() == "record 0: shingle 1 is not above the one before it");
  r = MakeRecord(2, 3);
  r.key.uri = "http://a b/";
  CHECK(writer.Add(r).message() ==
        "record 0: uri field \"http://a b/\" is not manifest text (non-empty, bytes 0x21-0x7e)");
  CHECK(writer.Add(MakeRecord(1, 3)).ok());
  CHECK(writer.Add(MakeRecord(2, 3)).message() == "disk full");
  CHECK(writer.Finish().message() == "disk full");  // the first error, again
  CHECK(writer.records() == 1);

  SigWriter done(SmallHeader(), [](std::string_view) { return base::Status::Ok(); });
  CHECK(done.Finish().ok());
  CHECK(done.Add(MakeRecord(1, 3)).message() == "record after the end of the file");
  CHECK(done.Finish().message() == "the file was finished already");

  SigHeader zero = SmallHeader();
  zero.num_perm = 0;
  SigWriter refused(zero, [](std::string_view) { return base::Status::Ok(); });
  CHECK(refused.Finish().message() == "num_perm 0 is not in 1..4096");
}

TEST_CASE("neardup: a signature file damaged anywhere opens or is refused, never misread",
          "[neardup]") {
  // Every byte flipped, and every length cut: Open either refuses the file
  // or gives records whose every byte lies inside it (ASan checks in CI).
  std::vector<SigRecord> records{MakeRecord(0, 3), MakeRecord(1, 3), MakeRecord(2, 3)};
  const std::string good = Write(SmallHeader(), records);
  auto read_all = [](const std::string& bytes) {
    Aligned a(bytes);
    auto file = SigFile::FromBytes(a.view(), "t.sig");
    if (!file.ok()) return size_t{0};
    size_t sum = 0;
    for (size_t i = 0; i < (*file)->size(); ++i) {
      SigRecordView v = (*file)->record(i);
      for (auto s : {v.file, v.uri, v.date, v.digest, v.host, v.mime, v.title}) {
        for (char c : s) sum += static_cast<unsigned char>(c);
      }
      for (uint32_t m : v.minhash) sum += m;
      for (uint64_t s : v.shingles) sum += s;
      sum += neardup::DumpRecord(v, neardup::DumpShingles::kList).size();
    }
    return sum + 1;
  };
  size_t opened = 0;
  for (size_t i = 0; i < good.size(); ++i) {
    for (unsigned char mask : {0x01, 0x80, 0xff}) {
      std::string damaged = good;
      damaged[i] = static_cast<char>(damaged[i] ^ mask);
      opened += read_all(damaged) > 0;
    }
    CHECK(read_all(good.substr(0, i)) == 0);  // every cut loses the footer
  }
  CHECK(read_all(good) > 0);
  CHECK(opened < 3 * good.size());  // most damage is refused
}
