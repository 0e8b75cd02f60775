// An external sort: byte strings in plain byte order, more of them than fit
// in memory. Manifest orders are expressed as byte keys for it by
// manifest/sort_key.h.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/status.h"

namespace base {

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
  base::Status SpillRun();
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

}  // namespace base
