#include "urlrules/judge.h"

#include <xxhash.h>

#include <algorithm>
#include <atomic>
#include <thread>
#include <unordered_map>

namespace urlrules {
namespace {

struct Form {
  uint64_t hash;  // of the URL's form after the rules
  uint32_t url;
  int32_t rule;
  bool operator<(const Form& o) const { return hash != o.hash ? hash < o.hash : url < o.url; }
};

void JudgeGroup(const UrlCorpus& corpus, const Form* begin, const Form* end, bool held_out_only,
                std::unordered_map<uint32_t, uint32_t>* holders, Judgement* j) {
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
    RuleStats& s = j->per_rule[static_cast<size_t>(f->rule)];
    ++s.judged;
    ++j->judged;
    s.correct += correct;
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

Judgement Judge(const UrlCorpus& corpus, const RuleSet& rules, bool held_out_only, int threads) {
  Judgement j;
  j.per_rule.assign(rules.rules().size(), RuleStats{});
  std::vector<Form> forms(corpus.url_count());
  ParallelFor(forms.size(), threads, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      int rule = -1;
      std::string form = rules.ApplyRules(corpus.url(static_cast<uint32_t>(i)), &rule);
      forms[i] = Form{XXH3_64bits(form.data(), form.size()), static_cast<uint32_t>(i), rule};
    }
  });
  std::sort(forms.begin(), forms.end());
  j.urls = forms.size();
  std::unordered_map<uint32_t, uint32_t> holders;
  std::vector<bool> used(rules.rules().size(), false);
  for (size_t i = 0; i < forms.size();) {
    size_t e = i + 1;
    while (e < forms.size() && forms[e].hash == forms[i].hash) ++e;
    ++j.forms;
    for (size_t k = i; k < e; ++k)
      if (forms[k].rule >= 0) ++j.rewritten, used[static_cast<size_t>(forms[k].rule)] = true;
    if (e - i >= 2)
      JudgeGroup(corpus, forms.data() + i, forms.data() + e, held_out_only, &holders, &j);
    i = e;
  }
  j.rules_used = static_cast<uint64_t>(std::count(used.begin(), used.end(), true));
  return j;
}

}  // namespace urlrules
