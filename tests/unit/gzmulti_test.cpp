// gzmulti::SegmentReader, MemberWriter, CompressMember and CopyRaw over
// in-memory input: exact member offsets, exact content, exact error texts and
// exact resynchronisation, for the fast path and both streaming backends.
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "base/source.h"
#include "gzmulti/member_writer.h"
#include "gzmulti/segment_reader.h"

using gzmulti::CompressMember;
using gzmulti::Format;
using gzmulti::ReaderOptions;
using gzmulti::SegmentReader;
using gzmulti::StreamBackend;

namespace {

// Readable, compressible bytes (CRLFs included), the same for the same seed.
std::string Text(size_t n, uint32_t seed) {
  static const char* const kWords[] = {"warc",   "record", "payload", "digest", "gzip",
                                       "member", "offset", "crawl",   "\r\n",   "http"};
  std::string s;
  s.reserve(n + 16);
  uint32_t x = seed * 2654435761u + 1;
  while (s.size() < n) {
    x = x * 1664525u + 1013904223u;
    s += kWords[(x >> 16) % 10];
    s += ' ';
  }
  s.resize(n);
  return s;
}

// Incompressible bytes (xorshift), the same for the same seed.
std::string Noise(size_t n, uint32_t seed) {
  std::string s(n, '\0');
  uint64_t x = 0x9E3779B97F4A7C15ull ^ seed;
  for (size_t i = 0; i < n; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    s[i] = static_cast<char>(x >> 24);
  }
  return s;
}

// CRC-32 (IEEE, as in the gzip trailer), computed here independently of zlib.
uint32_t Crc32(std::string_view s) {
  uint32_t c = 0xffffffffu;
  for (unsigned char b : s) {
    c ^= b;
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
  }
  return ~c;
}

uint32_t Le32(std::string_view s, size_t at) {
  return static_cast<uint32_t>(static_cast<uint8_t>(s[at])) |
         static_cast<uint32_t>(static_cast<uint8_t>(s[at + 1])) << 8 |
         static_cast<uint32_t>(static_cast<uint8_t>(s[at + 2])) << 16 |
         static_cast<uint32_t>(static_cast<uint8_t>(s[at + 3])) << 24;
}

struct Config {
  const char* name;
  ReaderOptions options;
};

// The three ways a member can be inflated: libdeflate in one call (default),
// streaming with the default backend (ISA-L when built in), streaming with zlib.
std::vector<Config> AllConfigs() {
  Config fast{"fast path (default options)", {}};
  Config stream{"streaming, backend kAuto", {}};
  stream.options.fast_path = false;
  Config zlib{"streaming, backend kZlib", {}};
  zlib.options.fast_path = false;
  zlib.options.stream_backend = StreamBackend::kZlib;
  return {fast, stream, zlib};
}

// Damaged members always end up in the streaming inflater (the fast path hands
// anything it cannot decode over), so error texts depend on that backend only.
bool StreamsWithIsal(const ReaderOptions& options) {
  ReaderOptions o = options;
  o.fast_path = false;
  return gzmulti::BackendDescription(o) == "isa-l (streaming)";
}

std::string Range(uint64_t begin, uint64_t end) {
  return "[" + std::to_string(begin) + "," + std::to_string(end) + ")";
}

// Everything a reader reports, in order: "[begin,end)" per complete segment
// (its bytes in `data`), "error: <status>" and "resync: skipped N" /
// "no resync: skipped N" after damage.
struct Trace {
  std::vector<std::string> events;
  std::vector<std::string> data;
  Format format = Format::kUnknown;
};

Trace ReadAll(base::ByteSource* source, const ReaderOptions& options) {
  SegmentReader reader(source, options);
  Trace t;
  for (;;) {
    if (reader.NextSegment()) {
      std::string data;
      std::string_view chunk;
      uint64_t begin = reader.segment_begin();
      while (reader.NextChunk(&chunk)) data.append(chunk);
      if (reader.status().ok()) {
        CHECK(reader.segment_decompressed() == data.size());
        t.events.push_back(Range(begin, reader.segment_end()));
        t.data.push_back(std::move(data));
        continue;
      }
    } else if (reader.status().ok()) {
      break;
    }
    t.events.push_back("error: " + reader.status().message());
    uint64_t skipped = 12345;
    bool more = reader.Resync(&skipped);
    t.events.push_back(std::string(more ? "resync" : "no resync") + ": skipped " +
                       std::to_string(skipped));
    if (!more) {
      CHECK_FALSE(reader.NextSegment());
      CHECK(reader.status().ok());
      break;
    }
  }
  t.format = reader.format();
  return t;
}

Trace ReadAll(const std::string& input, const ReaderOptions& options) {
  base::StringSource source(input);
  return ReadAll(&source, options);
}

// Three members; the middle one is the one damaged in the tests below.
struct Three {
  std::string d0 = "WARC/1.0\r\nfirst member\r\n" + Text(1000, 1);
  std::string d1 = Text(5000, 2);
  std::string d2 = Text(300, 3);
  std::string m0 = CompressMember(d0);
  std::string m1 = CompressMember(d1);
  std::string m2 = CompressMember(d2);
  uint64_t b1 = m0.size();
  uint64_t b2 = m0.size() + m1.size();
  uint64_t end = m0.size() + m1.size() + m2.size();
  std::string All() const { return m0 + m1 + m2; }
};

// Resync looks for "1f 8b 08"; the tests need the damaged member not to
// contain one by chance, or the expected skip would be wrong.
bool HasNoFalseHeader(const std::string& member) {
  return member.find("\x1f\x8b\x08", 1) == std::string::npos;
}

}  // namespace

