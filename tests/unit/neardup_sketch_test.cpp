// neardup/sketch.h: simhash, MinHash (one-permutation hashing with optimal
// densification) and the Jaccard estimate, checked against the definitions
// of warcsig(5) and against true similarities.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "neardup/sketch.h"
#define XXH_INLINE_ALL
#include <xxhash.h>

using neardup::EstimateJaccard;
using neardup::HammingDistance;
using neardup::MinHasher;
using neardup::SimHash;

namespace {

uint64_t Xxh(const std::string& s) { return XXH3_64bits(s.data(), s.size()); }

// The definition of warcsig(5), written out plainly: h(x, s) is
// XXH3_64bits_withSeed over the 8 little-endian bytes of x.
uint64_t H(uint64_t x, uint64_t seed) {
  unsigned char b[8];
  for (int i = 0; i < 8; ++i) b[i] = static_cast<unsigned char>(x >> (8 * i));
  return XXH3_64bits_withSeed(b, 8, seed);
}
uint32_t BinOf(uint64_t h, uint32_t n) { return static_cast<uint32_t>(((h >> 32) * n) >> 32); }

std::vector<uint32_t> ReferenceSketch(const std::vector<uint64_t>& set, uint32_t n, uint64_t seed) {
  std::vector<uint32_t> v(n, 0xffffffff);
  for (uint64_t x : set) {
    uint64_t h = H(x, seed);
    uint32_t value = std::min<uint32_t>(static_cast<uint32_t>(h), 0xfffffffe);
    v[BinOf(h, n)] = std::min(v[BinOf(h, n)], value);
  }
  if (set.empty()) return v;
  std::vector<uint32_t> out = v;
  for (uint32_t i = 0; i < n; ++i) {
    if (v[i] != 0xffffffff) continue;
    bool done = false;
    for (uint32_t a = 1; a <= 8 * n && !done; ++a) {
      uint32_t j = BinOf(H(uint64_t{i} << 32 | a, seed + 1), n);
      if (v[j] != 0xffffffff) out[i] = v[j], done = true;
    }
    for (uint32_t t = 1; !done; ++t) {
      if (v[(i + t) % n] != 0xffffffff) out[i] = v[(i + t) % n], done = true;
    }
  }
  return out;
}

// Simhash as warcsig(5) defines it, counting bit by bit.
uint64_t ReferenceSimHash(const std::vector<std::string>& words) {
  std::vector<size_t> set(64, 0);
  for (const auto& w : words) {
    for (int b = 0; b < 64; ++b) set[b] += (Xxh(w) >> b) & 1;
  }
  uint64_t result = 0;
  for (int b = 0; b < 64; ++b) result |= uint64_t{2 * set[b] > words.size()} << b;
  return result;
}

std::vector<uint64_t> RandomSet(std::mt19937_64& rng, size_t n) {
  std::vector<uint64_t> s(n);
  for (auto& x : s) x = rng();
  return s;
}

std::vector<std::string> RandomWords(std::mt19937_64& rng, size_t n) {
  std::vector<std::string> words;
  for (size_t i = 0; i < n; ++i) {
    std::string w(1, 'w');
    w += std::to_string(rng() % 3000);
    words.push_back(w);
  }
  return words;
}

}  // namespace

