// warcrefs' rewrite pass: one job per file of the manifest (and, for the
// after-manifest, one per input it does not name), run by -j workers on a
// toolcommon::OrderedWorkQueue; each file's report is printed in manifest
// order, so the output is the same for any -j.
#pragma once

#include <cstdint>
#include <set>
#include <string>

#include "check.h"
#include "manifest/references.h"
#include "originals.h"
#include "prepare.h"
#include "refs.h"
#include "rewrite.h"
#include "toolcommon/diag.h"

namespace warcrefs {

// The after-manifest's read options (as warcsum reads), whichever library
// defines them.
using AfterSumOptions = decltype(RewriteOptions::after_sum);

// What every job shares; set up by Run before any file is rewritten.
struct JobPlan {
  const Options* options;
  std::string manifest_path;  // the manifest file (the spool for stdin)
  std::string name;           // the manifest in messages
  Inputs* inputs;
  const ManifestFacts* facts;
  const manifest::ReferenceSet* revisit_refs;
  const std::set<std::string>* damaged;  // input paths not to rewrite
  const VerifiedOriginals* verified;
  AfterSumOptions after_sum;  // for the after-manifest
};

struct Totals {
  uint64_t files = 0, converted = 0, before = 0, after = 0, lines = 0;
};

// Rewrites every file, writes --after-manifest and --kept; reports to diag.
// False (reported) when an output file cannot be opened: nothing rewritten.
bool RewriteAll(const JobPlan& plan, toolcommon::Diag* diag, Totals* totals);

}  // namespace warcrefs
