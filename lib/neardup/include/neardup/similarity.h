// Exact similarity of two shingle sets, each a sorted array of distinct
// 64-bit shingle hashes (as a signature file stores them). The measures of
// warcnear(1) and warccover(1):
//   jaccard     |A n B| / |A u B|
//   containment |A n B| / |A|   (how much of A lies in B)
//   dice        2 |A n B| / (|A| + |B|)
// Two empty sets are identical (1); an empty and a non-empty set share
// nothing (0).
//
// Also what every candidate stage (lsh.h, simhash_index.h, join.h) and the
// clustering (cluster.h) share: the document they see (Doc), a pair of
// documents, the threshold test, and the grouping of identical sets.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace neardup {

using ShingleSet = std::span<const uint64_t>;

// |A n B| by a merge of the two sorted arrays; with one set much smaller
// than the other, by binary search (galloping) into the larger.
// REQUIRES: both sorted ascending, without repeats.
size_t IntersectionSize(ShingleSet a, ShingleSet b);

struct Similarity {
  double jaccard = 0;
  double containment_ab = 0;  // of a in b
  double containment_ba = 0;  // of b in a
  double dice = 0;
};

Similarity Compare(ShingleSet a, ShingleSet b);

// Which measure a threshold applies to. kContainment: the larger of the two
// containments, i.e. |A n B| >= t * min(|A|, |B|) (one set lies mostly in
// the other).
enum class Measure { kJaccard, kContainment, kDice };

// "jaccard", "containment", "dice"; nullopt for anything else.
std::optional<Measure> ParseMeasure(std::string_view name);
std::string_view MeasureName(Measure measure);

// The value of s that measure selects.
double Value(const Similarity& s, Measure measure);

// What the candidate stages see of one record: views into a signature file
// (or a test's vectors), valid while the caller keeps them. Documents are
// numbered by their index in the span they come in; cluster.h takes that
// index as the capture order.
struct Doc {
  std::span<const uint32_t> minhash;   // may be empty (then not indexed by LSH)
  std::span<const uint64_t> shingles;  // sorted ascending, no repeats
  uint64_t simhash = 0;
};

// Two documents by index, a < b.
struct Pair {
  uint32_t a = 0, b = 0;
  friend bool operator==(const Pair&, const Pair&) = default;
  friend auto operator<=>(const Pair&, const Pair&) = default;
};

// The question every candidate stage answers: which pairs reach threshold
// under measure. threads: worker threads (1 = the caller's only); the
// answer does not depend on it.
struct NearQuery {
  NearQuery() = default;
  NearQuery(Measure m, double t, int n) : measure(m), threshold(t), threads(n) {}

  Measure measure = Measure::kJaccard;
  double threshold = 0.8;
  int threads = 1;
  // Called after every exact check, from any worker (may be empty): e.g.
  // warcnear gives back the pages of the shingle sets read, now and then.
  std::function<void()> checked;
  // Called now and then while the exact join reads every set's shingles
  // (may be empty): a caller whose sets are a mapped file gives the pages
  // back (SigFile::ReleaseRecords), so that they are not all held at once.
  std::function<void()> release;
  // The exact join ranks shingles range by range over the hash space, this
  // many shingles a range (0: its default, 2^25). Tests set it small to
  // cross many ranges; the answer does not depend on it.
  uint64_t range_shingles = 0;
};

// A candidate stage's answer: the pairs whose exact similarity (Compare on
// the shingle sets) reaches the threshold, sorted and distinct, and how
// many distinct candidate pairs were checked exactly to find them.
struct NearPairs {
  std::vector<Pair> pairs;
  uint64_t candidates = 0;
};

// True when the exact similarity of a and b reaches query.threshold under
// query.measure. Documents with no shingles reach nothing (they have no
// text to compare; without this rule every empty page would pair with
// every other one).
bool Reaches(const Doc& a, const Doc& b, const NearQuery& query);

// Records with identical shingle sets: a million copies of one page must
// not make a million squared pairs. Each document with a non-empty set
// whose set equals an earlier document's is a member of the earliest one's
// group; the candidate stages index only the groups' first documents
// (representatives), and a member is reported paired with its first
// document only (a star, similarity 1): its other pairs are its first
// document's. Found by a hash of the MinHash sketch (equal sets have equal
// sketches), then a hash of the set and a full comparison inside a group,
// so shingle sets are read only for documents whose sketches coincide.
struct IdenticalSets {
  std::vector<uint32_t> first;            // per document: its group's first (itself if none)
  std::vector<uint32_t> representatives;  // ascending: non-empty sets with first[i] == i
};

// release (may be empty) is called every so many groups compared: a
// caller whose sets are a mapped file gives the pages read back.
IdenticalSets FindIdenticalSets(std::span<const Doc> docs,
                                const std::function<void()>& release = {});

// The star pairs (first[i], i) for every member i, ascending.
std::vector<Pair> StarPairs(const IdenticalSets& sets);

// Runs work(task, worker) for every task in [0, tasks) on `threads` workers
// (worker in [0, threads)); tasks are handed out in order, one at a time.
void ParallelFor(size_t tasks, int threads, const std::function<void(size_t, int)>& work);

// Sorts and removes repeats.
void SortUnique(std::vector<Pair>* pairs);

}  // namespace neardup
