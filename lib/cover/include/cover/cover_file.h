// The cover file (warccover(5)): warccover's answer, one line per record of
// the signature files, read back by warccover --check and warcfilter(1).
//
//   file offset length uri date digest keep
//   file offset length uri date digest covered-by FILE OFFSET CONTAINMENT JACCARD DICE
//
// The first six fields are the record's manifest key (warcmanifest(5)); a
// covered record names the kept record that covers it (its file and
// offset) and the pair's measures, a covered in b, each rounded down to 4
// decimals (so a printed value never exceeds the true one). Lines starting
// with '#' are comments.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "base/status.h"
#include "manifest/entry.h"

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

struct CoverLine {
  manifest::Entry key;  // 6 fields
  bool keep = true;
  // covered-by lines:
  std::string by_file;
  uint64_t by_offset = 0;
  Overlap overlap;            // when written
  std::string measures_text;  // when read: "0.8125 0.4333 0.6046"
};

// The line without a newline. REQUIRES: key's fields are manifest-encoded.
std::string FormatCoverLine(const CoverLine& line);

// Parses one line (no newline, not a comment). Errors name the field:
// "field 7: expected keep or covered-by, found \"kept\"".
base::Result<CoverLine> ParseCoverLine(std::string_view line);

// "0.8125 0.4333 0.6046": containment, jaccard, dice, each rounded down to
// 4 decimals by integer arithmetic on the counts.
std::string MeasuresText(const Overlap& overlap);

}  // namespace cover
