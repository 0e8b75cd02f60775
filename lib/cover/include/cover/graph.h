// The coverage graph (warccover(1)): an arc (a, b) for every ordered pair
// of records for which the expression holds, a covered while b is kept,
// found without evaluating every pair:
//   - blocking keys (a.host = b.host): only records with equal keys pair;
//   - a content threshold (containment >= 0.7): candidates inside a block
//     by the exact set-similarity join (neardup/join.h: prefix filtering,
//     no pair that reaches the threshold is missed), or all pairs of a
//     small block; --approximate: MinHash LSH (neardup/lsh.h), which may
//     miss pairs;
//   - no threshold: every pair inside each block, up to a limit.
// Every candidate is evaluated exactly against the whole expression, in
// both directions.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "base/status.h"
#include "cover/expr.h"
#include "cover/overlap.h"
#include "cover/solve.h"
#include "neardup/sig_corpus.h"

namespace cover {

struct GraphOptions {
  int threads = 1;
  bool approximate = false;
  // Without a content threshold every pair of a block is evaluated: more
  // pairs than this in all blocks together is refused (InvalidArgument),
  // rather than running for days.
  uint64_t max_pairs = 500'000'000;
};

struct GraphStats {
  uint64_t records = 0;
  uint64_t blocks = 0;         // blocks of two records or more
  uint64_t largest_block = 0;  // records
  uint64_t candidates = 0;     // pairs evaluated (each in both directions)
  uint64_t arcs = 0;
  // Sets of identical shingles with more members in a block than the
  // window (graph.cpp): their pairs were evaluated within the window only.
  uint64_t windowed = 0;
  std::string method;  // how candidates were made, for the summary
};

struct Graph {
  std::vector<Arc> arcs;         // sorted, distinct, no self-arcs
  std::vector<uint32_t> common;  // per arc: |sh(covered) n sh(coverer)|
  GraphStats stats;
};

// The graph of corpus.docs under expr; attrs[i] are docs[i]'s attributes.
// REQUIRES: attrs.size() == corpus.docs.size().
base::Result<Graph> BuildGraph(const neardup::SigCorpus& corpus, std::span<const Attrs> attrs,
                               const Expr& expr, const GraphOptions& options);

// The overlap counts of an ordered pair (overlap.h), the intersection
// counted only when the expression reads content.
Overlap OverlapOf(const neardup::Doc& a, const neardup::Doc& b, bool count_common);

// Measures of an overlap, as Expr::Holds takes them.
Measures MeasuresOf(const Overlap& overlap);

// Per record, the kept record named as its coverer: the one of its arcs'
// kept ends with the most shingles in common (the highest containment),
// ties to the smaller index; kNoCoverer for a kept record (and for one no
// kept record covers, which a valid cover does not have).
inline constexpr uint32_t kNoCoverer = UINT32_MAX;
std::vector<uint32_t> ChooseCoverers(const Graph& graph, const std::vector<bool>& keep);

}  // namespace cover
