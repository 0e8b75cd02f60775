// Body text extraction (Finn, Kushmerick and Smyth, "Fact or fiction:
// content classification for digital libraries", 2001). With tokens b_k = 1
// for a tag and 0 for a word, it picks i <= j maximising
//   sum_{k<i} b_k + sum_{i<=k<=j} (1 - b_k) + sum_{k>j} b_k,
// which is the total tag count plus the sum over [i, j] of (word ? +1 : -1):
// a maximum-sum subarray, found in one pass (Kadane). A run of w words is w
// tokens of +1 and its tags_before t tokens of -1; the best span starts and
// ends on whole runs, so the pass goes over runs, not tokens.
#include <cstdint>

#include "extract_methods.h"

namespace neardup {

std::string BteText(const ScannedPage& page) {
  const auto& runs = page.runs;
  int64_t best = 0, current = 0;
  size_t best_first = 0, best_last = 0, first = 0;
  bool found = false;
  for (size_t k = 0; k < runs.size(); ++k) {
    current -= runs[k].tags_before;
    if (current <= 0) {  // a span starting here does better than one carrying a loss
      current = 0;
      first = k;
    }
    current += runs[k].words;
    if (current > best) {
      best = current;
      best_first = first;
      best_last = k;
      found = true;
    }
  }
  if (!found) return {};
  // Runs are pieces of the visible text in order: the span is one substring,
  // '\n' between its blocks included.
  return page.text.substr(runs[best_first].begin, runs[best_last].end - runs[best_first].begin);
}

}  // namespace neardup
