// warcsum: one manifest line per response record (see warcsum(1)). What a
// record becomes is lib/dedup's (dedup/summarise.h); this is the tool around
// it: inputs, threads, output files, diagnostics.
#pragma once

#include <string>
#include <vector>

#include "dedup/summarise.h"
#include "toolcommon/diag.h"

namespace warcsum {

struct RunOptions {
  dedup::SumOptions sum;
  std::vector<std::string> inputs;
  bool recursive = false;
  bool full_path = false;  // file field = path as given, not its base name
  int jobs = 1;
  std::string output = "-";
  bool append = false;
  std::string revisit_refs;  // when set, write the revisits' reference lines here
  bool progress = false;
};

// The whole tool: expands inputs, sums them with `jobs` threads, writes the
// manifest in input order. Returns the exit status.
int Run(const RunOptions& options, toolcommon::Diag* diag);

}  // namespace warcsum
