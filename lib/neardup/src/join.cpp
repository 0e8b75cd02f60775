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
  bool index_all;         // containment: y's whole set meets x's prefix
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

// Inverted lists of the prefixes: for each rank, the visiting positions
// holding it in their prefix, ascending. Offsets as 32 bits while they fit
// (4 bytes per distinct shingle instead of 8), built in place: no second
// array of offsets while filling.
class Index {
 public:
  Index(const RankedSets& sets, const Bounds& bounds) {
    uint64_t entries = 0;
    for (size_t p = 0; p < sets.ids.size(); ++p) entries += Prefix(sets, bounds, p).size();
    positions_.resize(entries);
    if (entries <= std::numeric_limits<uint32_t>::max()) {
      Build(sets, bounds, &starts32_);
    } else {
      Build(sets, bounds, &starts64_);
    }
  }

  static std::span<const uint32_t> Prefix(const RankedSets& sets, const Bounds& bounds, size_t p) {
    return sets.first(p, PrefixLength(sets.size(p), bounds.overlap_factor));
  }

  // The positions holding rank r in their prefix, ascending.
  std::span<const uint32_t> operator[](uint32_t r) const {
    const uint64_t from = starts32_.empty() ? starts64_[r] : starts32_[r];
    const uint64_t to = starts32_.empty() ? starts64_[r + 1] : starts32_[r + 1];
    return std::span(positions_).subspan(from, to - from);
  }

 private:
  template <typename Offset>
  void Build(const RankedSets& sets, const Bounds& bounds, std::vector<Offset>* starts) {
    const size_t ranks = sets.distinct_shared;
    starts->assign(ranks + 1, 0);
    auto& s = *starts;
    for (size_t p = 0; p < sets.ids.size(); ++p) {
      for (uint32_t r : Prefix(sets, bounds, p)) ++s[r + 1];
    }
    for (size_t r = 0; r < ranks; ++r) s[r + 1] += s[r];
    // s[r] runs from rank r's start to its end (rank r + 1's start) ...
    for (size_t p = 0; p < sets.ids.size(); ++p) {
      for (uint32_t r : Prefix(sets, bounds, p)) positions_[s[r]++] = static_cast<uint32_t>(p);
    }
    // ... and is moved back one place.
    for (size_t r = ranks; r > 0; --r) s[r] = s[r - 1];
    s[0] = 0;
  }

  std::vector<uint32_t> starts32_;
  std::vector<uint64_t> starts64_;
  std::vector<uint32_t> positions_;
};

struct WorkerState {
  std::vector<uint32_t> seen_by;  // per position: the position that saw it last
  std::vector<uint32_t> found;
  uint64_t candidates = 0;
};

// Jaccard and dice: x's prefix probes the prefixes of the positions before
// it (smaller or equal sets), within the size bound.
void ProbePrefix(const RankedSets& sets, const Index& index, const Bounds& bounds, uint32_t x,
                 WorkerState* w) {
  const double min_size = bounds.size_factor * static_cast<double>(sets.size(x)) - 1e-7;
  for (uint32_t r : Index::Prefix(sets, bounds, x)) {
    for (uint32_t y : index[r]) {
      if (y >= x) break;
      if (w->seen_by[y] == x || static_cast<double>(sets.size(y)) < min_size) continue;
      w->seen_by[y] = x;
      w->found.push_back(y);
    }
  }
}

// Containment: a small set x may lie in a large set y however large y is,
// so y's whole set must meet x's prefix. Positions go by size descending;
// each shared shingle of y looks up the positions after it (smaller sets)
// holding it in their prefix: the pairs of indexing every shingle of y and
// probing with x's prefix, from an index of the prefixes only.
void ProbeWhole(const RankedSets& sets, const Index& index, uint32_t y, WorkerState* w) {
  for (uint32_t r : sets.set(y)) {
    const auto list = index[r];
    for (auto it = std::upper_bound(list.begin(), list.end(), y); it != list.end(); ++it) {
      if (w->seen_by[*it] == y) continue;
      w->seen_by[*it] = y;
      w->found.push_back(*it);
    }
  }
}

void Probe(const RankedSets& sets, const Index& index, const Bounds& bounds, uint32_t p, int worker,
           WorkerState* w, const CandidateVisitor& visit) {
  w->found.clear();
  if (bounds.index_all) {
    ProbeWhole(sets, index, p, w);
  } else {
    ProbePrefix(sets, index, bounds, p, w);
  }
  for (uint32_t q : w->found) {
    ++w->candidates;
    const uint32_t a = sets.ids[p], b = sets.ids[q];
    visit(std::min(a, b), std::max(a, b), worker);
  }
}

}  // namespace

uint64_t ExactJoinCandidates(std::span<const Doc> docs, std::span<const uint32_t> ids,
                             const NearQuery& query, const CandidateVisitor& visit) {
  const Bounds bounds = BoundsOf(query);
  const int threads = std::max(1, query.threads);
  const RankedSets sets = join_internal::Rank(docs, ids, bounds.index_all, query.release, threads,
                                              query.range_shingles);
  if (query.release) query.release();
  const Index index(sets, bounds);

  std::vector<WorkerState> workers(threads);
  for (auto& w : workers) w.seen_by.assign(sets.ids.size(), std::numeric_limits<uint32_t>::max());
  constexpr size_t kChunk = 256;
  const size_t n = sets.ids.size();
  ParallelFor((n + kChunk - 1) / kChunk, threads, [&](size_t chunk, int worker) {
    const size_t end = std::min(n, (chunk + 1) * kChunk);
    for (size_t p = chunk * kChunk; p < end; ++p) {
      Probe(sets, index, bounds, static_cast<uint32_t>(p), worker, &workers[worker], visit);
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
