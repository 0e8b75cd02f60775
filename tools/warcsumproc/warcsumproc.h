// warcsumproc: copy numbers for a manifest in the warcsumproc order (see
// warcsumproc(1)).
#pragma once

#include <string>

#include "toolcommon/diag.h"

namespace warcsumproc {

struct RunOptions {
  std::string input = "-";
  std::string output = "-";
  bool progress = false;
};

// The whole tool. Returns the exit status: 0, or 1 when the input failed
// (reported on diag; an -o file is then not written).
int Run(const RunOptions& options, toolcommon::Diag* diag);

}  // namespace warcsumproc
