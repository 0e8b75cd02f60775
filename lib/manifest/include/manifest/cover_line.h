// The cover file's lines (warccover(5)): written by warccover, read by
// warccover --check and warcfilter(1).
//
//   file offset length uri date digest keep
//   file offset length uri date digest covered-by FILE OFFSET CONTAINMENT JACCARD DICE
//
// The first six fields are the record's manifest key (warcmanifest(5)); a
// covered record names the kept record that covers it (its manifest file
// field and offset) and the pair's three measures as text (lib/cover
// writes them, rounded down to 4 decimals). Lines starting with '#' are
// comments.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "base/status.h"
#include "manifest/entry.h"

namespace manifest {

struct CoverLine {
  Entry key;  // 6 fields
  bool keep = true;
  // covered-by lines:
  std::string by_file;  // manifest encoding
  uint64_t by_offset = 0;
  std::string measures;  // "0.8125 0.4333 0.6046": containment jaccard dice
};

// The line without a newline. REQUIRES: key's fields are manifest-encoded;
// for a covered-by line, measures holds three space-separated fields.
std::string FormatCoverLine(const CoverLine& line);

// Parses one line (no newline, not a comment). Errors name the field:
// "field 7: expected keep (7 fields) or covered-by (12 fields), found \"kept\"".
base::Result<CoverLine> ParseCoverLine(std::string_view line);

// Whether the line is a cover line rather than a manifest's: its seventh
// field is "keep" or "covered-by".
bool IsCoverLine(std::string_view line);

}  // namespace manifest
