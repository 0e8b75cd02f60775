// The exact set-similarity join: every pair of documents whose shingle sets
// reach the threshold, none missed (warcnear --method exact). Prefix
// filtering as in AllPairs (Bayardo, Ma and Srikant, WWW 2007) and PPJoin
// (Xiao et al., WWW 2008): shingles are ranked by how many documents hold
// them, rarest first; a pair of overlap at least alpha must share a shingle
// within the first |x| - alpha + 1 of each set, so only those prefixes are
// indexed and probed, and every candidate is checked with Compare.
//
// Per measure, with documents visited in size order and y visited before x:
//   jaccard      sizes ascending; alpha(n) = ceil(t n); |y| >= t |x|
//   dice         sizes ascending; alpha(n) = ceil(t n / (2 - t));
//                |y| >= t |x| / (2 - t)
//   containment  sizes descending (x is the smaller); x probes with its
//                prefix for alpha = ceil(t |x|), every shingle of y is
//                indexed (a small set inside a large one has no bound on
//                the large one's side).
#pragma once

#include <cstdint>
#include <functional>
#include <span>

#include "neardup/similarity.h"

namespace neardup {

// The pairs among docs[ids] (ids ascending) whose exact similarity reaches
// the query. The same answer and candidate count for any query.threads.
// Memory: every shingle of docs[ids] once as 8 bytes (the ranking), then
// as 4 bytes (the ranked sets), plus the index of prefixes: for the
// shingle sets of a test corpus or a host, not for a million documents
// (use LshPairs there).
NearPairs ExactJoin(std::span<const Doc> docs, std::span<const uint32_t> ids,
                    const NearQuery& query);

// The join's candidates without the check: each distinct candidate pair
// (document indices, a < b) once, to visit(a, b, worker) from worker
// threads numbered [0, query.threads), for callers that check pairs their
// own way (warccover evaluates an expression). Every pair that reaches the
// query is among them. Returns how many there were.
using CandidateVisitor = std::function<void(uint32_t a, uint32_t b, int worker)>;
uint64_t ExactJoinCandidates(std::span<const Doc> docs, std::span<const uint32_t> ids,
                             const NearQuery& query, const CandidateVisitor& visit);

}  // namespace neardup
