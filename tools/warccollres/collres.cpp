#include "collres.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <thread>

#include "compare.h"
#include "fetch/db.h"
#include "fetch/http.h"
#include "manifest/order.h"
#include "manifest/reader.h"
#include "toolcommon/io.h"
#include "toolcommon/progress.h"

namespace warccollres {
namespace {

using EntryRun = std::vector<manifest::Entry>;

// Splits the manifest into runs of equal digests, checking the order.
class RunReader {
 public:
  RunReader(base::ByteSource* source, const std::string& name, toolcommon::Diag* diag)
      : reader_(source), name_(name), diag_(diag) {}

  // False at the end, or when the input is unusable (reported; failed()).
  bool Next(EntryRun* run) {
    run->clear();
    if (!have_next_ && !ReadOne()) return false;
    run->push_back(std::move(next_));
    have_next_ = false;
    while (ReadOne()) {
      if (next_.digest != run->front().digest) {
        have_next_ = true;
        break;
      }
      run->push_back(std::move(next_));
    }
    return !failed_;
  }
  bool failed() const { return failed_; }

 private:
  bool ReadOne() {
    if (failed_ || ended_) return false;
    auto outcome = reader_.Next(&next_);
    if (outcome == manifest::ManifestReader::Outcome::kEnd) {
      ended_ = true;
      return false;
    }
    if (outcome != manifest::ManifestReader::Outcome::kEntry) {
      return Stop(reader_.error().message());
    }
    if (!previous_digest_.empty() && next_.digest < previous_digest_) {
      return Stop("line " + std::to_string(reader_.line_number()) +
                  ": input not sorted by digest (" + next_.digest + " after " + previous_digest_ +
                  "); sort it with LC_ALL=C sort -k6,6");
    }
    previous_digest_ = next_.digest;
    return true;
  }
  bool Stop(const std::string& why) {
    // Runs cannot be trusted past this point: stop rather than guess.
    diag_->Error(name_ + ": " + why + "; stopped there, the output is incomplete");
    failed_ = true;
    return false;
  }

  manifest::ManifestReader reader_;
  std::string name_;
  toolcommon::Diag* diag_;
  manifest::Entry next_;
  bool have_next_ = false, ended_ = false, failed_ = false;
  std::string previous_digest_;
};

// One thread's record source; the -j transfers are shared out between threads.
base::Result<std::unique_ptr<fetch::RangeSource>> MakeSource(const Options& o, int threads) {
  fetch::HttpOptions http;
  // Comparing streams a representative and a candidate at once: with one
  // transfer, each would wait for the other's slot forever (-j 1 hung).
  http.max_transfers = static_cast<size_t>(std::max(2, (o.jobs + threads - 1) / threads));
  http.retries = o.retries;
  http.stall_timeout_s = o.stall_timeout;
  if (!o.db_config.empty()) {
    auto config = fetch::LoadDbConfig(o.db_config);
    if (!config.ok()) return config.status();
    return std::unique_ptr<fetch::RangeSource>(new fetch::HttpRangeSource(
        std::make_unique<fetch::DbResolver>(std::move(config.value())), http));
  }
  if (!o.url_prefix.empty())
    return std::unique_ptr<fetch::RangeSource>(new fetch::HttpRangeSource(
        std::make_unique<fetch::PrefixResolver>(o.url_prefix), http));
  std::vector<std::string> dirs = o.warc_dirs;
  if (dirs.empty()) dirs.push_back(".");
  return std::unique_ptr<fetch::RangeSource>(new fetch::LocalRangeSource(dirs));
}

// Consecutive runs compared by one thread. Results come back in batch order,
// so the output does not depend on which thread compared what.
struct Batch {
  uint64_t sequence = 0;
  std::vector<EntryRun> runs;
  // Filled by the worker.
  std::vector<std::vector<uint64_t>> exts;
  std::vector<std::string> problems, collisions;
  uint64_t records_fetched = 0, bytes_compared = 0, collision_count = 0, failures = 0;
};

// Worker threads, each with its own record source and comparer, fed batches
// from a bounded queue.
class ComparePool {
 public:
  // One thread per source.
  explicit ComparePool(const std::vector<std::unique_ptr<fetch::RangeSource>>& sources) {
    for (const auto& source : sources)
      threads_.emplace_back([this, s = source.get()] { Work(s); });
  }
  // Batches not yet started are dropped: the caller has taken every result
  // it wants, or stopped early.
  ~ComparePool() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      closing_ = true;
      queue_.clear();
    }
    work_ready_.notify_all();
    for (auto& t : threads_) t.join();
  }
  size_t threads() const { return threads_.size(); }
  size_t in_flight() const { return in_flight_; }

