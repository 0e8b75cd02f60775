// The minimum cover of a component of up to 64 vertices: a hitting set
// problem (every vertex v needs a kept vertex in covered_by[v]) solved by
// branch and bound over bitmasks, with the reduction rules of hitting-set
// solvers applied at every node.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

#include "solve_internal.h"

namespace cover::internal {
namespace {

uint64_t Bit(int i) { return uint64_t{1} << i; }
// std::popcount is a library call unless the target has popcnt: the
// search counts bits at every step, so count them inline.
int Count(uint64_t x) {
  x -= (x >> 1) & 0x5555555555555555;
  x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0f;
  return static_cast<int>((x * 0x0101010101010101) >> 56);
}
int Lowest(uint64_t mask) { return std::countr_zero(mask); }

// The union (or intersection) of any subset of 64 sets in 8 lookups: one
// table per 8 sets holds the result for each of their 256 subsets.
class SubsetTable {
 public:
  SubsetTable(const uint64_t* sets, int size, bool intersect) : intersect_(intersect) {
    const uint64_t identity = intersect ? ~uint64_t{0} : 0;
    chunks_ = (size + 7) / 8;
    for (int c = 0; c < chunks_; ++c) {
      const int bits = std::min(8, size - 8 * c);
      table_[c][0] = identity;
      for (int b = 1; b < (1 << bits); ++b) {
        const uint64_t rest = table_[c][b & (b - 1)], set = sets[8 * c + Lowest(b)];
        table_[c][b] = intersect ? rest & set : rest | set;
      }
    }
  }
  // REQUIRES: `mask` within the first `size` sets.
  uint64_t Of(uint64_t mask) const {
    uint64_t result = intersect_ ? ~uint64_t{0} : 0;
    for (int c = 0; c < chunks_; ++c) {
      const uint64_t entry = table_[c][(mask >> (8 * c)) & 255];
      result = intersect_ ? result & entry : result | entry;
    }
    return result;
  }

 private:
  bool intersect_;
  int chunks_;
  uint64_t table_[8][256];
};

// A partial solution: `kept` chosen, `open` the vertices whose cover is still
// to be found, `allowed` the candidates neither chosen nor ruled out.
struct Node {
  uint64_t kept = 0, open = 0, allowed = 0;
};

// Picks still needed: the larger of a packing of open vertices with
// pairwise disjoint candidate sets (fewest candidates first) and a
// fractional bound.
int LowerBound(const MaskProblem& p, const Node& node) {
  std::array<uint64_t, 65> by_count{};  // open vertices by candidates
  for (uint64_t m = node.open; m; m &= m - 1) {
    by_count[Count(p.covered_by[Lowest(m)] & node.allowed)] |= Bit(Lowest(m));
  }
  uint64_t used = 0;
  int packing = 0;
  for (int count = 1; count <= 64; ++count) {
    for (uint64_t m = by_count[count]; m; m &= m - 1) {
      const uint64_t candidates = p.covered_by[Lowest(m)] & node.allowed;
      if (candidates & used) continue;
      used |= candidates;
      ++packing;
    }
  }
  // Each open v weighs 1 / the most open vertices one of its candidates
  // covers; a candidate then covers a weight of at most 1.
  std::array<int, 64> reach;
  for (uint64_t m = node.allowed; m; m &= m - 1) {
    reach[Lowest(m)] = Count(p.covers[Lowest(m)] & node.open);
  }
  double weight = 0;
  for (uint64_t m = node.open; m; m &= m - 1) {
    int widest = 1;
    for (uint64_t c = p.covered_by[Lowest(m)] & node.allowed; c; c &= c - 1) {
      widest = std::max(widest, reach[Lowest(c)]);
    }
    weight += 1.0 / widest;
  }
  return std::max(packing, static_cast<int>(std::ceil(weight - 1e-9)));
}

class BranchAndBound {
 public:
  BranchAndBound(const MaskProblem& problem, uint64_t incumbent, uint64_t budget)
      : p_(problem),
        covers_of_(problem.covers, problem.size, false),
        coverers_of_(problem.covered_by, problem.size, true),
        best_(incumbent),
        best_size_(Count(incumbent)),
        budget_(budget) {}

  ExactResult Run() {
    const uint64_t all = p_.size == 64 ? ~uint64_t{0} : Bit(p_.size) - 1;
    Node root{0, all, all};
    ExactResult result;
    // The root always reduces (every vertex may cover itself).
    Reduce(root);
    result.lower_bound = std::min(best_size_, Count(root.kept) + LowerBound(p_, root));
    Search(root, /*reduced=*/true);
    result.keep = best_;
    result.nodes = nodes_;
    result.optimal = !out_of_budget_;
    if (result.optimal) result.lower_bound = best_size_;
    return result;
  }

 private:
  void Choose(Node& node, int u) const {
    node.kept |= Bit(u);
    node.open &= ~p_.covers[u];
    node.allowed &= ~Bit(u);
  }

  // The reduction rules, until none applies; false if some open vertex has
  // no candidate left.
  bool Reduce(Node& node) const {
    for (bool changed = true; changed;) {
      changed = false;
      if (!Force(node, changed)) return false;
      if (changed) continue;
      changed = DropImpliedConstraints(node);
      changed = DropDominatedCandidates(node) || changed;
    }
    return true;
  }

  // A vertex with one candidate left forces it.
  bool Force(Node& node, bool& changed) const {
    for (uint64_t m = node.open; m; m &= m - 1) {
      const int v = Lowest(m);
      if (!(node.open & Bit(v))) continue;
      const uint64_t candidates = p_.covered_by[v] & node.allowed;
      if (candidates == 0) return false;
      if (Count(candidates) == 1) {
        Choose(node, Lowest(candidates));
        changed = true;
      }
    }
    return true;
  }

