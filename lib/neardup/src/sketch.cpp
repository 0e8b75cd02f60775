#include "neardup/sketch.h"

#include <algorithm>
#include <array>
#include <bitset>
#include <cassert>

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

// Eight uint64_t of eight byte-wide counters: byte j of lane p counts bit
// 8p+j of the words added. A byte overflows at 256: fold before that.
struct ByteCounters {
  static constexpr size_t kCapacity = 255;
  uint64_t lane[8] = {};
  void Add(uint64_t x) {
    for (int p = 0; p < 8; ++p) lane[p] += kSpread[(x >> (8 * p)) & 0xff];
  }
  void FoldInto(uint64_t count[64], uint64_t weight) {
    for (int p = 0; p < 8; ++p) {
      for (int j = 0; j < 8; ++j) count[8 * p + j] += weight * ((lane[p] >> (8 * j)) & 0xff);
      lane[p] = 0;
    }
  }
};

// Carry-save adder over 64 bit positions at once: a + b + c = 2 hi + lo.
void Csa(uint64_t* hi, uint64_t* lo, uint64_t a, uint64_t b, uint64_t c) {
  uint64_t u = a ^ b;
  *hi = (a & b) | (u & c);
  *lo = u ^ c;
}

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
  // Counts, per bit position, of the words whose hash has that bit set.
  // Carry-save adders (Harley-Seal) sum 8 hashes into bit planes of weight
  // 1, 2 and 4 and one word of weight 8; only that word goes to the byte
  // counters: a third of the work of counting every hash bit by bit.
  auto hash = [&](size_t i) { return XXH3_64bits(words[i].data(), words[i].size()); };
  const size_t n = words.size();
  uint64_t count[64] = {};
  uint64_t ones = 0, twos = 0, fours = 0;
  size_t i = 0;
  while (n - i >= 8) {
    ByteCounters eights_count;
    for (size_t g = 0; g < ByteCounters::kCapacity && n - i >= 8; ++g, i += 8) {
      uint64_t twos_a, twos_b, fours_a, fours_b, eights;
      Csa(&twos_a, &ones, ones, hash(i), hash(i + 1));
      Csa(&twos_b, &ones, ones, hash(i + 2), hash(i + 3));
      Csa(&fours_a, &twos, twos, twos_a, twos_b);
      Csa(&twos_a, &ones, ones, hash(i + 4), hash(i + 5));
      Csa(&twos_b, &ones, ones, hash(i + 6), hash(i + 7));
      Csa(&fours_b, &twos, twos, twos_a, twos_b);
      Csa(&eights, &fours, fours, fours_a, fours_b);
      eights_count.Add(eights);
    }
    eights_count.FoldInto(count, 8);
  }
  for (; i < n; ++i) {
    uint64_t h = hash(i);
    for (int b = 0; b < 64; ++b) count[b] += (h >> b) & 1;
  }
  uint64_t result = 0;
  for (int b = 0; b < 64; ++b) {
    uint64_t c = count[b] + ((ones >> b) & 1) + 2 * ((twos >> b) & 1) + 4 * ((fours >> b) & 1);
    if (2 * c > n) result |= uint64_t{1} << b;
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
