#include "urlrules/learn.h"

#include <map>
#include <mutex>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "urlrules/judge.h"
#include "urlrules/pairwise.h"

namespace urlrules {
namespace {

bool RepeatsAName(const UrlTokens& u) {
  for (size_t i = 1; i < u.args.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (u.args[i].name == u.args[j].name) return true;
  return false;
}

// Each host's delimiters, from up to max distinct components of its URLs.
std::unordered_map<std::string, Delimiters> HostDelimiters(const UrlCorpus& corpus, size_t max) {
  std::unordered_map<std::string, std::unordered_set<std::string>> components;
  UrlTokens u;
  for (uint32_t id = 0; id < corpus.url_count(); ++id) {
    if (!Tokenise(corpus.url(id), &u)) continue;
    auto& seen = components[u.host];
    for (std::string& s : u.segments)
      if (seen.size() < max) seen.insert(std::move(s));
  }
  std::unordered_map<std::string, Delimiters> out;
  for (auto& [host, seen] : components) {
    std::vector<std::string> list(seen.begin(), seen.end());
    std::sort(list.begin(), list.end());
    out[host] = LearnDelimiters(list);
  }
  return out;
}

// Pair-wise rules by shape, as (source, target) URL ids: tokens and
// templates are made again shape by shape, so that memory holds 8 bytes a
// pair, not the pair's tokens.
using Shapes = std::map<std::string, std::vector<std::pair<uint32_t, uint32_t>>>;

void PairsOfCluster(const UrlCorpus& corpus, uint32_t c, const LearnOptions& o, Shapes* shapes,
                    LearnSummary* summary) {
  std::vector<UrlTokens> urls;
  std::vector<uint32_t> ids;
  for (const uint32_t* m = corpus.members_begin(c);
       m != corpus.members_end(c) && urls.size() < o.max_cluster_urls; ++m) {
    urls.emplace_back();
    if (!Tokenise(corpus.url(*m), &urls.back()) || RepeatsAName(urls.back()))
      urls.pop_back();
    else
      ids.push_back(*m);
  }
  if (urls.size() < 2) return;
  ++summary->clusters;
  size_t target = SelectTarget(urls);
  for (size_t s : SelectSources(urls, target, o.max_sources)) {
    auto& list = (*shapes)[ShapeKey(urls[s])];
    if (list.size() >= o.max_pairs_per_shape) continue;
    list.emplace_back(ids[s], ids[target]);
    ++summary->pairs;
  }
}

std::vector<PairRule> MakePairs(const UrlCorpus& corpus,
                                const std::vector<std::pair<uint32_t, uint32_t>>& ids,
                                const std::unordered_map<std::string, Delimiters>& delims) {
  std::vector<PairRule> pairs(ids.size());
  UrlTokens target;
  for (size_t i = 0; i < ids.size(); ++i) {
    Tokenise(corpus.url(ids[i].first), &pairs[i].source);
    Tokenise(corpus.url(ids[i].second), &target);
    pairs[i].target = MakeTemplate(pairs[i].source, target, delims.at(pairs[i].source.host));
  }
  return pairs;
}

std::vector<Rule> Candidates(const UrlCorpus& corpus, const LearnOptions& o,
                             const std::unordered_map<std::string, Delimiters>& delims,
                             LearnSummary* summary) {
  Shapes shapes;
  for (uint32_t c = 0; c < corpus.cluster_count(); ++c)
    if (!corpus.cluster_held_out(c) && corpus.members_end(c) - corpus.members_begin(c) >= 2)
      PairsOfCluster(corpus, c, o, &shapes, summary);
  summary->shapes = shapes.size();
  std::vector<const std::vector<std::pair<uint32_t, uint32_t>>*> lists;
  for (const auto& [key, list] : shapes) lists.push_back(&list);
  std::vector<std::vector<Rule>> leaves(lists.size());
  ParallelFor(lists.size(), o.threads, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      std::vector<PairRule> pairs = MakePairs(corpus, *lists[i], delims);
      leaves[i] = GeneraliseShape(pairs, delims.at(pairs[0].source.host), o.tree);
    }
  });
  std::vector<Rule> rules;
  for (auto& l : leaves)
    for (Rule& r : l) rules.push_back(std::move(r));
  summary->leaf_rules = rules.size();
  // Folded rules and one-argument drops, each text once.
  std::set<std::string> seen;
  std::vector<Rule> general;
  for (std::vector<Rule> more :
       {FoldAcrossShapes(rules), DropsOneByOne(rules, o.tree.wildcard_values)})
    for (Rule& r : more)
      if (seen.insert(FormatRule(r)).second) general.push_back(std::move(r));
  summary->folded_rules = general.size();
  for (Rule& r : general) rules.push_back(std::move(r));
  return rules;
}

// Judges the rules on held-out URLs and drops those short of the coverage
// or precision (only folded ones with folded_only), until none is dropped;
// the rules keep their last figures.
void KeepMeasuring(const UrlCorpus& corpus, const LearnOptions& o, bool folded_only, RuleSet* set,
                   LearnSummary* summary) {
  JudgeCache cache;  // from one round to the next only dropped rules' hosts change
  auto good = [&](const Rule& r) {
    if (folded_only && !r.folded) return true;
    return r.stats.judged >= o.min_coverage && r.stats.judged > 0 &&
           static_cast<double>(r.stats.correct) >=
               o.min_precision * static_cast<double>(r.stats.judged);
  };
  for (;;) {
    ++summary->rounds;
    Judgement j = Judge(corpus, *set, /*held_out_only=*/true, o.threads, &cache);
    for (size_t i = 0; i < set->rules().size(); ++i) {
      set->mutable_rules()[i].stats.judged = j.per_rule[i].judged;
      set->mutable_rules()[i].stats.correct = j.per_rule[i].correct;
    }
    size_t before = set->rules().size();
    for (const Rule& r : set->rules())
      if (!good(r)) cache.dirty_hosts.insert(HostHash(r.host));
    *set = set->Filtered(good);
    summary->dropped += before - set->rules().size();
    if (set->rules().size() == before) return;
  }
}

}  // namespace

RuleSet Learn(const UrlCorpus& corpus, const LearnOptions& o, LearnSummary* summary) {
  *summary = LearnSummary{};
  auto delims = HostDelimiters(corpus, o.max_components_per_host);
  RuleSet set;
  for (Rule& r : Candidates(corpus, o, delims, summary)) set.Add(std::move(r));
  for (const auto& [host, d] : delims) set.SetDelimiters(host, d);
  set.Finish();
  // Measure, drop what falls short, measure again: a dropped rule's URLs
  // may go to another rule, or to none. First with folded rules tried
  // before all others: a folded rule that keeps its precision on all it
  // takes makes the rules it came from needless; then in the order apply
  // uses (most literal first), so that the figures are apply's.
  KeepMeasuring(corpus, o, /*folded_only=*/true, &set, summary);
  std::set<std::string> kept;
  for (const Rule& r : set.rules())
    if (r.folded) kept.insert(FormatRule(r));
  size_t before = set.rules().size();
  set = set.Filtered([&](const Rule& r) {
    Rule folded;
    return r.folded || !FoldRule(r, &folded) || kept.count(FormatRule(folded)) == 0;
  });
  summary->subsumed = before - set.rules().size();
  for (Rule& r : set.mutable_rules()) r.folded = false;
  set.Finish();
  KeepMeasuring(corpus, o, /*folded_only=*/false, &set, summary);
  return set;
}

}  // namespace urlrules
