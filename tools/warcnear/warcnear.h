// warcnear's run: signature files in, verified near-duplicate pairs or
// clusters out (see warcnear(1)).
#pragma once

#include <string>
#include <vector>

#include "neardup/similarity.h"
#include "toolcommon/diag.h"

namespace warcnear {

enum class Method { kLsh, kSimhash, kExact };

struct RunOptions {
  std::vector<std::string> inputs;  // signature files
  double threshold = 0.8;
  neardup::Measure measure = neardup::Measure::kJaccard;
  Method method = Method::kLsh;
  int bits = 3;  // --method simhash: Hamming distance allowed
  bool clusters = false;
  int jobs = 1;
  std::string output = "-";
  bool progress = false;
};

// Reads every signature file (a file that cannot be read, or whose settings
// differ from the first one's, is reported and left out), finds the pairs,
// writes them. Returns the exit status: 0, or 1 when an input was left out
// or the output could not be written.
int Run(const RunOptions& options, toolcommon::Diag* diag);

}  // namespace warcnear
