// cover::SolveCover: hand-made graphs with known minimum covers, random
// graphs against an independent brute force, greedy as the baseline,
// determinism across threads and the work budget.
#include <bit>
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "cover/solve.h"

namespace {

using cover::Arc;

// splitmix64: the same numbers on every platform (std:: distributions are
// not).
struct Random {
  uint64_t state;
  uint64_t Next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
    z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
    return z ^ (z >> 31);
  }
  uint32_t Below(uint64_t bound) { return static_cast<uint32_t>(Next() % bound); }
};

std::vector<Arc> RandomArcs(uint32_t n, uint64_t count, Random& random) {
  std::vector<Arc> arcs;
  for (uint64_t i = 0; i < count; ++i) arcs.push_back({random.Below(n), random.Below(n)});
  return arcs;
}

bool IsCover(uint32_t n, const std::vector<Arc>& arcs, const std::vector<bool>& keep) {
  std::vector<bool> covered(keep);
  for (const Arc& arc : arcs) {
    if (keep[arc.coverer]) covered[arc.covered] = true;
  }
  for (uint32_t v = 0; v < n; ++v) {
    if (!covered[v]) return false;
  }
  return true;
}

uint64_t Kept(const std::vector<bool>& keep) {
  uint64_t count = 0;
  for (bool k : keep) count += k;
  return count;
}

// The minimum cover's size by trying every subset, smallest first.
// REQUIRES: n < 64 (and a small n or a small minimum).
int BruteForceMinimum(uint32_t n, const std::vector<Arc>& arcs) {
  std::vector<uint64_t> covered_by(n);
  for (uint32_t v = 0; v < n; ++v) covered_by[v] = uint64_t{1} << v;
  for (const Arc& arc : arcs) covered_by[arc.covered] |= uint64_t{1} << arc.coverer;
  for (uint32_t size = 1; size <= n; ++size) {
    // Every n-bit mask with `size` bits, by Gosper's hack.
    for (uint64_t s = (uint64_t{1} << size) - 1; s < (uint64_t{1} << n);) {
      bool ok = true;
      for (uint32_t v = 0; v < n && ok; ++v) ok = (covered_by[v] & s) != 0;
      if (ok) return static_cast<int>(size);
      const uint64_t c = s & -s, r = s + c;
      s = (((r ^ s) >> 2) / c) | r;
    }
  }
  return 0;
}

cover::SolveOptions Greedy() {
  cover::SolveOptions options;
  options.exact = false;
  return options;
}

// Greedy is wrong here: vertices 0 and 1 (the rows R1, R2) each cover a
// row of 2^k - 1 elements; the "sets" S1..Sk cover 2^(k-i) elements of each
// row, each other S after it, and both rows' vertices. Greedy takes S1
// first (the most new vertices), then S2 .. Sk for the elements left, and
// each S then covers elements no other kept vertex covers: k kept. The
// optimum is {R1, R2} (R1 covers the odd S, R2 the even ones).
std::vector<Arc> GreedyTrap(int k, uint32_t& n) {
  const uint32_t row = (1u << k) - 1, first_set = 2, first_element = 2 + k;
  n = first_element + 2 * row;
  std::vector<Arc> arcs;
  for (uint32_t r = 0; r < 2; ++r) {
    uint32_t element = first_element + r * row;
    for (int i = 1; i <= k; ++i) {
      const uint32_t set = first_set + i - 1;
      for (uint32_t j = 0; j < (1u << (k - i)); ++j, ++element) {
        arcs.push_back({element, r});
        arcs.push_back({element, set});
      }
    }
  }
  for (int i = 1; i <= k; ++i) {
    const uint32_t set = first_set + i - 1;
    arcs.push_back({0, set});
    arcs.push_back({1, set});
    arcs.push_back({set, static_cast<uint32_t>(i % 2 == 1 ? 0 : 1)});
    for (int j = i + 1; j <= k; ++j) arcs.push_back({first_set + j - 1, set});
  }
  return arcs;
}

}  // namespace

TEST_CASE("cover: a star keeps its centre", "[cover_solve]") {
  std::vector<Arc> arcs;
  for (uint32_t leaf = 1; leaf < 10; ++leaf) arcs.push_back({leaf, 0});
  const cover::Cover cover = cover::SolveCover(10, arcs);
  CHECK(Kept(cover.keep) == 1);
  CHECK(cover.keep[0]);
  CHECK(cover.stats.components == 1);
  CHECK(cover.stats.exact == 1);
  CHECK(cover.stats.lower_bound == 1);

  SECTION("reversed, every leaf stays") {
    for (Arc& arc : arcs) std::swap(arc.covered, arc.coverer);
    const cover::Cover reversed = cover::SolveCover(10, arcs);
    CHECK(Kept(reversed.keep) == 9);
    CHECK_FALSE(reversed.keep[0]);
  }
}

