#include "join_rank.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace neardup::join_internal {

namespace {

// The hash space is cut into ranges of about this many shingles; each pass
// over a range sorts that range's shingles alone (1 GB of pairs at most),
// and the ranges of a pass run in parallel (512 MB of pairs per thread).
constexpr uint64_t kRangeShingles = uint64_t{1} << 25;
// Counts above this are all the same to the order (they rank last, by value).
constexpr uint32_t kMaxCount = 1 << 12;
// The caller's release() every so many sets read.
constexpr size_t kReleaseEvery = 1 << 12;
constexpr uint32_t kUnique = std::numeric_limits<uint32_t>::max();

// Shingles are hashes, spread evenly: range g of n covers [Bound(g), Bound(g + 1)).
uint64_t Bound(uint64_t g, uint64_t n) {
  if (g >= n) return std::numeric_limits<uint64_t>::max();
  return g * (std::numeric_limits<uint64_t>::max() / n);  // the last range takes the rest
}

struct Ranges {
  std::span<const Doc> docs;
  const std::vector<uint32_t>* ids;
  uint64_t count;
  const std::function<void()>* release;
  // Positions in the order their sets lie in memory: a walk reads a mapped
  // file front to back, so that the pages given back are behind it and each
  // page is mapped once a walk.
  std::vector<uint32_t> by_address;

  // Calls visit(p, first, part) for every set p with the part of its
  // shingles in range g (first: the part's index in the set).
  template <typename Visit>
  void Walk(uint64_t g, Visit&& visit) const {
    const uint64_t lo = Bound(g, count), hi = Bound(g + 1, count);
    const bool last = g + 1 == count;
    for (size_t i = 0; i < by_address.size(); ++i) {
      const size_t p = by_address[i];
      const ShingleSet s = docs[(*ids)[p]].shingles;
      const size_t from = g == 0 ? 0 : std::lower_bound(s.begin(), s.end(), lo) - s.begin();
      const size_t to =
          last ? s.size() : std::lower_bound(s.begin() + from, s.end(), hi) - s.begin();
      if (to > from) visit(p, from, s.subspan(from, to - from));
      if ((i + 1) % kReleaseEvery == 0 && *release) (*release)();
    }
  }
};

// Runs of equal values in sorted v: calls run(begin, end) for each.
template <typename T, typename Key, typename Run>
void ForRuns(const std::vector<T>& v, Key&& key, Run&& run) {
  for (size_t i = 0, j; i < v.size(); i = j) {
    for (j = i + 1; j < v.size() && key(v[j]) == key(v[i]); ++j) {
    }
    run(i, j);
  }
}

}  // namespace

