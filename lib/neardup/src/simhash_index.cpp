#include "neardup/simhash_index.h"

#include <algorithm>
#include <bit>
#include <vector>

#include "keyed_passes.h"

namespace neardup {

namespace {

uint64_t BlockValue(uint64_t simhash, BitRange range) {
  const int width = range.end - range.begin;
  const uint64_t mask = width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  return (simhash >> range.begin) & mask;
}

bool AgreeEarlier(uint64_t a, uint64_t b, int block, int blocks) {
  for (int earlier = 0; earlier < block; ++earlier) {
    const BitRange range = SimhashBlock(earlier, blocks);
    if (BlockValue(a, range) == BlockValue(b, range)) return true;
  }
  return false;
}

}  // namespace

BitRange SimhashBlock(int block, int blocks) {
  // The first 64 % blocks blocks take one bit more.
  const int base = 64 / blocks, extra = 64 % blocks;
  const int begin = block * base + std::min(block, extra);
  return {begin, begin + base + (block < extra ? 1 : 0)};
}

NearPairs SimhashPairs(std::span<const Doc> docs, std::span<const uint32_t> ids, int bits,
                       const NearQuery& query) {
  const int blocks = bits + 1;
  return internal::PairsByKeyedPasses(
      docs, ids, blocks, query,
      [blocks](const Doc& doc, int block) {
        return BlockValue(doc.simhash, SimhashBlock(block, blocks));
      },
      [bits, blocks](const Doc& a, const Doc& b, int block) {
        return std::popcount(a.simhash ^ b.simhash) > bits ||
               AgreeEarlier(a.simhash, b.simhash, block, blocks);
      });
}

}  // namespace neardup
