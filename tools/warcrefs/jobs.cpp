#include "jobs.h"

#include <memory>

#include "manifest/reader.h"
#include "toolcommon/io.h"
#include "toolcommon/paths.h"
#include "toolcommon/work_queue.h"

namespace warcrefs {
using toolcommon::BaseName;
using toolcommon::RealPath;
namespace {

// Rewrites the file at `path` by the copy > 1 lines of the manifest's run
// of lines for `file_field` that starts at `offset`, read as they are
// needed. A sum-only job (no file_field) has no lines.
FileResult RewriteJob(const std::string& path, const std::string& manifest_path,
                      const std::string& file_field, uint64_t offset,
                      const RewriteOptions& rewrite) {
  if (file_field.empty()) return RewriteFile(path, std::vector<manifest::Entry>{}, rewrite);
  std::string error;
  auto source = base::FileSource::Open(manifest_path);
  if (source.ok()) {
    if (auto s = (*source)->Seek(offset); !s.ok()) error = s.message();
  } else {
    error = source.status().message();
  }
  std::unique_ptr<manifest::ManifestReader> reader;
  if (error.empty()) reader = std::make_unique<manifest::ManifestReader>(source->get());
  bool first = true;
  FileResult result = RewriteFile(
      path,
      [&](manifest::Entry* e) {
        while (reader) {
          auto outcome = reader->Next(e);
          // The run of lines starts at `offset`: a first line of another
          // file, or one that no longer parses, means the manifest changed.
          if (outcome != manifest::ManifestReader::Outcome::kEnd &&
              (outcome != manifest::ManifestReader::Outcome::kEntry ||
               (first && e->file != file_field)))
            error = "the line at byte " + std::to_string(offset + reader->line_offset()) +
                    " is not what the check pass read (the manifest changed while it was read)";
          first = false;
          if (!error.empty() || outcome != manifest::ManifestReader::Outcome::kEntry ||
              e->file != file_field) {
            reader.reset();
            break;
          }
          if (e->copy > 1) return true;
        }
        return false;
      },
      rewrite);
  if (!error.empty())
    result.problems.push_back("manifest: " + error + "; the lines after it were not applied");
  return result;
}

struct Job {
  size_t index = 0;
  std::string path;
  RewriteOptions rewrite;
  // Its lines (copy > 1) are read again from the manifest when it is
  // rewritten, from the first line of its run: not held meanwhile.
  std::string file_field;
  uint64_t manifest_offset = 0;
  std::string error;      // not rewritten, and why (reported in its turn)
  std::string verbose;    // not among the inputs (reported with -v)
  bool sum_only = false;  // no duplicates: only its after-manifest is wanted
};

// Makes the jobs while reading the manifest, runs them and reports them.
// Jobs are numbered in the order they are made: the manifest's files, then
// the inputs it does not name (for the after-manifest only).
class Scheduler {
 public:
  Scheduler(const JobPlan& plan, toolcommon::Diag* diag, Totals* totals)
      : plan_(plan), options_(*plan.options), diag_(diag), totals_(totals) {}
  bool OpenOutputs();
  void Run();
  void CloseOutputs();

 private:
  FileResult Work(Job& job);
  void Report(const Job& job, const FileResult& r);
  void ReportTotals(const Job& job, const FileResult& r);
  void Submit(Job job);
  void SubmitSums(const std::string& base);
  void Process();
  void ProcessRewritable(const std::string& base, Job* job);