TEST_CASE("DetectFormat recognises gzip by its magic bytes only", "[gzmulti]") {
  CHECK(gzmulti::DetectFormat("") == Format::kUnknown);
  CHECK(gzmulti::DetectFormat("\x1f") == Format::kPlain);
  CHECK(gzmulti::DetectFormat("\x1f\x8b") == Format::kGzip);
  CHECK(gzmulti::DetectFormat(std::string("\x1f\x8b\x08\x00", 4)) == Format::kGzip);
  CHECK(gzmulti::DetectFormat("\x8b\x1f") == Format::kPlain);
  CHECK(gzmulti::DetectFormat("WARC/1.0\r\n") == Format::kPlain);
}

TEST_CASE("BackendDescription names the inflaters in use", "[gzmulti]") {
  ReaderOptions zlib;
  zlib.fast_path = false;
  zlib.stream_backend = StreamBackend::kZlib;
  CHECK(gzmulti::BackendDescription(zlib) == "zlib (streaming)");
  ReaderOptions stream;
  stream.fast_path = false;
  std::string d = gzmulti::BackendDescription(stream);
  CHECK((d == "isa-l (streaming)" || d == "zlib (streaming)"));
  ReaderOptions fast;
  std::string f = gzmulti::BackendDescription(fast);
  // With libdeflate built in the fast path is named with its size limit.
  CHECK((f == "libdeflate (members up to 1024 KiB), " + d || f == d));
}

TEST_CASE("SegmentReader gives exact member offsets and content", "[gzmulti]") {
  Three t;
  for (const Config& c : AllConfigs()) {
    INFO(c.name);
    Trace r = ReadAll(t.All(), c.options);
    CHECK(r.format == Format::kGzip);
    CHECK(r.events ==
          std::vector<std::string>{Range(0, t.b1), Range(t.b1, t.b2), Range(t.b2, t.end)});
    CHECK(r.data == std::vector<std::string>{t.d0, t.d1, t.d2});
  }
}

TEST_CASE("SegmentReader reads an empty member and a member of one byte", "[gzmulti]") {
  std::string empty = CompressMember("");
  std::string one = CompressMember("x");
  for (const Config& c : AllConfigs()) {
    INFO(c.name);
    Trace r = ReadAll(empty + one + empty, c.options);
    uint64_t e = empty.size(), o = one.size();
    CHECK(r.events ==
          std::vector<std::string>{Range(0, e), Range(e, e + o), Range(e + o, e + o + e)});
    CHECK(r.data == std::vector<std::string>{"", "x", ""});
  }
}

