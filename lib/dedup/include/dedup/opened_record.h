// A record fetched for comparison (dedup/compare.h): opened at its payload
// after checking that it is the record its manifest line names, and checked
// again at the end (CRC-32, ISIZE, length), so that a comparison never
// trusts bytes that are not the record's.
//
//   auto opened = dedup::OpenedRecord::Open(source, entry, /*small=*/true);
//   if (!opened.ok()) ...  // "cannot fetch: ...", or why it is not the record
//   while (n = (*opened)->Read(buf, sizeof buf)) ...
//   if (auto s = (*opened)->Finish(); !s.ok()) ...
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "fetch/range_source.h"
#include "gzmulti/segment_reader.h"
#include "manifest/entry.h"
#include "warc/payload.h"
#include "warc/reader.h"

namespace dedup {

// One record fetched and opened at its payload. The record is checked to be
// the one the manifest line names (a record starts at the offset, with the
// line's URI and date); Finish() checks that it was read completely (CRC-32
// and ISIZE included) and filled exactly [offset, offset+length).
class OpenedRecord {
 public:
  // small: a few hundred KB of buffers (for many records open at once).
  static base::Result<std::unique_ptr<OpenedRecord>> Open(fetch::RangeSource* source,
                                                          const manifest::Entry& entry, bool small);
  ~OpenedRecord();

  uint64_t payload_length() const { return payload_length_; }
  // Fills buf with up to n payload bytes; fewer only at the end of the payload.
  base::Result<size_t> Read(char* buf, size_t n);
  // REQUIRES: the payload was read to its end.
  base::Status Finish();

 private:
  class Collector;
  class FetchedRange;
  OpenedRecord() = default;
  // The reader reported a problem, or the fetch failed (REQUIRES for Problem()).
  bool Failed() const;
  base::Status Problem() const;

  const manifest::Entry* entry_ = nullptr;
  std::unique_ptr<FetchedRange> source_;
  std::unique_ptr<Collector> problems_;
  std::unique_ptr<warc::RecordReader> reader_;
  warc::Record record_;
  std::unique_ptr<warc::PayloadStream> payload_;
  std::string_view pending_;  // payload bytes read but not handed out
  bool ended_ = false;
  uint64_t payload_length_ = 0;
};

}  // namespace dedup
