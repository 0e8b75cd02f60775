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
#include <string_view>
#include <unordered_set>
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

// What one judging keeps for the next, while learning drops rules between
// them: each URL's form, and the hosts whose rules made it. Next time only
// the URLs of hosts in dirty_hosts are canonicalised again. REQUIRES: the
// rules differ from the last call's only by rules of dirty_hosts removed;
// anything else: valid = false.
struct JudgeCache {
  bool valid = false;
  std::vector<uint64_t> form;         // by URL id: hash of the form
  std::vector<uint64_t> host, other;  // the URL's host and the last other host of its chain
  std::vector<uint8_t> rewritten;
  std::unordered_set<uint64_t> dirty_hosts;  // hashes (HostHash)
};
uint64_t HostHash(std::string_view host);

// held_out_only: judge only URLs whose clusters were all held out from
// learning (UrlCorpus::held_out); every URL takes part in the groups.
// With a cache, rules_used is not counted.
Judgement Judge(const UrlCorpus& corpus, const RuleSet& rules, bool held_out_only, int threads,
                JudgeCache* cache = nullptr);

// Runs fn(i) for i in [0, n) on `threads` threads, in chunks.
void ParallelFor(size_t n, int threads, const std::function<void(size_t begin, size_t end)>& fn);

}  // namespace urlrules
