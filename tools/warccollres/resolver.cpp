#include "resolver.h"

#include <algorithm>

#include "dedup/compare.h"
#include "toolcommon/work_queue.h"

namespace warccollres {
namespace {

// Batches small enough to spread the work, large enough that handing them
// over costs nothing; a few per thread in flight, and kInFlightBytes in all
// (for long lines, plus the last one submitted), bound the memory.
constexpr size_t kBatchRecords = 64, kBatchBytes = 1 << 20;
constexpr size_t kInFlightBytes = 8 << 20;
constexpr size_t kLookahead = 32;  // runs whose remote records are fetched ahead

}  // namespace

// Consecutive runs compared by one thread.
struct Resolver::Batch {
  std::vector<EntryRun> runs;
  size_t bytes = 0;         // HeldBytes of the runs' entries
  std::string input_error;  // the input failed after these runs: reported before them
};

struct Resolver::Compared {
  std::vector<std::vector<uint64_t>> exts;
  std::vector<std::string> problems, collisions;
  dedup::CompareStats stats;
};

Resolver::Resolver(const Options& options, const std::vector<fetch::RangeSource*>& sources,
                   RunReader* runs, RunWriter* writer, toolcommon::Progress* progress,
                   toolcommon::Diag* diag)
    : options_(options),
      idle_sources_(sources.begin(), sources.end() - 1),
      long_run_source_(sources.back()),
      runs_(runs),
      writer_(writer),
      progress_(progress),
      diag_(diag) {}

void Resolver::CompareAll() {
  bool input_ended = false;
  while (!stopped_ && !input_ended) {
    EntryRun long_run_start = CompareShortRuns(&input_ended);
    if (long_run_start.empty() || stopped_) break;
    CompareLongRun(std::move(long_run_start));
  }
}

EntryRun Resolver::CompareShortRuns(bool* input_ended) {
  EntryRun long_run_start;
  std::string input_error;  // when no batch is left to carry it
  toolcommon::WorkQueueOptions queue_options;
  queue_options.threads = static_cast<int>(idle_sources_.size());
  queue_options.window = 3 * idle_sources_.size();
  queue_options.max_weight = kInFlightBytes;
  toolcommon::OrderedWorkQueue<Batch, Compared> queue(
      queue_options, [this](Batch& batch) { return CompareBatch(batch); },
      [this](Batch& batch, Compared& compared) { Deliver(batch, compared); });
  while (!stopped_ && !*input_ended && long_run_start.empty()) {
    Batch batch = ReadBatch(&long_run_start, input_ended);
    if (runs_->failed()) {
      (batch.runs.empty() ? input_error : batch.input_error) = runs_->TakeError();
    }
    const size_t bytes = batch.bytes;
    if (!batch.runs.empty()) queue.Submit(std::move(batch), bytes);
  }
  // After an early stop, the batches left are neither compared nor written.
  queue.Finish();
  if (!input_error.empty()) diag_->Error(input_error);
  return long_run_start;
}

Resolver::Batch Resolver::ReadBatch(EntryRun* long_run_start, bool* input_ended) {
  Batch batch;
  size_t records = 0;
  EntryRun run;
  bool more = false;
  while (records < kBatchRecords && batch.bytes < kBatchBytes) {
    size_t bytes;
    if (!runs_->Next(&run, &more, &bytes)) {
      *input_ended = true;
      break;
    }
    if (more) {
      *long_run_start = std::move(run);
      break;
    }
    records += run.size();
    batch.bytes += bytes;
    batch.runs.push_back(std::move(run));
  }
  return batch;
}

Resolver::Compared Resolver::CompareBatch(Batch& batch) {
  if (stopped_) return {};  // nothing more is written: no need to fetch
  fetch::RangeSource* source;
  {
    // As many sources as workers: one is idle whenever a worker starts.
    std::lock_guard<std::mutex> lock(mutex_);
    source = idle_sources_.back();
    idle_sources_.pop_back();
  }
  dedup::RunComparer comparer(source);
  Compared compared;
  for (size_t r = 0; r < batch.runs.size(); ++r) {
    std::vector<fetch::RecordLocation> upcoming;
    for (size_t a = r; a < std::min(batch.runs.size(), r + kLookahead); ++a)
      if (batch.runs[a].size() > 1)
        for (const auto& e : batch.runs[a]) upcoming.push_back({e.file, e.offset, e.length});
    source->Prefetch(upcoming);
    compared.exts.push_back(
        comparer.Assign(batch.runs[r], &compared.problems, &compared.collisions));
  }
  compared.stats = comparer.stats();
  std::lock_guard<std::mutex> lock(mutex_);
  idle_sources_.push_back(source);
  return compared;
}

void Resolver::Deliver(Batch& batch, Compared& compared) {
  if (!batch.input_error.empty()) diag_->Error(batch.input_error);
  if (stopped_) return;
  Report(compared.problems, compared.collisions);
  totals_.records_fetched += compared.stats.records_fetched;
  totals_.collisions += compared.stats.collisions;
  totals_.failures += compared.stats.failures;
  totals_.bytes_compared += compared.stats.bytes_compared;
  for (size_t r = 0; r < batch.runs.size() && !stopped_; ++r) {
    if (batch.runs[r].size() > 1) ++totals_.multi_runs;
    stopped_ = !writer_->Write(&batch.runs[r], compared.exts[r]);
  }
  progress_->records_counter()->store(writer_->lines());
  progress_->bytes_counter()->store(totals_.bytes_compared);
}

void Resolver::Report(const std::vector<std::string>& problems,
                      const std::vector<std::string>& collisions) {
  for (const auto& p : problems) diag_->Error(p);
  for (const auto& c : collisions) diag_->Info("same digest, different payloads: " + c);
}

void Resolver::CompareLongRun(EntryRun part) {
  dedup::LongRunComparer long_run(long_run_source_);
  std::unique_ptr<dedup::LongRunSorter> sorter;
  if (options_.proc) sorter = std::make_unique<dedup::LongRunSorter>(options_.temp_dir);
  ++totals_.multi_runs;
  for (bool more = true;;) {  // `part` is followed by more of the run
    std::vector<std::string> problems, collisions;
    std::vector<uint64_t> exts = long_run.Compare(&part, &problems, &collisions);
    Report(problems, collisions);
    WritePart(&part, exts, sorter.get());
    progress_->records_counter()->store(writer_->lines());
    if (stopped_ || !more) break;
    // The rest of the run is there: only a failed input ends it here.
    size_t bytes;
    if (!runs_->Next(&part, &more, &bytes)) {
      diag_->Error(runs_->TakeError());
      break;
    }
  }
  const auto& st = long_run.comparer().stats();
  totals_.records_fetched += st.records_fetched;
  totals_.collisions += long_run.collisions();
  totals_.failures += st.failures + long_run.kept_apart();
  totals_.bytes_compared += st.bytes_compared;
  if (!sorter || stopped_ || runs_->failed()) return;
  WriteSorted(sorter.get());
}

void Resolver::WritePart(EntryRun* part, const std::vector<uint64_t>& exts,
                         dedup::LongRunSorter* sorter) {
  for (size_t i = 0; i < part->size() && !stopped_; ++i) {
    manifest::Entry& entry = (*part)[i];
    RunWriter::SetExt(&entry, exts[i]);
    if (!sorter) {
      stopped_ = !writer_->WriteOne(&entry);
    } else if (auto s = sorter->Add(entry); !s.ok()) {
      diag_->Error("sorting a long run: " + s.message());
      stopped_ = true;
    }
  }
}

void Resolver::WriteSorted(dedup::LongRunSorter* sorter) {
  if (auto s = sorter->Finish(); !s.ok()) {
    diag_->Error("sorting a long run: " + s.message());
    stopped_ = true;
    return;
  }
  manifest::Entry entry;
  while (!stopped_ && sorter->Next(&entry)) stopped_ = !writer_->WriteOne(&entry);
  if (!sorter->status().ok()) {
    diag_->Error("sorting a long run: " + sorter->status().message());
    stopped_ = true;
  }
}

}  // namespace warccollres
