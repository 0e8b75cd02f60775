// Helpers shared by the warc library's tests (warc_*_test.cpp): header maps
// from literals, a RecordWriter that remembers where each record went, a
// Reporter that collects problems and notes, and ReadAll(), which reads an
// in-memory WARC or ARC file and keeps every record with its block and
// whether the reader located it. Example:
//
//   WarcBuilder b = ThreeRecords(/*gzip=*/true);
//   Problems p;
//   auto records = ReadAll(b.bytes, &p);
//   CHECK(Locations(records)[1] == Located(b.offsets[1], b.lengths[1]));
#pragma once

#include <catch2/catch.hpp>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/source.h"
#include "base/status.h"
#include "gzmulti/segment_reader.h"
#include "warc/header_map.h"
#include "warc/reader.h"
#include "warc/record.h"
#include "warc/writer.h"

namespace warc_test {

using warc::HeaderMap;

inline HeaderMap Headers(std::initializer_list<std::pair<const char*, const char*>> fields) {
  HeaderMap h;
  for (const auto& [name, value] : fields) h.Add(name, value);
  return h;
}

inline std::vector<std::string> Strings(const std::vector<std::string_view>& views) {
  return std::vector<std::string>(views.begin(), views.end());
}

// Writes records with RecordWriter and remembers where each one went.
struct WarcBuilder {
  explicit WarcBuilder(bool gzip) { options.gzip = gzip; }
  void Add(std::string_view version, const HeaderMap& headers, std::string_view block) {
    warc::RecordWriter writer(
        [this](std::string_view s) {
          bytes.append(s);
          return base::Status::Ok();
        },
        options);
    uint64_t length = 0;
    offsets.push_back(bytes.size());
    REQUIRE(writer.Write(version, headers, block, &length).ok());
    lengths.push_back(length);
  }
  warc::WriterOptions options;
  std::string bytes;
  std::vector<uint64_t> offsets, lengths;
};

struct Problems : warc::Reporter {
  void Problem(const base::Status& status) override {
    CHECK(status.code() == base::Status::Code::kCorruption);
    list.push_back(status.message());
  }
  void Note(const std::string& message) override { notes.push_back(message); }
  std::vector<std::string> list, notes;
};

struct ReadRecord {
  warc::Record record;
  std::string block;
  bool located = false;
  uint64_t length = 0;
};

inline std::vector<ReadRecord> ReadAll(const std::string& input, Problems* problems,
                                       const gzmulti::ReaderOptions& options = {},
                                       warc::ReaderStats* stats = nullptr) {
  base::StringSource source(input);
  warc::RecordReader reader(&source, options, problems);
  std::vector<ReadRecord> out;
  ReadRecord r;
  while (reader.Next(&r.record)) {
    r.block.clear();
    std::string_view piece;
    while (reader.ReadBlock(&piece)) r.block.append(piece);
    r.length = 0;
    r.located = reader.Finish(&r.length);
    out.push_back(r);
  }
  if (stats) *stats = reader.stats();
  return out;
}

// "offset+length" for located records, "offset" for the others.
inline std::vector<std::string> Locations(const std::vector<ReadRecord>& records) {
  std::vector<std::string> out;
  for (const auto& r : records) {
    // Built by appending: GCC 12 warns (-Wrestrict) about "+" + std::string&&.
    std::string location = std::to_string(r.record.offset);
    location += r.located ? "+" : " unlisted";
    if (r.located) location += std::to_string(r.length);
    out.push_back(location);
  }
  return out;
}

// "offset+length", as Locations() shows a located record.
inline std::string Located(uint64_t offset, uint64_t length) {
  std::string location = std::to_string(offset);
  location += "+";
  return location + std::to_string(length);
}

inline constexpr char kHttpBlock[] =
    "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nhello world\n";

// warcinfo, response, resource: the usual shape of a small crawl.
inline WarcBuilder ThreeRecords(bool gzip, std::string_view version = "WARC/1.0") {
  WarcBuilder b(gzip);
  b.Add(version,
        Headers({{"WARC-Type", "warcinfo"},
                 {"WARC-Date", "2024-01-02T03:04:05Z"},
                 {"WARC-Record-ID", "<urn:uuid:00000000-0000-4000-8000-000000000001>"},
                 {"Content-Type", "application/warc-fields"}}),
        "software: warcdedup-test\r\n");
  b.Add(version,
        Headers({{"WARC-Type", "response"},
                 {"WARC-Target-URI", "http://example.com/"},
                 {"WARC-Date", "2024-01-02T03:04:06Z"},
                 {"Content-Type", "application/http; msgtype=response"},
                 {"Content-Length", "999"}}),  // replaced by the writer
        kHttpBlock);
  b.Add(version,
        Headers({{"WARC-Type", "resource"},
                 {"WARC-Target-URI", "file:///notes.txt"},
                 {"WARC-Date", "2024-01-02T03:04:07Z"},
                 {"Content-Type", "text/plain"}}),
        "resource body");
  return b;
}

// A WARC record written by hand, for what RecordWriter never writes.
inline std::string RawRecord(std::string_view head, std::string_view block) {
  return std::string(head) + "Content-Length: " + std::to_string(block.size()) + "\r\n\r\n" +
         std::string(block) + "\r\n\r\n";
}

// A WARC record whose Content-Length says `stated`, whatever its block holds.
inline std::string RecordSaying(uint64_t stated, std::string_view block,
                                std::string_view head = "WARC/1.0\r\nWARC-Type: resource\r\n") {
  return std::string(head) + "Content-Length: " + std::to_string(stated) + "\r\n\r\n" +
         std::string(block) + "\r\n\r\n";
}

}  // namespace warc_test
