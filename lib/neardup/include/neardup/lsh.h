// MinHash LSH banding (Broder 1997; Leskovec, Rajaraman and Ullman, Mining
// of Massive Datasets, ch. 3): a sketch of num_perm values is cut into
// `bands` bands of `rows` values; two documents are candidates when they
// agree on every value of at least one band. Two documents of Jaccard
// similarity s become candidates with probability
//   P(s) = 1 - (1 - s^rows)^bands   (the S-curve).
#pragma once

#include <cstdint>
#include <span>

#include "neardup/similarity.h"

namespace neardup {

struct Banding {
  int bands = 0;
  int rows = 0;
  double recall_at_threshold = 0;  // P(threshold): the S-curve at t
};

// 1 - (1 - s^rows)^bands.
double SCurve(double s, int bands, int rows);

// The relative weights ChooseBanding gives to false positives and false
// negatives. datasketch weighs them 0.5/0.5; warcnear wants recall (every
// pair missed here is lost, every extra candidate costs one exact check),
// so a missed pair weighs 19 extra candidates.
inline constexpr double kFalsePositiveWeight = 0.05;
inline constexpr double kFalseNegativeWeight = 0.95;

// The banding (bands * rows <= num_perm) that minimises
//   kFalsePositiveWeight * integral over [0, t] of P(s) ds
// + kFalseNegativeWeight * integral over [t, 1] of (1 - P(s)) ds,
// as datasketch's _optimal_param does with its own weights. Ties go to the
// fewer bands. For 128 permutations: t 0.5 -> 26 x 3, 0.8 -> 16 x 8,
// 0.9 -> 9 x 14. REQUIRES: 0 < threshold <= 1, num_perm >= 1.
Banding ChooseBanding(double threshold, int num_perm);

// The pairs among docs[ids] (ids ascending, e.g. IdenticalSets::
// representatives) that reach the query, from the LSH candidates, each
// checked exactly. REQUIRES: every docs[id].minhash holds at least
// bands * rows values.
//
// Bounded memory: one band at a time per worker, an array of (band hash,
// id) for the indexed documents (16 bytes each), sorted; documents of equal
// band hash are candidates. A pair is checked only in the first band where
// it collides (its earlier bands are compared first), so no set of pairs is
// kept across bands: memory is the band arrays plus the pairs found.
// A band bucket of g documents costs g(g-1)/2 tests; identical sets are
// folded beforehand (FindIdenticalSets), so such a bucket holds g distinct
// near-identical texts, and its pairs are the answer.
NearPairs LshPairs(std::span<const Doc> docs, std::span<const uint32_t> ids, const Banding& banding,
                   const NearQuery& query);

}  // namespace neardup
