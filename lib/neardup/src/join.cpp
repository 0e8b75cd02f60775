#include "neardup/join.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "join_rank.h"

namespace neardup {

namespace {

using join_internal::RankedSets;

// The bounds of one measure at threshold t (see join.h).
struct Bounds {
  double overlap_factor;  // alpha(n) = ceil(overlap_factor * n)
  double size_factor;     // |y| >= size_factor * |x|; 0: no size filter
  bool index_all;         // containment: y indexed whole
};

Bounds BoundsOf(const NearQuery& q) {
  const double t = q.threshold;
  switch (q.measure) {
    case Measure::kJaccard:
      return {t, t, false};
    case Measure::kDice:
      return {t / (2 - t), t / (2 - t), false};
    case Measure::kContainment:
      return {t, 0, true};
  }
  return {0, 0, true};
}

// |x| - alpha + 1, alpha rounded down a hair so that a product like
// 0.8 * 5 = 4.0000000001 cannot lengthen it wrongly: a longer prefix is
// always safe, a shorter one would miss pairs.
size_t PrefixLength(size_t n, double overlap_factor) {
  if (n == 0) return 0;
  const double alpha = std::ceil(overlap_factor * static_cast<double>(n) - 1e-7);
  const size_t a = static_cast<size_t>(std::max(1.0, alpha));
  return a > n ? 1 : n - a + 1;
}

// Inverted lists of the indexed prefixes: for each rank, the visiting
// positions holding it in their index prefix, ascending.
struct Index {
  std::vector<size_t> starts;
  std::vector<uint32_t> positions;
};

Index BuildIndex(const RankedSets& sets, const Bounds& bounds, size_t ranks) {
  auto prefix = [&](size_t p) {
    return sets.first(
        p, bounds.index_all ? sets.size(p) : PrefixLength(sets.size(p), bounds.overlap_factor));
  };
  Index index;
  index.starts.assign(ranks + 1, 0);
  for (size_t p = 0; p < sets.ids.size(); ++p) {
    for (uint32_t r : prefix(p)) ++index.starts[r + 1];
  }
  for (size_t r = 0; r < ranks; ++r) index.starts[r + 1] += index.starts[r];
  index.positions.resize(index.starts[ranks]);
  std::vector<size_t> fill(index.starts.begin(), index.starts.end() - 1);
  for (size_t p = 0; p < sets.ids.size(); ++p) {
    for (uint32_t r : prefix(p)) index.positions[fill[r]++] = p;
  }
  return index;
}

struct WorkerState {
  std::vector<uint32_t> seen_by;  // per position: the probing position that saw it last
  std::vector<uint32_t> found;
  uint64_t candidates = 0;
};

void Probe(const RankedSets& sets, const Index& index, const Bounds& bounds, uint32_t x, int worker,
           WorkerState* w, const CandidateVisitor& visit) {
  const size_t nx = sets.size(x);
  const double min_size = bounds.size_factor * static_cast<double>(nx) - 1e-7;
  w->found.clear();
  for (uint32_t r : sets.first(x, PrefixLength(nx, bounds.overlap_factor))) {
    for (size_t k = index.starts[r]; k < index.starts[r + 1]; ++k) {
      const uint32_t y = index.positions[k];
      if (y >= x) break;
      if (w->seen_by[y] == x || static_cast<double>(sets.size(y)) < min_size) continue;
      w->seen_by[y] = x;
      w->found.push_back(y);
    }
  }
  for (uint32_t y : w->found) {
    ++w->candidates;
    const uint32_t a = sets.ids[x], b = sets.ids[y];
    visit(std::min(a, b), std::max(a, b), worker);
  }
}

}  // namespace

uint64_t ExactJoinCandidates(std::span<const Doc> docs, std::span<const uint32_t> ids,
                             const NearQuery& query, const CandidateVisitor& visit) {
  const Bounds bounds = BoundsOf(query);
  const RankedSets sets = join_internal::Rank(docs, ids, bounds.index_all);
  const Index index = BuildIndex(sets, bounds, sets.distinct_shared);

  const int threads = std::max(1, query.threads);
  std::vector<WorkerState> workers(threads);
  for (auto& w : workers) w.seen_by.assign(sets.ids.size(), std::numeric_limits<uint32_t>::max());
  constexpr size_t kChunk = 256;
  const size_t n = sets.ids.size();
  ParallelFor((n + kChunk - 1) / kChunk, threads, [&](size_t chunk, int worker) {
    const size_t end = std::min(n, (chunk + 1) * kChunk);
    for (size_t x = chunk * kChunk; x < end; ++x) {
      Probe(sets, index, bounds, static_cast<uint32_t>(x), worker, &workers[worker], visit);
    }
  });
  uint64_t candidates = 0;
  for (const auto& w : workers) candidates += w.candidates;
  return candidates;
}

NearPairs ExactJoin(std::span<const Doc> docs, std::span<const uint32_t> ids,
                    const NearQuery& query) {
  std::vector<std::vector<Pair>> found(std::max(1, query.threads));
  NearPairs out;
  out.candidates = ExactJoinCandidates(docs, ids, query, [&](uint32_t a, uint32_t b, int worker) {
    if (Reaches(docs[a], docs[b], query)) found[worker].push_back({a, b});
  });
  for (const auto& pairs : found) out.pairs.insert(out.pairs.end(), pairs.begin(), pairs.end());
  SortUnique(&out.pairs);
  return out;
}

}  // namespace neardup
