// neardup/similarity.h: exact set measures, by merge and by search.
#include <catch2/catch.hpp>
#include <cstdint>
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
