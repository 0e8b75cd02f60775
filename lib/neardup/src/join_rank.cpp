#include "join_rank.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace neardup::join_internal {

namespace {

// The hash space is walked in ranges of about this many shingles, so that
// the buffer of one range and the shared shingles of one range stay small
// (a few tens of MB, mostly in cache when looked up).
constexpr uint64_t kRangeShingles = uint64_t{1} << 22;

// Shingles are hashes, spread evenly: range g of n covers [Bound(g), Bound(g + 1)).
uint64_t Bound(uint64_t g, uint64_t n) {
  if (g >= n) return std::numeric_limits<uint64_t>::max();
  return g * (std::numeric_limits<uint64_t>::max() / n);  // the last range takes the rest
}

// Walks the sets' shingles range by range: for range g, calls
// visit(p, shingles) with the part of set p in the range, for every p.
class RangeWalk {
 public:
  RangeWalk(std::span<const Doc> docs, const std::vector<uint32_t>& ids, uint64_t total)
      : docs_(docs),
        ids_(ids),
        cursor_(ids.size(), 0),
        ranges_(std::max<uint64_t>(1, total / kRangeShingles + 1)) {}

  uint64_t ranges() const { return ranges_; }

  template <typename Visit>
  void Range(uint64_t g, Visit&& visit) {
    const bool last = g + 1 == ranges_;
    const uint64_t hi = Bound(g + 1, ranges_);
    for (size_t p = 0; p < ids_.size(); ++p) {
      const ShingleSet s = docs_[ids_[p]].shingles;
      size_t end = cursor_[p];
      while (end < s.size() && (last || s[end] < hi)) ++end;
      if (end > cursor_[p]) visit(p, s.subspan(cursor_[p], end - cursor_[p]));
      cursor_[p] = static_cast<uint32_t>(end);
    }
  }

 private:
  std::span<const Doc> docs_;
  const std::vector<uint32_t>& ids_;
  std::vector<uint32_t> cursor_;
  uint64_t ranges_;
};

// The shared shingles (held by two sets or more), ascending, with their
// holder counts.
void CountShared(std::span<const Doc> docs, const std::vector<uint32_t>& ids, uint64_t total,
                 std::vector<uint64_t>* values, std::vector<uint32_t>* counts) {
  RangeWalk walk(docs, ids, total);
  std::vector<uint64_t> buffer;
  for (uint64_t g = 0; g < walk.ranges(); ++g) {
    buffer.clear();
    walk.Range(
        g, [&](size_t, ShingleSet part) { buffer.insert(buffer.end(), part.begin(), part.end()); });
    std::sort(buffer.begin(), buffer.end());
    for (size_t i = 0, j; i < buffer.size(); i = j) {
      for (j = i + 1; j < buffer.size() && buffer[j] == buffer[i]; ++j) {
      }
      if (j - i < 2) continue;
      values->push_back(buffer[i]);
      counts->push_back(static_cast<uint32_t>(std::min<size_t>(j - i, UINT32_MAX)));
    }
  }
}

// Replaces each count by its shingle's rank: by count, then by value.
void CountsToRanks(const std::vector<uint64_t>& values, std::vector<uint32_t>* counts) {
  std::vector<uint32_t> order(values.size());
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return (*counts)[a] != (*counts)[b] ? (*counts)[a] < (*counts)[b] : values[a] < values[b];
  });
  for (uint32_t r = 0; r < order.size(); ++r) (*counts)[order[r]] = r;
}

}  // namespace

RankedSets Rank(std::span<const Doc> docs, std::span<const uint32_t> ids, bool descending) {
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
  std::vector<uint64_t> values;
  std::vector<uint32_t> rank_of;
  CountShared(docs, sets.ids, total, &values, &rank_of);
  CountsToRanks(values, &rank_of);
  sets.distinct_shared = static_cast<uint32_t>(values.size());

  // Each set's shared shingles as ranks, range by range: a set's part of a
  // range is looked up in that range's shared shingles only.
  sets.shared.assign(sets.ids.size(), 0);
  sets.ranks.resize(total);
  RangeWalk walk(docs, sets.ids, total);
  for (uint64_t g = 0; g < walk.ranges(); ++g) {
    const auto lo = std::lower_bound(values.begin(), values.end(), Bound(g, walk.ranges()));
    const auto hi = g + 1 == walk.ranges()
                        ? values.end()
                        : std::lower_bound(lo, values.end(), Bound(g + 1, walk.ranges()));
    walk.Range(g, [&](size_t p, ShingleSet part) {
      auto from = lo;
      for (uint64_t shingle : part) {
        from = std::lower_bound(from, hi, shingle);
        if (from == hi) break;
        if (*from == shingle)
          sets.ranks[sets.offsets[p] + sets.shared[p]++] = rank_of[from - values.begin()];
      }
    });
  }
  std::vector<uint64_t>().swap(values);
  std::vector<uint32_t>().swap(rank_of);
  for (size_t p = 0; p < sets.ids.size(); ++p) {
    auto begin = sets.ranks.begin() + static_cast<ptrdiff_t>(sets.offsets[p]);
    std::sort(begin, begin + sets.shared[p]);
  }
  return sets;
}

}  // namespace neardup::join_internal
