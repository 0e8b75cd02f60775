// warcrefs' check pass: the whole manifest is read once before anything is
// touched, and what the rewrite needs of it is gathered on the way.
#pragma once

#include <set>
#include <string>

#include "base/source.h"
#include "manifest/references.h"
#include "originals.h"
#include "prepare.h"
#include "toolcommon/diag.h"

namespace warcrefs {

struct ManifestFacts {
  size_t files = 0;                  // runs of lines with the same file field
  std::string first_digest;          // of the first line; empty when there is none
  manifest::ReferenceSet originals;  // what the copies name as their originals
  OriginalIndex copy_ones;           // the copy-1 lines (--trust-manifest)
  manifest::ReferenceSet needed;     // the originals of the copies in input files
  std::set<std::string> copy_files;  // base names of the input files with copies
};

// Checks the whole manifest before anything is touched: every line parses as
// a 10-field line and the lines are in file/offset order. False (reported,
// "; nothing rewritten") when they do not.
bool CheckManifest(base::ByteSource* source, const std::string& name, toolcommon::Diag* diag,
                   const Inputs& inputs, bool trust, ManifestFacts* facts);

}  // namespace warcrefs