TEST_CASE("NextSegment skips the rest of a segment the caller did not read", "[gzmulti]") {
  Three t;
  for (const Config& c : AllConfigs()) {
    INFO(c.name);
    base::StringSource source(t.All());
    SegmentReader reader(&source, c.options);
    REQUIRE(reader.NextSegment());
    CHECK(reader.segment_begin() == 0);
    std::string_view chunk;
    REQUIRE(reader.NextChunk(&chunk));  // part of member 0 only
    REQUIRE(reader.NextSegment());
    CHECK(reader.segment_begin() == t.b1);
    REQUIRE(reader.NextSegment());  // member 1 not read at all
    CHECK(reader.segment_begin() == t.b2);
    std::string data;
    while (reader.NextChunk(&chunk)) data.append(chunk);
    CHECK(reader.status().ok());
    CHECK(data == t.d2);
    CHECK(reader.segment_end() == t.end);
    CHECK_FALSE(reader.NextSegment());
    CHECK(reader.status().ok());
    CHECK(reader.bytes_consumed() == t.end);
  }
}

TEST_CASE("A member bigger than fast_path_max_output is streamed with exact offsets", "[gzmulti]") {
  std::string small0 = Text(700, 4), big = Text(3 << 20, 5), small2 = Text(900, 6);
  std::string m0 = CompressMember(small0), m1 = CompressMember(big), m2 = CompressMember(small2);
  uint64_t b1 = m0.size(), b2 = b1 + m1.size(), end = b2 + m2.size();
  for (const Config& c : AllConfigs()) {
    INFO(c.name);
    REQUIRE(big.size() > c.options.fast_path_max_output);
    Trace r = ReadAll(m0 + m1 + m2, c.options);
    CHECK(r.events == std::vector<std::string>{Range(0, b1), Range(b1, b2), Range(b2, end)});
    REQUIRE(r.data.size() == 3);
    CHECK(r.data[0] == small0);
    CHECK(r.data[1] == big);  // compared as a whole: no per-chunk assumptions
    CHECK(r.data[2] == small2);
  }
}

TEST_CASE("Many members across input-window refills keep exact offsets", "[gzmulti]") {
  // 500 incompressible 10 KB members: about 5 MB of input, more than the
  // 4 MiB input window, so members straddle the refill boundary.
  std::string input;
  std::vector<std::string> expected_events, expected_data;
  for (uint32_t i = 0; i < 500; ++i) {
    std::string data = Noise(10000 + i, i);
    std::string m = CompressMember(data, 1);
    expected_events.push_back(Range(input.size(), input.size() + m.size()));
    expected_data.push_back(std::move(data));
    input += m;
  }
  REQUIRE(input.size() > (4u << 20));
  for (const Config& c : AllConfigs()) {
    INFO(c.name);
    Trace r = ReadAll(input, c.options);
    CHECK(r.events == expected_events);
    CHECK(r.data == expected_data);
  }
}

TEST_CASE("A member trailer or header split by the 4 MiB window boundary", "[gzmulti]") {
  // Stored (level 0) members grow one byte per input byte, so sizes around
  // the window size put the boundary at every position of the 8-byte trailer
  // and of the next member's 10-byte header.
  const uint64_t window = 4u << 20;
  std::string text = Text(window + 4096, 7);
  std::string tail = CompressMember(Text(2000, 8));
  size_t n = window - 1000;
  for (;;) {  // the first size at or just past window - 14
    size_t size = CompressMember(std::string_view(text).substr(0, n), 0).size();
    if (size >= window - 14) break;
    n += window - 14 - size;
  }
  int boundaries_tested = 0;
  for (; boundaries_tested < 28; ++n) {
    std::string_view data = std::string_view(text).substr(0, n);
    std::string m0 = CompressMember(data, 0);
    if (m0.size() > window + 14) break;
    ++boundaries_tested;
    for (const Config& c : AllConfigs()) {
      INFO(c.name << ", first member " << m0.size() << " bytes");
      Trace r = ReadAll(m0 + tail, c.options);
      CHECK(r.events == std::vector<std::string>{Range(0, m0.size()),
                                                 Range(m0.size(), m0.size() + tail.size())});
      REQUIRE(r.data.size() == 2);
      CHECK(r.data[0] == data);
    }
  }
  CHECK(boundaries_tested >= 20);
}