RankedSets Rank(std::span<const Doc> docs, std::span<const uint32_t> ids, bool descending,
                const std::function<void()>& release, int threads, uint64_t range_shingles) {
  if (range_shingles == 0) range_shingles = kRangeShingles;
  RankedSets sets;
  sets.ids.assign(ids.begin(), ids.end());
  std::stable_sort(sets.ids.begin(), sets.ids.end(), [&](uint32_t a, uint32_t b) {
    const size_t na = docs[a].shingles.size(), nb = docs[b].shingles.size();
    return descending ? na > nb : na < nb;
  });
  uint64_t total = 0;
  sets.sizes.reserve(sets.ids.size());
  sets.offsets.reserve(sets.ids.size());
  for (uint32_t id : sets.ids) {
    sets.offsets.push_back(total);
    sets.sizes.push_back(static_cast<uint32_t>(docs[id].shingles.size()));
    total += docs[id].shingles.size();
  }
  Ranges ranges{docs, &sets.ids, std::max<uint64_t>(1, total / range_shingles + 1), &release,
                std::vector<uint32_t>(sets.ids.size())};
  std::iota(ranges.by_address.begin(), ranges.by_address.end(), 0u);
  std::sort(ranges.by_address.begin(), ranges.by_address.end(), [&](uint32_t a, uint32_t b) {
    return std::less<const uint64_t*>()(docs[sets.ids[a]].shingles.data(),
                                        docs[sets.ids[b]].shingles.data());
  });
  threads = static_cast<int>(std::min<uint64_t>(std::max(1, threads), ranges.count));

  // Pass 1: per range, how many shared shingles (held by 2 sets or more)
  // have each holder count. No shingle is kept.
  std::vector<std::vector<uint64_t>> histogram(ranges.count, std::vector<uint64_t>(kMaxCount + 1));
  std::vector<uint64_t> range_size(ranges.count, 0);
  // One buffer per worker, kept across its ranges (no new pages to clear).
  std::vector<std::vector<uint64_t>> buffers(threads);
  ParallelFor(ranges.count, threads, [&](size_t g, int worker) {
    std::vector<uint64_t>& buffer = buffers[worker];
    buffer.clear();
    buffer.reserve(std::min(total, range_shingles + range_shingles / 4));  // with room
    ranges.Walk(g, [&](size_t, size_t, ShingleSet part) {
      buffer.insert(buffer.end(), part.begin(), part.end());
    });
    std::sort(buffer.begin(), buffer.end());
    ForRuns(
        buffer, [](uint64_t v) { return v; },
        [&](size_t i, size_t j) {
          if (j - i >= 2) ++histogram[g][std::min<size_t>(j - i, kMaxCount)];
        });
  });
  // A shingle's rank: those of fewer holders first, then by value (ranges
  // ascend by value): base[c] + the shingles of count c in earlier ranges
  // + those before it in its own range.
  std::vector<uint64_t> base(kMaxCount + 1, 0);
  for (uint32_t c = 2; c < kMaxCount; ++c) {
    base[c + 1] = base[c];
    for (const auto& h : histogram) base[c + 1] += h[c];
  }
  uint64_t distinct = base[kMaxCount];
  for (const auto& h : histogram) distinct += h[kMaxCount];
  std::vector<std::vector<uint64_t>> next(ranges.count, std::vector<uint64_t>(kMaxCount + 1));
  for (uint32_t c = 2; c <= kMaxCount; ++c) {
    uint64_t at = base[c];
    for (uint64_t g = 0; g < ranges.count; ++g) {
      next[g][c] = at;
      at += histogram[g][c];
    }
  }
  std::vector<std::vector<uint64_t>>().swap(histogram);
  std::vector<std::vector<uint64_t>>().swap(buffers);
  sets.distinct_shared = static_cast<uint32_t>(distinct);

  // Pass 2: each shingle's rank written to its place in its set (unique
  // ones marked), range by range.
  sets.ranks.assign(total, kUnique);
  std::vector<std::vector<std::pair<uint64_t, uint64_t>>> pairs(threads);
  ParallelFor(ranges.count, threads, [&](size_t g, int worker) {
    auto& buffer = pairs[worker];  // (shingle, place in ranks)
    buffer.clear();
    buffer.reserve(range_size[g]);
    ranges.Walk(g, [&](size_t p, size_t first, ShingleSet part) {
      for (size_t k = 0; k < part.size(); ++k)
        buffer.push_back({part[k], sets.offsets[p] + first + k});
    });
    std::sort(buffer.begin(), buffer.end());
    std::vector<uint64_t>& at = next[g];
    ForRuns(
        buffer, [](const auto& e) { return e.first; },
        [&](size_t i, size_t j) {
          if (j - i < 2) return;
          const uint32_t rank = static_cast<uint32_t>(at[std::min<size_t>(j - i, kMaxCount)]++);
          for (size_t k = i; k < j; ++k) sets.ranks[buffer[k].second] = rank;
        });
  });
  // Each set's ranks ascending, the unique marks (the largest value) last.
  sets.shared.assign(sets.ids.size(), 0);
  ParallelFor(sets.ids.size(), threads, [&](size_t p, int) {
    auto begin = sets.ranks.begin() + static_cast<ptrdiff_t>(sets.offsets[p]);
    std::sort(begin, begin + sets.sizes[p]);
    sets.shared[p] =
        static_cast<uint32_t>(std::lower_bound(begin, begin + sets.sizes[p], kUnique) - begin);
  });
  return sets;
}

}  // namespace neardup::join_internal
