// Sketches of a document: small fingerprints from which the similarity of
// two documents is estimated without their shingle sets.
//
//   SimHash (Charikar): 64 bits from the document's words; near texts give
//     near values in Hamming distance.
//   MinHash: num_perm 32-bit values from the document's shingle set; the
//     fraction of equal slots of two sketches estimates the sets' Jaccard
//     similarity (EstimateJaccard), and bands of slots feed LSH.
//
// Both are deterministic (fixed functions and seeds, the same on every
// machine): sketches written by separate runs into separate signature files
// are compared with each other. warcsig(5) defines every value bit by bit;
// changing a definition means a new scheme id (kMinHashScheme) or a new
// hash scheme in the signature file's header.
#pragma once

#include <bitset>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace neardup {

// The 64-bit simhash of a word sequence, weighted by term frequency: for
// every word (every occurrence, so a word counts as often as it appears)
// h = XXH3_64bits(word bytes); bit b of the result is 1 when more than half
// of the words have bit b of h set. No words: 0.
uint64_t SimHash(const std::vector<std::string>& words);

// The number of bits in which a and b differ (0..64).
inline int HammingDistance(uint64_t a, uint64_t b) { return __builtin_popcountll(a ^ b); }

// The MinHash scheme of MinHasher, as a signature file's header names it.
// 1: one-permutation hashing with optimal densification (Shrivastava, ICML
// 2017) over XXH3_64bits_withSeed of each shingle, defined in warcsig(5).
inline constexpr uint32_t kMinHashScheme = 1;
// The seed every tool uses (a signature file records it).
inline constexpr uint64_t kMinHashSeed = 0x5741524353494731ULL;  // "WARCSIG1"
inline constexpr int kMaxPermutations = 4096;

// Computes MinHash sketches of shingle sets. One pass over the shingles:
// each shingle is hashed once into one of num_perm bins, keeping the
// smallest value per bin; bins left empty then take the value of another
// bin by a fixed probe sequence of their own (so two sketches agree in a
// slot with probability close to the sets' Jaccard similarity, whatever
// their sizes). Thread-safe: Sketch is const and keeps no state.
class MinHasher {
 public:
  // REQUIRES: 1 <= num_perm <= kMaxPermutations.
  explicit MinHasher(int num_perm, uint64_t seed = kMinHashSeed);

  int num_perm() const { return num_perm_; }
  uint64_t seed() const { return seed_; }

  // Writes the sketch of the set into out. Shingles need not be sorted;
  // repeats do not change the result. Every value of a non-empty set is at
  // most 0xfffffffe; the sketch of the empty set is all 0xffffffff (so it
  // shares no slot with any other sketch).
  // REQUIRES: out.size() == num_perm().
  void Sketch(std::span<const uint64_t> shingles, std::span<uint32_t> out) const;
  std::vector<uint32_t> Sketch(std::span<const uint64_t> shingles) const;

 private:
  // The bin that empty bin `bin` copies: the first filled one on its probe sequence.
  uint32_t ProbeFilled(uint32_t bin, const std::bitset<kMaxPermutations>& filled) const;

  int num_perm_;
  uint64_t seed_;
};

// The fraction of slots in which a and b hold the same value: an estimate
// of the Jaccard similarity of the two sets. Two empty sets' sketches give
// 1, an empty and a non-empty one 0 (as neardup::Compare). Sketches of
// different lengths, or of length 0, give 0.
double EstimateJaccard(std::span<const uint32_t> a, std::span<const uint32_t> b);

}  // namespace neardup
