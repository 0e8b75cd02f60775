// Where records are fetched from, as the tools that read records by manifest
// line (warccollres, warcrefs) take it on their command lines: local
// directories, an HTTP prefix, a MySQL path index, or a host catalog with a
// URL prefix per file (warchostcatalog(5)), with the HTTP limits.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "base/status.h"
#include "fetch/range_source.h"

namespace fetch {

struct FetchOptions {
  std::vector<std::string> warc_dirs;  // local record access (default ".")
  std::string url_prefix;              // HTTP: file URL = prefix + name
  std::string db_config;               // HTTP: URLs from a MySQL path index
  std::string catalog;                 // HTTP: each file's URL prefix from a host catalog
  int jobs = 8;                        // concurrent HTTP transfers, all users together
  int retries = 3;
  int stall_timeout = 30;   // seconds over which a transfer must average min_rate
  int min_rate = 1000;      // bytes a second, else the transfer fails (and is retried)
  int record_timeout = 60;  // seconds per attempt at a range, plus 1 per min_rate bytes

  bool remote() const { return !url_prefix.empty() || !db_config.empty() || !catalog.empty(); }
};

// A record source for one thread of `threads` that share the options' -j
// transfers (at least 2 each: comparing streams two records at once).
base::Result<std::unique_ptr<RangeSource>> MakeRangeSource(const FetchOptions& options,
                                                           int threads = 1);

}  // namespace fetch
