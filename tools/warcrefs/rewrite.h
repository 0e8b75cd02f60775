// Rewriting one WARC file: the records named by manifest lines with copy > 1
// become revisit records; every other byte is copied unchanged (gzip members
// raw, without recompression). The new file is written to a temporary file,
// verified, synced and renamed over the target, so the target is at any
// moment either entirely old or entirely new.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "base/status.h"
#include "dedup/summarise.h"
#include "manifest/entry.h"
#include "manifest/references.h"
#include "originals.h"

namespace warcrefs {

struct FileResult {
  uint64_t lines = 0;      // manifest lines with copy > 1 for this file
  uint64_t converted = 0;  // records turned into revisits
  uint64_t already = 0;    // lines whose record was already a revisit (a re-run)
  uint64_t bytes_before = 0, bytes_after = 0;
  std::vector<std::string>
      problems;                    // "offset N: ..." lines not applied, or why nothing was written
  std::vector<std::string> notes;  // "offset N: kept: ..." lines left alone by design
  std::vector<std::string> kept;   // the same as kept-list lines (manifest/kept.h), for --kept
  bool written = false;            // the target was replaced
  bool after_incomplete = false;   // after-manifest lines were lost (say, a full disk)
};

struct RewriteOptions {
  std::string target;     // path to write (the input itself with --in-place)
  bool in_place = false;  // target is the input (perhaps by another path)
  bool dry_run = false;
  // Optional: receives the warcsum manifest lines (after_sum's options) of
  // the file as it is after the run: the new file as the verify pass read it
  // back from disk, or the input when it was not rewritten. The file field is
  // the input's base name.
  std::function<void(std::string* lines)> after_lines = nullptr;
  dedup::SumOptions after_sum = {};
  // Records existing revisits refer to (kept as they are), and the originals
  // the manifest's own copies name, with their digest (a line among them that
  // is a copy itself is not applied). Either may be null.
  const manifest::ReferenceSet* revisit_refs = nullptr;
  const manifest::ReferenceSet* manifest_refs = nullptr;
  const OriginalIndex* originals = nullptr;  // may be null
  // When set, a copy becomes a revisit only if the original it names holds
  // the same payload (by SHA-256); otherwise it is kept and reported.
  const VerifiedOriginals* verified = nullptr;
  // The file is damaged (warcsum --revisit-refs): every copy in it is kept.
  bool damaged_file = false;
};

// Gives the next manifest line for the file (false: no more). The lines are
// read one at a time and not held: memory does not grow with their number.
using DupSource = std::function<bool(manifest::Entry* entry)>;

// REQUIRES: the lines come sorted by offset, each with copy > 1, all for this
// file. Each revisit is written to the temporary file as soon as it is
// decided; what the verify pass needs of it is held in a temporary file.
FileResult RewriteFile(const std::string& input, const DupSource& next_dup,
                       const RewriteOptions& options);
// The same for lines held in a vector.
FileResult RewriteFile(const std::string& input, const std::vector<manifest::Entry>& dups,
                       const RewriteOptions& options);

}  // namespace warcrefs
