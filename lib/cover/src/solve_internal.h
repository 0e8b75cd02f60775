// The pieces of SolveCover (solve.h): the graph in both directions, the
// exact solver over bitmasks (solve_exact.cpp) and greedy over the whole
// graph (solve_greedy.cpp). solve.cpp splits the graph into components and
// calls one or the other for each.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "cover/solve.h"

namespace cover::internal {

// Rows of vertex ids: Row(v) is sorted, without repeats or v itself.
struct Rows {
  std::vector<uint64_t> start;  // n + 1 offsets into `to`
  std::vector<uint32_t> to;
  std::span<const uint32_t> Row(uint32_t v) const {
    return {to.data() + start[v], to.data() + start[v + 1]};
  }
};

struct Graph {
  Rows coverers;  // v -> every u with an arc (v, u)
  Rows covers;    // u -> every v with an arc (v, u)
};

// One component: its vertices in increasing order, and for every vertex of
// the graph its index within its own component (the local index).
struct Component {
  const Graph& graph;
  std::span<const uint32_t> vertices;
  std::span<const uint32_t> local;  // indexed by global vertex id
};

// A component of at most 64 vertices over local indices: bit u of
// covered_by[v] says u may cover v; covers[] is its transpose. Both are
// reflexive.
struct MaskProblem {
  int size = 0;
  uint64_t covered_by[64] = {};
  uint64_t covers[64] = {};
};

MaskProblem BuildMaskProblem(const Component& component);

// Greedy by marginal gain (ties: the smallest index), then removal of
// picks that are not needed (latest pick first).
uint64_t GreedyMask(const MaskProblem& problem);

// A lower bound on any cover's size: the larger of two. A packing:
// vertices whose sets of possible coverers are pairwise disjoint (picked
// smallest set first, then by index) each need their own kept vertex. A
// fractional bound: each vertex v weighs 1 / the most vertices one of v's
// possible coverers covers, so that no kept vertex covers more than 1.
int LowerBoundMask(const MaskProblem& problem);

struct ExactResult {
  uint64_t keep = 0;
  bool optimal = false;  // false: the budget ran out first
  int lower_bound = 0;   // the optimum when optimal
  uint64_t nodes = 0;
};

// Branch and bound from the incumbent (a valid cover, e.g. GreedyMask's)
// for at most `budget` nodes.
ExactResult SolveMask(const MaskProblem& problem, uint64_t incumbent, uint64_t budget);

// The same greedy as GreedyMask over the component's rows: the kept
// vertices' global ids, in increasing order.
std::vector<uint32_t> GreedyCover(const Component& component);

// LowerBoundMask over the component's rows (the same sums in the same
// order, so the same bound).
uint64_t LowerBound(const Component& component);

}  // namespace cover::internal