TEST_CASE("neardup: simhash is the bitwise majority of the words' XXH3", "[neardup]") {
  CHECK(SimHash({}) == 0);
  CHECK(SimHash({"hello"}) == Xxh("hello"));
  // Term frequency counts: "a" twice outvotes "b" in every bit.
  CHECK(SimHash({"a", "b", "a"}) == Xxh("a"));
  // A tie is not a majority: two words keep only the bits both have.
  CHECK(SimHash({"a", "b"}) == (Xxh("a") & Xxh("b")));
  // More words than one round of the byte-wide counters (255).
  std::vector<std::string> many(300, "x");
  many.insert(many.end(), 299, "y");
  CHECK(SimHash(many) == Xxh("x"));
  // Pinned: sketches from separate runs are compared, so they never change.
  CHECK(SimHash({"the", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog"}) ==
        0x8212868318d29267ULL);
}

TEST_CASE("neardup: simhash agrees with its definition at every length", "[neardup]") {
  // The fast path sums 8 hashes at a time and 255 groups per round of its
  // byte counters: lengths around 8 and 2,040 and their multiples matter.
  std::mt19937_64 rng(8);
  std::vector<size_t> lengths{0, 1, 2, 7, 8, 9, 15, 16, 17, 400, 2039, 2040, 2041, 4088, 5000};
  for (int i = 0; i < 40; ++i) lengths.push_back(rng() % 3000);
  for (size_t n : lengths) {
    // Few distinct words, so that counts are close to half and ties occur.
    std::vector<std::string> words;
    for (size_t i = 0; i < n; ++i)
      words.push_back(std::string(1, static_cast<char>('a' + rng() % 3)));
    INFO("length " << n);
    CHECK(SimHash(words) == ReferenceSimHash(words));
    auto varied = RandomWords(rng, n);
    CHECK(SimHash(varied) == ReferenceSimHash(varied));
  }
}

TEST_CASE("neardup: simhash of near texts is close, of different texts far", "[neardup]") {
  std::mt19937_64 rng(15);
  int near_total = 0, far_min = 64;
  for (int trial = 0; trial < 20; ++trial) {
    auto text = RandomWords(rng, 400);
    auto edited = text;
    for (int e = 0; e < 8; ++e) edited[rng() % edited.size()] = std::string(1, '#') + char('0' + e);
    near_total += HammingDistance(SimHash(text), SimHash(edited));
    far_min = std::min(far_min, HammingDistance(SimHash(text), SimHash(RandomWords(rng, 400))));
  }
  CHECK(near_total / 20.0 < 6);  // 2% of words edited
  CHECK(far_min > 16);           // independent texts: about 32 bits apart
  CHECK(HammingDistance(0, ~uint64_t{0}) == 64);
  CHECK(HammingDistance(0x5, 0x3) == 2);
}

TEST_CASE("neardup: MinHash follows its definition in warcsig(5)", "[neardup]") {
  std::mt19937_64 rng(7);
  for (size_t size : {1, 2, 10, 127, 400, 5000}) {
    auto set = RandomSet(rng, size);
    for (int perm : {1, 64, 128, 200}) {
      MinHasher hasher(perm);
      CHECK(hasher.Sketch(set) == ReferenceSketch(set, perm, neardup::kMinHashSeed));
    }
  }
  // Pinned values of a fixed set (0..999) with the default seed.
  std::vector<uint64_t> fixed(1000);
  for (uint64_t i = 0; i < fixed.size(); ++i) fixed[i] = i;
  auto sketch = MinHasher(128).Sketch(fixed);
  CHECK(sketch[0] == 0x276eafdcu);
  CHECK(sketch[1] == 0x0424e03bu);
  CHECK(sketch[127] == 0x569e9e4cu);
}

TEST_CASE("neardup: MinHash of empty, tiny, repeated and reordered sets", "[neardup]") {
  MinHasher hasher(128);
  std::vector<uint64_t> none;
  auto empty = hasher.Sketch(none);
  CHECK(std::all_of(empty.begin(), empty.end(), [](uint32_t v) { return v == 0xffffffff; }));
  std::vector<uint64_t> one{42};
  auto single = hasher.Sketch(one);
  CHECK(std::all_of(single.begin(), single.end(), [&](uint32_t v) { return v == single[0]; }));
  CHECK(single[0] != 0xffffffff);
  CHECK(EstimateJaccard(empty, empty) == 1);
  CHECK(EstimateJaccard(empty, single) == 0);
  CHECK(EstimateJaccard(single, single) == 1);
  std::vector<uint64_t> set{9, 1, 5, 1, 9, 3}, sorted{1, 3, 5, 9};
  CHECK(hasher.Sketch(set) == hasher.Sketch(sorted));
  std::vector<uint32_t> shorter(64, 0);
  CHECK(EstimateJaccard(single, shorter) == 0);
  CHECK(EstimateJaccard({}, {}) == 0);
  CHECK(MinHasher(128, 1).Sketch(sorted) != hasher.Sketch(sorted));  // the seed matters
}

TEST_CASE("neardup: MinHash(128) estimates Jaccard within 0.03 mean absolute error", "[neardup]") {
  // 1,200 pairs, true J spread evenly over 0..1, sets of 20 to 2,000
  // shingles (small ones fill few bins: densification is exercised).
  std::mt19937_64 rng(2017);
  MinHasher hasher(128);
  const int pairs = 1200;
  double abs_sum = 0, signed_sum = 0;
  for (int p = 0; p < pairs; ++p) {
    const size_t n = 20 + rng() % 1981;
    const double target = (p + 0.5) / pairs;
    const size_t shared = static_cast<size_t>(std::lround(2.0 * n * target / (1 + target)));
    auto a = RandomSet(rng, shared), b = a;
    for (size_t i = shared; i < n; ++i) a.push_back(rng()), b.push_back(rng());
    const double truth = static_cast<double>(shared) / static_cast<double>(2 * n - shared);
    const double error = EstimateJaccard(hasher.Sketch(a), hasher.Sketch(b)) - truth;
    abs_sum += std::fabs(error);
    signed_sum += error;
  }
  INFO("mean absolute error " << abs_sum / pairs << ", mean error " << signed_sum / pairs);
  CHECK(abs_sum / pairs <= 0.03);
  CHECK(std::fabs(signed_sum / pairs) <= 0.005);  // no bias to speak of
}