  // v need not be tracked when another open w's candidates are among v's:
  // covering w covers v. Of equal sets the smallest index stays. Such w
  // are the open vertices no candidate outside v's set covers.
  bool DropImpliedConstraints(Node& node) const {
    bool changed = false;
    for (uint64_t m = node.open; m; m &= m - 1) {
      const int v = Lowest(m);
      const uint64_t cv = p_.covered_by[v] & node.allowed;
      const uint64_t within = node.open & ~Bit(v) & ~covers_of_.Of(node.allowed & ~cv);
      bool implied = (within & (Bit(v) - 1)) != 0;
      for (uint64_t w = within; w && !implied; w &= w - 1) {
        implied = Count(p_.covered_by[Lowest(w)] & node.allowed) < Count(cv);
      }
      if (implied) {
        node.open &= ~Bit(v);
        changed = true;
      }
    }
    return changed;
  }

  // A candidate u is ruled out when it covers no open vertex, or when
  // another candidate covers every open vertex u covers (those are in every
  // such vertex's candidate set). Of equal sets the smallest index stays.
  bool DropDominatedCandidates(Node& node) const {
    bool changed = false;
    for (uint64_t m = node.allowed; m; m &= m - 1) {
      const int u = Lowest(m);
      const uint64_t su = p_.covers[u] & node.open;
      bool dominated = su == 0;
      if (!dominated) {
        const uint64_t wider = coverers_of_.Of(su) & node.allowed & ~Bit(u);
        dominated = (wider & (Bit(u) - 1)) != 0;
        for (uint64_t x = wider; x && !dominated; x &= x - 1) {
          dominated = Count(p_.covers[Lowest(x)] & node.open) > Count(su);
        }
      }
      if (dominated) {
        node.allowed &= ~Bit(u);
        changed = true;
      }
    }
    return changed;
  }

  void Search(Node node, bool reduced) {
    if (out_of_budget_) return;
    if (++nodes_ > budget_) {
      out_of_budget_ = true;
      return;
    }
    if (!reduced && !Reduce(node)) return;
    const int size = Count(node.kept);
    if (node.open == 0) {
      if (size < best_size_) best_ = node.kept, best_size_ = size;
      return;
    }
    if (size + LowerBound(p_, node) >= best_size_) return;
    // Branch on the open vertex with the fewest candidates, trying its
    // candidates by how many open vertices they cover; each branch rules
    // out the candidates tried before it.
    int branch_vertex = -1, fewest = 65;
    for (uint64_t m = node.open; m; m &= m - 1) {
      const int c = Count(p_.covered_by[Lowest(m)] & node.allowed);
      if (c < fewest) fewest = c, branch_vertex = Lowest(m);
    }
    std::array<std::pair<int, int>, 64> order;  // (-gain, candidate)
    int n = 0;
    for (uint64_t m = p_.covered_by[branch_vertex] & node.allowed; m; m &= m - 1) {
      order[n++] = {-Count(p_.covers[Lowest(m)] & node.open), Lowest(m)};
    }
    std::sort(order.begin(), order.begin() + n);
    for (int i = 0; i < n && !out_of_budget_; ++i) {
      Node child = node;
      Choose(child, order[i].second);
      Search(child, /*reduced=*/false);
      node.allowed &= ~Bit(order[i].second);
    }
  }

  const MaskProblem& p_;
  const SubsetTable covers_of_;    // union of covers[] over candidates
  const SubsetTable coverers_of_;  // intersection of covered_by[] over vertices
  uint64_t best_;
  int best_size_;
  const uint64_t budget_;
  uint64_t nodes_ = 0;
  bool out_of_budget_ = false;
};

}  // namespace

MaskProblem BuildMaskProblem(const Component& component) {
  MaskProblem problem;
  problem.size = static_cast<int>(component.vertices.size());
  for (int i = 0; i < problem.size; ++i) {
    const uint32_t v = component.vertices[i];
    problem.covered_by[i] |= Bit(i);
    problem.covers[i] |= Bit(i);
    for (uint32_t u : component.graph.coverers.Row(v)) {
      const int j = static_cast<int>(component.local[u]);
      problem.covered_by[i] |= Bit(j);
      problem.covers[j] |= Bit(i);
    }
  }
  return problem;
}

uint64_t GreedyMask(const MaskProblem& problem) {
  std::array<int, 64> picks;
  int n = 0;
  uint64_t kept = 0;
  uint64_t open = problem.size == 64 ? ~uint64_t{0} : Bit(problem.size) - 1;
  while (open) {
    int best = -1, best_gain = 0;
    for (int u = 0; u < problem.size; ++u) {
      const int gain = Count(problem.covers[u] & open);
      if (gain > best_gain) best = u, best_gain = gain;
    }
    kept |= Bit(best);
    picks[n++] = best;
    open &= ~problem.covers[best];
  }
  for (int i = n - 1; i >= 0; --i) {
    uint64_t by_others = 0;
    for (uint64_t m = kept & ~Bit(picks[i]); m; m &= m - 1) by_others |= problem.covers[Lowest(m)];
    if ((problem.covers[picks[i]] & ~by_others) == 0) kept &= ~Bit(picks[i]);
  }
  return kept;
}

int LowerBoundMask(const MaskProblem& problem) {
  const uint64_t all = problem.size == 64 ? ~uint64_t{0} : Bit(problem.size) - 1;
  return LowerBound(problem, Node{0, all, all});
}

ExactResult SolveMask(const MaskProblem& problem, uint64_t incumbent, uint64_t budget) {
  return BranchAndBound(problem, incumbent, budget).Run();
}

}  // namespace cover::internal
