// The minimum cover of a coverage graph (warccover(1)). Vertices are
// records 0..n-1; an arc (covered, coverer) says the first is redundant
// while the second is kept. A cover keeps a set K such that every vertex is
// in K or has an arc to a vertex in K (every vertex covers itself). The
// minimum such K is a minimum dominating set of the directed graph, solved
// per weakly connected component (union-find), components in parallel:
//   - up to 64 vertices: branch and bound over bitmasks, after the
//     reduction rules of hitting-set solvers (a vertex with one possible
//     coverer forces it; a vertex whose possible coverers include all of
//     another's needs no check; a coverer whose set is inside another's is
//     dominated), from greedy's cover, within a work budget per component
//     (run out: the best cover found, never larger than greedy's);
//   - larger components: greedy by marginal gain (ties: the smaller
//     vertex), then removal of picks that every vertex they cover can do
//     without (latest pick first).
// A lower bound for each component: the larger of a packing (vertices
// whose sets of possible coverers are pairwise disjoint each need their own
// kept vertex) and a fractional bound (each vertex weighs 1 / the most
// vertices one of its possible coverers covers); exact components' bound
// is their optimum.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace cover {

struct Arc {
  uint32_t covered = 0, coverer = 0;
  friend bool operator==(const Arc&, const Arc&) = default;
  friend auto operator<=>(const Arc&, const Arc&) = default;
};

struct SolveOptions {
  int threads = 1;
  // Branch-and-bound nodes per component before falling back to greedy.
  uint64_t budget = 1'000'000;
  bool exact = true;  // false: greedy only (the bench's baseline)
  // Components of up to this many vertices (at most 64) are solved over
  // bitmasks; larger ones by greedy over the graph. Both greedy versions
  // give the same cover (the tests compare them with 0 here).
  uint32_t exact_limit = 64;
};

struct CoverStats {
  uint64_t components = 0;   // weakly connected, including single vertices
  uint64_t largest = 0;      // vertices of the largest component
  uint64_t exact = 0;        // components solved to proven optimum (by the search,
                             // or greedy's size equals the lower bound)
  uint64_t heuristic = 0;    // components left to greedy (too large or budget)
  uint64_t kept = 0;         // |K|
  uint64_t lower_bound = 0;  // sum over components (exact ones: their optimum)
  uint64_t greedy = 0;       // what plain greedy keeps (the search's first incumbent)
  uint64_t nodes = 0;        // branch-and-bound nodes, all components
};

struct Cover {
  std::vector<bool> keep;  // per vertex
  CoverStats stats;
};

// The cover of n vertices under arcs (any order; repeats and self-arcs are
// ignored). The same answer for any options.threads. Time about
// O(arcs log n) outside the searches, which options.budget bounds; memory
// O(n + arcs).
// REQUIRES: every arc's ends < n (else std::out_of_range).
Cover SolveCover(uint32_t n, std::span<const Arc> arcs, const SolveOptions& options = {});

}  // namespace cover
