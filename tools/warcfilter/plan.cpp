#include "plan.h"

#include <unistd.h>

#include <cerrno>
#include <map>
#include <set>

#include "filter/write.h"
#include "toolcommon/io.h"
#include "toolcommon/paths.h"

namespace warcfilter {
using toolcommon::BaseName;
using toolcommon::DirName;
using toolcommon::RealPath;

std::vector<FileJob> PlanJobs(const Options& options, toolcommon::Diag* diag) {
  std::vector<FileJob> jobs;
  std::set<std::string> reals;
  std::map<std::string, int> bases;
  for (const auto& path : toolcommon::ExpandInputs(options.inputs, options.recursive, diag)) {
    if (!reals.insert(RealPath(path)).second) continue;  // the same file again
    FileJob job;
    job.path = path;
    job.target = options.out_dir + "/" + BaseName(path);
    ++bases[BaseName(path)];
    jobs.push_back(std::move(job));
  }
  const std::string out_real = RealPath(options.out_dir);
  for (auto& job : jobs) {
    if (bases[BaseName(job.path)] > 1) {
      job.error = "another input has the base name " + BaseName(job.path);
    } else if (RealPath(DirName(job.path)) == out_real) {
      job.error = "the output directory holds this input";
    } else if (reals.count(RealPath(job.target))) {
      job.error = job.target + " is an input";
    }
  }
  return jobs;
}

bool JudgeJobs(const std::string& list, const std::string& list_name, std::vector<FileJob>* jobs,
               toolcommon::Diag* diag) {
  auto source = base::FileSource::Open(list);
  if (!source.ok()) {
    diag->Error(list_name + ": " + source.status().message() + "; nothing written");
    return false;
  }
  filter::ListIndex index;
  std::vector<std::string> bad;
  base::Status read = index.Load(source->get(), &bad);
  // A LIST that is no list at all (a WARC file given by mistake) says so in
  // a hundred lines, not in a line per line.
  constexpr size_t kShown = 100;
  for (size_t i = 0; i < bad.size() && i < kShown; ++i)
    diag->Error(list_name + ": " + bad[i] + "; line ignored");
  if (bad.size() > kShown) {
    diag->Error(list_name + ": " + std::to_string(bad.size() - kShown) +
                " more lines that do not parse; ignored");
    diag->CountErrors(bad.size() - kShown - 1);
  }
  if (!read.ok()) {
    diag->Error(list_name + ": " + read.message() + "; nothing written");
    return false;
  }
  std::vector<filter::InputName> names;
  for (const auto& job : *jobs) names.push_back({BaseName(job.path), RealPath(job.path)});
  filter::InputMatch match = filter::MatchInputs(&index, names);
  for (const auto& e : match.errors) diag->Error(list_name + ": " + e);
  for (size_t i = 0; i < jobs->size(); ++i) (*jobs)[i].judged = std::move(match.per_input[i]);
  return true;
}

void RemoveLeftovers(const std::string& out_dir, const std::vector<FileJob>& jobs,
                     toolcommon::Diag* diag) {
  std::set<std::string> names;
  for (const auto& job : jobs)
    if (job.error.empty()) names.insert(BaseName(job.target));
  for (const auto& path : filter::FindLeftovers(out_dir, names)) {
    if (::unlink(path.c_str()) == 0) {
      diag->Info(path + ": removed the temporary file of an interrupted run");
    } else {
      diag->Error(path + ": cannot remove the temporary file of an interrupted run: " +
                  base::ErrnoText(errno));
    }
  }
}

}  // namespace warcfilter
