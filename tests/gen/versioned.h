// warcgen --versioned: a WARC corpus of sites whose pages are re-crawled
// many times over 2009-2011, for the cover-set stage (issue 16, after
// Paudel, Anand and Berberich's case study): about 2.2 versions per URL,
// versions unchanged, slightly edited, grown or rewritten, articles
// absorbed by a longer later one on the same site, pages moved to another
// site. The truth (versions.tsv) names every record's page, version, kind
// and the record it derives from.
//
// Same options, same bytes: one seeded generator drawn in a fixed order.
// Memory stays bounded: a page's versions are written as they are made, and
// bases of absorbing and moved pages come from the last 4096 pages.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "base/status.h"

namespace warcgen {

struct VersionedOptions {
  std::string out_dir;     // the WARC files (unless to_stdout)
  std::string truth_dir;   // versions.tsv and manifest; empty: none
  bool to_stdout = false;  // one WARC stream to stdout
  std::string prefix = "versioned";
  uint64_t seed = 1;
  uint64_t docs = 10000;  // response records
  int files = 4;
  int sites = 0;  // 0: docs / 400, at least 8, at most 4000
  int level = 6;  // the WARC's gzip level
  bool plain = false;
  // The mix (see warcgen --help): the mean number of versions of a URL; of
  // new pages, the share that absorb an earlier article on their site and
  // the share that are an earlier page moved to another site; of later
  // versions, the weights of the kinds.
  double versions_per_url = 2.2;
  double absorb_rate = 0.12, move_rate = 0.12;
  double unchanged = 0.40, edited = 0.30, grown = 0.15, rewritten = 0.15;
};

struct VersionedSummary {
  uint64_t docs = 0, pages = 0, files = 0;
  uint64_t html_bytes = 0;    // the pages' HTML, before the charset
  uint64_t output_bytes = 0;  // the WARC files (or stream)
};

// warcgen --help's section on --versioned.
extern const char* const kVersionedHelp;

// The first option of another mode that `given` says was given, or null.
const char* RefusedWithVersioned(const std::function<bool(const char*)>& given);

// REQUIRES: docs >= 1, 1 <= files <= docs; out_dir exists unless to_stdout.
base::Status GenerateVersioned(const VersionedOptions& options, VersionedSummary* summary);

}  // namespace warcgen
