#include "neardup/similarity.h"

#include <algorithm>

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

}  // namespace neardup
