// neardup/join.h: the prefix-filter join misses no pair: it agrees with the
// brute-force answer on random sets with planted near pairs, for every
// measure and threshold, for any thread count.
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include "neardup/join.h"

using neardup::Doc;
using neardup::Measure;
using neardup::NearQuery;
using neardup::Pair;

namespace {

// Sets over a small universe (so that they overlap at every level), of
// sizes 1 to 60, each followed by two planted variants: a few elements
// replaced, and a subset (containment) or superset.
std::vector<std::vector<uint64_t>> RandomSets(uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::vector<uint64_t>> sets;
  auto random_set = [&](size_t n) {
    std::set<uint64_t> s;
    while (s.size() < n) s.insert(rng() % 400);
    return std::vector<uint64_t>(s.begin(), s.end());
  };
  for (int i = 0; i < 150; ++i) {
    auto base = random_set(1 + rng() % 60);
    sets.push_back(base);
    std::set<uint64_t> near(base.begin(), base.end());
    const size_t edits = rng() % (1 + base.size() / 5);
    for (size_t e = 0; e < edits; ++e) {
      near.erase(near.begin());
      near.insert(rng() % 400);
    }
    sets.push_back({near.begin(), near.end()});
    std::vector<uint64_t> part(base.begin(), base.begin() + (base.size() * 3 + 3) / 4);
    if (rng() % 2) {  // a superset instead
      part = random_set(base.size() + 5);
      part.insert(part.end(), base.begin(), base.end());
    }
    std::sort(part.begin(), part.end());
    part.erase(std::unique(part.begin(), part.end()), part.end());
    sets.push_back(part);
  }
  sets.push_back({});  // no shingles: never paired
  return sets;
}

std::vector<Pair> BruteForce(const std::vector<Doc>& docs, const NearQuery& q) {
  std::vector<Pair> pairs;
  for (uint32_t i = 0; i < docs.size(); ++i) {
    for (uint32_t j = i + 1; j < docs.size(); ++j) {
      if (Reaches(docs[i], docs[j], q)) pairs.push_back({i, j});
    }
  }
  return pairs;
}

}  // namespace

TEST_CASE("neardup: the exact join agrees with brute force", "[neardup]") {
  const auto sets = RandomSets(42);
  std::vector<Doc> docs;
  for (const auto& s : sets) docs.push_back({{}, s, 0});
  std::vector<uint32_t> ids(docs.size());
  for (uint32_t i = 0; i < ids.size(); ++i) ids[i] = i;
  for (Measure m : {Measure::kJaccard, Measure::kContainment, Measure::kDice}) {
    for (double t : {0.5, 0.8, 0.9, 1.0}) {
      NearQuery q{m, t, 1};
      const auto truth = BruteForce(docs, q);
      const auto joined = neardup::ExactJoin(docs, ids, q);
      INFO(neardup::MeasureName(m) << " t=" << t << " truth " << truth.size());
      CHECK(truth.size() >= 40);  // planted pairs at least: not a vacuous check
      CHECK(joined.pairs == truth);
      // Prefix filtering checks fewer pairs than all of them, even over a
      // universe of 400 shingles (jaccard 0.9: 1,852 of 101,475).
      CHECK(joined.candidates < docs.size() * (docs.size() - 1) / 2);
      if (m == Measure::kJaccard && t == 0.9) CHECK(joined.candidates == 1852);
      q.threads = 3;
      const auto threaded = neardup::ExactJoin(docs, ids, q);
      CHECK(threaded.pairs == truth);
      CHECK(threaded.candidates == joined.candidates);
      // Ranked over many ranges of the hash space (the ranks of a range
      // continue those of the ranges before), with the release callback.
      int released = 0;
      q.range_shingles = 500;
      q.release = [&] { ++released; };
      const auto ranged = neardup::ExactJoin(docs, ids, q);
      CHECK(ranged.pairs == truth);
      CHECK(ranged.candidates == joined.candidates);
      CHECK(released >= 1);
    }
  }
}

TEST_CASE("neardup: the exact join over a subset of documents", "[neardup]") {
  // Sets 0 and 2 are identical, 1 is near them; joining ids {1, 2} only
  // must not report 0.
  std::vector<uint64_t> a{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, b{1, 2, 3, 4, 5, 6, 7, 8, 9, 11};
  std::vector<Doc> docs{{{}, a, 0}, {{}, b, 0}, {{}, a, 0}};
  std::vector<uint32_t> ids{1, 2};
  auto out = neardup::ExactJoin(docs, ids, NearQuery{Measure::kJaccard, 0.8, 1});
  CHECK(out.pairs == std::vector<Pair>{{1, 2}});
  CHECK(out.candidates == 1);
  out = neardup::ExactJoin(docs, ids, NearQuery{Measure::kJaccard, 0.82, 1});
  CHECK(out.pairs.empty());  // 9/11 = 0.818
}
