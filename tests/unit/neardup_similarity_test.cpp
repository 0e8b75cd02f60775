// neardup/similarity.h: exact set measures, by merge and by search.
#include <catch2/catch.hpp>
#include <cstdint>
#include <optional>
#include <vector>

#include "neardup/similarity.h"

using neardup::Compare;
using neardup::IntersectionSize;

TEST_CASE("neardup: exact similarity of sorted shingle sets", "[neardup]") {
  const std::vector<uint64_t> a{1, 3, 5, 7}, b{3, 4, 5, 6, 7, 8}, none;
  CHECK(IntersectionSize(a, b) == 3);
  auto s = Compare(a, b);
  CHECK(s.jaccard == Approx(3.0 / 7));
  CHECK(s.containment_ab == Approx(3.0 / 4));
  CHECK(s.containment_ba == Approx(3.0 / 6));
  CHECK(s.dice == Approx(6.0 / 10));
  CHECK(Compare(a, a).jaccard == 1);
  CHECK(Compare(none, none).jaccard == 1);
  CHECK(Compare(a, none).jaccard == 0);
  CHECK(Compare(none, a).containment_ab == 0);
}

TEST_CASE("neardup: intersection by search agrees with the merge", "[neardup]") {
  // A small set against one over 32 times larger takes the search path.
  std::vector<uint64_t> large, small{0, 5, 6, 999, 1000, 5000};
  for (uint64_t x = 0; x < 1000; x += 2) large.push_back(x * 3);
  size_t expected = 0;
  for (uint64_t x : small) expected += (x % 6 == 0 && x < 3000) ? 1 : 0;
  CHECK(IntersectionSize(small, large) == expected);
  CHECK(IntersectionSize(large, small) == expected);
  std::vector<uint64_t> tail{2997, 2998, 3000};  // past the end of large
  CHECK(IntersectionSize(tail, large) == 0);
}

TEST_CASE("neardup: measures by name and the threshold test", "[neardup]") {
  CHECK(neardup::ParseMeasure("dice") == neardup::Measure::kDice);
  CHECK(neardup::ParseMeasure("containment") == neardup::Measure::kContainment);
  CHECK(neardup::ParseMeasure("Jaccard") == std::nullopt);
  CHECK(neardup::MeasureName(neardup::Measure::kJaccard) == "jaccard");
  // a = {1..4}, b = {1..8}: J 0.5, a in b 1, b in a 0.5, dice 2/3.
  const std::vector<uint64_t> a{1, 2, 3, 4}, b{1, 2, 3, 4, 5, 6, 7, 8}, none;
  const neardup::Doc da{{}, a, 0}, db{{}, b, 0}, dn{{}, none, 0};
  auto s = Compare(a, b);
  CHECK(neardup::Value(s, neardup::Measure::kContainment) == 1);
  CHECK(neardup::Value(s, neardup::Measure::kDice) == Approx(2.0 / 3));
  using neardup::NearQuery;
  CHECK(Reaches(da, db, NearQuery{neardup::Measure::kJaccard, 0.5, 1}));
  CHECK_FALSE(Reaches(da, db, NearQuery{neardup::Measure::kJaccard, 0.51, 1}));
  CHECK(Reaches(da, db, NearQuery{neardup::Measure::kContainment, 1.0, 1}));
  CHECK_FALSE(Reaches(da, db, NearQuery{neardup::Measure::kDice, 0.7, 1}));
  // No shingles: reaches nothing, not even another empty record.
  CHECK_FALSE(Reaches(dn, dn, NearQuery{neardup::Measure::kJaccard, 0.1, 1}));
}

TEST_CASE("neardup: identical sets are found by set, not by sketch", "[neardup]") {
  // Equal sketches over different sets (as a coarse MinHash may give) are
  // not folded; equal sets are, to the earliest; empty sets never are.
  const std::vector<uint32_t> sketch{7, 7, 7}, other{8, 8, 8};
  const std::vector<uint64_t> x{1, 2, 3}, y{1, 2, 4}, none;
  std::vector<neardup::Doc> docs{
      {sketch, x, 0}, {sketch, y, 0},   {other, none, 0}, {sketch, x, 0},
      {sketch, y, 0}, {other, none, 0}, {{}, x, 0}};  // no sketch: keyed by its set, apart
  auto sets = neardup::FindIdenticalSets(docs);
  CHECK(sets.first == std::vector<uint32_t>{0, 1, 2, 0, 1, 5, 6});
  CHECK(sets.representatives == std::vector<uint32_t>{0, 1, 6});
  CHECK(neardup::StarPairs(sets) == std::vector<neardup::Pair>{{0, 3}, {1, 4}});
}