  const JobPlan& plan_;
  const Options& options_;
  toolcommon::Diag* diag_;
  Totals* totals_;
  toolcommon::OutputFile kept_out_;
  base::Status kept_status_;
  toolcommon::OutputFile after_out_;
  std::unique_ptr<toolcommon::OrderedOutput> after_ordered_;
  bool after_incomplete_ = false;  // lines lost (a full disk): no after-manifest
  bool manifest_changed_ = false;  // between the check and the rewrite: the rest is not done
  std::unique_ptr<toolcommon::OrderedWorkQueue<Job, FileResult>> queue_;
  size_t submitted_ = 0;
  uint64_t dups_ = 0;            // copy > 1 lines of the current file
  uint64_t current_offset_ = 0;  // where its first line starts
  std::string current_;
  std::set<std::string> named_;  // base names the manifest has lines for
};

bool Scheduler::OpenOutputs() {
  if (!options_.kept_list.empty()) {
    if (auto s = kept_out_.Open(options_.kept_list, false); !s.ok()) {
      diag_->Error(s.message());
      return false;
    }
  }
  if (!options_.after_manifest.empty()) {
    if (auto s = after_out_.Open(options_.after_manifest, false); !s.ok()) {
      diag_->Error(s.message());
      return false;
    }
    // At most one job per manifest file and one per input file.
    after_ordered_ = std::make_unique<toolcommon::OrderedOutput>(
        &after_out_, diag_, plan_.facts->files + plan_.inputs->files);
  }
  return true;
}

FileResult Scheduler::Work(Job& job) {
  FileResult result;
  if (job.error.empty() && job.verbose.empty()) {
    if (after_ordered_) {
      size_t index = job.index;
      job.rewrite.after_lines = [this, index](std::string* lines) {
        after_ordered_->Write(index, lines);
      };
      job.rewrite.after_sum = plan_.after_sum;
    }
    result =
        RewriteJob(job.path, plan_.manifest_path, job.file_field, job.manifest_offset, job.rewrite);
  }
  if (after_ordered_) after_ordered_->Done(job.index);
  return result;
}

void Scheduler::Report(const Job& job, const FileResult& r) {
  if (!job.error.empty()) return diag_->Error(job.path + ": " + job.error);
  if (!job.verbose.empty()) return diag_->Verbose(job.verbose);
  for (const auto& p : r.problems) diag_->Error(job.path + ": " + p);
  for (const auto& n : r.notes) diag_->Info(job.path + ": " + n);
  for (const auto& k : r.kept) {
    if (options_.kept_list.empty() || !kept_status_.ok()) break;
    kept_status_ = kept_out_.Write(k.data(), k.size());  // a whole line
  }
  if (r.after_incomplete) after_incomplete_ = true;
  if (!job.sum_only) ReportTotals(job, r);
}

void Scheduler::ReportTotals(const Job& job, const FileResult& r) {
  ++totals_->files;
  totals_->converted += r.converted;
  totals_->before += r.bytes_before;
  totals_->after += r.bytes_after;
  std::string verb = options_.dry_run ? "would convert " : "converted ";
  std::string what = r.converted == 0 ? "nothing to change"
                                      : verb + std::to_string(r.converted) + " of " +
                                            std::to_string(r.lines) + " records";
  if (r.already) what += ", " + std::to_string(r.already) + " already revisits";
  if (!r.notes.empty()) what += ", " + std::to_string(r.notes.size()) + " kept";
  diag_->Info(job.path + ": " + what + ", " + toolcommon::HumanBytes(r.bytes_before) + " -> " +
              toolcommon::HumanBytes(r.bytes_after) +
              (r.written && !options_.in_place ? " (" + job.rewrite.target + ")" : ""));
  // Exact, for warcdedup --dry-run's table (the line above rounds).
  diag_->Verbose(job.path + ": bytes " + std::to_string(r.bytes_before) + " -> " +
                 std::to_string(r.bytes_after) + ", " + std::to_string(r.converted) + " converted");
}

// Queues a job; the queue waits while too many finished jobs wait for their
// turn to be reported and to write their after-manifest lines (the
// manifest is read only a little ahead of the work): a slow file must not
// make the others pile up.
void Scheduler::Submit(Job job) {
  if (after_ordered_ && submitted_ == plan_.facts->files + plan_.inputs->files) {
    manifest_changed_ = true;  // more jobs than the check pass counted
    return;
  }
  job.index = submitted_++;
  queue_->Submit(std::move(job));
}

// A sum-only job per input file called `base` (for the after-manifest).
void Scheduler::SubmitSums(const std::string& base) {
  for (const auto& path : plan_.inputs->all_by_name[base]) {
    Job job;
    job.path = path;
    job.sum_only = true;
    job.rewrite.dry_run = true;
    Submit(std::move(job));
  }
}

void Scheduler::Process() {
  if (current_.empty()) return;
  std::string base = BaseName(manifest::DecodeField(current_));
  named_.insert(base);
  if (dups_ == 0 && !after_ordered_) return;
  const auto& by_name = plan_.inputs->by_name;
  auto it = by_name.find(base);
  Job job;
  job.sum_only = dups_ == 0;
  if (it == by_name.end()) {
    if (job.sum_only) return;  // nothing to say or sum
    job.verbose = base + ": not among the inputs; " + std::to_string(dups_) + " lines ignored";
  } else if (plan_.inputs->ambiguous.count(base)) {
    // Not rewritten, whichever file the lines are for; all are listed as they are.
    if (!job.sum_only) {
      job.path = it->second;
      job.error = "several input files are called " + base + "; not rewritten";
      Submit(std::move(job));
    }
    dups_ = 0;
    if (after_ordered_) SubmitSums(base);
    return;
  } else {
    job.path = it->second;
    ProcessRewritable(base, &job);
  }
  dups_ = 0;
  Submit(std::move(job));
}

void Scheduler::ProcessRewritable(const std::string& base, Job* job) {
  job->rewrite.dry_run = options_.dry_run || job->sum_only;
  job->rewrite.in_place = options_.in_place;
  job->rewrite.manifest_refs = &plan_.facts->originals;
  if (options_.trust_manifest) job->rewrite.originals = &plan_.facts->copy_ones;
  if (!options_.trust_manifest) job->rewrite.verified = plan_.verified;
  job->rewrite.damaged_file = plan_.damaged->count(job->path) > 0;
  if (!options_.referenced.empty()) job->rewrite.revisit_refs = plan_.revisit_refs;
  // In place, a symbolic link keeps pointing at the (new) file.
  job->rewrite.target = options_.in_place ? RealPath(job->path) : options_.out_dir + "/" + base;
  if (!job->sum_only && !options_.in_place &&
      RealPath(job->rewrite.target) == RealPath(job->path)) {
    job->error = "the output directory holds this input; use --in-place to replace it";
  } else if (!job->sum_only) {
    job->file_field = current_;
    job->manifest_offset = current_offset_;
  }
}

void Scheduler::Run() {
  int threads = std::max(1, options_.jobs);
  queue_ = std::make_unique<toolcommon::OrderedWorkQueue<Job, FileResult>>(
      toolcommon::WorkQueueOptions{.threads = threads, .window = 4 * static_cast<size_t>(threads)},
      [this](Job& job) { return Work(job); },
      [this](Job& job, FileResult& result) { Report(job, result); });
  auto source = base::FileSource::Open(plan_.manifest_path);
  manifest::ManifestReader reader(source->get());
  manifest::Entry entry;
  while (reader.Next(&entry) == manifest::ManifestReader::Outcome::kEntry) {
    if (entry.file != current_) {
      Process();
      current_ = entry.file;
      current_offset_ = reader.line_offset();
    }
    if (entry.copy > 1) {
      ++dups_;
      ++totals_->lines;
    }
  }
  Process();
  if (after_ordered_) {
    for (const auto& [base, paths] : plan_.inputs->all_by_name)
      if (!named_.count(base)) SubmitSums(base);
  }
  queue_->Finish();
}

void Scheduler::CloseOutputs() {
  if (manifest_changed_)
    diag_->Error(plan_.name +
                 ": the manifest changed while it was read; the files after that point "
                 "were not rewritten, and no after-manifest is written");
  if (after_ordered_) {
    base::Status s = after_ordered_->status();
    if (s.ok() && (after_incomplete_ || manifest_changed_))
      s = base::Status::IOError("some lines were lost; not written");
    if (s.ok()) s = after_out_.Commit();
    if (!s.ok()) diag_->Error(options_.after_manifest + ": " + s.message());
  }
  if (!options_.kept_list.empty()) {
    if (kept_status_.ok()) kept_status_ = kept_out_.Commit();
    if (!kept_status_.ok()) diag_->Error(options_.kept_list + ": " + kept_status_.message());
  }
}

}  // namespace

bool RewriteAll(const JobPlan& plan, toolcommon::Diag* diag, Totals* totals) {
  Scheduler scheduler(plan, diag, totals);
  if (!scheduler.OpenOutputs()) return false;
  scheduler.Run();
  scheduler.CloseOutputs();
  return true;
}

}  // namespace warcrefs
