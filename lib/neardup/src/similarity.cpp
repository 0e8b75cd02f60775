#include "neardup/similarity.h"

#include <xxhash.h>

#include <algorithm>
#include <atomic>
#include <thread>

namespace neardup {

namespace {

// Above this size ratio, a binary search per element of the small set beats
// a merge through the large one.
constexpr size_t kGallopRatio = 32;

size_t IntersectionByMerge(ShingleSet a, ShingleSet b) {
  size_t i = 0, j = 0, n = 0;
  while (i < a.size() && j < b.size()) {
    if (a[i] < b[j]) {
      ++i;
    } else if (b[j] < a[i]) {
      ++j;
    } else {
      ++n;
      ++i;
      ++j;
    }
  }
  return n;
}

size_t IntersectionBySearch(ShingleSet small, ShingleSet large) {
  size_t n = 0;
  auto from = large.begin();
  for (uint64_t x : small) {
    from = std::lower_bound(from, large.end(), x);
    if (from == large.end()) break;
    if (*from == x) ++n;
  }
  return n;
}

}  // namespace

size_t IntersectionSize(ShingleSet a, ShingleSet b) {
  if (a.size() > b.size()) std::swap(a, b);
  if (a.empty()) return 0;
  if (b.size() / a.size() >= kGallopRatio) return IntersectionBySearch(a, b);
  return IntersectionByMerge(a, b);
}

Similarity Compare(ShingleSet a, ShingleSet b) {
  Similarity s;
  if (a.empty() && b.empty()) return {1, 1, 1, 1};
  const double common = static_cast<double>(IntersectionSize(a, b));
  const double na = static_cast<double>(a.size()), nb = static_cast<double>(b.size());
  s.jaccard = common / (na + nb - common);
  s.containment_ab = a.empty() ? 0 : common / na;
  s.containment_ba = b.empty() ? 0 : common / nb;
  s.dice = 2 * common / (na + nb);
  return s;
}

std::optional<Measure> ParseMeasure(std::string_view name) {
  if (name == "jaccard") return Measure::kJaccard;
  if (name == "containment") return Measure::kContainment;
  if (name == "dice") return Measure::kDice;
  return std::nullopt;
}

std::string_view MeasureName(Measure measure) {
  switch (measure) {
    case Measure::kJaccard:
      return "jaccard";
    case Measure::kContainment:
      return "containment";
    case Measure::kDice:
      return "dice";
  }
  return "?";
}

double Value(const Similarity& s, Measure measure) {
  switch (measure) {
    case Measure::kJaccard:
      return s.jaccard;
    case Measure::kContainment:
      return std::max(s.containment_ab, s.containment_ba);
    case Measure::kDice:
      return s.dice;
  }
  return 0;
}

bool Reaches(const Doc& a, const Doc& b, const NearQuery& query) {
  if (a.shingles.empty() || b.shingles.empty()) return false;
  const bool reached = Value(Compare(a.shingles, b.shingles), query.measure) >= query.threshold;
  if (query.checked) query.checked();
  return reached;
}

namespace {

struct Keyed {
  uint64_t key;
  uint32_t id;
  bool operator<(const Keyed& o) const { return key != o.key ? key < o.key : id < o.id; }
};

template <typename T>
uint64_t HashOf(std::span<const T> values) {
  return XXH3_64bits(values.data(), values.size_bytes());
}

// Inside a run of documents with equal sketches: equal set hashes, then
// equal sets, make members of the run's first such document.
void GroupRun(std::span<const Doc> docs, std::span<Keyed> run, std::vector<uint32_t>* first) {
  for (Keyed& k : run) k.key = HashOf(docs[k.id].shingles);
  std::sort(run.begin(), run.end());
  size_t start = 0;
  for (size_t i = 1; i <= run.size(); ++i) {
    if (i < run.size() && run[i].key == run[start].key) continue;
    const auto head = docs[run[start].id].shingles;
    for (size_t m = start + 1; m < i; ++m) {
      const auto set = docs[run[m].id].shingles;
      if (std::equal(set.begin(), set.end(), head.begin(), head.end())) {
        (*first)[run[m].id] = run[start].id;
      }
    }
    start = i;
  }
}

}  // namespace

IdenticalSets FindIdenticalSets(std::span<const Doc> docs, const std::function<void()>& release) {
  IdenticalSets sets;
  sets.first.resize(docs.size());
  std::vector<Keyed> keyed;
  for (uint32_t i = 0; i < docs.size(); ++i) {
    sets.first[i] = i;
    if (docs[i].shingles.empty()) continue;
    const uint64_t key =
        docs[i].minhash.empty() ? HashOf(docs[i].shingles) : HashOf(docs[i].minhash);
    keyed.push_back({key, i});
  }
  std::sort(keyed.begin(), keyed.end());
  size_t start = 0, runs = 0;
  for (size_t i = 1; i <= keyed.size(); ++i) {
    if (i < keyed.size() && keyed[i].key == keyed[start].key) continue;
    if (i - start > 1) {
      GroupRun(docs, std::span(keyed).subspan(start, i - start), &sets.first);
      if (release && ++runs % 4096 == 0) release();
    }
    start = i;
  }
  for (uint32_t i = 0; i < docs.size(); ++i) {
    if (!docs[i].shingles.empty() && sets.first[i] == i) sets.representatives.push_back(i);
  }
  return sets;
}

std::vector<Pair> StarPairs(const IdenticalSets& sets) {
  std::vector<Pair> pairs;
  for (uint32_t i = 0; i < sets.first.size(); ++i) {
    if (sets.first[i] != i) pairs.push_back({sets.first[i], i});
  }
  SortUnique(&pairs);
  return pairs;
}

void ParallelFor(size_t tasks, int threads, const std::function<void(size_t, int)>& work) {
  if (threads <= 1 || tasks <= 1) {
    for (size_t t = 0; t < tasks; ++t) work(t, 0);
    return;
  }
  std::atomic<size_t> next{0};
  std::vector<std::thread> workers;
  for (int w = 0; w < threads; ++w) {
    workers.emplace_back([&, w] {
      for (size_t t; (t = next.fetch_add(1)) < tasks;) work(t, w);
    });
  }
  for (auto& worker : workers) worker.join();
}

void SortUnique(std::vector<Pair>* pairs) {
  std::sort(pairs->begin(), pairs->end());
  pairs->erase(std::unique(pairs->begin(), pairs->end()), pairs->end());
}

}  // namespace neardup
