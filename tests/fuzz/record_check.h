// Shared by warc_reader_fuzz and arc_reader_fuzz: reads every record of an
// input the way warcsum does and checks warc::RecordReader's contract.
#pragma once

#include <zlib.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/source.h"
#include "fuzz_targets.h"
#include "gzmulti/member_writer.h"
#include "warc/payload.h"
#include "warc/reader.h"

namespace fuzz {

// A fuzz input turned into a file, and what is known of its layout.
struct FuzzFile {
  std::string bytes;
  bool gzip_layout_known = false;
  // When known: each member's [begin, end) and its decompressed bytes.
  std::vector<std::pair<uint64_t, uint64_t>> members;
  std::vector<std::string> member_data;

  void AddMember(std::string_view data) {
    uint64_t begin = bytes.size();
    bytes += gzmulti::CompressMember(data);
    members.emplace_back(begin, bytes.size());
    member_data.emplace_back(data);
  }
};

// How the body of the input becomes a file (two bits of the flags byte).
enum class Wrap { kRaw = 0, kMemberPerRecord = 1, kOneMember = 2, kMemberPer64 = 3 };

// Builds the file: `head` (may be empty) then `body`. kMemberPerRecord starts a
// new member at every line that begins with `record_start`.
inline FuzzFile MakeFile(std::string_view head, std::string_view body, Wrap wrap,
                         std::string_view record_start) {
  FuzzFile f;
  std::string all = std::string(head) + std::string(body);
  switch (wrap) {
    case Wrap::kRaw:
      f.bytes = all;
      return f;
    case Wrap::kOneMember:
      f.AddMember(all);
      break;
    case Wrap::kMemberPer64:
      for (size_t i = 0; i < all.size(); i += 64) f.AddMember(std::string_view(all).substr(i, 64));
      break;
    case Wrap::kMemberPerRecord: {
      if (!head.empty()) f.AddMember(head);
      size_t start = 0;
      for (size_t i = 1; i <= body.size(); ++i) {
        bool cut = i == body.size() ||
                   (body[i - 1] == '\n' && body.substr(i, record_start.size()) == record_start);
        if (cut) {
          f.AddMember(body.substr(start, i - start));
          start = i;
        }
      }
      break;
    }
  }
  f.gzip_layout_known = true;
  return f;
}

// Inflates the single gzip member that must fill [begin, end) exactly; false
// when it is not one complete, valid member.
inline bool InflateExactMember(std::string_view member, std::string* out) {
  z_stream zs{};
  if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK) return false;
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(member.data()));
  zs.avail_in = static_cast<uInt>(member.size());
  int rc;
  char buf[4096];
  do {
    zs.next_out = reinterpret_cast<Bytef*>(buf);
    zs.avail_out = sizeof buf;
    rc = inflate(&zs, Z_NO_FLUSH);
    out->append(buf, sizeof buf - zs.avail_out);
  } while (rc == Z_OK && out->size() < (64u << 20));
  bool ok = rc == Z_STREAM_END && zs.avail_in == 0;
  inflateEnd(&zs);
  return ok;
}

class CheckingReporter : public warc::Reporter {
 public:
  // The input covers file offsets [first, last].
  CheckingReporter(uint64_t first, uint64_t last) : first_(first), last_(last) {}
  void Problem(const base::Status& status) override {
    uint64_t at = 0;
    Check(HasOffsetPrefix(status.message(), &at),
          "problem without \"offset N: \": " + status.message());
    Check(at >= first_ && at <= last_, "problem offset outside the input: " + status.message());
    if (problems++ == 0) first_problem = status.message();
  }
  size_t problems = 0;
  std::string first_problem;

 private:
  uint64_t first_, last_;
};

// What a reading gave, for comparing readings of the same records.
struct RecordSeen {
  std::string version;
  std::vector<warc::HeaderMap::Field> headers;
  uint64_t content_length;
  std::string payload;
  uint64_t offset;
  uint64_t length;  // 0 when Finish() gave no location

  // Equal as records, wherever and however they are stored.
  bool SameRecord(const RecordSeen& o) const {
    return version == o.version && headers == o.headers && content_length == o.content_length &&
           payload == o.payload;
  }
};

struct Reading {
  std::vector<RecordSeen> records;
  size_t problems = 0;
  std::string first_problem;
};

