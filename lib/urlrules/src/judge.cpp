#include "urlrules/judge.h"

#include <xxhash.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <thread>
#include <unordered_map>

namespace urlrules {
namespace {

struct Form {
  uint64_t hash;  // of the URL's form after the rules
  uint32_t url;
  int32_t rule;  // >= 0: a rule changed it
  bool operator<(const Form& o) const { return hash != o.hash ? hash < o.hash : url < o.url; }
};

// The rules of a wrong chain to blame: the first whose step led to a URL
// of the corpus that is no duplicate of the source; if no step can be told
// so, every rule whose step did not lead to a duplicate (when in doubt,
// each rule that may have erred counts it).
void Blame(const UrlCorpus& corpus, uint32_t source, const std::vector<int>& chain,
           const std::vector<std::string>& steps, std::vector<int>* blamed) {
  blamed->clear();
  for (size_t k = 0; k < chain.size(); ++k) {
    int64_t id = corpus.Find(steps[k]);
    if (id < 0) {
      blamed->push_back(chain[k]);
    } else if (!corpus.ShareACluster(source, static_cast<uint32_t>(id))) {
      blamed->assign(1, chain[k]);
      return;
    }
  }
  if (blamed->empty()) blamed->push_back(chain.back());
}

// Each rewritten URL of a group is judged: a right verdict counts for every
// rule of its chain, a wrong one against the rules to blame.
void JudgeGroup(const UrlCorpus& corpus, const RuleSet& rules, const Form* begin, const Form* end,
                bool held_out_only, std::unordered_map<uint32_t, uint32_t>* holders, Judgement* j) {
  std::vector<int> chain, blamed;
  std::vector<std::string> steps;
  holders->clear();
  for (const Form* f = begin; f != end; ++f)
    for (const uint32_t* c = corpus.clusters_begin(f->url); c != corpus.clusters_end(f->url); ++c)
      ++(*holders)[*c];
  auto size = static_cast<uint32_t>(end - begin);
  for (const Form* f = begin; f != end; ++f) {
    if (f->rule < 0 || (held_out_only && !corpus.held_out(f->url))) continue;
    bool correct = false;
    for (const uint32_t* c = corpus.clusters_begin(f->url); c != corpus.clusters_end(f->url); ++c)
      correct = correct || (*holders)[*c] == size;
    rules.ApplyRules(corpus.url(f->url), &chain, &steps);
    if (correct) {
      for (int r : chain) {
        ++j->per_rule[static_cast<size_t>(r)].judged;
        ++j->per_rule[static_cast<size_t>(r)].correct;
      }
    } else {
      Blame(corpus, f->url, chain, steps, &blamed);
      for (int r : blamed) ++j->per_rule[static_cast<size_t>(r)].judged;
    }
    ++j->judged;
    j->correct += correct;
  }
}

}  // namespace

void ParallelFor(size_t n, int threads, const std::function<void(size_t, size_t)>& fn) {
  // Chunks of up to 4096, small enough that a few slow items are shared.
  const size_t chunk = std::clamp<size_t>(n / (static_cast<size_t>(threads) * 16), 1, 4096);
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t b; (b = next.fetch_add(chunk)) < n;) fn(b, std::min(n, b + chunk));
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
}

uint64_t HostHash(std::string_view host) { return XXH3_64bits(host.data(), host.size()); }

namespace {

constexpr uint64_t kManyHosts = ~uint64_t{0};

std::string_view HostOf(std::string_view url) {
  size_t start = url.find("://");
  if (start == std::string_view::npos) return {};
  url.remove_prefix(start + 3);
  return url.substr(0, url.find_first_of("/?"));
}

// Canonicalises URL i into the cache's slots.
void Canonicalise(const UrlCorpus& corpus, const RuleSet& rules, uint32_t i,
                  std::vector<int>* chain, std::vector<std::string>* steps, std::atomic<bool>* used,
                  JudgeCache* c) {
  std::string_view url = corpus.url(i);
  std::string form = rules.ApplyRules(url, chain, steps);
  if (used)
    for (int r : *chain) used[static_cast<size_t>(r)].store(true, std::memory_order_relaxed);
  c->form[i] = XXH3_64bits(form.data(), form.size());
  c->rewritten[i] = !chain->empty();
  c->host[i] = HostHash(HostOf(url));
  c->other[i] = c->host[i];
  for (const std::string& step : *steps) {
    uint64_t h = HostHash(HostOf(step));
    if (h == c->host[i] || h == c->other[i]) continue;
    c->other[i] = c->other[i] == c->host[i] ? h : kManyHosts;
  }
}

}  // namespace

Judgement Judge(const UrlCorpus& corpus, const RuleSet& rules, bool held_out_only, int threads,
                JudgeCache* cache) {
  Judgement j;
  j.per_rule.assign(rules.rules().size(), RuleStats{});
  JudgeCache local;
  JudgeCache* c = cache ? cache : &local;
  size_t n = corpus.url_count();
  bool all = !c->valid;
  if (all) {
    c->form.assign(n, 0), c->host.assign(n, 0), c->other.assign(n, 0), c->rewritten.assign(n, 0);
  }
  std::unique_ptr<std::atomic<bool>[]> used(cache ? nullptr
                                                  : new std::atomic<bool>[rules.rules().size()]());
  ParallelFor(n, threads, [&](size_t begin, size_t end) {
    std::vector<int> chain;
    std::vector<std::string> steps;
    for (size_t i = begin; i < end; ++i)
      if (all || c->dirty_hosts.count(c->host[i]) || c->other[i] == kManyHosts ||
          (c->other[i] != c->host[i] && c->dirty_hosts.count(c->other[i])))
        Canonicalise(corpus, rules, static_cast<uint32_t>(i), &chain, &steps, used.get(), c);
  });
  c->valid = true;
  c->dirty_hosts.clear();
  std::vector<Form> forms(n);
  for (size_t i = 0; i < n; ++i)
    forms[i] = Form{c->form[i], static_cast<uint32_t>(i), c->rewritten[i] ? 0 : -1};
  std::sort(forms.begin(), forms.end());
  j.urls = forms.size();
  std::unordered_map<uint32_t, uint32_t> holders;
  for (size_t i = 0; i < forms.size();) {
    size_t e = i + 1;
    while (e < forms.size() && forms[e].hash == forms[i].hash) ++e;
    ++j.forms;
    for (size_t k = i; k < e; ++k)
      if (forms[k].rule >= 0) ++j.rewritten;
    if (e - i >= 2)
      JudgeGroup(corpus, rules, forms.data() + i, forms.data() + e, held_out_only, &holders, &j);
    i = e;
  }
  if (used)
    for (size_t r = 0; r < rules.rules().size(); ++r) j.rules_used += used[r].load();
  return j;
}

}  // namespace urlrules
