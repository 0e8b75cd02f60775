// Measuring rules on clusters (the paper's metrics, warcurlrules(1)).
//
// Every URL of the corpus is canonicalised with the rules. A URL that a
// rule rewrote is judged when it meets another URL (their forms are
// equal); it is correct when each URL it meets has a record in one of its
// duplicate clusters: in some cluster of the rewritten URL, every URL of
// the group has a record. A rewrite that meets nothing is not judged. A
// URL rewritten by several rules in turn (ruleset.h) counts, when right,
// for each of them; when wrong, against the first whose step led to a URL
// of the corpus that is no duplicate of it, else against each rule whose
// step led to no duplicate (a URL not in the corpus cannot clear it).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "urlrules/corpus.h"
#include "urlrules/ruleset.h"

namespace urlrules {

struct Judgement {
  std::vector<RuleStats> per_rule;  // judged and correct, by rules() index
  uint64_t urls = 0;                // distinct URLs after url::AggressiveCanonicalize
  uint64_t forms = 0;               // distinct forms after the rules
  uint64_t rewritten = 0;           // URLs a rule changed
  uint64_t judged = 0, correct = 0;
  uint64_t rules_used = 0;  // rules that rewrote at least one URL
  // (|U| - |canon(U)|) / |U|
  double reduction() const {
    return urls ? static_cast<double>(urls - forms) / static_cast<double>(urls) : 0.0;
  }
};

// held_out_only: judge only URLs whose clusters were all held out from
// learning (UrlCorpus::held_out); every URL takes part in the groups.
Judgement Judge(const UrlCorpus& corpus, const RuleSet& rules, bool held_out_only, int threads);

// Runs fn(i) for i in [0, n) on `threads` threads, in chunks.
void ParallelFor(size_t n, int threads, const std::function<void(size_t begin, size_t end)>& fn);

}  // namespace urlrules
