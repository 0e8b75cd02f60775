#include "filter_run.h"

#include <unistd.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>

#include "job.h"
#include "plan.h"
#include "toolcommon/io.h"
#include "toolcommon/paths.h"
#include "toolcommon/progress.h"
#include "toolcommon/work_queue.h"

namespace warcfilter {
namespace {

// Runs `work` over the jobs that have no error yet, `deliver` in job order.
template <typename Result>
void ForEachFile(std::vector<FileJob>* jobs, int threads, bool all,
                 const std::function<Result(const FileJob&)>& work,
                 const std::function<void(FileJob&, Result&)>& deliver) {
  toolcommon::OrderedWorkQueue<size_t, Result> queue(
      {.threads = threads, .window = 4 * static_cast<size_t>(threads)},
      [&](size_t& i) { return work((*jobs)[i]); },
      [&](size_t& i, Result& r) { deliver((*jobs)[i], r); });
  for (size_t i = 0; i < jobs->size(); ++i)
    if (all || (*jobs)[i].error.empty()) queue.Submit(i);
  queue.Finish();
}

// Sorted union of a and b into *a; whether b added anything.
bool Merge(std::vector<uint64_t>* a, std::vector<uint64_t> b) {
  std::sort(b.begin(), b.end());
  std::vector<uint64_t> out;
  std::set_union(a->begin(), a->end(), b.begin(), b.end(), std::back_inserter(out));
  out.erase(std::unique(out.begin(), out.end()), out.end());
  bool grew = out.size() > a->size();
  *a = std::move(out);
  return grew;
}

// Scans the files until the originals their revisits need from one another
// no longer grow (one round, unless some revisit's original is elsewhere).
// Errors found here are reported with the file, in the write pass.
void FindOriginals(const Options& options, std::vector<FileJob>* jobs, JobContext* context,
                   std::vector<uint64_t>* needed) {
  for (;;) {
    std::vector<uint64_t> wanted;
    ForEachFile<ScanResult>(
        jobs, options.jobs, false, [&](const FileJob& job) { return ScanJob(job, *context); },
        [&](FileJob& job, ScanResult& r) {
          job.error = r.error;
          job.size = r.size;
          job.mtime_ns = r.mtime_ns;
          wanted.insert(wanted.end(), r.wanted.begin(), r.wanted.end());
        });
    if (!Merge(needed, std::move(wanted))) return;
  }
}

struct Totals {
  uint64_t files = 0, written = 0, empty = 0, failed = 0;
  WriteResult sum;
  std::vector<uint64_t> wanted, found;
};

void Add(const WriteResult& r, Totals* t) {
  WriteResult& s = t->sum;
  s.records += r.records;
  s.bytes_in += r.bytes_in;
  s.bytes_out += r.bytes_out;
  s.listed += r.listed;
  s.unlisted += r.unlisted;
  s.belongs += r.belongs;
  s.originals += r.originals;
  t->wanted.insert(t->wanted.end(), r.wanted.begin(), r.wanted.end());
  t->found.insert(t->found.end(), r.found.begin(), r.found.end());
}

std::string Percent(uint64_t before, uint64_t after) {
  char text[32] = "0.0%";
  if (before > 0 && after != before)
    std::snprintf(text, sizeof text, "%+.1f%%",
                  100.0 * (static_cast<double>(after) - static_cast<double>(before)) /
                      static_cast<double>(before));
  return text;
}

void ReportFile(const std::string& list_name, const FileJob& job, const WriteResult& r,
                toolcommon::Diag* diag, Totals* t) {
  ++t->files;
  for (const auto& [line, what] : r.errors)
    diag->Error(list_name + ": line " + std::to_string(line) + ": " +
                toolcommon::BaseName(job.path) + ": " + what);
  if (!job.error.empty() || !r.error.empty()) {
    ++t->failed;
    diag->Error(job.path + ": " + (job.error.empty() ? r.error : job.error) + "; not written");
    return;
  }
  Add(r, t);
  std::string counts =
      std::to_string(r.written_records()) + " of " + std::to_string(r.records) + " records";
  if (r.written) {
    ++t->written;
    diag->Info(job.path + ": wrote " + counts + ", " + toolcommon::HumanBytes(r.bytes_in) + " -> " +
               toolcommon::HumanBytes(r.bytes_out) + " (" + job.target + ")");
  } else {
    ++t->empty;
    diag->Info(job.path + ": nothing to write (" + std::to_string(r.records) +
               " records dropped), no output file" +
               (r.removed_old ? "; removed " + job.target + " of an earlier run" : ""));
  }
  diag->Verbose(job.path + ": bytes " + std::to_string(r.bytes_in) + " -> " +
                std::to_string(r.bytes_out) + ", " + counts + " written");
  if (!r.note.empty()) diag->Error(job.path + ": " + r.note);
}

void ReportTotal(Totals* t, toolcommon::Diag* diag) {
  const WriteResult& s = t->sum;
  uint64_t written = s.written_records();
  diag->Info("total: " + std::to_string(t->files) + " files (" + std::to_string(t->written) +
             " written, " + std::to_string(t->empty) + " with nothing to write, " +
             std::to_string(t->failed) + " failed), " + std::to_string(s.records) +
             " records read, " + std::to_string(written) + " written (" + std::to_string(s.listed) +
             " judged, " + std::to_string(s.unlisted) + " unjudged, " + std::to_string(s.belongs) +
             " belonging, " + std::to_string(s.originals) + " revisit originals), " +
             std::to_string(s.records - written) + " dropped, " +
             toolcommon::HumanBytes(s.bytes_in) + " -> " + toolcommon::HumanBytes(s.bytes_out) +
             " (" + Percent(s.bytes_in, s.bytes_out) + ")");
  diag->Verbose("total bytes: " + std::to_string(s.bytes_in) + " -> " +
                std::to_string(s.bytes_out));
  std::vector<uint64_t> missing, found;
  Merge(&found, std::move(t->found));
  Merge(&missing, std::move(t->wanted));
  std::vector<uint64_t> absent;
  std::set_difference(missing.begin(), missing.end(), found.begin(), found.end(),
                      std::back_inserter(absent));
  if (!absent.empty())
    diag->Info("note: " + std::to_string(absent.size()) +
               " originals that written revisits refer to are not among the inputs");
}

}  // namespace

int Run(const Options& options, toolcommon::Diag* diag) {
  std::vector<FileJob> jobs = PlanJobs(options, diag);
  const std::string list_name = toolcommon::InputName(options.list);
  if (!JudgeJobs(options.list, list_name, &jobs, diag)) return toolcommon::kExitSomeInputsFailed;
  RemoveLeftovers(options.out_dir, jobs, diag);
  toolcommon::Progress progress(diag, options.progress && diag->verbosity() > 0, jobs.size(), 0);
  std::vector<uint64_t> needed;
  JobContext context{{options.only_listed, options.invert}, &needed, progress.bytes_counter()};
  size_t readable =
      std::count_if(jobs.begin(), jobs.end(), [](const FileJob& j) { return j.error.empty(); });
  // Revisits may need originals from other files: one file needs no round.
  if (readable > 1) FindOriginals(options, &jobs, &context, &needed);
  Totals totals;
  ForEachFile<WriteResult>(
      &jobs, options.jobs, true,
      [&](const FileJob& job) {
        return job.error.empty() ? WriteJob(job, context) : WriteResult{};
      },
      [&](FileJob& job, WriteResult& r) {
        progress.FileDone();
        ReportFile(list_name, job, r, diag, &totals);
      });
  progress.Finish();
  ReportTotal(&totals, diag);
  return diag->ExitCode();
}

}  // namespace warcfilter
