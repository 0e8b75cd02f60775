// cover_allpairs: the brute-force reference of bench/cover_bench.sh for
// warccover's graph: every pair of records of the signature files
// evaluated against each expression in both directions, no blocking and
// no join, compared with cover::BuildGraph's edges.
//
//   cover_allpairs THREADS SIGFILE EXPR...
//
// Prints per expression "records N pairs P brute-force-edges E
// graph-edges G equal yes|no graph-seconds S candidates C", then the
// brute force's seconds (all expressions in one pass: each pair's overlap
// is counted once); exit 1 when any differ. Not a tool: no error handling
// beyond a message.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "cover/graph.h"
#include "neardup/sig_corpus.h"

namespace {

double Since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: cover_allpairs THREADS SIGFILE EXPR...\n");
    return 2;
  }
  const int threads = std::stoi(argv[1]);
  std::vector<cover::Expr> exprs;
  for (int i = 3; i < argc; ++i) {
    auto expr = cover::Expr::Parse(argv[i]);
    if (!expr.ok()) {
      std::fprintf(stderr, "%s\n", expr.status().message().c_str());
      return 2;
    }
    exprs.push_back(std::move(*expr));
  }
  const neardup::SigCorpus c = neardup::LoadSigCorpus(
      {argv[2]}, [](const std::string& m) { std::fprintf(stderr, "%s\n", m.c_str()); });
  std::vector<cover::Attrs> attrs;
  for (const auto& ref : c.refs)
    attrs.push_back(cover::AttrsOf(c.files[ref.file]->record(ref.index)));
  const uint32_t n = static_cast<uint32_t>(c.docs.size());

  auto t0 = std::chrono::steady_clock::now();
  // found[worker][expression]
  std::vector<std::vector<std::vector<cover::Arc>>> found(
      threads, std::vector<std::vector<cover::Arc>>(exprs.size()));
  neardup::ParallelFor(n, threads, [&](size_t x, int worker) {
    const auto a = static_cast<uint32_t>(x);
    for (uint32_t b = a + 1; b < n; ++b) {
      const cover::Overlap ab = cover::OverlapOf(c.docs[a], c.docs[b], true);
      const cover::Overlap ba{ab.common, ab.size_b, ab.size_a};
      for (size_t e = 0; e < exprs.size(); ++e) {
        if (exprs[e].Holds(attrs[a], attrs[b], cover::MeasuresOf(ab)))
          found[worker][e].push_back({a, b});
        if (exprs[e].Holds(attrs[b], attrs[a], cover::MeasuresOf(ba)))
          found[worker][e].push_back({b, a});
      }
    }
  });
  const double brute_secs = Since(t0);
  bool all_equal = true;
  for (size_t e = 0; e < exprs.size(); ++e) {
    std::vector<cover::Arc> brute;
    for (const auto& f : found) brute.insert(brute.end(), f[e].begin(), f[e].end());
    std::sort(brute.begin(), brute.end());
    t0 = std::chrono::steady_clock::now();
    cover::GraphOptions options;
    options.threads = threads;
    auto graph = cover::BuildGraph(c, attrs, exprs[e], options);
    const double graph_secs = Since(t0);
    if (!graph.ok()) {
      std::fprintf(stderr, "%s\n", graph.status().message().c_str());
      return 1;
    }
    const bool equal = graph->arcs == brute;
    all_equal = all_equal && equal;
    std::printf(
        "%s: records %u pairs %llu brute-force-edges %zu graph-edges %zu equal %s "
        "graph-seconds %.2f candidates %llu\n",
        argv[3 + e], n, static_cast<unsigned long long>(n) * (n - 1), brute.size(),
        graph->arcs.size(), equal ? "yes" : "no", graph_secs,
        static_cast<unsigned long long>(graph->stats.candidates));
  }
  std::printf("brute force: %.2f s for every pair and every expression\n", brute_secs);
  return all_equal ? 0 : 1;
}
