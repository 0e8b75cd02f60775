// What a warcfilter run settles before reading any record: the inputs and
// their targets (refusing the ones it must not write), the LIST's lines
// given to them, and the leftovers of an interrupted run removed.
#pragma once

#include <string>
#include <vector>

#include "filter_run.h"
#include "job.h"
#include "toolcommon/diag.h"

namespace warcfilter {

// The inputs, each once (by real path), with their targets; an input that
// must not be written has its error set: a base name several inputs share,
// an input in the output directory, a target that is an input.
std::vector<FileJob> PlanJobs(const Options& options, toolcommon::Diag* diag);

// Reads the LIST (its bad lines, and lines naming no input, are reported)
// and gives each job its judgements. False when it cannot be read at all.
bool JudgeJobs(const std::string& list, const std::string& list_name, std::vector<FileJob>* jobs,
               toolcommon::Diag* diag);

// Removes the temporary files an interrupted run left for the targets.
void RemoveLeftovers(const std::string& out_dir, const std::vector<FileJob>& jobs,
                     toolcommon::Diag* diag);

}  // namespace warcfilter
