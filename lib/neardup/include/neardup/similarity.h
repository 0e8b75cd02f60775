// Exact similarity of two shingle sets, each a sorted array of distinct
// 64-bit shingle hashes (as a signature file stores them). The measures of
// warcnear(1) and warccover(1):
//   jaccard     |A n B| / |A u B|
//   containment |A n B| / |A|   (how much of A lies in B)
//   dice        2 |A n B| / (|A| + |B|)
// Two empty sets are identical (1); an empty and a non-empty set share
// nothing (0).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace neardup {

using ShingleSet = std::span<const uint64_t>;

// |A n B| by a merge of the two sorted arrays; with one set much smaller
// than the other, by binary search (galloping) into the larger.
// REQUIRES: both sorted ascending, without repeats.
size_t IntersectionSize(ShingleSet a, ShingleSet b);

struct Similarity {
  double jaccard = 0;
  double containment_ab = 0;  // of a in b
  double containment_ba = 0;  // of b in a
  double dice = 0;
};

Similarity Compare(ShingleSet a, ShingleSet b);

}  // namespace neardup
