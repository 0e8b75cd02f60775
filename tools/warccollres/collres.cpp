#include "collres.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "compare.h"
#include "dedup/copy_numbers.h"
#include "fetch/db.h"
#include "fetch/http.h"
#include "fetch/options.h"
#include "manifest/order.h"
#include "manifest/reader.h"
#include "toolcommon/io.h"
#include "toolcommon/progress.h"

namespace warccollres {
namespace {

using EntryRun = std::vector<manifest::Entry>;

// Memory for manifest lines, whatever their length: a run is held in parts of
// at most --run-part records and about kPartBytes, and the batches handed to
// the threads hold about kInFlightBytes in all, plus the last one submitted.
constexpr size_t kPartBytes = 4 << 20;
constexpr size_t kInFlightBytes = 8 << 20;

// The memory an entry holds: itself and its text.
size_t HeldBytes(const manifest::Entry& e) {
  return sizeof e + e.file.size() + e.uri.size() + e.date.size() + e.digest.size() +
         e.ref_uri.size() + e.ref_date.size();
}

// Splits the manifest into runs of equal digests, checking the order.
class RunReader {
 public:
  RunReader(base::ByteSource* source, const std::string& name, size_t part_records,
            toolcommon::Diag* diag)
      : reader_(source), name_(name), part_records_(part_records), diag_(diag) {}

