// warcnear's two line formats (warcnear(1), OUTPUT), written to a file or
// stdout through toolcommon::OutputFile.
#pragma once

#include <string>
#include <vector>

#include "base/status.h"
#include "neardup/cluster.h"
#include "neardup/sig_corpus.h"

namespace warcnear {

// "%.4f".
std::string Fixed(double v);

// One line per pair, "file1 offset1 file2 offset2 jaccard containment12
// containment21", the smaller record (file bytes, then offset) first,
// lines in LC_ALL=C sort order. Memory: 4 bytes per record and the pairs.
base::Status WritePairs(const neardup::SigCorpus& c, std::vector<neardup::Pair> pairs,
                        const std::string& path);

// One line per record in capture order, "file offset cluster rep-file
// rep-offset similarity" (to the representative, under measure).
base::Status WriteClusters(const neardup::SigCorpus& c, const neardup::Clusters& clusters,
                           neardup::Measure measure, const std::string& path);

}  // namespace warcnear
