// warcrefs: turns duplicate records into revisit records (see warcrefs(1)).
#pragma once

#include <string>
#include <vector>

#include "fetch/options.h"
#include "toolcommon/diag.h"

namespace warcrefs {

struct Options {
  std::string manifest;             // 10-field lines, sorted by file and offset ("-": stdin)
  std::vector<std::string> inputs;  // WARC files and directories
  std::string out_dir;              // write new files here ...
  bool in_place = false;            // ... or replace the inputs
  bool dry_run = false;
  int jobs = 1;  // files rewritten at once
  // When set, the manifest of every input file as it is after the run (see
  // RewriteOptions::after_lines), in the digest algorithm of the manifest's
  // lines ("-": stdout).
  std::string after_manifest;
  // When set, what existing revisits refer to (warcsum --revisit-refs): such
  // records are kept as they are.
  std::string referenced;
  // When set, one line per copy kept by design ("FILE OFFSET URI DATE DIGEST
  // REASON"), for warcsumcmp --kept.
  std::string kept_list;
  // Convert copies without reading their originals (the user's risk).
  bool trust_manifest = false;
  // Where originals not among the inputs are read (-d, --url-prefix, --db).
  fetch::FetchOptions fetch;
  // Rewrite nothing when --referenced names a damaged or incomplete input.
  bool strict = false;
};

// Returns the exit status.
int Run(const Options& options, toolcommon::Diag* diag);

}  // namespace warcrefs
