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
#include "originals.h"
#include "prepare.h"
#include "rewrite.h"
#include "toolcommon/io.h"
#include "toolcommon/paths.h"
#include "warc/digest.h"

namespace warcrefs {
using toolcommon::BaseName;
using toolcommon::DirName;
using toolcommon::RealPath;
namespace {

struct ManifestFacts {
  size_t files = 0;                  // runs of lines with the same file field
  std::string first_digest;          // of the first line; empty when there is none
  manifest::ReferenceSet originals;  // what the copies name as their originals
  OriginalIndex copy_ones;           // the copy-1 lines (--trust-manifest)
  manifest::ReferenceSet needed;     // the originals of the copies in input files
  std::set<std::string> copy_files;  // base names of the input files with copies
};

// Checks the whole manifest before anything is touched: every line parses as
// a 10-field line and the lines are in file/offset order.
bool CheckManifest(base::ByteSource* source, const std::string& name, toolcommon::Diag* diag,
                   const Inputs& inputs, bool trust, ManifestFacts* facts) {
  manifest::ManifestReader reader(source);
  manifest::Entry entry, previous;
  bool have_previous = false;
  std::string copies_file;  // the file of the last copy line, and whether it is an input
  bool copies_rewritable = false;
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
      diag->Error(where +
                  "manifest not sorted by file and offset (sort it with LC_ALL=C sort "
                  "-k1,1 -k2,2n); nothing rewritten");
      return false;
    }
    // Two lines for one record (two digest algorithms, say) could make it a
    // copy by one and an original by the other. (Inputs that share a base
    // name give such lines too; they are not rewritten.)
    if (have_previous && previous.file == entry.file && previous.offset == entry.offset &&
        inputs.Rewritable(BaseName(manifest::DecodeField(entry.file)))) {
      diag->Error(where + "a second line for " + entry.file + " offset " +
                  std::to_string(entry.offset) + " (one line per record); nothing rewritten");
      return false;
    }
    if (!have_previous) facts->first_digest = entry.digest;
    // Keyed by the name a revisit resolves by, whatever the digest: a
    // record some line names as its original is never converted.
    if (entry.copy > 1) facts->originals.AddOriginal(entry.ref_uri, entry.ref_date, "");
    if (entry.copy == 1 && trust) facts->copy_ones.Add(entry);
    if (!have_previous || entry.file != previous.file) ++facts->files;
    if (entry.copy > 1 && entry.file != copies_file) {
      copies_file = entry.file;
      std::string base = BaseName(manifest::DecodeField(entry.file));
      copies_rewritable = inputs.Rewritable(base);
      if (copies_rewritable) facts->copy_files.insert(base);
    }
    if (entry.copy > 1 && copies_rewritable && !trust)
      facts->needed.AddOriginal(entry.ref_uri, entry.ref_date, entry.digest);
    previous = entry;
    have_previous = true;
  }
}

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
  Inputs inputs;
  for (const auto& path : toolcommon::ExpandInputs(options.inputs, true, diag)) {
    std::string base = BaseName(path);
    auto [it, inserted] = inputs.by_name.emplace(base, path);
    if (!inserted && RealPath(it->second) == RealPath(path)) continue;  // the same file again
    if (!inserted) inputs.ambiguous.insert(base);
    inputs.all_by_name[base].push_back(path);
    ++inputs.files;
  }
  ManifestFacts facts;
  {
    auto source = base::FileSource::Open(manifest_path);
    if (!source.ok()) {
      diag->Error(name + ": " + source.status().message());
      return toolcommon::kExitSomeInputsFailed;
    }
    if (!CheckManifest(source->get(), name, diag, inputs, options.trust_manifest, &facts))
      return toolcommon::kExitSomeInputsFailed;
    facts.originals.Seal();
    facts.copy_ones.Seal();
    facts.needed.Seal();
  }
  manifest::ReferenceSet revisit_refs;
  if (!options.referenced.empty()) {
    if (auto s = revisit_refs.LoadFile(options.referenced); !s.ok()) {
      diag->Error(s.message() + "; nothing rewritten");
      return toolcommon::kExitSomeInputsFailed;
    }
    // A revisit in a file warcsum did not read at all may refer to any
    // record: converting any of them could leave it resolving to nothing.
    // A damaged file's references were harvested from its bytes: the file
    // itself is not rewritten, the rest is.
    if (RefuseForReferences(revisit_refs, options, diag)) return toolcommon::kExitSomeInputsFailed;
  }
  const std::set<std::string> damaged =
      DamagedInputs(revisit_refs.damaged(), inputs, options.referenced, diag);
  // The originals are read before any file is rewritten.
  VerifiedOriginals verified;
  if (!options.trust_manifest && !VerifyOriginals(options, manifest_path, inputs, facts.needed,
                                                  revisit_refs.damaged(), diag, &verified))
    return toolcommon::kExitSomeInputsFailed;
  // The targets about to be written: what a killed run left beside them goes.
  std::map<std::string, std::set<std::string>> targets;  // directory -> base names
  for (const auto& base : facts.copy_files) {
    const std::string& path = inputs.by_name.at(base);
    if (damaged.count(path)) continue;
    std::string target = options.in_place ? RealPath(path) : options.out_dir + "/" + base;
    targets[DirName(target)].insert(BaseName(target));
  }
  RemoveLeftovers(targets, options.dry_run, diag);
  dedup::SumOptions after_sum;  // as warcsum by default, in the manifest's algorithm
  if (!facts.first_digest.empty()) {
    auto digest = warc::ParseDigest(facts.first_digest);
    if (digest.ok()) after_sum.algorithm = digest->algorithm;
  }

  const auto& by_name = inputs.by_name;
  const auto& ambiguous = inputs.ambiguous;
  auto& all_by_name = inputs.all_by_name;
  const size_t input_files = inputs.files;

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
    std::string error;      // not rewritten, and why (reported in its turn)
    std::string verbose;    // not among the inputs (reported with -v)
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
    after_ordered =
        std::make_unique<toolcommon::OrderedOutput>(&after_out, diag, facts.files + input_files);
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
    // Exact, for warcdedup --dry-run's table (the line above rounds).
    diag->Verbose(job.path + ": bytes " + std::to_string(r.bytes_before) + " -> " +
                  std::to_string(r.bytes_after) + ", " + std::to_string(r.converted) +
                  " converted");
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
          job.rewrite.after_lines = [&, index](std::string* lines) {
            after_ordered->Write(index, lines);
          };
          job.rewrite.after_sum = after_sum;
        }
        result =
            RewriteJob(job.path, manifest_path, job.file_field, job.manifest_offset, job.rewrite);
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
  uint64_t dups = 0;            // copy > 1 lines of the current file
  uint64_t current_offset = 0;  // where its first line starts
  std::string current;
  std::set<std::string> named;  // base names the manifest has lines for
  // submit(job): queues a job, waiting while the workers are busy (the
  // manifest is read only a little ahead of the work) and while too many
  // finished jobs wait for their turn to be reported and to write their
  // after-manifest lines: a slow file must not make the others pile up.
  const size_t max_ahead = 4 * threads.size();
  auto submit = [&](Job job) {
    std::unique_lock<std::mutex> lock(mutex);
    changed.wait(
        lock, [&] { return queue.size() < threads.size() && submitted - next_report < max_ahead; });
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
      if (options.trust_manifest) job.rewrite.originals = &facts.copy_ones;
      if (!options.trust_manifest) job.rewrite.verified = &verified;
      job.rewrite.damaged_file = damaged.count(job.path) > 0;
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
    diag->Error(name +
                ": the manifest changed while it was read; the files after that point "
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
                  100.0 * (static_cast<double>(after) - static_cast<double>(before)) /
                      static_cast<double>(before));
  diag->Info("total: " + std::to_string(files) + " files, " +
             (options.dry_run ? "would convert " : "converted ") + std::to_string(converted) +
             " of " + std::to_string(lines) + " duplicates, " + toolcommon::HumanBytes(before) +
             " -> " + toolcommon::HumanBytes(after) + " (" + percent + ")");
  diag->Verbose("total bytes: " + std::to_string(before) + " -> " + std::to_string(after) + ", " +
                std::to_string(converted) + " converted");
  return diag->ExitCode();
}

}  // namespace warcrefs
