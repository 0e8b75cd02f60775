// warcfilter: writes the records a LIST selects, and what belongs with them,
// to new WARC files (see warcfilter(1)).
#pragma once

#include <string>
#include <vector>

#include "toolcommon/diag.h"

namespace warcfilter {

struct Options {
  std::string list;                 // cover file, manifest or file-offset lines ("-": stdin)
  std::string out_dir;              // the new files go here, under the inputs' base names
  std::vector<std::string> inputs;  // WARC files; directories with recursive; "-": a list
  bool recursive = false;
  bool only_listed = false;  // records the LIST does not name are not written
  bool invert = false;       // write what the same run without --invert drops
  int jobs = 1;              // files read at once
  bool progress = false;
};

// Returns the exit status.
int Run(const Options& options, toolcommon::Diag* diag);

}  // namespace warcfilter
