// ARC to WARC, record by record and losslessly (arc2warc(1)).
//
// Every ARC record that reads completely becomes one WARC record whose block
// is the ARC record's block byte for byte, and whose WARC-ARC-Header-Line
// field keeps the ARC record line as written. The file's first version block
// (filedesc://) becomes the warcinfo record, a later one a metadata record;
// a block that starts with "HTTP/" a response record; any other a resource
// record. Record IDs are name-based (ConvertedRecordId), so the same input
// gives the same bytes on every run.
//
// An ARC record whose block the input cuts short (a truncated file, a gzip
// member that ends early) is written with the bytes there are and
// WARC-Truncated: unspecified, and reported. Any other record that cannot be
// read completely is reported (with its offset) and not written; reading
// goes on where the reader can (the next gzip member), so nothing is dropped
// silently.
//
//   convert::ConvertStats stats;
//   base::Status s = convert::ConvertArc(&source, {"x.arc.gz", "x.warc.gz"}, {}, sink,
//                                        &reporter, &stats);
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

#include "base/source.h"
#include "base/status.h"
#include "gzmulti/member_writer.h"
#include "warc/reader.h"

namespace convert {

// The WARC header field that keeps the ARC record line as written (its URL
// with spaces, its mime type and length, a v2 line's result code, checksum,
// location, offset and file name).
inline constexpr std::string_view kArcHeaderLineField = "WARC-ARC-Header-Line";

struct ConvertOptions {
  std::string warc_version = "WARC/1.1";  // or "WARC/1.0"
  bool gzip = true;                       // one gzip member per record
  int level = 1;  // deflate level: libdeflate 1 is within 2% of zlib 6 in size, 3x the naive rate
                  // (bench/arc2warc_bench.sh --sweep)
  // Blocks larger than this are spooled to a temporary file in temp_dir
  // (DefaultTempDir() when empty) while their digests are computed: the
  // digests come before the block in the WARC header.
  uint64_t in_memory_limit = 4 << 20;
  std::string temp_dir;
  // Bumped by the ARC bytes read, as they are read (a progress line's).
  std::atomic<uint64_t>* bytes_read = nullptr;
};

struct ConvertNames {
  std::string arc_name;   // the ARC file's base name: it names the record IDs
  std::string warc_name;  // the WARC file's base name: warcinfo's WARC-Filename
};

struct ConvertStats {
  uint64_t records_in = 0;         // ARC records whose record line was read
  uint64_t records_out = 0;        // WARC records written
  uint64_t problems = 0;           // problems reported (a record not converted, damage)
  uint64_t records_truncated = 0;  // written with WARC-Truncated: the input ended inside them
  uint64_t bytes_in = 0;           // bytes of the ARC file read (compressed, for gzip)
  uint64_t bytes_out = 0;          // bytes of WARC written
};

// The WARC-Record-ID of the record converted from the ARC record at offset
// (its gzip member's offset, or its byte offset in a plain file) in the file
// named arc_name: warc::NameBasedRecordId("arc2warc:" + arc_name + ":" +
// offset). Records that share a gzip member share its offset: the nth record
// at an offset (n > 1) gets ":" + n added to the name.
std::string ConvertedRecordId(std::string_view arc_name, uint64_t offset, uint64_t nth = 1);

// ConvertedRecordId for the records of one ARC file, in reading order: call
// Next() for every record the reader gives, converted or not.
class RecordIds {
 public:
  explicit RecordIds(std::string arc_name) : arc_name_(std::move(arc_name)) {}
  std::string Next(uint64_t offset);

 private:
  std::string arc_name_;
  uint64_t offset_ = UINT64_MAX;
  uint64_t nth_ = 0;
};

// Converts the ARC file on source, handing the WARC bytes to sink. Problems
// of the input go to reporter (and stats->problems); the Status is an error
// only when the output could not be written (sink or spool failure).
base::Status ConvertArc(base::ByteSource* source, const ConvertNames& names,
                        const ConvertOptions& options, const gzmulti::Sink& sink,
                        warc::Reporter* reporter, ConvertStats* stats);

}  // namespace convert
