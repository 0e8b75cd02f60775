// cover_solve_probe: cover::SolveCover on a graph read from stdin, for the
// tests (tests/cli/cover_solve_ilp.sh) and for timing. Input: the number of
// vertices, then one arc per line, "COVERED COVERER". Output: the kept
// vertices, one per line; the statistics and the solve time on stderr.
//   cover_solve_probe [--greedy] [--threads N] [--budget N] [--exact-limit N]
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "cover/solve.h"

namespace {

int Usage() {
  std::cerr << "usage: cover_solve_probe [--greedy] [--threads N] [--budget N] [--exact-limit N]"
               " < GRAPH\n";
  return 2;
}

// An option's value: a number below 2^31, or 0 for anything else.
uint64_t Number(const char* text) {
  uint64_t value = 0;
  const auto [end, error] = std::from_chars(text, text + std::strlen(text), value);
  return error == std::errc() && *end == '\0' && value < (uint64_t{1} << 31) ? value : 0;
}

// The next unsigned number of `text` from `pos`, skipping blanks; false at
// the end of the text or on anything else.
bool NextNumber(const std::string& text, size_t& pos, uint64_t& value) {
  while (pos < text.size() && std::strchr(" \t\r\n", text[pos]) != nullptr) ++pos;
  if (pos == text.size()) return false;
  const auto [end, error] = std::from_chars(text.data() + pos, text.data() + text.size(), value);
  if (error != std::errc()) return false;
  pos = static_cast<size_t>(end - text.data());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  cover::SolveOptions options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--greedy") {
      options.exact = false;
    } else if (i + 1 < argc && arg == "--threads") {
      options.threads = static_cast<int>(Number(argv[++i]));
    } else if (i + 1 < argc && arg == "--budget") {
      options.budget = Number(argv[++i]);
    } else if (i + 1 < argc && arg == "--exact-limit") {
      options.exact_limit = static_cast<uint32_t>(Number(argv[++i]));
    } else {
      return Usage();
    }
  }
  std::string text;
  char buffer[1 << 16];
  for (size_t got; (got = std::fread(buffer, 1, sizeof buffer, stdin)) > 0;)
    text.append(buffer, got);
  size_t pos = 0;
  uint64_t n = 0;
  if (!NextNumber(text, pos, n) || n > UINT32_MAX) {
    std::cerr << "cover_solve_probe: standard input: expected the number of vertices\n";
    return 1;
  }
  std::vector<cover::Arc> arcs;
  for (uint64_t covered, coverer; NextNumber(text, pos, covered);) {
    if (!NextNumber(text, pos, coverer) || covered >= n || coverer >= n) {
      std::cerr << "cover_solve_probe: standard input: offset " << pos
                << ": expected two vertex numbers below " << n << "\n";
      return 1;
    }
    arcs.push_back({static_cast<uint32_t>(covered), static_cast<uint32_t>(coverer)});
  }
  if (pos < text.size()) {
    std::cerr << "cover_solve_probe: standard input: offset " << pos << ": expected a number\n";
    return 1;
  }
  const auto start = std::chrono::steady_clock::now();
  const cover::Cover result = cover::SolveCover(static_cast<uint32_t>(n), arcs, options);
  const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
  std::string out;
  for (uint32_t v = 0; v < n; ++v) {
    if (result.keep[v]) out.append(std::to_string(v)).push_back('\n');
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  const cover::CoverStats& s = result.stats;
  std::cerr << "vertices " << n << " arcs " << arcs.size() << " components " << s.components
            << " largest " << s.largest << " exact " << s.exact << " heuristic " << s.heuristic
            << " kept " << s.kept << " greedy " << s.greedy << " lower_bound " << s.lower_bound
            << " nodes " << s.nodes << " seconds " << seconds.count() << "\n";
  return 0;
}
