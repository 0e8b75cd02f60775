// warcgen --urlpatterns: a corpus for learning URL rewrite rules from
// duplicate clusters (issue 17, after Koppula et al., "Learning URL
// patterns for webpage de-duplication", WSDM 2010). Synthetic hosts, each
// with its own conventions (session ids, tracking arguments, print
// versions, path prefixes, host aliases, index files, ...), serve each page
// under its canonical URL and other spellings of it with the same payload
// bytes; traps (arguments that do change the content) and soft-404 pages
// (one tiny body under many URLs) are there to mislead a learner. The truth
// (urls.tsv) names every URL's page, the patterns that spelled it, and
// whether the standard canonicaliser (url::AggressiveCanonicalize) already
// merges it with the page's canonical URL.
//
// Same options, same bytes: one seeded generator for the URLs, dates and
// files (the same with and without --manifest-only), others for the
// content. Hosts are made one after another; memory holds one host's URLs
// and the external sorts' buffers.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "base/status.h"
#include "corpus.h"

namespace warcgen {

struct UrlPatternOptions {
  std::string out_dir;  // WARC files and the truth
  std::string prefix = "urlpatterns";
  uint64_t seed = 1;
  uint64_t urls = 10000;  // records (URLs), exactly
  int hosts = 0;          // 0: urls / 500, at least 8
  double variants = 2;    // mean number of other spellings of a page (geometric)
  int files = 0;          // 0: urls / 50000, 4 to 64
  int level = 1;
  bool plain = false;
  bool manifest_only = false;  // urls.tsv and processed, no WARC files
};

struct UrlPatternSummary {
  uint64_t hosts = 0, pages = 0, urls = 0, soft = 0, files = 0;
  uint64_t output_bytes = 0;  // the WARC files
};

// warcgen --help's section on --urlpatterns.
extern const char* const kUrlPatternsHelp;

// The options only --urlpatterns has.
struct UrlPatternFlags {
  bool enabled = false, manifest_only = false;
  uint64_t urls = 10000;
  double variants = 2;  // if given: the default is 2, 9 with --manifest-only
};
// Whether the command line asks for --urlpatterns or gives one of its own
// options. given(NAME): whether option NAME was given.
bool WantsUrlPatterns(const std::function<bool(const char*)>& given);
// Checks the command line for --urlpatterns and fills *options from flags,
// common (--out, --prefix, --seed, --files, --level, --plain) and sites.
// Returns an empty string, or the usage error to report.
std::string CheckUrlPatterns(const std::function<bool(const char*)>& given,
                             const UrlPatternFlags& flags, const GenOptions& common, int sites,
                             UrlPatternOptions* options);
// Generates, reports unless quiet; returns the exit status.
int RunUrlPatterns(const UrlPatternOptions& options, bool quiet);

// REQUIRES: options checked; out_dir exists.
base::Status GenerateUrlPatterns(const UrlPatternOptions& options, UrlPatternSummary* summary);

}  // namespace warcgen