TEST_CASE("A small input window (input_buffer_size) gives the same offsets", "[gzmulti]") {
  Three t;
  for (size_t size : {64, 100, 1000}) {
    for (const Config& c : AllConfigs()) {
      INFO(c.name << ", input_buffer_size " << size);
      ReaderOptions o = c.options;
      o.input_buffer_size = size;
      Trace r = ReadAll(t.All(), o);
      CHECK(r.events ==
            std::vector<std::string>{Range(0, t.b1), Range(t.b1, t.b2), Range(t.b2, t.end)});
      CHECK(r.data == std::vector<std::string>{t.d0, t.d1, t.d2});
    }
  }
}

TEST_CASE("Plain input is recognised by content: one segment covering the input", "[gzmulti]") {
  std::string plain = "WARC/1.0\r\nWARC-Type: warcinfo\r\nContent-Length: 0\r\n\r\n\r\n\r\n";
  for (const Config& c : AllConfigs()) {
    INFO(c.name);
    Trace r = ReadAll(plain, c.options);
    CHECK(r.format == Format::kPlain);
    CHECK(r.events == std::vector<std::string>{Range(0, plain.size())});
    CHECK(r.data == std::vector<std::string>{plain});
  }
  // Larger than the input window: still one segment, bytes unchanged.
  std::string big = "WARC/1.0\r\n" + Text(5 << 20, 9);
  Trace r = ReadAll(big, {});
  CHECK(r.events == std::vector<std::string>{Range(0, big.size())});
  REQUIRE(r.data.size() == 1);
  CHECK(r.data[0] == big);
  // A gzip magic later in a plain file means nothing.
  std::string mixed = "ARC\n" + CompressMember("x");
  CHECK(ReadAll(mixed, {}).events == std::vector<std::string>{Range(0, mixed.size())});
}

TEST_CASE("Empty input: no segment, no error, format unknown", "[gzmulti]") {
  Trace r = ReadAll(std::string(), {});
  CHECK(r.events.empty());
  CHECK(r.format == Format::kUnknown);
}

TEST_CASE("Resync on plain input or without an error does nothing", "[gzmulti]") {
  base::StringSource plain_source("WARC/1.0\r\n");
  SegmentReader plain(&plain_source, {});
  REQUIRE(plain.NextSegment());
  uint64_t skipped = 99;
  CHECK_FALSE(plain.Resync(&skipped));
  CHECK(skipped == 0);

  Three t;
  base::StringSource gz_source(t.All());
  SegmentReader gz(&gz_source, {});
  REQUIRE(gz.NextSegment());
  CHECK_FALSE(gz.Resync(&skipped));
  CHECK(skipped == 0);
  CHECK(gz.status().ok());
}

TEST_CASE("Damage: a flipped byte in the CRC-32 trailer", "[gzmulti]") {
  Three t;
  REQUIRE(HasNoFalseHeader(t.m1));
  std::string input = t.All();
  input[t.b2 - 8] ^= 0x01;  // first byte of member 1's CRC-32
  for (const Config& c : AllConfigs()) {
    INFO(c.name);
    std::string what = StreamsWithIsal(c.options) ? "CRC-32 or ISIZE mismatch" : "CRC-32 mismatch";
    Trace r = ReadAll(input, c.options);
    CHECK(r.events ==
          std::vector<std::string>{
              Range(0, t.b1),
              "error: offset " + std::to_string(t.b1) + ": corrupt gzip member: " + what,
              "resync: skipped " + std::to_string(t.b2 - t.b1), Range(t.b2, t.end)});
    CHECK(r.data == std::vector<std::string>{t.d0, t.d2});
  }
}

