// ARC v1 output (warcgen --format arc): the Internet Archive's format before
// WARC, as written by its crawlers, for arc2warc and warcsum to read.
//
// A file is a version block (a filedesc:// record) and then records, each a
// line "URL IP DATE14 MIME LENGTH\n", LENGTH bytes of block, and "\n"; in
// the gzip flavour every record is a gzip member of its own. HTTP captures
// are drawn as for WARC (CapturePicker) but stored without request records;
// among them come dns: records, http URLs whose block is no HTTP message (a
// failed fetch) and, for concatenated files, further version blocks.
#pragma once

#include "base/status.h"
#include "corpus.h"

namespace warcgen {

// Writes the corpus that options describe in ARC, with --truth and --records.
// REQUIRES: as Generate(); options.format == Format::kArc.
base::Status GenerateArc(const GenOptions& options, GenSummary* summary);

}  // namespace warcgen
