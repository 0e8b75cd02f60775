// arc2warc: converts ARC files into WARC files, losslessly (see arc2warc(1)).
#pragma once

#include <string>
#include <vector>

#include "convert/arc_to_warc.h"
#include "toolcommon/diag.h"

namespace arc2warc {

struct RunOptions {
  std::vector<std::string> inputs;  // files, directories (-r), "-" (a list on stdin)
  bool recursive = false;
  std::string output_dir;  // "-": the one input's WARC on stdout
  convert::ConvertOptions convert;
  bool verify = false;
  bool overwrite = false;
  int jobs = 1;
  bool progress = false;
};

// The WARC file name for an ARC file name: x.arc.gz and x.arc become
// x.warc.gz (x.warc without gzip); any other name gets .warc.gz (.warc) added.
std::string WarcNameFor(const std::string& arc_base_name, bool gzip);

// Lists the inputs: files as named, the .arc and .arc.gz files of
// directories. Problems go to diag.
std::vector<std::string> ListInputs(const RunOptions& options, toolcommon::Diag* diag);

int Run(const RunOptions& options, toolcommon::Diag* diag);

}  // namespace arc2warc
