// One input file's work in a warcfilter run: a scan round (which originals
// its revisits need from other files) and the write (select, copy, verify,
// rename), each on a file of its own, so that files run in parallel.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "filter/list.h"
#include "filter/select.h"

namespace warcfilter {

struct FileJob {
  std::string path;    // the input
  std::string target;  // OUTDIR/base name
  std::vector<filter::Judgement> judged;
  std::string error;  // not written, and why (decided before any read)
  // The input as the first scan saw it: a change later means offsets moved.
  uint64_t size = 0;
  int64_t mtime_ns = -1;  // -1: not scanned yet
};

// What the shared state of a run gives every job.
struct JobContext {
  filter::SelectOptions select;
  const std::vector<uint64_t>* needed = nullptr;  // sorted
  std::atomic<uint64_t>* bytes = nullptr;         // progress, may be null
};

struct ScanResult {
  std::string error;             // the file cannot be filtered
  std::vector<uint64_t> wanted;  // originals not in the file
  uint64_t size = 0;
  int64_t mtime_ns = 0;
};

ScanResult ScanJob(const FileJob& job, const JobContext& context);

struct WriteResult {
  std::string error;  // nothing written, and why
  // LIST lines naming no record: line number, "offset O: ...".
  std::vector<std::pair<uint64_t, std::string>> errors;
  std::vector<uint64_t> found;   // keys of `needed` the file holds
  std::vector<uint64_t> wanted;  // originals its written revisits need from elsewhere
  uint64_t records = 0, bytes_in = 0, bytes_out = 0;
  uint64_t listed = 0, unlisted = 0, belongs = 0, originals = 0;  // records written, by why
  bool written = false;                                           // the output file was installed
  bool removed_old = false;  // nothing to write; an earlier run's output was removed
  std::string note;          // a problem after the rename (syncing the directory)
  uint64_t written_records() const { return listed + unlisted + belongs + originals; }
};

WriteResult WriteJob(const FileJob& job, const JobContext& context);

}  // namespace warcfilter
