// cover_allpairs: the brute-force reference of bench/cover_bench.sh for
// warccover's graph: every ordered pair of records of the signature files
// evaluated against the expression, no blocking and no join, compared
// with cover::BuildGraph's edges.
//
//   cover_allpairs EXPR THREADS SIGFILE...
//
// Prints "records N pairs P brute-force-edges E graph-edges G equal yes|no"
// and the seconds each took; exit 1 when the edges differ. Not a tool: no
// error handling beyond a message.
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
    std::fprintf(stderr, "usage: cover_allpairs EXPR THREADS SIGFILE...\n");
    return 2;
  }
  auto expr = cover::Expr::Parse(argv[1]);
  if (!expr.ok()) {
    std::fprintf(stderr, "%s\n", expr.status().message().c_str());
    return 2;
  }
  const int threads = std::stoi(argv[2]);
  const neardup::SigCorpus c =
      neardup::LoadSigCorpus({argv + 3, argv + argc},
                             [](const std::string& m) { std::fprintf(stderr, "%s\n", m.c_str()); });
  std::vector<cover::Attrs> attrs;
  for (const auto& ref : c.refs)
    attrs.push_back(cover::AttrsOf(c.files[ref.file]->record(ref.index)));
  const uint32_t n = static_cast<uint32_t>(c.docs.size());

  auto t0 = std::chrono::steady_clock::now();
  std::vector<std::vector<cover::Arc>> found(threads);
  neardup::ParallelFor(n, threads, [&](size_t a, int worker) {
    for (uint32_t b = 0; b < n; ++b) {
      if (b == a) continue;
      const cover::Overlap o = cover::OverlapOf(c.docs[a], c.docs[b], true);
      if (expr->Holds(attrs[a], attrs[b], cover::MeasuresOf(o))) {
        found[worker].push_back({static_cast<uint32_t>(a), b});
      }
    }
  });
  std::vector<cover::Arc> brute;
  for (const auto& f : found) brute.insert(brute.end(), f.begin(), f.end());
  std::sort(brute.begin(), brute.end());
  const double brute_secs = Since(t0);

  t0 = std::chrono::steady_clock::now();
  cover::GraphOptions options;
  options.threads = threads;
  auto graph = cover::BuildGraph(c, attrs, *expr, options);
  const double graph_secs = Since(t0);
  if (!graph.ok()) {
    std::fprintf(stderr, "%s\n", graph.status().message().c_str());
    return 1;
  }
  const bool equal = graph->arcs == brute;
  std::printf(
      "records %u pairs %llu brute-force-edges %zu graph-edges %zu equal %s "
      "brute-seconds %.2f graph-seconds %.2f candidates %llu\n",
      n, static_cast<unsigned long long>(n) * (n - 1), brute.size(), graph->arcs.size(),
      equal ? "yes" : "no", brute_secs, graph_secs,
      static_cast<unsigned long long>(graph->stats.candidates));
  return equal ? 0 : 1;
}
