// warcshingle: the signature file of the text pages of WARC files (see
// warcshingle(1) and warcsig(5)).
#pragma once

#include <string>
#include <vector>

#include "neardup/page.h"
#include "toolcommon/diag.h"

namespace warcshingle {

struct RunOptions {
  std::vector<std::string> inputs;  // files, directories (-r), "-" (a list on stdin)
  bool recursive = false;
  bool full_path = false;  // the file field as given, not its base name
  std::string output;      // -o SIGFILE ("-": stdout)
  std::string manifest;    // -m: only the records this manifest lists
  bool text = false;       // --text: print each page's main text instead
  neardup::PageFilter filter;
  neardup::SignOptions sign;
  std::string extract_name = "dom";  // for the signature file's header
  int jobs = 1;
  bool progress = false;
};

int Run(const RunOptions& options, toolcommon::Diag* diag);

// --dump: each signature file as text, its header line and a line per
// record (warcsig(5)); with shingles, each record's shingle hashes too.
int Dump(const std::vector<std::string>& files, bool shingles, toolcommon::Diag* diag);

}  // namespace warcshingle
