// Candidates by simhash (Charikar 2002): documents whose 64-bit simhashes
// differ in at most `bits` bit positions, found as Manku, Jain and Das
// Sarma (WWW 2007) do: cut the 64 bits into bits + 1 blocks; two
// fingerprints within Hamming distance `bits` agree exactly on at least one
// block (bits differing positions cannot touch bits + 1 blocks), so sorting
// by each block in turn brings every such pair together.
#pragma once

#include <cstdint>
#include <span>

#include "neardup/similarity.h"

namespace neardup {

// The largest `bits` SimhashPairs takes: 17 blocks of 3 or 4 bits. Blocks
// that short put about n / 16 documents in each bucket, so the cost grows
// as n^2 / 16 per block; 3 to 6 is the usual range.
inline constexpr int kMaxSimhashBits = 16;

// Which bits block `block` of `blocks` covers: [begin, end), the 64 bits
// split as evenly as possible, lower blocks first.
struct BitRange {
  int begin, end;
};
BitRange SimhashBlock(int block, int blocks);

// The pairs among docs[ids] (ids ascending) whose simhashes differ in at
// most `bits` bits and whose exact similarity reaches the query. A pair is
// checked once, in the first block where the two agree.
// REQUIRES: 0 <= bits <= kMaxSimhashBits.
NearPairs SimhashPairs(std::span<const Doc> docs, std::span<const uint32_t> ids, int bits,
                       const NearQuery& query);

}  // namespace neardup
