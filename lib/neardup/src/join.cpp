#include "neardup/join.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace neardup {

namespace {

// Every set of the join as ranks of its shingles (rarest first, ascending),
// in visiting order: set p is sets[offsets[p], offsets[p + 1]).
struct RankedSets {
  std::vector<uint32_t> ids;  // document of visiting position p
  std::vector<size_t> offsets;
  std::vector<uint32_t> ranks;
  size_t size(size_t p) const { return offsets[p + 1] - offsets[p]; }
  std::span<const uint32_t> set(size_t p) const {
    return std::span(ranks).subspan(offsets[p], size(p));
  }
};

// Rank of each distinct shingle: by the number of sets holding it, then by
// value, ascending.
std::vector<uint64_t> ShinglesByRank(std::span<const Doc> docs, std::span<const uint32_t> ids) {
  std::vector<uint64_t> all;
  for (uint32_t id : ids) all.insert(all.end(), docs[id].shingles.begin(), docs[id].shingles.end());
  std::sort(all.begin(), all.end());
  std::vector<std::pair<uint64_t, uint64_t>> counted;  // (count, shingle)
  for (size_t i = 0, j; i < all.size(); i = j) {
    for (j = i + 1; j < all.size() && all[j] == all[i]; ++j) {
    }
    counted.push_back({j - i, all[i]});
  }
  std::vector<uint64_t>().swap(all);
  std::sort(counted.begin(), counted.end());
  std::vector<uint64_t> by_rank(counted.size());
  for (size_t r = 0; r < counted.size(); ++r) by_rank[r] = counted[r].second;
  return by_rank;
}

RankedSets Rank(std::span<const Doc> docs, std::span<const uint32_t> ids, bool descending) {
  const std::vector<uint64_t> by_rank = ShinglesByRank(docs, ids);
  std::vector<std::pair<uint64_t, uint32_t>> by_value(by_rank.size());  // (shingle, rank)
  for (uint32_t r = 0; r < by_rank.size(); ++r) by_value[r] = {by_rank[r], r};
  std::sort(by_value.begin(), by_value.end());
  RankedSets sets;
  sets.ids.assign(ids.begin(), ids.end());
  std::stable_sort(sets.ids.begin(), sets.ids.end(), [&](uint32_t a, uint32_t b) {
    const size_t na = docs[a].shingles.size(), nb = docs[b].shingles.size();
    return descending ? na > nb : na < nb;
  });
  sets.offsets.push_back(0);
  for (uint32_t id : sets.ids) {
    const size_t from = sets.ranks.size();
    for (uint64_t shingle : docs[id].shingles) {
      auto it = std::lower_bound(by_value.begin(), by_value.end(),
                                 std::pair<uint64_t, uint32_t>{shingle, 0});
      sets.ranks.push_back(it->second);
    }
    std::sort(sets.ranks.begin() + from, sets.ranks.end());
    sets.offsets.push_back(sets.ranks.size());
  }
  return sets;
}

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
    return bounds.index_all ? sets.size(p) : PrefixLength(sets.size(p), bounds.overlap_factor);
  };
  Index index;
  index.starts.assign(ranks + 1, 0);
  for (size_t p = 0; p < sets.ids.size(); ++p) {
    for (uint32_t r : sets.set(p).first(prefix(p))) ++index.starts[r + 1];
  }
  for (size_t r = 0; r < ranks; ++r) index.starts[r + 1] += index.starts[r];
  index.positions.resize(index.starts[ranks]);
  std::vector<size_t> fill(index.starts.begin(), index.starts.end() - 1);
  for (size_t p = 0; p < sets.ids.size(); ++p) {
    for (uint32_t r : sets.set(p).first(prefix(p))) index.positions[fill[r]++] = p;
  }
  return index;
}

struct WorkerState {
  std::vector<uint32_t> seen_by;  // per position: the probing position that saw it last
  std::vector<uint32_t> found;
  std::vector<Pair> pairs;
  uint64_t candidates = 0;
};

void Probe(std::span<const Doc> docs, const RankedSets& sets, const Index& index,
           const Bounds& bounds, const NearQuery& query, uint32_t x, WorkerState* w) {
  const size_t nx = sets.size(x);
  const double min_size = bounds.size_factor * static_cast<double>(nx) - 1e-7;
  w->found.clear();
  for (uint32_t r : sets.set(x).first(PrefixLength(nx, bounds.overlap_factor))) {
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
    if (Reaches(docs[a], docs[b], query)) w->pairs.push_back({std::min(a, b), std::max(a, b)});
  }
}

}  // namespace

NearPairs ExactJoin(std::span<const Doc> docs, std::span<const uint32_t> ids,
                    const NearQuery& query) {
  const Bounds bounds = BoundsOf(query);
  const RankedSets sets = Rank(docs, ids, bounds.index_all);
  size_t ranks = 0;
  for (uint32_t r : sets.ranks) ranks = std::max<size_t>(ranks, r + 1);
  const Index index = BuildIndex(sets, bounds, ranks);

  const int threads = std::max(1, query.threads);
  std::vector<WorkerState> workers(threads);
  for (auto& w : workers) w.seen_by.assign(sets.ids.size(), std::numeric_limits<uint32_t>::max());
  constexpr size_t kChunk = 256;
  const size_t n = sets.ids.size();
  ParallelFor((n + kChunk - 1) / kChunk, threads, [&](size_t chunk, int worker) {
    const size_t end = std::min(n, (chunk + 1) * kChunk);
    for (size_t x = chunk * kChunk; x < end; ++x) {
      Probe(docs, sets, index, bounds, query, static_cast<uint32_t>(x), &workers[worker]);
    }
  });
  NearPairs out;
  for (auto& w : workers) {
    out.candidates += w.candidates;
    out.pairs.insert(out.pairs.end(), w.pairs.begin(), w.pairs.end());
  }
  SortUnique(&out.pairs);
  return out;
}

}  // namespace neardup