  // The next run, or its next part: at most part_records records, and about
  // kPartBytes of them. *more tells that the run goes on; *bytes is what the
  // records hold (HeldBytes). False at the end, or when the input is unusable
  // (reported; failed()).
  bool Next(EntryRun* run, bool* more, size_t* bytes) {
    run->clear();
    *more = false;
    *bytes = 0;
    if (!have_next_ && !ReadOne()) return false;
    *bytes += HeldBytes(next_);
    run->push_back(std::move(next_));
    have_next_ = false;
    while (ReadOne()) {
      have_next_ = true;
      if (next_.digest != run->front().digest) break;
      if (run->size() == part_records_ || *bytes >= kPartBytes) {
        *more = true;
        break;
      }
      have_next_ = false;
      *bytes += HeldBytes(next_);
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
    // A later stage's line would lose its fields here (the output has 7).
    if (next_.fields_count != 6) {
      return Stop("line " + std::to_string(reader_.line_number()) +
                  ": expected a warcsum line (6 fields), found " +
                  std::to_string(next_.fields_count) + " fields (cut -d' ' -f1-6 takes them)");
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
  size_t part_records_;
  toolcommon::Diag* diag_;
  manifest::Entry next_;
  bool have_next_ = false, ended_ = false, failed_ = false;
  std::string previous_digest_;
};

// Consecutive runs compared by one thread. Results come back in batch order,
// so the output does not depend on which thread compared what.
struct Batch {
  uint64_t sequence = 0;
  std::vector<EntryRun> runs;
  size_t bytes = 0;  // HeldBytes of the runs' entries
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
    for (const auto& source : sources) threads_.emplace_back([this, s = source.get()] { Work(s); });
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
  size_t bytes_in_flight() const { return bytes_in_flight_; }
  uint64_t submitted() const { return submitted_; }

  // REQUIRES: batch.sequence == submitted().
  void Submit(Batch batch) {
    const size_t bytes = batch.bytes;
    {
      std::lock_guard<std::mutex> lock(mu_);
      queue_.push_back(std::move(batch));
    }
    ++submitted_;
    ++in_flight_;
    bytes_in_flight_ += bytes;
    work_ready_.notify_one();
  }
  // The next batch in submission order, once compared.
  Batch TakeNext() {
    std::unique_lock<std::mutex> lock(mu_);
    done_ready_.wait(lock, [&] { return done_.count(next_) > 0; });
    auto node = done_.extract(next_++);
    --in_flight_;
    bytes_in_flight_ -= node.mapped().bytes;
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
  size_t in_flight_ = 0;        // submitted and not yet taken (main thread only)
  size_t bytes_in_flight_ = 0;  // their Batch::bytes (main thread only)
  uint64_t submitted_ = 0;      // main thread only
  bool closing_ = false;
};

// Writes the compared runs: with --proc each run in post-processing order,
// numbered; lines go out in blocks of about 1 MB.
class RunWriter {
 public:
  RunWriter(const Options& options, const std::string& name, toolcommon::OutputFile* out,
            toolcommon::Diag* diag)
      : options_(options), name_(name), out_(out), diag_(diag) {}

  // False when the output failed or the input order did (reported).
  bool Write(EntryRun* run, const std::vector<uint64_t>& exts) {
    for (size_t i = 0; i < run->size(); ++i) SetExt(&(*run)[i], exts[i]);
    if (options_.proc) {
      std::stable_sort(run->begin(), run->end(), [](const auto& a, const auto& b) {
        return manifest::CompareProcOrder(a, b) < 0;
      });
    }
    for (auto& entry : *run)
      if (!WriteOne(&entry)) return false;
    return true;
  }
  static void SetExt(manifest::Entry* entry, uint64_t ext) {
    entry->ext = ext;
    entry->fields_count = 7;
  }
  // One line, numbered with --proc. REQUIRES: lines come in output order.
  bool WriteOne(manifest::Entry* entry) {
    if (options_.proc) {
      if (auto s = numberer_.Add(entry); !s.ok()) {
        diag_->Error(name_ + ": " + s.message() + "; stopped there, the output is incomplete");
        Flush();
        return false;
      }
    }
    manifest::AppendLine(*entry, &buffer_);
    ++lines_;
    return buffer_.size() < (1 << 20) || Flush();
  }
  bool Flush() {
    if (failed_) return false;
    if (auto s = out_->Write(buffer_.data(), buffer_.size()); !s.ok()) {
      diag_->Error(s.message());
      failed_ = true;
      return false;
    }
    buffer_.clear();
    return true;
  }
  uint64_t lines() const { return lines_; }

 private:
  const Options& options_;
  const std::string& name_;
  toolcommon::OutputFile* out_;
  toolcommon::Diag* diag_;
  dedup::CopyNumberer numberer_;
  std::string buffer_;
  uint64_t lines_ = 0;
  bool failed_ = false;
};

// A --proc sort key for a line of a long run: extension, date, file, offset
// (CompareProcOrder within one digest), then the line itself.
void AppendProcKey(const manifest::Entry& e, std::string* key) {
  for (int shift = 56; shift >= 0; shift -= 8)
    key->push_back(static_cast<char>((e.ext >> shift) & 0xff));
  key->append(e.date);
  key->push_back('\0');
  manifest::AppendFileOrderKey(e, key);
}

// The line (without its newline) behind AppendProcKey's key; empty if the
// record is not one (ParseLine then says so).
std::string_view LineAfterProcKey(std::string_view record) {
  size_t date_end = record.size() < 8 ? std::string_view::npos : record.find('\0', 8);
  size_t file_end = date_end == std::string_view::npos ? date_end : record.find('\0', date_end + 1);
  if (file_end == std::string_view::npos || file_end + 1 + 8 > record.size()) return {};
  std::string_view line = record.substr(file_end + 1 + 8);
  if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
  return line;
}

// A run too long to hold: compared a part at a time, each part behind the
// first records of the groups found so far (so that equal payloads share an
// extension across parts), with extensions numbered over the whole run.
// With --proc, the lines are ordered through temporary files.
class LongRun {
 public:
  explicit LongRun(fetch::RangeSource* source) : comparer_(source) {}

  // Assigns the part's extensions.
  std::vector<uint64_t> Compare(EntryRun* part_entries, std::vector<std::string>* problems,
                                std::vector<std::string>* collisions) {
    const size_t f = founders_.size();
    // The part is moved in and back out, not copied: it may be most of the
    // memory the run takes.
    EntryRun both = founders_;
    both.insert(both.end(), std::make_move_iterator(part_entries->begin()),
                std::make_move_iterator(part_entries->end()));
    std::vector<std::string> found_problems, found_collisions;
    std::vector<uint64_t> local = comparer_.Assign(both, &found_problems, &found_collisions);
    std::move(both.begin() + static_cast<long>(f), both.end(), part_entries->begin());
    const EntryRun& part = *part_entries;
    // A founder that cannot be read again was written long ago: only the
    // records after it lose it.
    for (auto& p : found_problems) {
      for (size_t i = 0; i < f; ++i) {
        std::string where = both[i].file + ": offset " + std::to_string(both[i].offset) + ": ";
        const std::string kept = " (kept as not a duplicate)";
        if (p.compare(0, where.size(), where) == 0 && p.size() > kept.size() &&
            p.compare(p.size() - kept.size(), kept.size(), kept) == 0) {
          p.replace(p.size() - kept.size(), kept.size(),
                    " (on reading it again: the records after it not compared with it)");
          break;
        }
      }
      problems->push_back(std::move(p));
    }
    // Each collision once for the whole run (the founders meet again in every part).
    for (auto& c : found_collisions)
      if (reported_.insert(c).second) collisions->push_back(std::move(c));
    // The founders' extensions carry over. Two founders found equal now
    // means the data changed under us: their records stay apart, now and in
    // the parts to come.
    std::map<uint64_t, uint64_t> global;
    std::set<uint64_t> doubtful;
    for (size_t i = 0; i < f; ++i)
      if (!global.emplace(local[i], founder_exts_[i]).second) doubtful.insert(local[i]);
    std::vector<uint64_t> exts(part.size());
    for (size_t i = 0; i < part.size(); ++i) {
      uint64_t e = local[f + i];
      if (doubtful.count(e)) {
        exts[i] = next_ext_++;
        ++kept_apart_;
        problems->push_back(part[i].file + ": offset " + std::to_string(part[i].offset) +
                            ": compared equal to two groups found different before (kept as "
                            "not a duplicate)");
        continue;
      }
      auto it = global.find(e);
      if (it == global.end()) it = global.emplace(e, next_ext_++).first;
      exts[i] = it->second;
    }
    // The next part is compared behind the first record of each group so far;
    // a group left out (doubtful, or past kMaxFounders) gets no more records.
    EntryRun founders;
    std::vector<uint64_t> founder_exts;
    for (size_t i : comparer_.founders()) {
      if (doubtful.count(local[i]) || founders.size() == kMaxFounders) continue;
      founders.push_back(i < f ? both[i] : part[i - f]);
      founder_exts.push_back(i < f ? founder_exts_[i] : exts[i - f]);
    }
    founders_ = std::move(founders);
    founder_exts_ = std::move(founder_exts);
    return exts;
  }
  const RunComparer& comparer() const { return comparer_; }
  uint64_t collisions() const { return reported_.size(); }
  uint64_t kept_apart() const { return kept_apart_; }

 private:
  // Different payloads under one digest are rare (forged, or bogus stored
  // digests); past this many, the later groups are not carried over, which
  // keeps memory bounded and only misses duplicates.
  static constexpr size_t kMaxFounders = 1000;
  RunComparer comparer_;
  EntryRun founders_;
  std::vector<uint64_t> founder_exts_;
  uint64_t next_ext_ = 0;
  uint64_t kept_apart_ = 0;  // records equal to two founders (kept)
  std::set<std::string> reported_;
};

}  // namespace

int Run(const Options& options, toolcommon::Diag* diag) {
  auto start = std::chrono::steady_clock::now();
  const int threads = std::max(1, options.threads);
  // One source per thread, and one for long runs, compared on this thread.
  std::vector<std::unique_ptr<fetch::RangeSource>> sources;
  for (int t = 0; t <= threads; ++t) {
    auto source = fetch::MakeRangeSource(options.fetch, threads);
    if (!source.ok()) {
      diag->Error(source.status().message());
      return toolcommon::kExitUsage;
    }
    sources.push_back(std::move(source.value()));
  }
  std::unique_ptr<fetch::RangeSource> long_run_source = std::move(sources.back());
  sources.pop_back();
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
  RunReader runs(input->get(), name, std::max<size_t>(2, options.run_part), diag);
  RunWriter writer(options, name, &out, diag);
  toolcommon::Progress progress(diag, options.progress, 0, 0);
  CompareStats stats;
  uint64_t multi_runs = 0, bytes_compared = 0;
  bool stopped = false;  // by the output or the input order (reported)
  auto report = [&](const std::vector<std::string>& problems,
                    const std::vector<std::string>& collisions) {
    for (const auto& p : problems) diag->Error(p);
    for (const auto& c : collisions) diag->Info("same digest, different payloads: " + c);
  };

  // A long run: compared here, a part at a time, once the pool is idle.
  auto compare_long_run = [&](EntryRun part) {
    LongRun long_run(long_run_source.get());
    std::unique_ptr<manifest::ExternalSorter> sorter;
    if (options.proc) {
      manifest::ExternalSorter::Options sort_options;
      sort_options.temp_dir = options.temp_dir;
      if (sort_options.temp_dir.empty()) {
        const char* tmp = std::getenv("TMPDIR");
        sort_options.temp_dir = tmp && *tmp ? tmp : "/tmp";
      }
      sort_options.run_bytes = 8 << 20;
      sorter = std::make_unique<manifest::ExternalSorter>(sort_options);
    }
    ++multi_runs;
    for (bool more = true;;) {  // `part` is followed by more of the run
      std::vector<std::string> problems, collisions;
      std::vector<uint64_t> exts = long_run.Compare(&part, &problems, &collisions);
      report(problems, collisions);
      for (size_t i = 0; i < part.size() && !stopped; ++i) {
        RunWriter::SetExt(&part[i], exts[i]);
        if (!sorter) {
          stopped = !writer.WriteOne(&part[i]);
          continue;
        }
        std::string record;
        AppendProcKey(part[i], &record);
        manifest::AppendLine(part[i], &record);
        if (auto s = sorter->Add(record); !s.ok()) {
          diag->Error("sorting a long run: " + s.message());
          stopped = true;
        }
      }
      progress.records_counter()->store(writer.lines());
      if (stopped || !more) break;
      // The rest of the run is there: only a failed input ends it here.
      size_t bytes;
      if (!runs.Next(&part, &more, &bytes)) break;
    }
    const auto& st = long_run.comparer().stats();
    stats.records_fetched += st.records_fetched;
    stats.collisions += long_run.collisions();
    stats.failures += st.failures + long_run.kept_apart();
    bytes_compared += st.bytes_compared;
    if (!sorter || stopped || runs.failed()) return;
    if (auto s = sorter->Finish(); !s.ok()) {
      diag->Error("sorting a long run: " + s.message());
      stopped = true;
      return;
    }
    std::string record;
    while (!stopped && sorter->Next(&record)) {
      auto entry = manifest::ParseLine(LineAfterProcKey(record));
      if (!entry.ok()) {  // our own line: cannot happen unless the temporary file was damaged
        diag->Error("sorting a long run: " + entry.status().message());
        stopped = true;
        return;
      }
      stopped = !writer.WriteOne(&entry.value());
    }
    if (!sorter->status().ok()) {
      diag->Error("sorting a long run: " + sorter->status().message());
      stopped = true;
    }
  };

  {
    ComparePool pool(sources);
    // Batches small enough to spread the work, large enough that handing them
    // over costs nothing; a few per thread in flight, and kInFlightBytes in
    // all (for long lines), bound the memory.
    constexpr size_t kBatchRecords = 64, kBatchBytes = 1 << 20;
    const size_t max_in_flight = 3 * pool.threads();
    bool input_ended = false;
    EntryRun long_run_start;  // the first part of a long run, waiting for the pool to drain
    while (!stopped) {
      while (!input_ended && long_run_start.empty() && pool.in_flight() < max_in_flight &&
             pool.bytes_in_flight() < kInFlightBytes) {
        Batch batch;
        batch.sequence = pool.submitted();
        size_t records = 0;
        EntryRun run;
        bool more = false;
        while (records < kBatchRecords && batch.bytes < kBatchBytes) {
          size_t bytes;
          if (!runs.Next(&run, &more, &bytes)) {
            input_ended = true;
            break;
          }
          if (more) {
            long_run_start = std::move(run);
            break;
          }
          records += run.size();
          batch.bytes += bytes;
          batch.runs.push_back(std::move(run));
        }
        if (!batch.runs.empty()) pool.Submit(std::move(batch));
      }
      if (pool.in_flight() == 0) {
        if (long_run_start.empty()) break;
        compare_long_run(std::move(long_run_start));
        long_run_start.clear();
        continue;
      }
      Batch batch = pool.TakeNext();
      report(batch.problems, batch.collisions);
      stats.records_fetched += batch.records_fetched;
      stats.collisions += batch.collision_count;
      stats.failures += batch.failures;
      bytes_compared += batch.bytes_compared;
      for (size_t r = 0; r < batch.runs.size() && !stopped; ++r) {
        if (batch.runs[r].size() > 1) ++multi_runs;
        stopped = !writer.Write(&batch.runs[r], batch.exts[r]);
      }
      progress.records_counter()->store(writer.lines());
      progress.bytes_counter()->store(bytes_compared);
    }
    // Leaving the scope stops the workers (after an early stop, with batches
    // left uncompared: nothing more is written).
  }
  if (!stopped) stopped = !writer.Flush();
  progress.Finish();
  bool complete = !stopped && !runs.failed();
  // An incomplete manifest never replaces the -o file.
  if (complete) {
    if (auto s = out.Commit(); !s.ok()) {
      diag->Error(s.message());
      return toolcommon::kExitSomeInputsFailed;
    }
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char time_text[32];
  std::snprintf(time_text, sizeof time_text, "%.1f s", seconds);
  // The worker threads have ended: their sources' counts can be read.
  uint64_t bytes_fetched = 0, requests = 0, retries = 0;
  sources.push_back(std::move(long_run_source));
  for (const auto& source : sources) {
    bytes_fetched += source->bytes_fetched();
    if (auto* http = dynamic_cast<fetch::HttpRangeSource*>(source.get())) {
      requests += http->stats().requests;
      retries += http->stats().retries;
    }
  }
  diag->Info(std::to_string(writer.lines()) + " lines, " + std::to_string(multi_runs) +
             " runs with more than one record, " + std::to_string(stats.records_fetched) +
             " records fetched (" + toolcommon::HumanBytes(bytes_fetched) + "), " +
             toolcommon::HumanBytes(bytes_compared) + " compared, " +
             std::to_string(stats.collisions) + " collisions, " + std::to_string(stats.failures) +
             " records kept for errors, " + time_text);
  if (options.fetch.remote())
    diag->Verbose("http: " + std::to_string(requests) + " requests, " + std::to_string(retries) +
                  " retries");
  return complete ? diag->ExitCode() : toolcommon::kExitSomeInputsFailed;
}

}  // namespace warccollres
