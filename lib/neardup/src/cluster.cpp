#include "neardup/cluster.h"

namespace neardup {

namespace {

// For each document, the earlier documents it is paired with (compressed
// rows: document b's are earlier[starts[b], starts[b + 1])).
struct EarlierNeighbours {
  std::vector<size_t> starts;
  std::vector<uint32_t> earlier;
};

EarlierNeighbours Neighbours(size_t n, std::span<const Pair> pairs) {
  EarlierNeighbours g;
  g.starts.assign(n + 1, 0);
  for (const Pair& p : pairs) ++g.starts[p.b + 1];
  for (size_t i = 0; i < n; ++i) g.starts[i + 1] += g.starts[i];
  g.earlier.resize(g.starts[n]);
  std::vector<size_t> fill(g.starts.begin(), g.starts.end() - 1);
  for (const Pair& p : pairs) g.earlier[fill[p.b]++] = p.a;
  return g;
}

}  // namespace

Clusters ClusterInCaptureOrder(const IdenticalSets& identical, std::span<const Pair> pairs) {
  const size_t n = identical.first.size();
  const EarlierNeighbours g = Neighbours(n, pairs);
  Clusters c;
  c.representative.resize(n);
  c.id.resize(n);
  for (uint32_t d = 0; d < n; ++d) {
    uint32_t rep = d;
    if (identical.first[d] != d) {
      rep = c.representative[identical.first[d]];
    } else {
      for (size_t k = g.starts[d]; k < g.starts[d + 1]; ++k) {
        const uint32_t e = g.earlier[k];
        if (c.representative[e] == e && e < rep) rep = e;
      }
    }
    c.representative[d] = rep;
    c.id[d] = rep == d ? c.count++ : c.id[rep];
  }
  return c;
}

}  // namespace neardup
