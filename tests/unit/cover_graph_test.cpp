// cover/graph.h: the coverage graph has exactly the arcs of a brute-force
// evaluation of the expression over every ordered pair, whatever makes the
// candidates (blocks, the exact join in large blocks, all pairs in small
// ones), for any thread count; coverers are kept and chosen by overlap.
#include <catch2/catch.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "cover/graph.h"

using cover::Arc;
using cover::Attrs;

namespace {

struct Fixture {
  std::vector<std::vector<uint64_t>> sets;
  std::vector<Attrs> attrs;
  neardup::SigCorpus corpus;
};

// Versions of texts over a small universe: each base set followed by a
// grown copy (base plus more), a cut copy, sometimes identical copies, and
// an edited copy, spread over
// a few hosts and dates, so that every measure's thresholds are met at
// every level, within and across hosts.
Fixture MakeFixture(uint64_t seed, size_t bases) {
  std::mt19937_64 rng(seed);
  Fixture f;
  auto add = [&](std::set<uint64_t> s) {
    f.sets.emplace_back(s.begin(), s.end());
    Attrs a;
    a.host.append("h").append(std::to_string(rng() % 3)).append(".example");
    a.date = static_cast<double>(1'250'000'000 + rng() % 1000);
    a.length = static_cast<double>(100 + rng() % 50);
    f.attrs.push_back(a);
  };
  for (size_t i = 0; i < bases; ++i) {
    std::set<uint64_t> base;
    const size_t n = rng() % 40;  // some empty sets too
    while (base.size() < n) base.insert(rng() % 300);
    add(base);
    std::set<uint64_t> grown = base;
    for (size_t k = 0; k < n / 2; ++k) grown.insert(rng() % 300);
    add(grown);
    std::set<uint64_t> cut(base.begin(), std::next(base.begin(), n * 3 / 4));
    add(cut);
    if (i % 5 == 0) add(base);  // an unchanged re-crawl: identical sets are folded
    if (i % 10 == 0) add(base);
    std::set<uint64_t> edited = base;
    if (!edited.empty()) edited.erase(edited.begin());
    edited.insert(rng() % 300);
    add(edited);
  }
  for (const auto& s : f.sets) f.corpus.docs.push_back({{}, s, 0});
  return f;
}

std::vector<Arc> BruteForce(const Fixture& f, const cover::Expr& expr) {
  std::vector<Arc> arcs;
  const uint32_t n = static_cast<uint32_t>(f.sets.size());
  for (uint32_t a = 0; a < n; ++a) {
    for (uint32_t b = 0; b < n; ++b) {
      if (a == b) continue;
      const cover::Overlap o = cover::OverlapOf(f.corpus.docs[a], f.corpus.docs[b], true);
      if (expr.Holds(f.attrs[a], f.attrs[b], cover::MeasuresOf(o))) arcs.push_back({a, b});
    }
  }
  return arcs;
}

const char* const kExpressions[] = {
    "containment >= 0.7 and a.date <= b.date",
    "containment >= 0.7 and a.date <= b.date and a.host = b.host",
    "jaccard >= 0.5",
    "dice > 0.6 and a.host = b.host",
    "containment >= 0.9 or (jaccard >= 0.95 and a.length < b.length)",
    "a.host = b.host and a.date < b.date",
};

}  // namespace

TEST_CASE("the graph's arcs are the brute force's, for every expression", "[cover_graph]") {
  for (uint64_t seed : {1, 2}) {
    // 120 bases: 480 records, blocks well over the join's small-block size.
    const Fixture f = MakeFixture(seed, 120);
    for (const char* text : kExpressions) {
      INFO(text);
      auto expr = cover::Expr::Parse(text);
      REQUIRE(expr.ok());
      const std::vector<Arc> expected = BruteForce(f, *expr);
      for (int threads : {1, 3}) {
        cover::GraphOptions options;
        options.threads = threads;
        auto graph = cover::BuildGraph(f.corpus, f.attrs, *expr, options);
        REQUIRE(graph.ok());
        CHECK(graph->arcs == expected);
        CHECK(graph->stats.arcs == expected.size());
        REQUIRE(graph->common.size() == graph->arcs.size());
      }
      CHECK(!expected.empty());
    }
  }
}

TEST_CASE("records without shingles cover nothing and are covered by nothing", "[cover_graph]") {
  Fixture f;
  f.corpus.docs.resize(3);  // three empty sets
  f.attrs.resize(3);
  auto expr = cover::Expr::Parse("containment >= 0.5");
  REQUIRE(expr.ok());
  auto graph = cover::BuildGraph(f.corpus, f.attrs, *expr, {});
  REQUIRE(graph.ok());
  CHECK(graph->arcs.empty());
}

TEST_CASE("without a content threshold, too many pairs are refused", "[cover_graph]") {
  const Fixture f = MakeFixture(3, 30);
  auto expr = cover::Expr::Parse("a.date <= b.date");
  REQUIRE(expr.ok());
  cover::GraphOptions options;
  options.max_pairs = 1000;
  auto graph = cover::BuildGraph(f.corpus, f.attrs, *expr, options);
  REQUIRE(!graph.ok());
  CHECK(graph.status().message() ==
        "the expression gives no content threshold to generate candidates (such as containment "
        ">= 0.7 at the top level), so every pair of records would be evaluated: 8256 pairs, over "
        "the limit of 1000 (--max-pairs)");
}

TEST_CASE("the coverer is the kept one with the most shingles in common", "[cover_graph]") {
  cover::Graph g;
  g.arcs = {{0, 1}, {0, 2}, {0, 3}, {4, 1}};
  g.common = {5, 9, 9, 3};
  const std::vector<bool> keep = {false, true, true, true, true};
  const auto by = cover::ChooseCoverers(g, keep);
  CHECK(by == std::vector<uint32_t>{2, cover::kNoCoverer, cover::kNoCoverer, cover::kNoCoverer,
                                    cover::kNoCoverer});
}

TEST_CASE("a mass of identical sets is paired within a window", "[cover_graph]") {
  // 2,500 captures of one page (dates ascending) and a longer later page
  // holding it: every capture is covered by the long page (the join's
  // folded pair, expanded to the first 1000 members only) or by a capture
  // within 1000 after it; no evaluation outside the window.
  Fixture f;
  std::vector<uint64_t> page(50), longer(80);
  for (uint64_t i = 0; i < 80; ++i) (i < 50 ? page[i] : longer[i]) = i, longer[i] = i;
  for (uint32_t i = 0; i < 2500; ++i) {
    f.sets.push_back(page);
    Attrs a;
    a.date = i;
    f.attrs.push_back(a);
  }
  f.sets.push_back(longer);
  f.attrs.push_back(Attrs{});
  f.attrs.back().date = 1e9;
  for (const auto& s : f.sets) f.corpus.docs.push_back({{}, s, 0});
  auto expr = cover::Expr::Parse("containment >= 0.9 and a.date <= b.date");
  REQUIRE(expr.ok());
  auto graph = cover::BuildGraph(f.corpus, f.attrs, *expr, {});
  REQUIRE(graph.ok());
  CHECK(graph->stats.windowed == 1);
  uint64_t to_long = 0, inside = 0;
  for (const Arc& arc : graph->arcs) {
    REQUIRE(arc.covered < arc.coverer);  // earlier to later only
    if (arc.coverer == 2500) {
      ++to_long;
      CHECK(arc.covered < 1000);
    } else {
      ++inside;
      CHECK(arc.coverer - arc.covered <= 1000);
    }
  }
  CHECK(to_long == 1000);
  // Pairs (i, j), i < j < 2500, j - i <= 1000.
  CHECK(inside == 1000 * 2500 - 1000 * 1001 / 2);
  CHECK(graph->stats.candidates == 1000 + inside);
}
