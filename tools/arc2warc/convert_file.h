// One ARC file converted into one WARC file: written to a temporary file
// beside the target, verified when asked, synced and renamed into place.
#pragma once

#include <string>
#include <vector>

#include "arc2warc.h"
#include "convert/arc_to_warc.h"

namespace arc2warc {

struct FileJob {
  std::string input;   // the ARC file's path
  std::string target;  // the WARC file's path ("-": stdout)
};

struct FileResult {
  convert::ConvertStats stats;
  std::vector<std::string> errors;  // "FILE: offset N: ..." lines, in order
  std::vector<std::string> notes;
  bool written = false;   // the target holds the conversion
  bool verified = false;  // and --verify proved it
};

// Converts job.input into job.target as options say.
FileResult ConvertFile(const FileJob& job, const RunOptions& options);

}  // namespace arc2warc
