#include <sys/stat.h>

#include <cstdio>
#include <filesystem>
#include <map>

#include "arc2warc.h"
#include "convert_file.h"
#include "toolcommon/cli.h"
#include "toolcommon/io.h"
#include "toolcommon/paths.h"
#include "toolcommon/progress.h"
#include "toolcommon/work_queue.h"

namespace arc2warc {

namespace {

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool HasArcName(const std::string& path) {
  return EndsWith(path, ".arc") || EndsWith(path, ".arc.gz");
}

uint64_t FileSize(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 ? static_cast<uint64_t>(st.st_size) : 0;
}

// "x.arc.gz -> out/x.warc.gz: records 12 in, 12 out, 0 truncated; problems 0;
// bytes 3456 in, 3789 out; verified"
std::string Summary(const FileJob& job, const FileResult& r, bool verify) {
  const auto& s = r.stats;
  std::string line = toolcommon::InputName(job.input) + " -> " + job.target + ": records " +
                     std::to_string(s.records_in) + " in, " + std::to_string(s.records_out) +
                     " out, " + std::to_string(s.records_truncated) + " truncated; problems " +
                     std::to_string(s.problems) + "; bytes " + std::to_string(s.bytes_in) +
                     " in, " + std::to_string(s.bytes_out) + " out";
  if (!r.written) return line + "; not written";
  return verify ? line + (r.verified ? "; verified" : "; not verified") : line;
}

}  // namespace

std::string WarcNameFor(const std::string& arc_base_name, bool gzip) {
  std::string stem = arc_base_name;
  for (std::string_view suffix : {".arc.gz", ".arc"}) {
    if (EndsWith(stem, suffix) && stem.size() > suffix.size()) {
      stem.resize(stem.size() - suffix.size());
      break;
    }
  }
  return stem + (gzip ? ".warc.gz" : ".warc");
}

std::vector<std::string> ListInputs(const RunOptions& options, toolcommon::Diag* diag) {
  std::vector<std::string> files;
  for (const auto& arg : options.inputs) {
    std::error_code ec;
    bool directory = arg != "-" && std::filesystem::is_directory(arg, ec);
    for (auto& path : toolcommon::ExpandInputs({arg}, options.recursive, diag))
      if (!directory || HasArcName(path)) files.push_back(std::move(path));
  }
  return files;
}

int Run(const RunOptions& options, toolcommon::Diag* diag) {
  std::vector<std::string> inputs = ListInputs(options, diag);
  if (options.output_dir == "-" && inputs.size() != 1)
    return toolcommon::UsageError("arc2warc",
                                  "-o - writes one WARC file to stdout: give one input, not " +
                                      std::to_string(inputs.size()));
  // Targets, each named once: x.arc and x.arc.gz would both make x.warc.gz.
  std::vector<FileJob> jobs;
  std::map<std::string, std::string> source_of;
  uint64_t total_bytes = 0;
  for (const auto& input : inputs) {
    std::string target = options.output_dir == "-"
                             ? "-"
                             : options.output_dir + (options.output_dir.back() == '/' ? "" : "/") +
                                   WarcNameFor(toolcommon::BaseName(input), options.convert.gzip);
    auto [it, added] = source_of.emplace(target, input);
    if (!added)
      return toolcommon::UsageError(
          "arc2warc", "both " + it->second + " and " + input + " would become " + target);
    jobs.push_back({input, target});
    total_bytes += FileSize(input);
  }
  if (options.output_dir != "-") {
    std::error_code ec;
    std::filesystem::create_directories(options.output_dir, ec);
    if (ec) {
      diag->Error(options.output_dir + ": cannot create the output directory: " + ec.message());
      return diag->ExitCode();
    }
  }
  toolcommon::Progress progress(diag, options.progress && diag->verbosity() > 0, jobs.size(),
                                total_bytes);
  RunOptions worker_options = options;
  worker_options.convert.bytes_read = progress.bytes_counter();
  convert::ConvertStats totals;
  uint64_t failed_files = 0;
  toolcommon::OrderedWorkQueue<FileJob, FileResult> queue(
      {.threads = options.jobs, .window = 2 * static_cast<size_t>(options.jobs)},
      [&](FileJob& job) {
        struct stat st;
        if (job.target != "-" && !options.overwrite && ::stat(job.target.c_str(), &st) == 0) {
          FileResult exists;
          exists.errors.push_back(job.target + ": exists; not replaced (--overwrite replaces it)");
          return exists;
        }
        return ConvertFile(job, worker_options);
      },
      [&](FileJob& job, FileResult& result) {
        for (const auto& note : result.notes) diag->Verbose(note);
        for (const auto& error : result.errors) diag->Error(error);
        // The summary on stdout, unless the WARC file goes there.
        std::string summary = Summary(job, result, options.verify);
        if (job.target == "-") {
          diag->Info(summary);
        } else {
          std::fputs((summary + "\n").c_str(), stdout);
          std::fflush(stdout);
        }
        progress.FileDone();
        if (!result.written) ++failed_files;
        totals.records_in += result.stats.records_in;
        totals.records_out += result.stats.records_out;
        totals.problems += result.stats.problems;
      });
  for (auto& job : jobs) queue.Submit(std::move(job));
  queue.Finish();
  progress.Finish();
  diag->Info(std::to_string(inputs.size()) + " files, " + std::to_string(failed_files) +
             " not written; " + std::to_string(totals.records_in) + " records in, " +
             std::to_string(totals.records_out) + " out, " + std::to_string(totals.problems) +
             " problems");
  return diag->ExitCode();
}

}  // namespace arc2warc