TEST_CASE("Damage: reserved FLG bits in a member header", "[gzmulti]") {
  // zlib and gzip -t refuse such a header (RFC 1952: the bits must be zero);
  // libdeflate and ISA-L would inflate the member as if they were clear.
  Three t;
  REQUIRE(HasNoFalseHeader(t.m1));
  for (uint8_t bit : {uint8_t{0x20}, uint8_t{0x40}, uint8_t{0x80}}) {
    std::string input = t.All();
    input[t.b1 + 3] = static_cast<char>(static_cast<uint8_t>(input[t.b1 + 3]) | bit);
    for (Config c : AllConfigs()) {
      for (size_t window : {size_t{0}, size_t{64}}) {
        INFO(c.name << ", FLG bit " << int(bit) << ", window " << window);
        c.options.input_buffer_size = window;
        char flags[8];
        std::snprintf(flags, sizeof flags, "0x%02x", bit);
        Trace r = ReadAll(input, c.options);
        CHECK(r.events ==
              std::vector<std::string>{
                  Range(0, t.b1),
                  "error: offset " + std::to_string(t.b1) +
                      ": corrupt gzip member: reserved flag bits set in its header (FLG " + flags +
                      ")",
                  "resync: skipped " + std::to_string(t.b2 - t.b1), Range(t.b2, t.end)});
        CHECK(r.data == std::vector<std::string>{t.d0, t.d2});
      }
    }
  }
  // Resync passes over a header with reserved bits set, as it is no member start.
  std::string input = t.All();
  input[t.b1 + 10] = static_cast<char>(input[t.b1 + 10] | 0x06);  // BTYPE 11: invalid
  input[t.b2 + 3] = static_cast<char>(static_cast<uint8_t>(input[t.b2 + 3]) | 0x20);
  Trace r = ReadAll(input, {});
  REQUIRE(r.events.size() == 3);
  CHECK(r.events[2] == "no resync: skipped " + std::to_string(t.end - t.b1));
}

TEST_CASE("Damage: a flipped byte in ISIZE", "[gzmulti]") {
  Three t;
  REQUIRE(HasNoFalseHeader(t.m1));
  std::string input = t.All();
  input[t.b2 - 4] ^= 0x01;  // lowest byte of member 1's ISIZE
  for (const Config& c : AllConfigs()) {
    INFO(c.name);
    std::string what = StreamsWithIsal(c.options) ? "CRC-32 or ISIZE mismatch" : "ISIZE mismatch";
    Trace r = ReadAll(input, c.options);
    CHECK(r.events ==
          std::vector<std::string>{
              Range(0, t.b1),
              "error: offset " + std::to_string(t.b1) + ": corrupt gzip member: " + what,
              "resync: skipped " + std::to_string(t.b2 - t.b1), Range(t.b2, t.end)});
    CHECK(r.data == std::vector<std::string>{t.d0, t.d2});
  }
}

TEST_CASE("Damage: an invalid block type in the deflate data", "[gzmulti]") {
  Three t;
  REQUIRE(HasNoFalseHeader(t.m1));
  std::string input = t.All();
  // The first deflate byte follows the 10-byte header; BTYPE (bits 1-2) = 11
  // is reserved, which every inflater rejects at once.
  REQUIRE(static_cast<uint8_t>(t.m1[3]) == 0);  // no optional header fields
  input[t.b1 + 10] = static_cast<char>(input[t.b1 + 10] | 0x06);
  for (const Config& c : AllConfigs()) {
    INFO(c.name);
    std::string what = StreamsWithIsal(c.options) ? "invalid deflate data (invalid block)"
                                                  : "invalid deflate data (invalid block type)";
    Trace r = ReadAll(input, c.options);
    CHECK(r.events ==
          std::vector<std::string>{
              Range(0, t.b1),
              "error: offset " + std::to_string(t.b1) + ": corrupt gzip member: " + what,
              "resync: skipped " + std::to_string(t.b2 - t.b1), Range(t.b2, t.end)});
    CHECK(r.data == std::vector<std::string>{t.d0, t.d2});
  }
}

TEST_CASE("Damage: the last member truncated (in the trailer, the data, the header)", "[gzmulti]") {
  Three t;
  for (size_t keep : {t.m2.size() - 5, t.m2.size() - 20, size_t{5}}) {
    std::string input = t.All().substr(0, t.b2 + keep);
    for (const Config& c : AllConfigs()) {
      INFO(c.name << ", " << keep << " bytes of the last member kept");
      Trace r = ReadAll(input, c.options);
      CHECK(r.events == std::vector<std::string>{Range(0, t.b1), Range(t.b1, t.b2),
                                                 "error: offset " + std::to_string(t.b2) +
                                                     ": gzip member truncated (input ends " +
                                                     std::to_string(keep) + " bytes into it)",
                                                 "no resync: skipped " + std::to_string(keep)});
      CHECK(r.data == std::vector<std::string>{t.d0, t.d1});
    }
  }
}