// Reads every record of f with PayloadStream and Finish(), checking that a
// location is only given for a record read completely, and that it is a real
// record's place in the file. f.bytes are the file from options.start_offset.
inline Reading CheckAllRecords(const FuzzFile& f, const gzmulti::ReaderOptions& options) {
  const uint64_t base = options.start_offset;
  const uint64_t readable = std::min<uint64_t>(f.bytes.size(), options.limit);
  base::StringSource source(f.bytes);
  CheckingReporter reporter(base, base + f.bytes.size());
  warc::RecordReader reader(&source, options, &reporter);
  warc::Record record;
  Reading reading;
  while (reader.Next(&record)) {
    reading.records.push_back(
        {record.version, record.headers.fields(), record.content_length, "", record.offset, 0});
    RecordSeen& seen = reading.records.back();
    warc::PayloadStream payload(&reader, record);
    std::string_view piece;
    uint64_t block_bytes = 0;
    while (payload.Next(&piece)) {
      block_bytes += piece.size();
      seen.payload.append(piece);
    }
    if (payload.has_http_header()) block_bytes += payload.splitter().header().size();
    uint64_t length = 0;
    if (!reader.Finish(&length)) continue;
    seen.length = length;

    // The location: inside the input, not empty, on a record's first byte.
    Check(length > 0, "Finish() gave a zero length");
    Check(record.offset >= base && record.offset - base + length <= readable,
          "Finish() gave a location outside the input");
    const uint64_t at = record.offset - base;  // in f.bytes
    Check(block_bytes == record.content_length,
          "Finish() true but the block was not read completely");
    std::string start;  // the record's first bytes, decompressed
    if (reader.format() == gzmulti::Format::kGzip) {
      std::string_view member = std::string_view(f.bytes).substr(at, length);
      Check(InflateExactMember(member, &start),
            "Finish() location is not exactly one valid gzip member");
      if (f.gzip_layout_known) {
        bool listed = false;
        for (const auto& m : f.members)
          listed = listed || (m.first == at && m.second == at + length);
        Check(listed, "Finish() location is not one of the input's members");
      }
    } else {
      start = f.bytes.substr(at, length);
    }
    size_t blank = start.find_first_not_of(" \t");
    std::string_view first_line =
        blank == std::string::npos ? "" : std::string_view(start).substr(blank);
    std::string_view expect = record.format == warc::FileFormat::kWarc
                                  ? std::string_view(record.version)
                                  : record.TargetUri();
    Check(first_line.substr(0, expect.size()) == expect,
          "Finish() location does not start with the record's first line");
  }
  reading.problems = reporter.problems;
  reading.first_problem = reporter.first_problem;
  return reading;
}

// Reads an uncompressed file that gave no problem again in 64-byte pieces, and
// as one gzip member: the records must not depend on where chunks end.
inline void CheckChunkingIndependence(const std::string& file, const Reading& whole,
                                      gzmulti::ReaderOptions options) {
  if (whole.problems > 0) return;
  FuzzFile plain;
  plain.bytes = file;
  options.input_buffer_size = 64;
  Reading small = CheckAllRecords(plain, options);
  Check(small.problems == 0,
        "a 64-byte input window gives a problem that a large one does not: " + small.first_problem);
  Check(small.records.size() == whole.records.size(),
        "a 64-byte input window gives another number of records");
  for (size_t i = 0; i < whole.records.size(); ++i) {
    Check(small.records[i].SameRecord(whole.records[i]) &&
              small.records[i].offset == whole.records[i].offset &&
              small.records[i].length == whole.records[i].length,
          "a 64-byte input window reads record " + std::to_string(i) + " differently");
  }
  if (gzmulti::DetectFormat(file) == gzmulti::Format::kGzip) return;
  FuzzFile one;
  one.AddMember(file);
  options.input_buffer_size = 0;
  Reading gz = CheckAllRecords(one, options);
  Check(gz.records.size() == whole.records.size(),
        "in one gzip member, the file gives another number of records");
  for (size_t i = 0; i < whole.records.size(); ++i)
    Check(gz.records[i].SameRecord(whole.records[i]),
          "in one gzip member, record " + std::to_string(i) + " reads differently");
}

}  // namespace fuzz
