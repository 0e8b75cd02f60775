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

#include "neardup/lsh.h"
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

// The same clusters as ClusterInCaptureOrder over LshPairs' pairs, without
// the pairs: each representative of an identical set, in capture order, is
// checked only against the representatives found so far that share a band
// with it, earliest first, until one reaches the query. A mass of g
// near-identical pages costs about g checks, not the g^2/2 pairs.
// Memory: 12 bytes per document per band (bucket numbers, bucket heads,
// links). *candidates counts the checks. REQUIRES: as LshPairs.
Clusters LshClusters(std::span<const Doc> docs, const IdenticalSets& identical,
                     const Banding& banding, const NearQuery& query, uint64_t* candidates);

}  // namespace neardup
