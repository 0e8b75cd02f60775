// Greedy cover and the packing bound of a component of any size, over the
// graph's rows: O(arcs log vertices) time, O(vertices) memory beside the
// graph. The same rules as GreedyMask, so both give the same cover.
#include <algorithm>
#include <cmath>
#include <queue>

#include "solve_internal.h"

namespace cover::internal {
namespace {

// Heap keys: larger gain first, then the smaller local index.
uint64_t Key(uint32_t gain, uint32_t index) {
  return (uint64_t{gain} << 32) | (UINT32_MAX - index);
}
uint32_t IndexOf(uint64_t key) { return UINT32_MAX - static_cast<uint32_t>(key); }
uint32_t GainOf(uint64_t key) { return static_cast<uint32_t>(key >> 32); }

// Picks by marginal gain: the vertex that covers the most vertices not yet
// covered (itself included). Gains only fall, so a lazy heap does: a popped
// key whose gain is stale goes back with the current one.
std::vector<uint32_t> PickByGain(const Component& c) {
  const Graph& g = c.graph;
  const uint32_t size = static_cast<uint32_t>(c.vertices.size());
  std::vector<uint32_t> gain(size);
  std::vector<uint64_t> keys(size);
  for (uint32_t i = 0; i < size; ++i) {
    gain[i] = 1 + static_cast<uint32_t>(g.covers.Row(c.vertices[i]).size());
    keys[i] = Key(gain[i], i);
  }
  std::priority_queue<uint64_t> heap(std::less<uint64_t>(), std::move(keys));
  std::vector<uint8_t> covered(size, 0);
  uint32_t open = size;
  auto cover = [&](uint32_t w) {
    if (covered[w]) return;
    covered[w] = 1;
    --open;
    --gain[w];
    for (uint32_t u : g.coverers.Row(c.vertices[w])) --gain[c.local[u]];
  };
  std::vector<uint32_t> picks;
  while (open > 0) {
    const uint64_t top = heap.top();
    heap.pop();
    const uint32_t i = IndexOf(top);
    if (GainOf(top) != gain[i]) {
      if (gain[i] > 0) heap.push(Key(gain[i], i));
      continue;
    }
    picks.push_back(i);
    cover(i);
    for (uint32_t w : g.covers.Row(c.vertices[i])) cover(c.local[w]);
  }
  return picks;
}

}  // namespace

std::vector<uint32_t> GreedyCover(const Component& c) {
  const Graph& g = c.graph;
  std::vector<uint32_t> picks = PickByGain(c);
  // times_covered[w]: kept vertices that cover w. A pick all of whose
  // vertices are covered twice is not needed; latest pick first. Counts
  // only fall, so one pass leaves no pick that could still go.
  std::vector<uint32_t> times_covered(c.vertices.size(), 0);
  for (uint32_t u : picks) {
    ++times_covered[u];
    for (uint32_t w : g.covers.Row(c.vertices[u])) ++times_covered[c.local[w]];
  }
  const auto needed = [&](uint32_t u) {
    const auto row = g.covers.Row(c.vertices[u]);
    if (times_covered[u] < 2 || std::any_of(row.begin(), row.end(), [&](auto w) {
          return times_covered[c.local[w]] < 2;
        })) {
      return true;
    }
    --times_covered[u];
    for (uint32_t w : row) --times_covered[c.local[w]];
    return false;
  };
  std::vector<uint32_t> kept;
  for (auto it = picks.rbegin(); it != picks.rend(); ++it) {
    if (needed(*it)) kept.push_back(c.vertices[*it]);
  }
  std::sort(kept.begin(), kept.end());
  return kept;
}

uint64_t LowerBound(const Component& c) {
  const Graph& g = c.graph;
  const uint32_t size = static_cast<uint32_t>(c.vertices.size());
  std::vector<uint64_t> order(size);  // (candidates, local index)
  for (uint32_t i = 0; i < size; ++i) {
    order[i] = ((1 + g.coverers.Row(c.vertices[i]).size()) << 32) | i;
  }
  std::sort(order.begin(), order.end());
  std::vector<uint8_t> used(size, 0);
  uint64_t packing = 0;
  for (uint64_t key : order) {
    const uint32_t v = static_cast<uint32_t>(key);
    const auto row = g.coverers.Row(c.vertices[v]);
    if (used[v] || std::any_of(row.begin(), row.end(), [&](auto u) { return used[c.local[u]]; })) {
      continue;
    }
    used[v] = 1;
    for (uint32_t u : row) used[c.local[u]] = 1;
    ++packing;
  }
  double weight = 0;
  for (uint32_t v : c.vertices) {
    size_t widest = 1 + g.covers.Row(v).size();
    for (uint32_t u : g.coverers.Row(v)) widest = std::max(widest, 1 + g.covers.Row(u).size());
    weight += 1.0 / static_cast<double>(widest);
  }
  return std::max(packing, static_cast<uint64_t>(std::ceil(weight - 1e-9)));
}

}  // namespace cover::internal