TEST_CASE("cover: chains", "[cover_solve]") {
  for (uint32_t n : {2u, 3u, 7u, 8u, 40u, 64u, 65u, 301u}) {
    CAPTURE(n);
    std::vector<Arc> one_way, both_ways;
    for (uint32_t v = 0; v + 1 < n; ++v) {
      one_way.push_back({v, v + 1});
      both_ways.push_back({v, v + 1});
      both_ways.push_back({v + 1, v});
    }
    // v covered by itself or v + 1: ceil(n / 2). A path both ways: a
    // dominating set of a path, ceil(n / 3).
    const cover::Cover directed = cover::SolveCover(n, one_way);
    CHECK(IsCover(n, one_way, directed.keep));
    CHECK(Kept(directed.keep) == (n + 1) / 2);
    const cover::Cover path = cover::SolveCover(n, both_ways);
    CHECK(IsCover(n, both_ways, path.keep));
    CHECK(Kept(path.keep) == (n + 2) / 3);
    CHECK(path.stats.components == 1);
    CHECK(path.stats.largest == n);
  }
}

TEST_CASE("cover: mutual pairs keep one each, the smaller", "[cover_solve]") {
  std::vector<Arc> arcs;
  for (uint32_t v = 0; v < 20; v += 2) {
    arcs.push_back({v, v + 1});
    arcs.push_back({v + 1, v});
  }
  const cover::Cover cover = cover::SolveCover(20, arcs);
  for (uint32_t v = 0; v < 20; ++v) CHECK(cover.keep[v] == (v % 2 == 0));
  CHECK(cover.stats.components == 10);
  CHECK(cover.stats.exact == 10);
  CHECK(cover.stats.kept == 10);
}

TEST_CASE("cover: self-arcs and repeated arcs change nothing", "[cover_solve]") {
  Random random{7};
  const std::vector<Arc> arcs = RandomArcs(30, 40, random);
  std::vector<Arc> noisy = arcs;
  for (const Arc& arc : arcs) noisy.push_back(arc);
  for (uint32_t v = 0; v < 30; v += 3) noisy.push_back({v, v});
  std::reverse(noisy.begin(), noisy.end());
  const cover::Cover clean = cover::SolveCover(30, arcs), messy = cover::SolveCover(30, noisy);
  CHECK(clean.keep == messy.keep);
  CHECK(clean.stats.components == messy.stats.components);

  const std::vector<Arc> only_self{{0, 0}, {1, 1}, {1, 1}};
  const cover::Cover alone = cover::SolveCover(3, only_self);
  CHECK(alone.keep == std::vector<bool>{true, true, true});
  CHECK(alone.stats.components == 3);
  CHECK(cover::SolveCover(0, {}).stats.components == 0);
}

TEST_CASE("cover: where greedy is wrong", "[cover_solve]") {
  for (int k : {3, 4}) {
    CAPTURE(k);
    uint32_t n = 0;
    const std::vector<Arc> arcs = GreedyTrap(k, n);
    const cover::Cover greedy = cover::SolveCover(n, arcs, Greedy());
    CHECK(IsCover(n, arcs, greedy.keep));
    CHECK(Kept(greedy.keep) == static_cast<uint64_t>(k));
    CHECK(greedy.stats.heuristic == 1);
    const cover::Cover best = cover::SolveCover(n, arcs);
    CHECK(IsCover(n, arcs, best.keep));
    CHECK(Kept(best.keep) == 2);
    CHECK(best.keep[0]);
    CHECK(best.keep[1]);
    CHECK(best.stats.exact == 1);
    CHECK(best.stats.greedy == static_cast<uint64_t>(k));
    CHECK(BruteForceMinimum(n, arcs) == 2);
  }
}

TEST_CASE("cover: random graphs up to 24 vertices equal a brute force", "[cover_solve]") {
  int greedy_worse = 0;
  for (uint64_t seed = 0; seed < 400; ++seed) {
    Random random{seed};
    const uint32_t n = 2 + random.Below(23);
    const std::vector<Arc> arcs = RandomArcs(n, random.Below(3 * n + 1), random);
    CAPTURE(seed, n, arcs.size());
    const cover::Cover cover = cover::SolveCover(n, arcs);
    const cover::Cover greedy = cover::SolveCover(n, arcs, Greedy());
    REQUIRE(IsCover(n, arcs, cover.keep));
    REQUIRE(IsCover(n, arcs, greedy.keep));
    const int minimum = BruteForceMinimum(n, arcs);
    CHECK(Kept(cover.keep) == static_cast<uint64_t>(minimum));
    CHECK(cover.stats.kept == static_cast<uint64_t>(minimum));
    CHECK(cover.stats.lower_bound == cover.stats.kept);
    CHECK(cover.stats.exact == cover.stats.components);
    CHECK(cover.stats.greedy == greedy.stats.kept);
    CHECK(greedy.stats.lower_bound <= static_cast<uint64_t>(minimum));
    CHECK(Kept(cover.keep) <= Kept(greedy.keep));
    greedy_worse += Kept(greedy.keep) > Kept(cover.keep);
  }
  // The graphs include ones where greedy is not optimal.
  CHECK(greedy_worse > 0);
}

