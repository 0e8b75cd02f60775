// cover_ceiling: the machine's ceiling for warccover's graph in
// bench/cover_bench.sh: the least work any exact join does, reading every
// shingle of every record once and sorting them all (grouping equal
// shingles), timed in the same run as warccover.
//
//   cover_ceiling SIGFILE...
//
// Prints "shingles N distinct D seconds S".
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "neardup/sig_corpus.h"

int main(int argc, char** argv) {
  const auto t0 = std::chrono::steady_clock::now();
  const neardup::SigCorpus c =
      neardup::LoadSigCorpus({argv + 1, argv + argc},
                             [](const std::string& m) { std::fprintf(stderr, "%s\n", m.c_str()); });
  std::vector<uint64_t> all;
  for (const auto& d : c.docs) all.insert(all.end(), d.shingles.begin(), d.shingles.end());
  std::sort(all.begin(), all.end());
  const size_t distinct = std::unique(all.begin(), all.end()) - all.begin();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("shingles %zu distinct %zu seconds %.2f\n", all.size(), distinct, secs);
  return 0;
}
