#include "neardup/sketch.h"

#include <algorithm>
#include <array>
#include <bitset>
#include <cassert>
#include <cstring>

// Inlined: a call per word or shingle would cost as much as the hash.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace neardup {
namespace {

// kSpread[v] holds bit j of v in byte j: adding kSpread of a hash byte to a
// uint64_t counts 8 bits at once, in 8 byte-wide counters.
constexpr std::array<uint64_t, 256> MakeSpread() {
  std::array<uint64_t, 256> t{};
  for (int v = 0; v < 256; ++v) {
    for (int j = 0; j < 8; ++j) t[v] |= static_cast<uint64_t>((v >> j) & 1) << (8 * j);
  }
  return t;
}
constexpr std::array<uint64_t, 256> kSpread = MakeSpread();

// Byte counters overflow at 256: fold them into wide ones before that.
constexpr size_t kFoldEvery = 255;

uint64_t Hash64(uint64_t x, uint64_t seed) {
  unsigned char bytes[8];
  for (int i = 0; i < 8; ++i) bytes[i] = static_cast<unsigned char>(x >> (8 * i));
  return XXH3_64bits_withSeed(bytes, sizeof bytes, seed);
}

// Maps the high 32 bits of h onto [0, n) (multiply-shift, no modulo bias to
// speak of for n <= 4096).
uint32_t Bin(uint64_t h, uint32_t n) {
  return static_cast<uint32_t>(((h >> 32) * static_cast<uint64_t>(n)) >> 32);
}

constexpr uint32_t kEmpty = 0xffffffffu;

}  // namespace

uint64_t SimHash(const std::vector<std::string>& words) {
  std::array<uint32_t, 64> ones{};
  for (size_t start = 0; start < words.size(); start += kFoldEvery) {
    size_t end = std::min(words.size(), start + kFoldEvery);
    // Eight uint64_t of eight byte-wide counters: byte j of lane p counts
    // bit 8p+j. Locals, so that they stay in registers.
    uint64_t l0 = 0, l1 = 0, l2 = 0, l3 = 0, l4 = 0, l5 = 0, l6 = 0, l7 = 0;
    for (size_t i = start; i < end; ++i) {
      uint64_t h = XXH3_64bits(words[i].data(), words[i].size());
      l0 += kSpread[h & 0xff], l1 += kSpread[(h >> 8) & 0xff];
      l2 += kSpread[(h >> 16) & 0xff], l3 += kSpread[(h >> 24) & 0xff];
      l4 += kSpread[(h >> 32) & 0xff], l5 += kSpread[(h >> 40) & 0xff];
      l6 += kSpread[(h >> 48) & 0xff], l7 += kSpread[h >> 56];
    }
    const uint64_t lanes[8] = {l0, l1, l2, l3, l4, l5, l6, l7};
    for (int p = 0; p < 8; ++p) {
      for (int j = 0; j < 8; ++j) ones[8 * p + j] += (lanes[p] >> (8 * j)) & 0xff;
    }
  }
  uint64_t result = 0;
  for (int b = 0; b < 64; ++b) {
    if (2 * static_cast<uint64_t>(ones[b]) > words.size()) result |= uint64_t{1} << b;
  }
  return result;
}

MinHasher::MinHasher(int num_perm, uint64_t seed) : num_perm_(num_perm), seed_(seed) {
  assert(num_perm >= 1 && num_perm <= kMaxPermutations);
}

std::vector<uint32_t> MinHasher::Sketch(std::span<const uint64_t> shingles) const {
  std::vector<uint32_t> out(num_perm_);
  Sketch(shingles, out);
  return out;
}

void MinHasher::Sketch(std::span<const uint64_t> shingles, std::span<uint32_t> out) const {
  assert(out.size() == static_cast<size_t>(num_perm_));
  const uint32_t n = static_cast<uint32_t>(num_perm_);
  std::fill(out.begin(), out.end(), kEmpty);
  for (uint64_t s : shingles) {
    uint64_t h = Hash64(s, seed_);
    uint32_t v = static_cast<uint32_t>(h);
    v -= (v == kEmpty);  // kEmpty marks an empty bin
    uint32_t& slot = out[Bin(h, n)];
    slot = std::min(slot, v);
  }
  if (shingles.empty()) return;
  // Optimal densification: an empty bin takes the value of the first bin
  // its own probe sequence reaches that was filled by a shingle (not by
  // densification), so two sets with the same filled bins fill the same way.
  std::bitset<kMaxPermutations> filled;
  bool any_empty = false;
  for (uint32_t i = 0; i < n; ++i) {
    filled[i] = out[i] != kEmpty;
    any_empty |= !filled[i];
  }
  if (!any_empty) return;
  for (uint32_t i = 0; i < n; ++i) {
    if (filled[i]) continue;
    out[i] = out[ProbeFilled(i, filled)];
  }
}

uint32_t MinHasher::ProbeFilled(uint32_t bin, const std::bitset<kMaxPermutations>& filled) const {
  const uint32_t n = static_cast<uint32_t>(num_perm_);
  // Hashed probes first (what makes the copies independent of each other),
  // then every bin in turn, so that the sequence ends whatever the set.
  const uint32_t hashed_probes = 8 * n;
  for (uint32_t attempt = 1; attempt <= hashed_probes; ++attempt) {
    uint32_t j = Bin(Hash64(uint64_t{bin} << 32 | attempt, seed_ + 1), n);
    if (filled[j]) return j;
  }
  for (uint32_t t = 1;; ++t) {
    uint32_t j = (bin + t) % n;
    if (filled[j]) return j;
  }
}

double EstimateJaccard(std::span<const uint32_t> a, std::span<const uint32_t> b) {
  if (a.size() != b.size() || a.empty()) return 0;
  size_t equal = 0;
  for (size_t i = 0; i < a.size(); ++i) equal += a[i] == b[i];
  return static_cast<double>(equal) / static_cast<double>(a.size());
}

}  // namespace neardup
