// Manifest orders: comparators that agree with `LC_ALL=C sort` on the keys
// warcmanifest(5) names, the copy numbering that post-processing derives from
// the warcsumproc order, and an external sort for inputs larger than memory.
//
// Entry fields hold the text of the manifest fields as read (ParseLine does
// not decode), so byte comparisons of Entry strings are the C-locale
// comparisons of sort. Numeric keys (-k2,2n, -k7,7n) compare parsed values;
// ParseLine only accepts plain decimals below 2^64, for which that is exactly
// what sort -n does, leading zeros included ("007" equals "7").
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "manifest/entry.h"

namespace manifest {

// Each returns <0, 0 or >0 as a sorts before, with or after b.
// sort's last-resort comparison of whole lines is not part of these.

// `LC_ALL=C sort -k6,6`: digest bytes.
int CompareDigestOrder(const Entry& a, const Entry& b);
// `LC_ALL=C sort -k6,6 -k7,7n -k5,5 -k1,1 -k2,2n`: digest, ext, date, file,
// offset. REQUIRES: both entries have 7 or more fields.
int CompareProcOrder(const Entry& a, const Entry& b);
// `LC_ALL=C sort -k1,1 -k2,2n`: file, offset.
int CompareFileOrder(const Entry& a, const Entry& b);

// Appends a key for the file order to *key: the file field, a 0 byte (no
// field contains one) and the offset as 8 big-endian bytes. Records of the
// form key + line, compared as plain bytes (ExternalSorter), come out in the
// order of `LC_ALL=C sort -k1,1 -k2,2n`, sort's whole-line tie-break included.
void AppendFileOrderKey(const Entry& entry, std::string* key);

// Copy numbers for entries that arrive in the warcsumproc order. The first
// entry of each (digest, ext) group is its original, copy 1; the others get
// 2, 3, ... and the original's uri and date as ref_uri and ref_date. Only the
// current group's original and the previous entry are kept.
//
//   CopyNumberer numberer;
//   while (reader.Next(&entry) == kEntry) {
//     if (auto s = numberer.Add(&entry, reader.line_number()); !s.ok()) stop;
//     AppendLine(entry, &out);  // 10 fields
//   }
class CopyNumberer {
 public:
  // Sets entry->copy, ref_uri, ref_date and fields_count = 10.
  // line_number (0: unknown) only serves later error messages.
  // REQUIRES: entry->fields_count >= 7.
  //
  // Fails with InvalidArgument, leaving *entry and the numbering unchanged,
  // when the entry sorts before the previous one:
  //   input not sorted by digest, ext, date, file, offset (date "A" after "B" on line 3)
  // or names the same record (file and offset) as the previous entry or as
  // its group's original, which would make a record a duplicate of itself:
  //   record listed twice (file "F", offset 5, also on line 3)
  // The caller decides whether to go on; a numbering that skipped an entry
  // is still consistent (every copy > 1 refers to an original it was given).
  base::Status Add(Entry* entry, uint64_t line_number = 0);

  uint64_t entries() const { return entries_; }
  uint64_t groups() const { return groups_; }
  uint64_t duplicates() const { return entries_ - groups_; }  // entries with copy > 1

 private:
  bool started_ = false;
  Entry previous_;
  uint64_t previous_line_ = 0;
  Entry original_;
  uint64_t original_line_ = 0;
  uint64_t next_copy_ = 0;
  uint64_t entries_ = 0, groups_ = 0;
};

// Sorts byte strings in plain byte order (memcmp, a prefix first) without
// holding more than about run_bytes of them in memory: full buffers are
// sorted and written as runs to temporary files, which Finish() merges,
// fan_in at a time, until one merge can stream the result. Temporary files
// are unlinked as soon as they are created, so nothing is left behind
// whatever happens to the process.
//
//   ExternalSorter sorter({.temp_dir = "out"});
//   for (...) if (auto s = sorter.Add(record); !s.ok()) ...
//   if (auto s = sorter.Finish(); !s.ok()) ...
//   std::string record;
//   while (sorter.Next(&record)) ...
//   if (!sorter.status().ok()) ...
class ExternalSorter {
 public:
  struct Options {
    std::string temp_dir = ".";
    size_t run_bytes = size_t{64} << 20;  // records plus about 16 bytes each
    size_t fan_in = 64;                   // runs open at once while merging (>= 2)
  };
  explicit ExternalSorter(Options options);
  ~ExternalSorter();
  ExternalSorter(const ExternalSorter&) = delete;
  ExternalSorter& operator=(const ExternalSorter&) = delete;

  // REQUIRES: Finish() not called yet. A record is at most 4 GB - 1.
  base::Status Add(std::string_view record);
  // Ends the input and prepares the merge.
  base::Status Finish();
  // The next record in order; false at the end or on an error (status()).
  // REQUIRES: Finish() returned OK.
  bool Next(std::string* record);
  const base::Status& status() const { return status_; }

  // Runs written to temporary files so far (0 when everything fit in memory).
  uint64_t runs_written() const { return runs_written_; }
  uint64_t records() const { return records_; }

 private:
  struct Run;
  base::Status SpillBuffer();
  base::Status MergeRuns(std::vector<Run*> inputs, Run* output);
  base::Status NewRun(Run** run);
  void SortBuffer();

  Options options_;
  std::string arena_;                                 // the buffered records, back to back
  std::vector<std::pair<uint64_t, uint32_t>> index_;  // (offset in arena_, size)
  std::vector<Run*> runs_;                            // owned
  std::vector<Run*> merging_;  // the final merge's live inputs, a min-heap on their heads
  size_t next_in_memory_ = 0;
  bool finished_ = false;
  uint64_t runs_written_ = 0, records_ = 0;
  base::Status status_;
};

}  // namespace manifest
