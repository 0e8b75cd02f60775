#include "cover/graph.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <numeric>
#include <unordered_map>

#include "neardup/join.h"
#include "neardup/lsh.h"

namespace cover {

namespace {

// Blocks up to this size are evaluated pair by pair (at most 2016 pairs):
// cheaper than setting up a join.
constexpr size_t kSmallBlock = 64;

struct Found {
  Arc arc;
  uint32_t common;
};

// Evaluates candidate pairs in both directions.
class Evaluator {
 public:
  Evaluator(const neardup::SigCorpus& corpus, std::span<const Attrs> attrs, const Expr& expr)
      : docs_(corpus.docs), attrs_(attrs), expr_(expr) {}

  void Pair(uint32_t x, uint32_t y, std::vector<Found>* out) const {
    PairWith(x, y, OverlapOf(docs_[x], docs_[y], expr_.plan().reads_content), out);
  }

  // The same with the overlap known (x's set in the first place).
  void PairWith(uint32_t x, uint32_t y, const Overlap& xy, std::vector<Found>* out) const {
    if (expr_.Holds(attrs_[x], attrs_[y], MeasuresOf(xy))) out->push_back({{x, y}, Common(xy)});
    const Overlap yx{xy.common, xy.size_b, xy.size_a};
    if (expr_.Holds(attrs_[y], attrs_[x], MeasuresOf(yx))) out->push_back({{y, x}, Common(xy)});
  }

