// warcsumcmp --table: the before/after table that warcdedup(1) prints at
// the end of a run. Records (manifest lines) and bytes, before and after,
// per file type (by name: warc.gz, warc, arc.gz, arc, other, in the order
// the types first appear among the inputs) and in total:
//
//   type       records before  records after   change     bytes before      bytes after   change
//   warc.gz                  4              2   -50.0%             4096             2987   -27.1%
//   total                    4              2   -50.0%             4096             2987   -27.1%
//
// The manifests name files by base name: inputs that share one (in two
// directories) have their records counted once, with the first of them.
// A dry run has no AFTER: the prediction of warcrefs --dry-run -v (its
// per-file "bytes N -> M, K converted" lines and its total) stands for it,
// and is announced on a line before the table.
//
//   TableOptions options;
//   options.inputs = "work/inputs.list";  ...
//   int rc = PrintTable(options, &diag);
#pragma once

#include <string>

#include "toolcommon/diag.h"

namespace warcsumcmp {

struct TableOptions {
  std::string inputs;        // the input files, one path a line, in the table's order
  std::string sizes_before;  // "SIZE PATH" lines (stat -c '%s %n') taken before the run
  std::string sizes_after;   // written with the same lines for the files after; empty: not
  // Instead of looking at the files after the run: their sizes, "SIZE PATH"
  // lines matched to the inputs by base name (the --sizes-after files of
  // the hosts of a cluster run, whose files this node cannot see).
  std::string sizes_after_from;
  std::string before;  // the manifest before the run
  std::string after;   // the manifest after it (not read with prediction)
  // The run wrote into output_dir (empty: in place): an input's file after
  // the run is the file of its base name there, unless it is older than
  // the file since (the start of the rewrite: left there by another run).
  std::string output_dir;
  std::string since;
  std::string prediction;  // warcrefs --dry-run -v's stderr: a dry run
};

// Prints the table on stdout. Returns 0, or 1 after an error (on diag).
int PrintTable(const TableOptions& options, toolcommon::Diag* diag);

}  // namespace warcsumcmp