TEST_CASE("Damage: garbage between members and after the last one", "[gzmulti]") {
  Three t;
  std::string input = t.m0 + "garbage!" + t.m1 + t.m2 + "\n";
  uint64_t g = t.b1;  // where the garbage starts
  uint64_t b1 = t.b1 + 8, b2 = t.b2 + 8, end = t.end + 8;
  for (const Config& c : AllConfigs()) {
    INFO(c.name);
    Trace r = ReadAll(input, c.options);
    CHECK(r.events ==
          std::vector<std::string>{Range(0, g),
                                   "error: offset " + std::to_string(g) +
                                       ": expected a gzip member header (1f 8b), found 67 61 72 62",
                                   "resync: skipped 8", Range(b1, b2), Range(b2, end),
                                   "error: offset " + std::to_string(end) +
                                       ": expected a gzip member header (1f 8b), found 0a",
                                   "no resync: skipped 1"});
    CHECK(r.data == std::vector<std::string>{t.d0, t.d1, t.d2});
  }
}

TEST_CASE("Damage: the input ends within the gzip magic of a member", "[gzmulti]") {
  Three t;
  const std::string magic("\x1f\x8b", 2);
  for (const Config& c : AllConfigs()) {
    INFO(c.name);
    // A file of two bytes, 1f 8b: gzip by its magic, and cut short.
    CHECK(ReadAll(magic, c.options).events ==
          std::vector<std::string>{
              "error: offset 0: gzip member truncated (input ends 2 bytes into it)",
              "no resync: skipped 2"});
    // After a member: 1f 8b, or a lone 1f, is the start of a member cut short.
    for (size_t keep : {size_t{1}, size_t{2}}) {
      CHECK(ReadAll(t.m0 + magic.substr(0, keep), c.options).events ==
            std::vector<std::string>{Range(0, t.b1),
                                     "error: offset " + std::to_string(t.b1) +
                                         ": gzip member truncated (input ends " +
                                         std::to_string(keep) + " bytes into it)",
                                     "no resync: skipped " + std::to_string(keep)});
    }
    // 1f then another byte is no gzip magic.
    CHECK(ReadAll(t.m0 + std::string("\x1f\x00", 2), c.options).events ==
          std::vector<std::string>{Range(0, t.b1),
                                   "error: offset " + std::to_string(t.b1) +
                                       ": expected a gzip member header (1f 8b), found 1f 00",
                                   "no resync: skipped 2"});
  }
}

TEST_CASE("PlainLookAhead hands out the unread end of a chunk again, with more after it",
          "[gzmulti]") {
  const std::string plain = "WARC/1.0\r\n" + Text(200, 4);
  ReaderOptions o;
  o.input_buffer_size = 64;
  base::StringSource source(plain);
  SegmentReader reader(&source, o);
  REQUIRE(reader.NextSegment());
  std::string_view chunk;
  REQUIRE(reader.NextChunk(&chunk));
  CHECK(chunk == std::string_view(plain).substr(0, 64));
  // The caller read all but the last 3 bytes and needs to see 10.
  REQUIRE(reader.PlainLookAhead(3, 10, &chunk));
  CHECK(chunk == std::string_view(plain).substr(61, 64));
  CHECK(reader.segment_decompressed() == 125);
  std::string read = plain.substr(0, 61);
  read.append(chunk);
  while (reader.NextChunk(&chunk)) read.append(chunk);
  CHECK(read == plain);
  CHECK(reader.status().ok());
  CHECK(reader.segment_end() == plain.size());
  CHECK_FALSE(reader.PlainLookAhead(0, 10, &chunk));  // the segment is over

  // Not for gzip members.
  Three t;
  base::StringSource gz_source(t.All());
  SegmentReader gz(&gz_source, {});
  REQUIRE(gz.NextSegment());
  REQUIRE(gz.NextChunk(&chunk));
  CHECK_FALSE(gz.PlainLookAhead(3, 10, &chunk));
}

