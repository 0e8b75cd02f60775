// warccollres: collision resolution (see warccollres(1)).
#pragma once

#include <string>
#include <vector>

#include "fetch/options.h"
#include "toolcommon/diag.h"

namespace warccollres {

struct Options {
  std::string input = "-";
  std::string output = "-";
  fetch::FetchOptions fetch;  // where the records are (-d, --url-prefix, --db, -j, ...)
  int threads = 1;            // runs compared in parallel
  bool proc = false;          // also write copy, ref-uri, ref-date
  bool progress = false;
  // Records of one run held in memory at once: a longer run (a payload
  // captured millions of times) is compared in parts of this many, or fewer
  // when their lines take more than a few MB.
  size_t run_part = 20000;
  std::string temp_dir;  // --proc orders long runs through files here ("": $TMPDIR or /tmp)
};

// Reads a digest-sorted manifest, writes each line with its hash extension
// (and with proc, the post-processing fields). Returns the exit status.
int Run(const Options& options, toolcommon::Diag* diag);

}  // namespace warccollres
