// Near-duplicate clusters for warcnear --clusters: centre-based, not the
// transitive closure of the pairs (which chains a templated site into one
// giant cluster). The rule, deterministic:
//   visit the documents in capture order (their index: the caller orders
//   them by date, then file, then offset); a document joins the earliest
//   representative it reaches at the threshold (a verified pair with it);
//   if it reaches none, it founds a cluster and is its representative.
// So every member's exact similarity to its representative reaches the
// threshold, and a chain a ~ b ~ c with a !~ c makes two clusters {a, b}
// and {c}. A document whose shingle set is identical to an earlier one's
// (IdenticalSets) goes where that one went; a document without shingles is
// a cluster of its own.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "neardup/similarity.h"

namespace neardup {

struct Clusters {
  std::vector<uint32_t> representative;  // per document
  std::vector<uint32_t> id;              // per document: 0, 1, ... in order of foundation
  uint32_t count = 0;
};

// pairs: the verified pairs among the representatives of identical sets
// (what LshPairs, SimhashPairs or ExactJoin return); star pairs may be
// included (they change nothing). REQUIRES: identical from
// FindIdenticalSets over the same documents, pairs' indices < its size.
Clusters ClusterInCaptureOrder(const IdenticalSets& identical, std::span<const Pair> pairs);

}  // namespace neardup
