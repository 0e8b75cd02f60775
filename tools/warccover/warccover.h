// warccover's run: signature files and a coverage expression in, the
// minimum cover out (see warccover(1)); or a cover file checked.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "toolcommon/diag.h"

namespace warccover {

struct RunOptions {
  std::string expression;
  std::vector<std::string> inputs;  // signature files
  std::string output = "-";
  std::string check;  // --check COVER: verify instead of solving
  bool explain = false;
  bool approximate = false;
  bool greedy = false;  // greedy only (the baseline)
  uint64_t budget = 1'000'000;
  uint64_t max_pairs = 500'000'000;
  int jobs = 1;
  bool progress = false;
};

// Returns the exit status: 0; 1 when an input was left out, the output
// could not be written or a checked cover has problems; 2 for an
// expression that does not parse.
int Run(const RunOptions& options, toolcommon::Diag* diag);

}  // namespace warccover