  void Submit(Batch batch) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      queue_.push_back(std::move(batch));
    }
    ++in_flight_;
    work_ready_.notify_one();
  }
  // The next batch in submission order, once compared.
  Batch TakeNext() {
    std::unique_lock<std::mutex> lock(mu_);
    done_ready_.wait(lock, [&] { return done_.count(next_) > 0; });
    auto node = done_.extract(next_++);
    --in_flight_;
    return std::move(node.mapped());
  }

 private:
  void Work(fetch::RangeSource* source) {
    RunComparer comparer(source);
    for (;;) {
      Batch batch;
      {
        std::unique_lock<std::mutex> lock(mu_);
        work_ready_.wait(lock, [&] { return closing_ || !queue_.empty(); });
        if (queue_.empty()) return;
        batch = std::move(queue_.front());
        queue_.pop_front();
      }
      Compare(&comparer, source, &batch);
      {
        std::lock_guard<std::mutex> lock(mu_);
        done_.emplace(batch.sequence, std::move(batch));
      }
      done_ready_.notify_all();
    }
  }

  static void Compare(RunComparer* comparer, fetch::RangeSource* source, Batch* batch) {
    CompareStats before = comparer->stats();
    constexpr size_t kLookahead = 32;  // runs whose remote records are fetched ahead
    for (size_t r = 0; r < batch->runs.size(); ++r) {
      std::vector<fetch::RecordLocation> upcoming;
      for (size_t a = r; a < std::min(batch->runs.size(), r + kLookahead); ++a)
        if (batch->runs[a].size() > 1)
          for (const auto& e : batch->runs[a]) upcoming.push_back({e.file, e.offset, e.length});
      source->Prefetch(upcoming);
      batch->exts.push_back(comparer->Assign(batch->runs[r], &batch->problems, &batch->collisions));
    }
    const CompareStats& after = comparer->stats();
    batch->records_fetched = after.records_fetched - before.records_fetched;
    batch->bytes_compared = after.bytes_compared - before.bytes_compared;
    batch->collision_count = after.collisions - before.collisions;
    batch->failures = after.failures - before.failures;
  }

  std::vector<std::thread> threads_;
  std::mutex mu_;
  std::condition_variable work_ready_, done_ready_;
  std::deque<Batch> queue_;
  std::map<uint64_t, Batch> done_;
  uint64_t next_ = 0;
  size_t in_flight_ = 0;  // submitted and not yet taken (main thread only)
  bool closing_ = false;
};

}  // namespace

