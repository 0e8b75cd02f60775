// Manifest orders: comparators that agree with `LC_ALL=C sort` on the keys
// warcmanifest(5) names, and an external sort for inputs larger than memory.
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
