// neardup/lsh.h and neardup/simhash_index.h: the banding choice, and the
// candidates found on planted near pairs against the brute-force answer.
#include <xxhash.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include "neardup/lsh.h"
#include "neardup/simhash_index.h"

using neardup::Doc;
using neardup::NearQuery;
using neardup::Pair;

namespace {

// A document's own storage; Doc views it.
struct Stored {
  std::vector<uint64_t> shingles;
  std::vector<uint32_t> minhash;
  uint64_t simhash = 0;
};

// MinHash with one seeded hash per slot: enough for the S-curve to hold.
std::vector<uint32_t> MinHash(const std::vector<uint64_t>& set, int num_perm) {
  std::vector<uint32_t> out(num_perm, UINT32_MAX);
  for (int k = 0; k < num_perm; ++k) {
    for (uint64_t x : set) {
      out[k] = std::min(out[k], static_cast<uint32_t>(XXH3_64bits_withSeed(&x, 8, k) >> 32));
    }
  }
  return out;
}

std::vector<uint64_t> RandomSet(std::mt19937_64& rng, size_t n) {
  std::set<uint64_t> s;
  while (s.size() < n) s.insert(rng());
  return {s.begin(), s.end()};
}

// Replaces `edits` elements of set by fresh ones: Jaccard (n - e) / (n + e).
std::vector<uint64_t> Edited(std::mt19937_64& rng, std::vector<uint64_t> set, size_t edits) {
  std::shuffle(set.begin(), set.end(), rng);
  for (size_t i = 0; i < edits; ++i) set[i] = rng();
  std::sort(set.begin(), set.end());
  return set;
}

std::vector<Doc> Docs(const std::vector<Stored>& stored) {
  std::vector<Doc> docs;
  for (const auto& s : stored) docs.push_back({s.minhash, s.shingles, s.simhash});
  return docs;
}

std::vector<uint32_t> AllIds(size_t n) {
  std::vector<uint32_t> ids(n);
  for (uint32_t i = 0; i < n; ++i) ids[i] = i;
  return ids;
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

// 100 base documents of 200 shingles, each with one variant of 10 edits
// (Jaccard 190/210 = 0.905) and one of 25 (175/225 = 0.778).
std::vector<Stored> Planted() {
  std::mt19937_64 rng(15);
  std::vector<Stored> stored;
  for (int i = 0; i < 100; ++i) {
    auto base = RandomSet(rng, 200);
    stored.push_back({base, MinHash(base, 128)});
    auto near = Edited(rng, base, 10);
    stored.push_back({near, MinHash(near, 128)});
    auto far = Edited(rng, base, 25);
    stored.push_back({far, MinHash(far, 128)});
  }
  return stored;
}

}  // namespace

TEST_CASE("neardup: LSH banding for 128 permutations", "[neardup]") {
  auto b5 = neardup::ChooseBanding(0.5, 128);
  CHECK(b5.bands == 26);
  CHECK(b5.rows == 3);
  CHECK(b5.recall_at_threshold == Approx(0.9689).margin(1e-4));
  auto b8 = neardup::ChooseBanding(0.8, 128);
  CHECK(b8.bands == 16);
  CHECK(b8.rows == 8);
  CHECK(b8.recall_at_threshold == Approx(0.9470).margin(1e-4));
  auto b9 = neardup::ChooseBanding(0.9, 128);
  CHECK(b9.bands == 9);
  CHECK(b9.rows == 14);
  CHECK(b9.recall_at_threshold == Approx(0.9035).margin(1e-4));
  // The targets of issue 15 at t = 0.8: pairs at 0.9 almost never missed.
  CHECK(neardup::SCurve(0.9, b8.bands, b8.rows) > 0.999);
  CHECK(neardup::SCurve(0.5, 2, 1) == Approx(0.75));
  CHECK(neardup::SCurve(1, 16, 8) == 1);
  CHECK(neardup::SCurve(0, 16, 8) == 0);
}

TEST_CASE("neardup: LSH finds the planted near pairs and only verified ones", "[neardup]") {
  const auto stored = Planted();
  const auto docs = Docs(stored);
  const auto ids = AllIds(docs.size());
  NearQuery q{neardup::Measure::kJaccard, 0.8, 1};
  const auto banding = neardup::ChooseBanding(0.8, 128);
  const auto found = neardup::LshPairs(docs, ids, banding, q);
  const auto truth = BruteForce(docs, q);
  REQUIRE(truth.size() == 100);  // every (base, near) pair, no (base, far) one
  CHECK(found.pairs == truth);
  // Candidates: the 100 near pairs, plus (base, far) and (near, far) pairs
  // whose sketches collided; never unrelated random sets.
  CHECK(found.candidates >= 100);
  CHECK(found.candidates <= 300);

  q.threads = 3;
  const auto threaded = neardup::LshPairs(docs, ids, banding, q);
  CHECK(threaded.pairs == found.pairs);
  CHECK(threaded.candidates == found.candidates);
}

TEST_CASE("neardup: a million-copies group is one representative, paired as a star", "[neardup]") {
  std::mt19937_64 rng(7);
  Stored page;
  page.shingles = RandomSet(rng, 50);
  page.minhash = MinHash(page.shingles, 128);
  std::vector<Stored> stored(2000, page);
  stored.push_back({});  // no text: never paired, never grouped
  const auto docs = Docs(stored);
  const auto identical = neardup::FindIdenticalSets(docs);
  REQUIRE(identical.representatives == std::vector<uint32_t>{0});
  CHECK(identical.first[1999] == 0);
  CHECK(identical.first[2000] == 2000);
  const auto star = neardup::StarPairs(identical);
  REQUIRE(star.size() == 1999);
  CHECK(star.front() == Pair{0, 1});
  CHECK(star.back() == Pair{0, 1999});
  const auto lsh = neardup::LshPairs(docs, identical.representatives,
                                     neardup::ChooseBanding(0.8, 128), NearQuery{});
  CHECK(lsh.candidates == 0);
  CHECK(lsh.pairs.empty());
}

TEST_CASE("neardup: simhash blocks and candidates within a Hamming distance", "[neardup]") {
  CHECK(neardup::SimhashBlock(0, 4).begin == 0);
  CHECK(neardup::SimhashBlock(3, 4).end == 64);
  CHECK(neardup::SimhashBlock(0, 3).end == 22);  // 22 + 21 + 21
  CHECK(neardup::SimhashBlock(2, 3).begin == 43);

  // Four documents with chosen simhashes: 0 and 1 differ in 3 bits spread
  // over three blocks, 0 and 2 in 4 bits within one block; 3 is far from
  // all. Sets: 0 and 2 hold a, 1 and 3 hold b; every two reach J >= 0.8.
  std::vector<uint64_t> a{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  std::vector<uint64_t> b{1, 2, 3, 4, 5, 6, 7, 8, 9, 11};  // J(a, b) = 9/11
  std::vector<Stored> stored{
      {a, {}, 0}, {b, {}, (1ull << 1) | (1ull << 20) | (1ull << 40)}, {a, {}, 0xF}, {b, {}, ~0ull}};
  const auto docs = Docs(stored);
  const auto ids = AllIds(4);
  NearQuery q{neardup::Measure::kJaccard, 0.8, 1};
  auto three = neardup::SimhashPairs(docs, ids, 3, q);
  CHECK(three.pairs == std::vector<Pair>{{0, 1}});
  CHECK(three.candidates == 1);
  auto four = neardup::SimhashPairs(docs, ids, 4, q);
  CHECK(four.pairs == std::vector<Pair>{{0, 1}, {0, 2}});
  q.threshold = 0.95;  // (0, 1) is a candidate, but J = 0.818 fails the check
  auto strict = neardup::SimhashPairs(docs, ids, 4, q);
  CHECK(strict.pairs == std::vector<Pair>{{0, 2}});
  CHECK(strict.candidates == four.candidates);
}
