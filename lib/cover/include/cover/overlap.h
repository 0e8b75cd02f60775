// The content measures of a pair of shingle sets from their counts, and
// the text the cover file (manifest/cover_line.h, warccover(5)) prints
// them in: containment, jaccard, dice, each rounded down to 4 decimals by
// integer arithmetic (so a printed value never exceeds the true one).
#pragma once

#include <cstdint>
#include <string>

namespace cover {

// The measures of a pair from its counts: |A n B|, |A|, |B|. Both sets
// empty, or either: 0 (a page without text covers nothing and is covered
// by nothing; warccover(1)).
struct Overlap {
  uint64_t common = 0, size_a = 0, size_b = 0;
  double containment() const;  // of a in b
  double jaccard() const;
  double dice() const;
};

// "0.8125 0.4333 0.6046": containment, jaccard, dice, each rounded down to
// 4 decimals by integer arithmetic on the counts.
std::string MeasuresText(const Overlap& overlap);

}  // namespace cover
