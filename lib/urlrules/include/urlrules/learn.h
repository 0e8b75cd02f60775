// Learning URL rules from duplicate clusters (warcurlrules learn): host
// delimiters, pair-wise rules from the clusters not held out, their
// generalisation (generalise.h), then only the rules that reach the
// minimum coverage and precision on the held-out clusters (judge.h),
// measured again after each removal until none goes.
#pragma once

#include <cstddef>
#include <cstdint>

#include "urlrules/corpus.h"
#include "urlrules/generalise.h"
#include "urlrules/ruleset.h"

namespace urlrules {

struct LearnOptions {
  uint64_t min_coverage = 3;  // judged held-out URLs a rule needs
  double min_precision = 0.95;
  size_t max_cluster_urls = 1000;         // of a larger cluster, the first
  size_t max_sources = 16;                // sources per cluster
  size_t max_pairs_per_shape = 4000;      // pair-wise rules kept per shape
  size_t max_components_per_host = 4000;  // distinct components to find delimiters
  int threads = 1;
  TreeOptions tree;
};

struct LearnSummary {
  uint64_t clusters = 0;  // learning clusters with two URLs or more
  uint64_t pairs = 0;     // pair-wise rules made
  uint64_t shapes = 0;
  uint64_t leaf_rules = 0;    // after the decision trees
  uint64_t folded_rules = 0;  // added by folding across shapes
  uint64_t dropped = 0;       // below the coverage or precision
  uint64_t subsumed = 0;      // folded into a kept rule
  int rounds = 0;
};

RuleSet Learn(const UrlCorpus& corpus, const LearnOptions& options, LearnSummary* summary);

}  // namespace urlrules
