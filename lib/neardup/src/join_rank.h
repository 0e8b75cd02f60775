// The exact join's first step (join.cpp): every set of the join as ranks of
// its shingles, rarest first. Only shingles that another set of the join
// also holds are ranked and stored: a shingle held by one set alone can
// never make a pair, and it ranks before every shared one (fewest holders
// first), so a set's unique shingles are the head of its order; the join
// needs only how many there are. Memory: 4 bytes per shingle of the join
// (the ranks), 16 bytes per distinct shared shingle while ranking, and a
// buffer of a few million shingles; not the 8 bytes per shingle and 32 per
// distinct one of sorting them all at once.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "neardup/similarity.h"

namespace neardup::join_internal {

struct RankedSets {
  std::vector<uint32_t> ids;      // the document at visiting position p
  std::vector<uint32_t> sizes;    // per position: the whole set's size
  std::vector<uint32_t> shared;   // per position: how many of its shingles are shared
  std::vector<uint64_t> offsets;  // per position: where its ranks start
  std::vector<uint32_t> ranks;    // the shared shingles' ranks, ascending per set
  uint32_t distinct_shared = 0;   // ranks are below this

  size_t size(size_t p) const { return sizes[p]; }
  size_t unique(size_t p) const { return sizes[p] - shared[p]; }
  // The ranks of the shared shingles among the first n of the set's order.
  std::span<const uint32_t> first(size_t p, size_t n) const {
    const size_t u = unique(p);
    return {ranks.data() + offsets[p], n > u ? n - u : 0};
  }
  std::span<const uint32_t> set(size_t p) const { return first(p, size(p)); }
};

// docs[ids] ranked, visited in size order (ascending, or descending when
// descending is true; equal sizes in ids' order). Shingles rank by the
// number of sets holding them (counts above 4096 as equal), then by
// value. release (may be empty) is called now and then while the sets are
// read: a caller whose sets are a mapped file gives the pages back.
// range_shingles: shingles per range of the hash space (0: the default).
RankedSets Rank(std::span<const Doc> docs, std::span<const uint32_t> ids, bool descending,
                const std::function<void()>& release, int threads, uint64_t range_shingles);

}  // namespace neardup::join_internal
