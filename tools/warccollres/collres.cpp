#include "collres.h"

#include <algorithm>
#include <chrono>
#include <deque>

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

base::Result<std::unique_ptr<fetch::RangeSource>> MakeSource(const Options& o) {
  fetch::HttpOptions http;
  // Comparing streams a representative and a candidate at once: with one
  // transfer, each would wait for the other's slot forever (-j 1 hung).
  http.max_transfers = static_cast<size_t>(std::max(2, o.jobs));
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

}  // namespace

int Run(const Options& options, toolcommon::Diag* diag) {
  auto start = std::chrono::steady_clock::now();
  auto source = MakeSource(options);
  if (!source.ok()) {
    diag->Error(source.status().message());
    return toolcommon::kExitUsage;
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
  RunComparer comparer(source->get());
  manifest::CopyNumberer numberer;
  toolcommon::Progress progress(diag, options.progress, 0, 0);

  // Runs read ahead so that remote records can be fetched while earlier ones
  // are compared.
  std::deque<EntryRun> ahead;
  constexpr size_t kLookahead = 32;
  uint64_t lines = 0, multi_runs = 0;
  std::string buffer;
  bool write_failed = false, order_failed = false;
  for (;;) {
    while (ahead.size() < kLookahead) {
      EntryRun run;
      if (!runs.Next(&run)) break;
      ahead.push_back(std::move(run));
    }
    if (ahead.empty()) break;
    std::vector<fetch::RecordLocation> upcoming;
    for (const auto& run : ahead)
      if (run.size() > 1)
        for (const auto& e : run) upcoming.push_back({e.file, e.offset, e.length});
    (*source)->Prefetch(upcoming);

    EntryRun run = std::move(ahead.front());
    ahead.pop_front();
    std::vector<std::string> problems, collisions;
    std::vector<uint64_t> exts = comparer.Assign(run, &problems, &collisions);
    for (const auto& p : problems) diag->Error(p);
    for (const auto& c : collisions) diag->Info("collision: " + c);
    if (run.size() > 1) ++multi_runs;
    for (size_t i = 0; i < run.size(); ++i) {
      run[i].ext = exts[i];
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
    progress.records_counter()->store(lines);
    progress.bytes_counter()->store(comparer.stats().bytes_compared);
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
  const auto& st = comparer.stats();
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char time_text[32];
  std::snprintf(time_text, sizeof time_text, "%.1f s", seconds);
  diag->Info(std::to_string(lines) + " lines, " + std::to_string(multi_runs) +
             " runs with more than one record, " + std::to_string(st.records_fetched) +
             " records fetched, " + toolcommon::HumanBytes(st.bytes_compared) + " compared, " +
             std::to_string(st.collisions) + " collisions, " + std::to_string(st.failures) +
             " records kept for errors, " + time_text);
  if (auto* http = dynamic_cast<fetch::HttpRangeSource*>(source->get()))
    diag->Verbose("http: " + std::to_string(http->stats().requests) + " requests, " +
                  std::to_string(http->stats().retries) + " retries");
  return complete ? diag->ExitCode() : toolcommon::kExitSomeInputsFailed;
}

}  // namespace warccollres
