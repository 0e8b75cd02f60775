// warccollres: runs compared and written in input order. Runs that fit in
// memory go in batches to worker threads (toolcommon::OrderedWorkQueue); a
// run too long for memory is compared on the calling thread, a part at a
// time (dedup/long_runs.h), once the workers are idle. The output does not
// depend on the number of threads.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "collres.h"
#include "dedup/long_runs.h"
#include "fetch/range_source.h"
#include "runs.h"
#include "toolcommon/diag.h"
#include "toolcommon/progress.h"

namespace warccollres {

struct Totals {
  uint64_t records_fetched = 0, bytes_compared = 0, collisions = 0, failures = 0;
  uint64_t multi_runs = 0;  // runs with more than one record
};

class Resolver {
 public:
  // sources: one per thread, and the last for long runs. Not owned.
  Resolver(const Options& options, const std::vector<fetch::RangeSource*>& sources, RunReader* runs,
           RunWriter* writer, toolcommon::Progress* progress, toolcommon::Diag* diag);

  // Compares and writes every run, until the input ends or fails, or the
  // output fails (stopped()). Problems and collisions are reported on diag.
  void CompareAll();
  bool stopped() const { return stopped_; }
  const Totals& totals() const { return totals_; }

 private:
  struct Batch;
  struct Compared;

  // Runs that fit in memory, until the input ends (*input_ended) or a long
  // run starts: returns its first part (empty otherwise). The workers are
  // idle again when it returns.
  EntryRun CompareShortRuns(bool* input_ended);
  // The next runs read, about kBatchRecords and kBatchBytes of them; stops
  // before a long run, leaving its first part in *long_run_start.
  Batch ReadBatch(EntryRun* long_run_start, bool* input_ended);
  Compared CompareBatch(Batch& batch);  // on a worker thread
  void Deliver(Batch& batch, Compared& compared);
  void Report(const std::vector<std::string>& problems, const std::vector<std::string>& collisions);

  void CompareLongRun(EntryRun part);
  // Writes a part of a long run, or with --proc hands it to sorter.
  void WritePart(EntryRun* part, const std::vector<uint64_t>& exts, dedup::LongRunSorter* sorter);
  void WriteSorted(dedup::LongRunSorter* sorter);

  const Options& options_;
  std::vector<fetch::RangeSource*> idle_sources_;  // for the workers, under mutex_
  std::mutex mutex_;
  fetch::RangeSource* long_run_source_;
  RunReader* runs_;
  RunWriter* writer_;
  toolcommon::Progress* progress_;
  toolcommon::Diag* diag_;
  Totals totals_;
  // By the output or the input order (reported); set while delivering.
  std::atomic<bool> stopped_{false};
};

}  // namespace warccollres