TEST_CASE("Damage in a member larger than the input window resyncs exactly", "[gzmulti]") {
  // The damaged member's start has left the window by the time the trailer is
  // checked, so Resync scans from the window start; the skip still counts
  // from the member's start.
  std::string d0 = Text(500, 10), d2 = Text(600, 11);
  std::string m0 = CompressMember(d0), m2 = CompressMember(d2);
  std::string m1;
  uint32_t seed = 12;
  do {
    m1 = CompressMember(Noise(5 << 20, seed++), 1);
  } while (!HasNoFalseHeader(m1));
  uint64_t b1 = m0.size(), b2 = b1 + m1.size(), end = b2 + m2.size();
  std::string input = m0 + m1 + m2;
  input[b2 - 6] ^= 0x40;  // third byte of the CRC-32
  for (const Config& c : AllConfigs()) {
    INFO(c.name);
    std::string what = StreamsWithIsal(c.options) ? "CRC-32 or ISIZE mismatch" : "CRC-32 mismatch";
    Trace r = ReadAll(input, c.options);
    CHECK(r.events == std::vector<std::string>{
                          Range(0, b1),
                          "error: offset " + std::to_string(b1) + ": corrupt gzip member: " + what,
                          "resync: skipped " + std::to_string(b2 - b1), Range(b2, end)});
    CHECK(r.data == std::vector<std::string>{d0, d2});
  }
}

namespace {
// A source that fails after handing out `good` bytes.
class FailingSource : public base::ByteSource {
 public:
  FailingSource(std::string data, size_t good) : data_(std::move(data)), good_(good) {}
  base::Result<size_t> Read(char* buf, size_t n) override {
    if (pos_ >= good_) return base::Status::IOError("read error: Input/output error");
    size_t take = std::min(n, good_ - pos_);
    std::copy(data_.data() + pos_, data_.data() + pos_ + take, buf);
    pos_ += take;
    return take;
  }
  base::Status Seek(uint64_t) override { return base::Status::Unsupported("no seek"); }

 private:
  std::string data_;
  size_t good_, pos_ = 0;
};
}  // namespace

TEST_CASE("A read error stops reading; Resync does not go past it", "[gzmulti]") {
  Three t;
  for (const Config& c : AllConfigs()) {
    INFO(c.name);
    FailingSource source(t.All(), t.b1 + 30);
    SegmentReader reader(&source, c.options);
    std::string data;
    std::string_view chunk;
    bool first_ok = false;
    if (reader.NextSegment()) {
      while (reader.NextChunk(&chunk)) data.append(chunk);
      first_ok = reader.status().ok();
    }
    // The fast path reads ahead, so the error may surface while member 0 is
    // read or when member 1 is; either way it names the failing offset.
    if (first_ok) {
      CHECK(data == t.d0);
      while (reader.NextSegment())
        while (reader.NextChunk(&chunk)) {
        }
    }
    CHECK(reader.status().code() == base::Status::Code::kIOError);
    CHECK(reader.status().message() ==
          "offset " + std::to_string(t.b1 + 30) + ": read error: Input/output error");
    uint64_t skipped = 7;
    CHECK_FALSE(reader.Resync(&skipped));
    CHECK(skipped == 0);
  }
}

TEST_CASE("limit stops reading at the end of the range", "[gzmulti]") {
  Three t;
  for (const Config& c : AllConfigs()) {
    INFO(c.name);
    ReaderOptions o = c.options;
    o.limit = t.b2;  // members 0 and 1 only
    Trace r = ReadAll(t.All(), o);
    CHECK(r.events == std::vector<std::string>{Range(0, t.b1), Range(t.b1, t.b2)});
    CHECK(r.data == std::vector<std::string>{t.d0, t.d1});

    // A range that starts at member 1 (source positioned there).
    base::StringSource source(t.All());
    REQUIRE(source.Seek(t.b1).ok());
    o.start_offset = t.b1;
    o.limit = t.m1.size();
    Trace one = ReadAll(&source, o);
    CHECK(one.events == std::vector<std::string>{Range(t.b1, t.b2)});
    CHECK(one.data == std::vector<std::string>{t.d1});

    // A range that ends inside member 1: it is truncated there.
    o.start_offset = 0;
    o.limit = t.b1 + 100;
    Trace cut = ReadAll(t.All(), o);
    CHECK(cut.events ==
          std::vector<std::string>{Range(0, t.b1),
                                   "error: offset " + std::to_string(t.b1) +
                                       ": gzip member truncated (input ends 100 bytes into it)",
                                   "no resync: skipped 100"});
  }
  // Plain input: the segment ends at the limit.
  ReaderOptions o;
  o.limit = 10;
  Trace plain = ReadAll(std::string("WARC/1.0\r\nmore bytes"), o);
  CHECK(plain.events == std::vector<std::string>{Range(0, 10)});
  CHECK(plain.data == std::vector<std::string>{"WARC/1.0\r\n"});
}