int Run(const Options& options, toolcommon::Diag* diag) {
  auto start = std::chrono::steady_clock::now();
  const int threads = std::max(1, options.threads);
  std::vector<std::unique_ptr<fetch::RangeSource>> sources;
  for (int t = 0; t < threads; ++t) {
    auto source = MakeSource(options, threads);
    if (!source.ok()) {
      diag->Error(source.status().message());
      return toolcommon::kExitUsage;
    }
    sources.push_back(std::move(source.value()));
  }
  auto input = base::FileSource::Open(options.input);
  if (!input.ok()) {
    diag->Error(options.input + ": " + input.status().message());
    return toolcommon::kExitSomeInputsFailed;
  }
  toolcommon::OutputFile out;
  if (auto s = out.Open(options.output, false); !s.ok()) {
    diag->Error(s.message());
    return toolcommon::kExitSomeInputsFailed;
  }
  const std::string name = options.input == "-" ? "stdin" : options.input;
  RunReader runs(input->get(), name, diag);
  manifest::CopyNumberer numberer;
  toolcommon::Progress progress(diag, options.progress, 0, 0);
  CompareStats stats;

  uint64_t lines = 0, multi_runs = 0, bytes_compared = 0;
  std::string buffer;
  bool write_failed = false, order_failed = false, input_ended = false;
  uint64_t next_sequence = 0;
  {
    ComparePool pool(sources);
    // Batches small enough to spread the work, large enough that handing them
    // over costs nothing; a few per thread in flight bound the memory.
    constexpr size_t kBatchRecords = 64;
    const size_t max_in_flight = 3 * pool.threads();
    for (;;) {
      while (!input_ended && pool.in_flight() < max_in_flight) {
        Batch batch;
        batch.sequence = next_sequence;
        size_t records = 0;
        EntryRun run;
        while (records < kBatchRecords && runs.Next(&run)) {
          records += run.size();
          batch.runs.push_back(std::move(run));
        }
        if (records < kBatchRecords) input_ended = true;
        if (batch.runs.empty()) break;
        ++next_sequence;
        pool.Submit(std::move(batch));
      }
      if (pool.in_flight() == 0) break;
      Batch batch = pool.TakeNext();
      for (const auto& p : batch.problems) diag->Error(p);
      for (const auto& c : batch.collisions) diag->Info("collision: " + c);
      stats.records_fetched += batch.records_fetched;
      stats.collisions += batch.collision_count;
      stats.failures += batch.failures;
      bytes_compared += batch.bytes_compared;
      for (size_t r = 0; r < batch.runs.size() && !order_failed; ++r) {
        EntryRun& run = batch.runs[r];
        if (run.size() > 1) ++multi_runs;
        for (size_t i = 0; i < run.size(); ++i) {
          run[i].ext = batch.exts[r][i];
          run[i].fields_count = 7;
        }
        if (options.proc) {
          std::stable_sort(run.begin(), run.end(), [](const auto& a, const auto& b) {
            return manifest::CompareProcOrder(a, b) < 0;
          });
        }
        for (auto& entry : run) {
          if (options.proc) {
            if (auto s = numberer.Add(&entry); !s.ok()) {
              diag->Error(name + ": " + s.message() + "; stopped there, the output is incomplete");
              order_failed = true;
              break;
            }
          }
          manifest::AppendLine(entry, &buffer);
        }
        lines += run.size();
      }
      progress.records_counter()->store(lines);
      progress.bytes_counter()->store(bytes_compared);
      if (buffer.size() > (1 << 20) || order_failed) {
        if (auto s = out.Write(buffer.data(), buffer.size()); !s.ok()) {
          diag->Error(s.message());
          write_failed = true;
          break;
        }
        buffer.clear();
      }
      if (order_failed) break;
    }
    // Leaving the scope stops the workers (after an early stop, with batches
    // left uncompared: nothing more is written).
  }
  if (!write_failed && !buffer.empty()) {
    if (auto s = out.Write(buffer.data(), buffer.size()); !s.ok()) {
      diag->Error(s.message());
      write_failed = true;
    }
  }
  progress.Finish();
  bool complete = !write_failed && !order_failed && !runs.failed();
  // An incomplete manifest never replaces the -o file.
  if (complete) {
    if (auto s = out.Commit(); !s.ok()) {
      diag->Error(s.message());
      return toolcommon::kExitSomeInputsFailed;
    }
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char time_text[32];
  std::snprintf(time_text, sizeof time_text, "%.1f s", seconds);
  diag->Info(std::to_string(lines) + " lines, " + std::to_string(multi_runs) +
             " runs with more than one record, " + std::to_string(stats.records_fetched) +
             " records fetched, " + toolcommon::HumanBytes(bytes_compared) + " compared, " +
             std::to_string(stats.collisions) + " collisions, " + std::to_string(stats.failures) +
             " records kept for errors, " + time_text);
  uint64_t requests = 0, retries = 0;
  for (const auto& source : sources) {
    if (auto* http = dynamic_cast<fetch::HttpRangeSource*>(source.get())) {
      requests += http->stats().requests;
      retries += http->stats().retries;
    }
  }
  if (options.url_prefix.size() + options.db_config.size() > 0)
    diag->Verbose("http: " + std::to_string(requests) + " requests, " + std::to_string(retries) +
                  " retries");
  return complete ? diag->ExitCode() : toolcommon::kExitSomeInputsFailed;
}

}  // namespace warccollres
