// Private to lsh.cpp and simhash_index.cpp: the candidate stages that key
// every record once per pass (an LSH band, a simhash block). Records that
// share a key in a pass are candidates, checked exactly (Reaches) unless
// `skip` says the pair was a candidate in an earlier pass already, or is
// no candidate after all. Passes run on query.threads workers; the answer
// is the same for any number.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "neardup/similarity.h"

namespace neardup::internal {

struct KeyedEntry {
  uint64_t key;
  uint32_t id;
  bool operator<(const KeyedEntry& o) const { return key != o.key ? key < o.key : id < o.id; }
};

// key(doc, pass) -> uint64_t; skip(a, b, pass) -> bool.
template <typename Key, typename Skip>
NearPairs PairsByKeyedPasses(std::span<const Doc> docs, std::span<const uint32_t> ids, int passes,
                             const NearQuery& query, Key key, Skip skip) {
  struct WorkerResult {
    std::vector<Pair> pairs;
    uint64_t candidates = 0;
  };
  const int threads = std::max(1, query.threads);
  std::vector<WorkerResult> results(threads);
  ParallelFor(passes, threads, [&](size_t pass_index, int worker) {
    const int pass = static_cast<int>(pass_index);
    WorkerResult* out = &results[worker];
    std::vector<KeyedEntry> entries(ids.size());
    for (size_t i = 0; i < ids.size(); ++i) entries[i] = {key(docs[ids[i]], pass), ids[i]};
    std::sort(entries.begin(), entries.end());
    size_t start = 0;
    for (size_t end = 1; end <= entries.size(); ++end) {
      if (end < entries.size() && entries[end].key == entries[start].key) continue;
      for (size_t i = start; i < end; ++i) {
        for (size_t j = i + 1; j < end; ++j) {
          const Doc &a = docs[entries[i].id], &b = docs[entries[j].id];
          if (skip(a, b, pass)) continue;
          ++out->candidates;
          if (Reaches(a, b, query)) out->pairs.push_back({entries[i].id, entries[j].id});
        }
      }
      start = end;
    }
  });
  NearPairs out;
  for (auto& r : results) {
    out.candidates += r.candidates;
    out.pairs.insert(out.pairs.end(), r.pairs.begin(), r.pairs.end());
  }
  SortUnique(&out.pairs);
  return out;
}

}  // namespace neardup::internal
