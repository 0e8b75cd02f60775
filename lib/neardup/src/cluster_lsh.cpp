#include <xxhash.h>

#include <algorithm>
#include <limits>

#include "neardup/cluster.h"

namespace neardup {

namespace {

constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

struct BandEntry {
  uint64_t hash;
  uint32_t k;  // index into the representatives
  bool operator<(const BandEntry& o) const { return hash != o.hash ? hash < o.hash : k < o.k; }
};

// Bucket numbers of one band: for representative k, its bucket, numbered
// from 0 within the band, or kNone when no other representative shares it.
// Returns the band's number of buckets.
uint32_t NumberBuckets(std::span<const Doc> docs, std::span<const uint32_t> ids, int band, int rows,
                       std::span<uint32_t> bucket_of) {
  std::vector<BandEntry> entries(ids.size());
  for (uint32_t k = 0; k < ids.size(); ++k) {
    auto values = docs[ids[k]].minhash.subspan(static_cast<size_t>(band) * rows, rows);
    entries[k] = {XXH3_64bits(values.data(), values.size_bytes()), k};
  }
  std::sort(entries.begin(), entries.end());
  uint32_t buckets = 0;
  for (size_t start = 0, end; start < entries.size(); start = end) {
    for (end = start + 1; end < entries.size() && entries[end].hash == entries[start].hash;) ++end;
    const uint32_t bucket = end - start > 1 ? buckets++ : kNone;
    for (size_t i = start; i < end; ++i) bucket_of[entries[i].k] = bucket;
  }
  return buckets;
}

// Ids and numbers of clusters from each document's representative.
void NumberClusters(Clusters* c) {
  c->id.resize(c->representative.size());
  for (uint32_t d = 0; d < c->representative.size(); ++d) {
    const uint32_t rep = c->representative[d];
    c->id[d] = rep == d ? c->count++ : c->id[rep];
  }
}

}  // namespace

Clusters LshClusters(std::span<const Doc> docs, const IdenticalSets& identical,
                     const Banding& banding, const NearQuery& query, uint64_t* candidates) {
  const auto& ids = identical.representatives;
  const size_t m = ids.size(), bands = banding.bands;
  std::vector<uint32_t> bucket_of(bands * m), first_bucket(bands + 1, 0);
  ParallelFor(bands, std::max(1, query.threads), [&](size_t b, int) {
    first_bucket[b + 1] = NumberBuckets(docs, ids, static_cast<int>(b), banding.rows,
                                        std::span(bucket_of).subspan(b * m, m));
  });
  for (size_t b = 0; b < bands; ++b) first_bucket[b + 1] += first_bucket[b];
  // Per bucket, the representatives found so far, latest first: head, then
  // links through next (per band and representative).
  std::vector<uint32_t> head(first_bucket[bands], kNone), next(bands * m, kNone);
  Clusters c;
  c.representative.resize(docs.size());
  for (uint32_t d = 0; d < docs.size(); ++d) c.representative[d] = d;
  std::vector<uint32_t> reached;
  *candidates = 0;
  for (uint32_t k = 0; k < m; ++k) {
    reached.clear();
    for (size_t b = 0; b < bands; ++b) {
      if (bucket_of[b * m + k] == kNone) continue;
      const uint32_t bucket = first_bucket[b] + bucket_of[b * m + k];
      for (uint32_t r = head[bucket]; r != kNone; r = next[b * m + r]) reached.push_back(r);
    }
    std::sort(reached.begin(), reached.end());
    reached.erase(std::unique(reached.begin(), reached.end()), reached.end());
    uint32_t rep = kNone;
    for (uint32_t r : reached) {
      ++*candidates;
      if (Reaches(docs[ids[r]], docs[ids[k]], query)) {
        rep = r;
        break;
      }
    }
    if (rep != kNone) {
      c.representative[ids[k]] = ids[rep];
      continue;
    }
    for (size_t b = 0; b < bands; ++b) {
      if (bucket_of[b * m + k] == kNone) continue;
      const uint32_t bucket = first_bucket[b] + bucket_of[b * m + k];
      next[b * m + k] = head[bucket];
      head[bucket] = k;
    }
  }
  for (uint32_t d = 0; d < docs.size(); ++d) {
    if (identical.first[d] != d) c.representative[d] = c.representative[identical.first[d]];
  }
  NumberClusters(&c);
  return c;
}

}  // namespace neardup
