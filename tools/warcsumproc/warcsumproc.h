// warcsumproc: copy numbers for a manifest in the warcsumproc order (see
// warcsumproc(1)).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "base/source.h"
#include "base/status.h"
#include "toolcommon/diag.h"

namespace warcsumproc {

struct Summary {
  uint64_t lines = 0;       // 10-field lines produced
  uint64_t groups = 0;      // (digest, ext) groups, i.e. originals
  uint64_t duplicates = 0;  // lines with copy > 1
};

// Receives output in batches of complete lines; may swap or clear *lines.
using LineSink = std::function<base::Status(std::string* lines)>;

// Reads 7-field lines in the order of
//   LC_ALL=C sort -k6,6 -k7,7n -k5,5 -k1,1 -k2,2n
// from source and passes the 10-field lines to sink. Comments and blank lines
// are dropped. Stops at the first line that is malformed, has another field
// count, is out of order or lists a record twice, and returns its error as
// "line N: ..."; every line before it has been passed to sink. A sink error
// or a read error also stops it. bytes_read, if given, counts input bytes.
base::Status Process(base::ByteSource* source, const LineSink& sink, Summary* summary,
                     std::atomic<uint64_t>* bytes_read = nullptr);

struct RunOptions {
  std::string input = "-";
  std::string output = "-";
  bool progress = false;
};

// The whole tool. Returns the exit status: 0, or 1 when the input failed
// (reported on diag; an -o file is then not written).
int Run(const RunOptions& options, toolcommon::Diag* diag);

}  // namespace warcsumproc