TEST_CASE("MemberWriter and CompressMember: members that read back exactly", "[gzmulti]") {
  gzmulti::MemberWriter writer;
  std::string out;
  writer.Add("hello ", &out);
  writer.Add("", &out);
  writer.Add("world", &out);
  writer.Finish(&out);
  size_t first = out.size();
  std::string big = Text(2 << 20, 13);
  writer.Add(big, &out);
  writer.Finish(&out);

  // Each member is a complete, standard gzip member.
  REQUIRE(out.size() > first + 18);
  CHECK(out.substr(0, 4) == std::string("\x1f\x8b\x08\x00", 4));
  CHECK(Le32(out, first - 8) == Crc32("hello world"));
  CHECK(Le32(out, first - 4) == 11u);
  CHECK(out.substr(first, 4) == std::string("\x1f\x8b\x08\x00", 4));
  CHECK(Le32(out, out.size() - 8) == Crc32(big));
  CHECK(Le32(out, out.size() - 4) == static_cast<uint32_t>(big.size()));
  // CompressMember (libdeflate when built in) gives standard members too.
  for (const std::string& data : {std::string("hello world"), big}) {
    std::string member = CompressMember(data);
    CHECK(member.substr(0, 3) == std::string("\x1f\x8b\x08", 3));
    CHECK(Le32(member, member.size() - 8) == Crc32(data));
    CHECK(Le32(member, member.size() - 4) == static_cast<uint32_t>(data.size()));
  }

  for (const Config& c : AllConfigs()) {
    INFO(c.name);
    Trace r = ReadAll(out, c.options);
    CHECK(r.events == std::vector<std::string>{Range(0, first), Range(first, out.size())});
    CHECK(r.data == std::vector<std::string>{"hello world", big});
  }
  // Every level, stored included, round-trips.
  for (int level : {0, 1, 9}) {
    std::string m = CompressMember(big.substr(0, 100000), level);
    Trace r = ReadAll(m, {});
    CHECK(r.events == std::vector<std::string>{Range(0, m.size())});
    CHECK(r.data == std::vector<std::string>{big.substr(0, 100000)});
  }
}

TEST_CASE("CopyRaw copies exactly the requested bytes", "[gzmulti]") {
  std::string data = Noise(3 << 20, 21);
  base::StringSource source(data);
  REQUIRE(source.Seek(1000).ok());
  std::string copied;
  size_t calls = 0;
  auto sink = [&](std::string_view piece) {
    ++calls;
    copied.append(piece);
    return base::Status::Ok();
  };
  base::Status s = gzmulti::CopyRaw(&source, (2 << 20) + 7, sink);
  CHECK(s.ok());
  CHECK(copied == data.substr(1000, (2 << 20) + 7));
  CHECK(calls >= 2);  // more than one buffer's worth
  // The source is left just after the range.
  char next = 0;
  REQUIRE(source.Read(&next, 1).ok());
  CHECK(next == data[1000 + (2 << 20) + 7]);

  copied.clear();
  CHECK(gzmulti::CopyRaw(&source, 0, sink).ok());
  CHECK(copied.empty());
}

TEST_CASE("CopyRaw fails on short input and passes sink errors on", "[gzmulti]") {
  std::string data = "0123456789";
  base::StringSource source(data);
  REQUIRE(source.Seek(4).ok());
  std::string copied;
  auto sink = [&](std::string_view piece) {
    copied.append(piece);
    return base::Status::Ok();
  };
  base::Status s = gzmulti::CopyRaw(&source, 10, sink);
  CHECK(s.code() == base::Status::Code::kCorruption);
  CHECK(s.message() == "input ends 4 bytes before the end of the range to copy");
  CHECK(copied == "456789");

  base::StringSource again(data);
  base::Status full = gzmulti::CopyRaw(&again, 5, [](std::string_view) {
    return base::Status::IOError("out.warc.gz: write error: No space left on device");
  });
  CHECK(full.code() == base::Status::Code::kIOError);
  CHECK(full.message() == "out.warc.gz: write error: No space left on device");
}
