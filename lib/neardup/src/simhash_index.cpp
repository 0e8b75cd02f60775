#include "neardup/simhash_index.h"

#include <algorithm>
#include <bit>
#include <vector>

namespace neardup {

namespace {

struct BlockEntry {
  uint64_t key;
  uint32_t id;
  bool operator<(const BlockEntry& o) const { return key != o.key ? key < o.key : id < o.id; }
};

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

struct WorkerResult {
  std::vector<Pair> pairs;
  uint64_t candidates = 0;
};

void ScanBlock(std::span<const Doc> docs, std::span<const uint32_t> ids, int block, int bits,
               const NearQuery& query, WorkerResult* out) {
  const int blocks = bits + 1;
  const BitRange range = SimhashBlock(block, blocks);
  std::vector<BlockEntry> entries(ids.size());
  for (size_t i = 0; i < ids.size(); ++i) {
    entries[i] = {BlockValue(docs[ids[i]].simhash, range), ids[i]};
  }
  std::sort(entries.begin(), entries.end());
  size_t start = 0;
  for (size_t end = 1; end <= entries.size(); ++end) {
    if (end < entries.size() && entries[end].key == entries[start].key) continue;
    for (size_t i = start; i < end; ++i) {
      for (size_t j = i + 1; j < end; ++j) {
        const Doc &a = docs[entries[i].id], &b = docs[entries[j].id];
        if (std::popcount(a.simhash ^ b.simhash) > bits) continue;
        if (AgreeEarlier(a.simhash, b.simhash, block, blocks)) continue;
        ++out->candidates;
        if (Reaches(a, b, query)) out->pairs.push_back({entries[i].id, entries[j].id});
      }
    }
    start = end;
  }
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
  const int threads = std::max(1, query.threads);
  std::vector<WorkerResult> results(threads);
  ParallelFor(bits + 1, threads, [&](size_t block, int worker) {
    ScanBlock(docs, ids, static_cast<int>(block), bits, query, &results[worker]);
  });
  NearPairs out;
  for (auto& r : results) {
    out.candidates += r.candidates;
    out.pairs.insert(out.pairs.end(), r.pairs.begin(), r.pairs.end());
  }
  SortUnique(&out.pairs);
  return out;
}

}  // namespace neardup
