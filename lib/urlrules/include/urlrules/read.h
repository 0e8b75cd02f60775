// Duplicate clusters from manifests (warcmanifest(5)): lines of 7 fields
// (warccollres) or 10 (warcsumproc, warccollres --proc), whose (digest,
// ext) groups are records proved identical byte for byte. A 6-field line
// (warcsum) is refused: equal digests alone prove nothing.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>

#include "base/source.h"
#include "urlrules/corpus.h"

namespace urlrules {

// Near-duplicate clusters (warcnear --clusters lines: file offset cluster
// rep-file rep-offset similarity): "file offset" -> "rep-file rep-offset".
using NearClusters = std::unordered_map<std::string, std::string>;
base::Status ReadNearClusters(base::ByteSource* source, NearClusters* near,
                              const std::function<void(const std::string&)>& bad_line);

struct ReadOptions {
  // Records whose length field is smaller are left out (soft-404 and
  // redirect pages look alike under many URLs and teach harmful rules).
  uint64_t min_length = 1024;
  // Also these clusters: a record listed there is in its representative's
  // near-duplicate cluster as well as in its exact one.
  const NearClusters* near = nullptr;
};

struct ReadCounts {
  uint64_t records = 0;  // added to the corpus
  uint64_t near = 0;     // of which also in a near-duplicate cluster
  uint64_t small = 0;    // left out by min_length or an empty payload's digest
  uint64_t bad_lines = 0;
};

// Adds the records of one manifest; each bad line goes to bad_line("line N:
// ...") and reading goes on. A read error or a 6-field line ends the
// manifest (its Status).
base::Status ReadClusters(base::ByteSource* source, const ReadOptions& options, UrlCorpus* corpus,
                          ReadCounts* counts,
                          const std::function<void(const std::string&)>& bad_line);

}  // namespace urlrules