TEST_CASE("cover: both greedy versions agree and the search never loses", "[cover_solve]") {
  for (uint64_t seed = 0; seed < 200; ++seed) {
    Random random{seed + 1000};
    const uint32_t n = 25 + random.Below(40);
    const std::vector<Arc> arcs = RandomArcs(n, random.Below(4 * n + 1), random);
    CAPTURE(seed, n, arcs.size());
    cover::SolveOptions over_rows = Greedy();
    over_rows.exact_limit = 0;
    const cover::Cover masks = cover::SolveCover(n, arcs, Greedy());
    const cover::Cover rows = cover::SolveCover(n, arcs, over_rows);
    CHECK(masks.keep == rows.keep);
    CHECK(masks.stats.lower_bound == rows.stats.lower_bound);
    const cover::Cover exact = cover::SolveCover(n, arcs);
    REQUIRE(IsCover(n, arcs, exact.keep));
    CHECK(Kept(exact.keep) <= Kept(masks.keep));
    CHECK(exact.stats.exact == exact.stats.components);
    CHECK(exact.stats.lower_bound == exact.stats.kept);
    CHECK(rows.stats.lower_bound <= exact.stats.kept);
  }
}

TEST_CASE("cover: the same answer for 1, 2 and 4 threads", "[cover_solve]") {
  // 200,000 vertices: pairs and small clusters, mid-sized components that
  // need the search, and one of 20,000 vertices left to greedy.
  Random random{42};
  const uint32_t n = 200'000;
  std::vector<Arc> arcs;
  for (uint32_t base = 0; base < 120'000;) {
    const uint32_t size = 2 + random.Below(random.Below(4) == 0 ? 60 : 6);
    for (uint32_t i = 0; i < 2 * size; ++i) {
      arcs.push_back({base + random.Below(size), base + random.Below(size)});
    }
    base += size;
  }
  for (uint32_t i = 0; i < 60'000; ++i) {
    arcs.push_back({130'000 + random.Below(20'000), 130'000 + random.Below(20'000)});
  }
  cover::SolveOptions options;
  options.threads = 1;
  const cover::Cover one = cover::SolveCover(n, arcs, options);
  CHECK(IsCover(n, arcs, one.keep));
  CHECK(one.stats.heuristic >= 1);
  CHECK(one.stats.largest >= 19'000);
  CHECK(one.stats.kept <= one.stats.greedy);
  CHECK(one.stats.lower_bound <= one.stats.kept);
  for (int threads : {2, 4}) {
    options.threads = threads;
    const cover::Cover other = cover::SolveCover(n, arcs, options);
    CHECK(other.keep == one.keep);
    CHECK(other.stats.components == one.stats.components);
    CHECK(other.stats.exact == one.stats.exact);
    CHECK(other.stats.kept == one.stats.kept);
    CHECK(other.stats.lower_bound == one.stats.lower_bound);
    CHECK(other.stats.nodes == one.stats.nodes);
  }
}

TEST_CASE("cover: a budget run out keeps the best found, counted heuristic", "[cover_solve]") {
  // The first of some random 64-vertex graphs where the search beats greedy.
  std::vector<Arc> arcs;
  cover::Cover full;
  for (uint64_t seed = 0; seed < 100 && full.stats.kept == full.stats.greedy; ++seed) {
    Random random{seed};
    arcs = RandomArcs(64, 100, random);
    for (uint32_t v = 0; v + 1 < 64; ++v) arcs.push_back({v, v + 1});
    full = cover::SolveCover(64, arcs);
  }
  REQUIRE(full.stats.kept < full.stats.greedy);
  REQUIRE(full.stats.components == 1);
  REQUIRE(full.stats.exact == 1);
  REQUIRE(full.stats.nodes > 2);
  cover::SolveOptions options;
  options.budget = 1;
  const cover::Cover cut = cover::SolveCover(64, arcs, options);
  CHECK(IsCover(64, arcs, cut.keep));
  CHECK(cut.stats.heuristic == 1);
  CHECK(cut.stats.exact == 0);
  CHECK(cut.stats.kept == cut.stats.greedy);
  CHECK(cut.stats.kept > full.stats.kept);
  CHECK(cut.stats.lower_bound < cut.stats.kept);
  CHECK(cut.stats.lower_bound <= full.stats.kept);
}
