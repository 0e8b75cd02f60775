#include "refs.h"

#include <stdlib.h>
#include <sys/stat.h>

#include <condition_variable>
#include <cstdio>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "manifest/order.h"
#include "manifest/reader.h"
#include "rewrite.h"
#include "toolcommon/io.h"
#include "warc/digest.h"

namespace warcrefs {
namespace {

std::string BaseName(const std::string& path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string RealPath(const std::string& path) {
  char buf[PATH_MAX];
  return ::realpath(path.c_str(), buf) ? std::string(buf) : path;
}

struct ManifestFacts {
  size_t files = 0;          // runs of lines with the same file field
  std::string first_digest;  // of the first line; empty when there is none
  manifest::ReferenceSet originals;  // what the copies name as their originals
  OriginalIndex copy_ones;           // the copy-1 lines
};

// Checks the whole manifest before anything is touched: every line parses as
// a 10-field line and the lines are in file/offset order.
bool CheckManifest(base::ByteSource* source, const std::string& name, toolcommon::Diag* diag,
                   ManifestFacts* facts) {
  manifest::ManifestReader reader(source);
  manifest::Entry entry, previous;
  bool have_previous = false;
  for (;;) {
    auto outcome = reader.Next(&entry);
    if (outcome == manifest::ManifestReader::Outcome::kEnd) return true;
    if (outcome != manifest::ManifestReader::Outcome::kEntry) {
      diag->Error(name + ": " + reader.error().message() + "; nothing rewritten");
      return false;
    }
    std::string where = name + ": line " + std::to_string(reader.line_number()) + ": ";
    if (entry.fields_count != 10) {
      diag->Error(where + "expected a post-processed line (10 fields), found " +
                  std::to_string(entry.fields_count) + " fields; nothing rewritten");
      return false;
    }
    if (have_previous && manifest::CompareFileOrder(previous, entry) > 0) {
      diag->Error(where + "manifest not sorted by file and offset (sort it with LC_ALL=C sort "
                          "-k1,1 -k2,2n); nothing rewritten");
      return false;
    }
    if (!have_previous) facts->first_digest = entry.digest;
    if (entry.copy > 1) facts->originals.AddOriginal(entry.ref_uri, entry.ref_date, entry.digest);
    if (entry.copy == 1) facts->copy_ones.Add(entry);
    if (!have_previous || entry.file != previous.file) ++facts->files;
    previous = entry;
    have_previous = true;
  }
}

// Rewrites the file at `path` by the copy > 1 lines of the manifest's run
// of lines for `file_field` that starts at `offset`, read as they are
// needed. A sum-only job (no file_field) has no lines.
FileResult RewriteJob(const std::string& path, const std::string& manifest_path,
                      const std::string& file_field, uint64_t offset, const RewriteOptions& rewrite) {
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
              (outcome != manifest::ManifestReader::Outcome::kEntry || (first && e->file != file_field)))
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

}  // namespace

int Run(const Options& options, toolcommon::Diag* diag) {
  // stdin is read twice (check, then apply): keep a copy.
  std::string manifest_path = options.manifest;
  std::string spool;
  if (manifest_path == "-") {
    char name[] = "/tmp/warcrefs-manifest-XXXXXX";
    int fd = ::mkstemp(name);
    if (fd < 0) {
      diag->Error("cannot create a temporary file for the manifest");
      return toolcommon::kExitSomeInputsFailed;
    }
    spool = manifest_path = name;
    toolcommon::RegisterTempFile(spool);
    char buf[1 << 16];
    ssize_t n;
    while ((n = ::read(0, buf, sizeof buf)) > 0) {
      if (!base::WriteAll(fd, buf, static_cast<size_t>(n)).ok()) break;
    }
    ::close(fd);
  }
  struct SpoolRemover {
    std::string path;
    ~SpoolRemover() {
      if (!path.empty()) ::unlink(path.c_str()), toolcommon::UnregisterTempFile(path);
    }
  } remover{spool};

  const std::string name = options.manifest == "-" ? "stdin" : options.manifest;
  ManifestFacts facts;
  {
    auto source = base::FileSource::Open(manifest_path);
    if (!source.ok()) {
      diag->Error(name + ": " + source.status().message());
      return toolcommon::kExitSomeInputsFailed;
    }
    if (!CheckManifest(source->get(), name, diag, &facts)) return toolcommon::kExitSomeInputsFailed;
    facts.originals.Seal();
    facts.copy_ones.Seal();
  }
  manifest::ReferenceSet revisit_refs;
  if (!options.referenced.empty()) {
    if (auto s = revisit_refs.LoadFile(options.referenced); !s.ok()) {
      diag->Error(s.message() + "; nothing rewritten");
      return toolcommon::kExitSomeInputsFailed;
    }
    // A revisit in a file warcsum could not read whole may refer to any
    // record: converting any of them could leave it resolving to nothing.
    if (!revisit_refs.incomplete().empty()) {
      const auto& what = revisit_refs.incomplete();
      std::string named;
      for (size_t i = 0; i < what.size() && i < 3; ++i) named += (i ? ", " : "") + what[i];
      if (what.size() > 3) named += ", ...";
      diag->Error(options.referenced + ": the revisits of " + std::to_string(what.size()) +
                  (what.size() == 1 ? " input are" : " inputs are") + " unknown (" + named +
                  ": damaged, or not read, by warcsum); nothing rewritten. Repair those files, or "
                  "move them out of the collection, and take the references again (warcdedup: "
                  "--restart)");
      return toolcommon::kExitSomeInputsFailed;
    }
  }
  warcsum::SumOptions after_sum;  // as warcsum by default, in the manifest's algorithm
  if (!facts.first_digest.empty()) {
    auto digest = warc::ParseDigest(facts.first_digest);
    if (digest.ok()) after_sum.algorithm = digest->algorithm;
  }

  // The files we may rewrite, by base name.
  std::map<std::string, std::string> by_name;
  std::set<std::string> ambiguous;
  // Every distinct input file by base name, for the after-manifest: files
  // that share a name are not rewritten, but their records are listed.
  std::map<std::string, std::vector<std::string>> all_by_name;
  size_t input_files = 0;
  for (const auto& path : toolcommon::ExpandInputs(options.inputs, true, diag)) {
    std::string base = BaseName(path);
    auto [it, inserted] = by_name.emplace(base, path);
    if (!inserted && RealPath(it->second) == RealPath(path)) continue;  // the same file again
    if (!inserted) ambiguous.insert(base);
    all_by_name[base].push_back(path);
    ++input_files;
  }

  // Files are rewritten by `jobs` threads; their reports are printed in
  // manifest order, so the output is the same for any -j.
  struct Job {
    size_t index;
    std::string path;
    RewriteOptions rewrite;
    // Its lines (copy > 1) are read again from the manifest when it is
    // rewritten, from the first line of its run: not held meanwhile.
    std::string file_field;
    uint64_t manifest_offset = 0;
    std::string error;    // not rewritten, and why (reported in its turn)
    std::string verbose;  // not among the inputs (reported with -v)
    bool sum_only = false;  // no duplicates: only its after-manifest is wanted
  };
  // Jobs are numbered in the order they are made: the manifest's files, then
  // the inputs it does not name (for the after-manifest only).
  toolcommon::OutputFile kept_out;
  if (!options.kept_list.empty()) {
    if (auto s = kept_out.Open(options.kept_list, false); !s.ok()) {
      diag->Error(s.message());
      return toolcommon::kExitSomeInputsFailed;
    }
  }
  base::Status kept_status;
  toolcommon::OutputFile after_out;
  std::unique_ptr<toolcommon::OrderedOutput> after_ordered;
  if (!options.after_manifest.empty()) {
    if (auto s = after_out.Open(options.after_manifest, false); !s.ok()) {
      diag->Error(s.message());
      return toolcommon::kExitSomeInputsFailed;
    }
    // At most one job per manifest file and one per input file.
    after_ordered = std::make_unique<toolcommon::OrderedOutput>(&after_out, diag,
                                                                facts.files + input_files);
  }
  bool after_incomplete = false;  // lines lost (a full disk): the after-manifest is not written
  bool manifest_changed = false;  // between the check and the rewrite: the rest is not done
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<Job> queue;
  std::map<size_t, std::pair<Job, FileResult>> done;
  size_t submitted = 0, next_report = 0;
  bool closing = false;
  uint64_t files = 0, converted = 0, before = 0, after = 0, lines = 0;

  auto report = [&](const Job& job, const FileResult& r) {  // REQUIRES: mutex held
    if (!job.error.empty()) return diag->Error(job.path + ": " + job.error);
    if (!job.verbose.empty()) return diag->Verbose(job.verbose);
    for (const auto& p : r.problems) diag->Error(job.path + ": " + p);
    for (const auto& n : r.notes) diag->Info(job.path + ": " + n);
    for (const auto& k : r.kept) {
      if (options.kept_list.empty() || !kept_status.ok()) break;
      kept_status = kept_out.Write(k.data(), k.size());  // a whole line
    }
    if (r.after_incomplete) after_incomplete = true;
    if (job.sum_only) return;
    ++files;
    converted += r.converted;
    before += r.bytes_before;
    after += r.bytes_after;
    std::string verb = options.dry_run ? "would convert " : "converted ";
    std::string what = r.converted == 0 ? "nothing to change"
                                        : verb + std::to_string(r.converted) + " of " +
                                              std::to_string(r.lines) + " records";
    if (r.already) what += ", " + std::to_string(r.already) + " already revisits";
    if (!r.notes.empty()) what += ", " + std::to_string(r.notes.size()) + " kept";
    diag->Info(job.path + ": " + what + ", " + toolcommon::HumanBytes(r.bytes_before) + " -> " +
               toolcommon::HumanBytes(r.bytes_after) +
               (r.written && !options.in_place ? " (" + job.rewrite.target + ")" : ""));
  };
  auto worker = [&] {
    std::unique_lock<std::mutex> lock(mutex);
    for (;;) {
      changed.wait(lock, [&] { return !queue.empty() || closing; });
      if (queue.empty()) return;
      Job job = std::move(queue.front());
      queue.pop_front();
      changed.notify_all();
      lock.unlock();
      FileResult result;
      if (job.error.empty() && job.verbose.empty()) {
        if (after_ordered) {
          size_t index = job.index;
          job.rewrite.after_lines = [&, index](std::string* lines) { after_ordered->Write(index, lines); };
          job.rewrite.after_sum = after_sum;
        }
        result = RewriteJob(job.path, manifest_path, job.file_field, job.manifest_offset, job.rewrite);
      }
      if (after_ordered) after_ordered->Done(job.index);
      lock.lock();
      done.emplace(job.index, std::make_pair(std::move(job), std::move(result)));
      for (auto it = done.find(next_report); it != done.end(); it = done.find(next_report)) {
        report(it->second.first, it->second.second);
        done.erase(it);
        ++next_report;
        changed.notify_all();  // submit() may be waiting for the reports to catch up
      }
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < std::max(1, options.jobs); ++t) threads.emplace_back(worker);

  auto source = base::FileSource::Open(manifest_path);
  manifest::ManifestReader reader(source->get());
  uint64_t dups = 0;              // copy > 1 lines of the current file
  uint64_t current_offset = 0;    // where its first line starts
  std::string current;
  std::set<std::string> named;  // base names the manifest has lines for
  // submit(job): queues a job, waiting while the workers are busy (the
  // manifest is read only a little ahead of the work) and while too many
  // finished jobs wait for their turn to be reported and to write their
  // after-manifest lines: a slow file must not make the others pile up.
  const size_t max_ahead = 4 * threads.size();
  auto submit = [&](Job job) {
    std::unique_lock<std::mutex> lock(mutex);
    changed.wait(lock, [&] { return queue.size() < threads.size() && submitted - next_report < max_ahead; });
    if (after_ordered && submitted == facts.files + input_files) {
      manifest_changed = true;  // more jobs than the check pass counted
      return;
    }
    job.index = submitted++;
    queue.push_back(std::move(job));
    changed.notify_all();
  };
  // A sum-only job per input file called `base` (for the after-manifest).
  auto submit_sums = [&](const std::string& base) {
    for (const auto& path : all_by_name[base]) {
      Job job;
      job.path = path;
      job.sum_only = true;
      job.rewrite.dry_run = true;
      submit(std::move(job));
    }
  };
  auto process = [&] {
    if (current.empty()) return;
    std::string base = BaseName(manifest::DecodeField(current));
    named.insert(base);
    if (dups == 0 && !after_ordered) return;
    auto it = by_name.find(base);
    Job job;
    job.sum_only = dups == 0;
    if (it == by_name.end()) {
      if (job.sum_only) return;  // nothing to say or sum
      job.verbose = base + ": not among the inputs; " + std::to_string(dups) + " lines ignored";
    } else if (ambiguous.count(base)) {
      // Not rewritten, whichever file the lines are for; all are listed as they are.
      if (!job.sum_only) {
        job.path = it->second;
        job.error = "several input files are called " + base + "; not rewritten";
        submit(std::move(job));
      }
      dups = 0;
      if (after_ordered) submit_sums(base);
      return;
    } else {
      job.path = it->second;
      job.rewrite.dry_run = options.dry_run || job.sum_only;
      job.rewrite.in_place = options.in_place;
      job.rewrite.manifest_refs = &facts.originals;
      job.rewrite.originals = &facts.copy_ones;
      if (!options.referenced.empty()) job.rewrite.revisit_refs = &revisit_refs;
      // In place, a symbolic link keeps pointing at the (new) file.
      job.rewrite.target = options.in_place ? RealPath(job.path) : options.out_dir + "/" + base;
      if (!job.sum_only && !options.in_place &&
          RealPath(job.rewrite.target) == RealPath(job.path)) {
        job.error = "the output directory holds this input; use --in-place to replace it";
      } else if (!job.sum_only) {
        job.file_field = current;
        job.manifest_offset = current_offset;
      }
    }
    dups = 0;
    submit(std::move(job));
  };
  manifest::Entry entry;
  while (reader.Next(&entry) == manifest::ManifestReader::Outcome::kEntry) {
    if (entry.file != current) {
      process();
      current = entry.file;
      current_offset = reader.line_offset();
    }
    if (entry.copy > 1) {
      ++dups;
      ++lines;
    }
  }
  process();
  if (after_ordered) {
    for (const auto& [base, paths] : all_by_name)
      if (!named.count(base)) submit_sums(base);
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    closing = true;
  }
  changed.notify_all();
  for (auto& t : threads) t.join();
  if (manifest_changed)
    diag->Error(name + ": the manifest changed while it was read; the files after that point "
                       "were not rewritten, and no after-manifest is written");
  if (after_ordered) {
    base::Status s = after_ordered->status();
    if (s.ok() && (after_incomplete || manifest_changed))
      s = base::Status::IOError("some lines were lost; not written");
    if (s.ok()) s = after_out.Commit();
    if (!s.ok()) diag->Error(options.after_manifest + ": " + s.message());
  }
  if (!options.kept_list.empty()) {
    if (kept_status.ok()) kept_status = kept_out.Commit();
    if (!kept_status.ok()) diag->Error(options.kept_list + ": " + kept_status.message());
  }
  // Signed: revisits longer than the tiny records they replace make files grow.
  char percent[32] = "0.0%";
  if (before > 0 && after != before)
    std::snprintf(percent, sizeof percent, "%+.1f%%",
                  100.0 * (static_cast<double>(after) - static_cast<double>(before)) / static_cast<double>(before));
  diag->Info("total: " + std::to_string(files) + " files, " + (options.dry_run ? "would convert " : "converted ") +
             std::to_string(converted) + " of " + std::to_string(lines) + " duplicates, " +
             toolcommon::HumanBytes(before) + " -> " + toolcommon::HumanBytes(after) + " (" + percent + ")");
  return diag->ExitCode();
}

}  // namespace warcrefs
