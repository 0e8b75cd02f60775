// neardup/cluster.h: centre-based clusters in capture order, no chaining.
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "neardup/cluster.h"
#include "neardup/join.h"

using neardup::Doc;
using neardup::NearQuery;

namespace {

neardup::Clusters ClusterAt(const std::vector<std::vector<uint64_t>>& sets, double t) {
  std::vector<Doc> docs;
  for (const auto& s : sets) docs.push_back({{}, s, 0});
  const auto identical = neardup::FindIdenticalSets(docs);
  const auto near = neardup::ExactJoin(docs, identical.representatives,
                                       NearQuery{neardup::Measure::kJaccard, t, 1});
  return neardup::ClusterInCaptureOrder(identical, near.pairs);
}

}  // namespace

TEST_CASE("neardup: a chain a~b, b~c, a!~c makes two clusters", "[neardup]") {
  // J(a, b) = J(b, c) = 9/11 = 0.818; J(a, c) = 8/12 = 0.667.
  const std::vector<uint64_t> a{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  const std::vector<uint64_t> b{2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
  const std::vector<uint64_t> c{3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  auto clusters = ClusterAt({a, b, c}, 0.8);
  CHECK(clusters.representative == std::vector<uint32_t>{0, 0, 2});
  CHECK(clusters.id == std::vector<uint32_t>{0, 0, 1});
  CHECK(clusters.count == 2);

  // In the other capture order b comes first and takes both.
  clusters = ClusterAt({b, a, c}, 0.8);
  CHECK(clusters.representative == std::vector<uint32_t>{0, 0, 0});
  CHECK(clusters.count == 1);

  // At 0.6 a reaches c directly: one cluster around a.
  clusters = ClusterAt({a, b, c}, 0.6);
  CHECK(clusters.representative == std::vector<uint32_t>{0, 0, 0});
}

TEST_CASE("neardup: copies follow their first, empty records stand alone", "[neardup]") {
  const std::vector<uint64_t> a{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  const std::vector<uint64_t> b{2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
  const std::vector<uint64_t> c{3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  const std::vector<uint64_t> none;
  // 0 a, 1 b, 2 none, 3 c, 4 copy of b, 5 copy of c, 6 none.
  auto clusters = ClusterAt({a, b, none, c, b, c, none}, 0.8);
  CHECK(clusters.representative == std::vector<uint32_t>{0, 0, 2, 3, 0, 3, 6});
  CHECK(clusters.id == std::vector<uint32_t>{0, 0, 1, 2, 0, 2, 3});
  CHECK(clusters.count == 4);
}

TEST_CASE("neardup: every member reaches its representative", "[neardup]") {
  // A sliding window: set i is {i, ..., i + 9}; neighbours within 1 step
  // reach 0.818, within 2 steps only 0.667. Clusters: {0,1}, {2,3}, ...
  std::vector<std::vector<uint64_t>> sets;
  for (uint64_t i = 0; i < 9; ++i) {
    std::vector<uint64_t> s;
    for (uint64_t x = i; x < i + 10; ++x) s.push_back(x);
    sets.push_back(s);
  }
  auto clusters = ClusterAt(sets, 0.8);
  CHECK(clusters.representative == std::vector<uint32_t>{0, 0, 2, 2, 4, 4, 6, 6, 8});
  CHECK(clusters.count == 5);
}
