// warccollres: collision resolution (see warccollres(1)).
#pragma once

#include <string>
#include <vector>

#include "toolcommon/diag.h"

namespace warccollres {

struct Options {
  std::string input = "-";
  std::string output = "-";
  std::vector<std::string> warc_dirs;  // local record access (default ".")
  std::string url_prefix;              // HTTP: file URL = prefix + name
  std::string db_config;               // HTTP: URLs from a MySQL path index
  int jobs = 8;                        // concurrent HTTP transfers, all threads together
  int threads = 1;                     // runs compared in parallel
  int retries = 3;
  int stall_timeout = 30;  // seconds without data before a transfer is retried
  bool proc = false;  // also write copy, ref-uri, ref-date
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
