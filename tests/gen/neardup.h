// warcgen --neardup: a WARC corpus of HTML pages for the near-duplicate
// stage, with ground truth. Pages are new (a site's template around a new
// main text) or derived from an earlier page by a known operation (Op); the
// truth gives every page's key, its operation and base, and its true main
// text, from which a bench computes the intended labels of pairs.
//
// Same options, same bytes: everything is drawn from one seeded generator in
// a fixed order. Memory stays bounded: bases are drawn from the last 4096
// pages, and a page is written before the next one is made.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace warcgen {

enum class Op : uint8_t {
  kNew,         // a new main text on a site
  kInsert,      // words inserted into the base's main text
  kDelete,      // words deleted
  kSubstitute,  // words replaced by others
  kEdit,        // all three
  kReorder,     // paragraphs moved
  kTruncate,    // the main text cut short
  kRetemplate,  // the same main text on another site (another template)
  kTrap,        // the same template, view and delivery, a different main text
  kRefresh,     // the same main text; a new timestamp, view counter and ads
  kNoise,       // the same main text with entity, case and whitespace noise
  kRecode,      // the same page in another charset, Content-Encoding or framing
  kCopy,        // the same payload at another URL
};
constexpr int kOpCount = 13;
const char* OpName(Op op);

struct NearDupOptions {
  std::string out_dir;     // the WARC files (unless to_stdout); the truth in out_dir/truth
  bool to_stdout = false;  // one WARC stream to stdout; truth only if out_dir is set
  std::string prefix = "neardup";
  uint64_t seed = 1;
  uint64_t pages = 1000;
  int files = 1;
  int sites = 0;                  // 0: pages / 40, at least 8, at most 5000
  uint32_t page_size = 30 << 10;  // the HTML's average size, before encoding
  double derived_rate = 0.5;      // pages derived from an earlier page
  double op_weights[kOpCount] = {0, 4, 3, 4, 6, 2, 2, 3, 4, 3, 2, 2, 1};  // by Op; kNew unused
  int level = 6;                                                          // the WARC's gzip level
  bool plain = false;                                                     // uncompressed .warc
};

// "insert=4,trap=2": the weights of the ops named; the others are 0.
bool ParseOpWeights(std::string_view spec, NearDupOptions* options, std::string* error);

struct NearDupSummary {
  uint64_t pages = 0, derived = 0, files = 0;
  uint64_t html_bytes = 0;    // the pages' HTML, UTF-8, before charset and encoding
  uint64_t output_bytes = 0;  // the WARC files (or stream)
};

// REQUIRES: options checked (pages >= 1, files >= 1, rates in [0, 1], some
// op weight > 0); out_dir exists when set.
base::Status GenerateNearDup(const NearDupOptions& options, NearDupSummary* summary);

}  // namespace warcgen
