// Which records of a file warcfilter(1) writes. A scan of the file keeps a
// few hashes per record (ScanFile); Select decides from them, the LIST's
// judgements of the file, and the originals other files' revisits need.
//
// A record is written when
//  - it is selected: judged kept by the LIST, or not judged and not
//    --only-listed (with --invert: exactly the records the same run without
//    --invert does not select); warcinfo records, and request and metadata
//    records linked to another record of the file by WARC-Concurrent-To, are
//    never selected unless judged: they go with the records they belong to;
//  - or it belongs with a written record: a request or metadata record
//    linked to it by WARC-Concurrent-To (either direction, transitively);
//    the original of a written revisit (its WARC-Refers-To-Target-URI and
//    WARC-Refers-To-Date name a response or resource record's URI and date;
//    without them its WARC-Refers-To names the record ID), here or, through
//    `needed`, in another file; and the file's warcinfo records, once any
//    other record of the file is written.
//
// Records are known by 64-bit hashes (record IDs, URI and date): a
// collision can only write a record more, never drop one.
//
//   filter::FileScan scan;
//   base::Status s = filter::ScanFile(fd, size, &scan);  // every record located, or an error
//   filter::Selection sel = filter::Select(scan.records, judgements, needed, options);
//   for (i ...) if (sel.why[i] != filter::Why::kDropped) copy scan.records[i]
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "base/status.h"
#include "filter/list.h"
#include "warc/record.h"

namespace filter {

// What the selection needs of one record.
struct RecordInfo {
  uint64_t offset = 0, length = 0;  // its bytes in the file (its gzip member)
  warc::RecordType type = warc::kUnknownType;
  uint64_t id = 0;                   // KeyOfId(WARC-Record-ID); 0 without one
  uint64_t capture = 0;              // KeyOfCapture(URI, date) of a response or resource; else 0
  uint64_t refers = 0;               // a revisit's original: KeyOfCapture or KeyOfId; else 0
  std::vector<uint64_t> concurrent;  // KeyOfId of each WARC-Concurrent-To
};

uint64_t KeyOfId(std::string_view record_id);
uint64_t KeyOfCapture(std::string_view uri, std::string_view date);

// The record's RecordInfo, from its header (offset and length not set).
RecordInfo InfoOf(const warc::Record& record);

struct FileScan {
  std::vector<RecordInfo> records;  // in file order
  uint64_t bytes = 0;               // the file's size
};

// Reads the headers of every record of the open file (size bytes); bytes
// read are added to *progress when set. An error (the first problem the
// reader met: "offset N: ...") when a record cannot be located, since then
// its bytes cannot be copied alone: damage, or several records in one gzip
// member.
base::Status ScanFile(int fd, uint64_t size, FileScan* scan,
                      std::atomic<uint64_t>* progress = nullptr);

// Why a record is written.
enum class Why : uint8_t {
  kDropped,   // not written
  kListed,    // selected: judged (kept, or with --invert dropped)
  kUnlisted,  // selected: not judged
  kBelongs,   // a request, metadata or warcinfo record of a written one
  kOriginal,  // the original of a written revisit
};

struct SelectOptions {
  bool only_listed = false;
  bool invert = false;
};

struct Selection {
  std::vector<Why> why;  // per record
  // The originals of written revisits not found in this file (keys, sorted,
  // each once): another file may hold them.
  std::vector<uint64_t> wanted;
  // The keys of `needed` this file holds.
  std::vector<uint64_t> found;
  // Judgements naming no record (such a line is not applied), by LIST line:
  // "offset O: no record starts there".
  std::vector<std::pair<uint64_t, std::string>> errors;
};

// REQUIRES: records in file order; judged sorted by offset, each offset
// once (MatchInputs); needed sorted.
Selection Select(const std::vector<RecordInfo>& records, const std::vector<Judgement>& judged,
                 const std::vector<uint64_t>& needed, const SelectOptions& options);

}  // namespace filter