 private:
  static uint32_t Common(const Overlap& o) { return static_cast<uint32_t>(o.common); }
  const std::vector<neardup::Doc>& docs_;
  std::span<const Attrs> attrs_;
  const Expr& expr_;
};

// Records grouped by their blocking keys' values; each block ascending.
// Blocks of one record are left out (they pair with nothing).
std::vector<std::vector<uint32_t>> Blocks(std::span<const Attrs> attrs, const Plan& plan) {
  const uint32_t n = static_cast<uint32_t>(attrs.size());
  std::vector<std::vector<uint32_t>> blocks;
  if (plan.keys.empty()) {
    if (n >= 2) {
      blocks.emplace_back(n);
      std::iota(blocks.back().begin(), blocks.back().end(), 0u);
    }
    return blocks;
  }
  std::vector<std::pair<std::string, uint32_t>> keyed(n);
  for (uint32_t i = 0; i < n; ++i) {
    for (const BlockingKey& key : plan.keys) {
      const std::string value = key.Of(attrs[i]);
      keyed[i].first += std::to_string(value.size()) + ':' + value;  // unambiguous
    }
    keyed[i].second = i;
  }
  std::sort(keyed.begin(), keyed.end());
  for (size_t i = 0, j; i < keyed.size(); i = j) {
    for (j = i + 1; j < keyed.size() && keyed[j].first == keyed[i].first; ++j) {
    }
    if (j - i < 2) continue;
    blocks.emplace_back();
    for (size_t k = i; k < j; ++k) blocks.back().push_back(keyed[k].second);
  }
  return blocks;
}

// Records with identical shingle sets inside a block (a page captured
// unchanged many times): the join sees one representative per set, the
// block's first member; a candidate pair of representatives stands for
// every pair of their members, with the same overlap, and the members of
// one set pair with each other (similarity 1). Only the first kWindow
// members of a set take part in its pairs with other sets, and inside a
// set each member pairs with the kWindow members after it (capture
// order): a million copies of one page cost a million times kWindow
// evaluations, not a million squared. Every edge is still evaluated
// exactly, so the cover stays valid; for such sets it may keep more than
// the minimum (the summary counts them).
constexpr size_t kWindow = 1000;

constexpr uint64_t kChecksPerRelease = 1 << 12;

struct Folded {
  std::vector<uint32_t> reps;                                   // ascending
  std::unordered_map<uint32_t, std::vector<uint32_t>> members;  // rep -> its set's members
  std::span<const uint32_t> MembersOf(const uint32_t& rep) const {
    auto it = members.find(rep);
    return it == members.end() ? std::span<const uint32_t>(&rep, 1) : std::span(it->second);
  }
};

Folded Fold(const std::vector<uint32_t>& block, const std::vector<uint32_t>& first) {
  Folded f;
  std::unordered_map<uint32_t, uint32_t> rep_of_set;  // set's global first -> block rep
  for (uint32_t id : block) {
    auto [it, added] = rep_of_set.try_emplace(first[id], id);
    if (added) {
      f.reps.push_back(id);
      continue;
    }
    auto& m = f.members[it->second];
    if (m.empty()) m.push_back(it->second);
    m.push_back(id);
  }
  return f;
}

// The join's threshold, when the plan has one that filters (t > 0).
bool Joinable(const Plan& plan) { return plan.measure && plan.threshold > 0; }

base::Status CheckPairCount(const std::vector<std::vector<uint32_t>>& blocks, const Plan& plan,
                            const GraphOptions& options) {
  uint64_t pairs = 0;
  for (const auto& b : blocks) {
    if (Joinable(plan) && b.size() > kSmallBlock) continue;
    pairs += static_cast<uint64_t>(b.size()) * (b.size() - 1) / 2;
  }
  if (pairs <= options.max_pairs) return base::Status::Ok();
  return base::Status::InvalidArgument(
      "the expression gives no content threshold to generate candidates (such as containment >= "
      "0.7 at the top level), so every pair of records " +
      std::string(plan.keys.empty() ? "" : "with equal blocking keys ") +
      "would be evaluated: " + std::to_string(pairs) + " pairs, over the limit of " +
      std::to_string(options.max_pairs) + " (--max-pairs)");
}

void Collect(std::vector<std::vector<Found>>* per_worker, Graph* g) {
  std::vector<Found> all;
  for (auto& w : *per_worker) {
    all.insert(all.end(), w.begin(), w.end());
    std::vector<Found>().swap(w);
  }
  std::sort(all.begin(), all.end(), [](const Found& a, const Found& b) { return a.arc < b.arc; });
  all.erase(std::unique(all.begin(), all.end(),
                        [](const Found& a, const Found& b) { return a.arc == b.arc; }),
            all.end());
  g->arcs.reserve(all.size());
  g->common.reserve(all.size());
  for (const Found& f : all) {
    g->arcs.push_back(f.arc);
    g->common.push_back(f.common);
  }
  g->stats.arcs = g->arcs.size();
}

void ExactCandidates(const neardup::SigCorpus& corpus, const Evaluator& eval,
                     const std::vector<std::vector<uint32_t>>& blocks, const Plan& plan,
                     const std::vector<uint32_t>& first, int threads,
                     std::vector<std::vector<Found>>* found, GraphStats* stats) {
  // Small blocks: in parallel, a block per task.
  std::vector<uint64_t> pairs(threads, 0);
  neardup::ParallelFor(blocks.size(), threads, [&](size_t k, int worker) {
    const auto& b = blocks[k];
    if (Joinable(plan) && b.size() > kSmallBlock) return;
    for (size_t i = 0; i < b.size(); ++i) {
      for (size_t j = i + 1; j < b.size(); ++j) eval.Pair(b[i], b[j], &(*found)[worker]);
    }
    pairs[worker] += static_cast<uint64_t>(b.size()) * (b.size() - 1) / 2;
  });
  for (uint64_t p : pairs) stats->candidates += p;
  if (!Joinable(plan)) return;
  // Large blocks: identical sets folded, one join each, its probes in parallel.
  neardup::NearQuery query(*plan.measure, plan.threshold, threads);
  // The shingle sets are a mapped file: their pages go back to the kernel
  // while the join reads them all, and every so many candidates (which read
  // scattered sets), so that they are not all held at once.
  query.release = [&] { corpus.ReleaseRecords(); };
  std::atomic<uint64_t> checked{0};
  for (const auto& b : blocks) {
    if (b.size() <= kSmallBlock) continue;
    const Folded f = Fold(b, first);
    std::vector<uint64_t> evaluated(threads, 0);
    std::vector<std::span<const uint32_t>> sets;
    for (const auto& [rep, m] : f.members) sets.push_back(m);
    std::sort(sets.begin(), sets.end(), [](auto x, auto y) { return x[0] < y[0]; });
    neardup::ParallelFor(sets.size(), threads, [&](size_t k, int worker) {
      const auto m = sets[k];
      const Overlap same{m.size() > 0 ? corpus.docs[m[0]].shingles.size() : 0,
                         corpus.docs[m[0]].shingles.size(), corpus.docs[m[0]].shingles.size()};
      for (size_t i = 0; i < m.size(); ++i) {
        for (size_t j = i + 1; j < m.size() && j - i <= kWindow; ++j) {
          eval.PairWith(m[i], m[j], same, &(*found)[worker]);
          ++evaluated[worker];
        }
      }
    });
    stats->windowed +=
        std::count_if(sets.begin(), sets.end(), [](auto m) { return m.size() > kWindow + 1; });
    neardup::ExactJoinCandidates(
        corpus.docs, f.reps, query, [&](uint32_t x, uint32_t y, int worker) {
          if (++checked % kChecksPerRelease == 0) corpus.ReleaseRecords();
          const Overlap xy = OverlapOf(corpus.docs[x], corpus.docs[y], plan.reads_content);
          const auto mx = f.MembersOf(x), my = f.MembersOf(y);
          for (uint32_t a : mx.first(std::min(mx.size(), kWindow))) {
            for (uint32_t b : my.first(std::min(my.size(), kWindow))) {
              eval.PairWith(std::min(a, b), std::max(a, b),
                            a < b ? xy : Overlap{xy.common, xy.size_b, xy.size_a},
                            &(*found)[worker]);
              ++evaluated[worker];
            }
          }
        });
    for (uint64_t e : evaluated) stats->candidates += e;
  }
}

}  // namespace

Overlap OverlapOf(const neardup::Doc& a, const neardup::Doc& b, bool count_common) {
  Overlap o{0, a.shingles.size(), b.shingles.size()};
  if (count_common && o.size_a > 0 && o.size_b > 0) {
    o.common = neardup::IntersectionSize(a.shingles, b.shingles);
  }
  return o;
}

Measures MeasuresOf(const Overlap& o) { return {o.containment(), o.jaccard(), o.dice()}; }

base::Result<Graph> BuildGraph(const neardup::SigCorpus& corpus, std::span<const Attrs> attrs,
                               const Expr& expr, const GraphOptions& options) {
  const Plan& plan = expr.plan();
  const int threads = std::max(1, options.threads);
  const Evaluator eval(corpus, attrs, expr);
  std::vector<std::vector<Found>> found(threads);
  Graph g;
  g.stats.records = attrs.size();
  if (options.approximate) {
    if (!Joinable(plan)) {
      return base::Status::InvalidArgument(
          "--approximate needs a content threshold at the top level of the expression (such as "
          "containment >= 0.7)");
    }
    std::vector<uint32_t> ids(attrs.size());
    std::iota(ids.begin(), ids.end(), 0u);
    const neardup::NearQuery query(*plan.measure, plan.threshold, threads);
    const auto banding =
        neardup::ChooseBanding(plan.threshold, static_cast<int>(corpus.header().num_perm));
    const neardup::NearPairs near = neardup::LshPairs(corpus.docs, ids, banding, query);
    g.stats.candidates = near.pairs.size();
    g.stats.method = "MinHash LSH, " + std::to_string(banding.bands) + " bands of " +
                     std::to_string(banding.rows) + " (approximate: pairs may be missed)";
    for (const neardup::Pair& p : near.pairs) eval.Pair(p.a, p.b, &found[0]);
    Collect(&found, &g);
    return g;
  }
  const auto blocks = Blocks(attrs, plan);
  g.stats.blocks = blocks.size();
  for (const auto& b : blocks)
    g.stats.largest_block = std::max<uint64_t>(g.stats.largest_block, b.size());
  if (auto s = CheckPairCount(blocks, plan, options); !s.ok()) return s;
  char threshold[32];
  std::snprintf(threshold, sizeof threshold, "%g", plan.threshold);
  g.stats.method = Joinable(plan)
                       ? "exact join (" + std::string(neardup::MeasureName(*plan.measure)) +
                             " >= " + threshold + ")"
                       : "every pair in each block";
  const std::vector<uint32_t> first =
      Joinable(plan)
          ? neardup::FindIdenticalSets(corpus.docs, [&] { corpus.ReleaseRecords(); }).first
          : std::vector<uint32_t>();
  corpus.ReleaseRecords();  // the sets compared to find the identical ones
  ExactCandidates(corpus, eval, blocks, plan, first, threads, &found, &g.stats);
  Collect(&found, &g);
  return g;
}

std::vector<uint32_t> ChooseCoverers(const Graph& g, const std::vector<bool>& keep) {
  std::vector<uint32_t> by(keep.size(), kNoCoverer);
  std::vector<uint32_t> best(keep.size(), 0);
  for (size_t k = 0; k < g.arcs.size(); ++k) {
    const Arc& arc = g.arcs[k];
    if (keep[arc.covered] || !keep[arc.coverer]) continue;
    // Arcs come sorted by coverer: the first of equal counts is the smallest.
    if (by[arc.covered] == kNoCoverer || g.common[k] > best[arc.covered]) {
      by[arc.covered] = arc.coverer;
      best[arc.covered] = g.common[k];
    }
  }
  return by;
}

}  // namespace cover
