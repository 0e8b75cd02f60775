// What warcrefs settles before any file is rewritten: the inputs by name,
// the originals read and hashed, the leftovers of a killed run removed, the
// damaged inputs --referenced names.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "manifest/references.h"
#include "originals.h"
#include "refs.h"
#include "toolcommon/diag.h"
#include "toolcommon/paths.h"

namespace warcrefs {

// The input files by base name.
struct Inputs {
  std::map<std::string, std::string> by_name;  // the files we may rewrite
  std::set<std::string> ambiguous;             // names of several files: not rewritten
  // Every distinct input file by base name, for the after-manifest: files
  // that share a name are not rewritten, but their records are listed.
  std::map<std::string, std::vector<std::string>> all_by_name;
  size_t files = 0;
  bool Rewritable(const std::string& base) const {
    return by_name.count(base) && !ambiguous.count(base);
  }
};

// Reads every original the copies in the input files name (`needed`), as
// the manifest's copy-1 lines locate them. False (reported) when they cannot
// be reached at all (the manifest unreadable, a bad --db config).
// An original in a file `damaged` names (--referenced: matched by real path
// or base name, as DamagedInputs matches inputs) is not verified.
bool VerifyOriginals(const Options& options, const std::string& manifest_path, const Inputs& inputs,
                     const manifest::ReferenceSet& needed, const std::vector<std::string>& damaged,
                     toolcommon::Diag* diag, VerifiedOriginals* originals);

// Removes the temporary files (.NAME.warcrefs-XXXXXX) a killed run left
// beside the targets about to be written: directory -> target base names.
void RemoveLeftovers(const std::map<std::string, std::set<std::string>>& targets, bool dry_run,
                     toolcommon::Diag* diag);

// The input paths --referenced names as damaged, each reported.
std::set<std::string> DamagedInputs(const std::vector<std::string>& damaged, const Inputs& inputs,
                                    const std::string& list, toolcommon::Diag* diag);

// Whether --referenced forbids any rewrite (an input not read at all, or with
// --strict a damaged one); reported.
bool RefuseForReferences(const manifest::ReferenceSet& refs, const Options& options,
                         toolcommon::Diag* diag);

}  // namespace warcrefs
