// Copy numbers (stage 3, warcsumproc(1)): in a manifest in the warcsumproc
// order, the first record of each (digest, ext) group is its original and the
// others are its copies 2, 3, ...
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "base/source.h"
#include "base/status.h"
#include "manifest/entry.h"

namespace dedup {

using manifest::Entry;

// Copy numbers for entries that arrive in the warcsumproc order. The first
// entry of each (digest, ext) group is its original, copy 1; the others get
// 2, 3, ... and the original's uri and date as ref_uri and ref_date. Only the
// current group's original and the previous entry are kept.
//
//   dedup::CopyNumberer numberer;
//   while (reader.Next(&entry) == kEntry) {
//     if (auto s = numberer.Add(&entry, reader.line_number()); !s.ok()) stop;
//     AppendLine(entry, &out);  // 10 fields
//   }
class CopyNumberer {
 public:
  // Sets entry->copy, ref_uri, ref_date and fields_count = 10.
  // line_number (0: unknown) only serves later error messages.
  // REQUIRES: entry->fields_count >= 7.
  //
  // Fails with InvalidArgument, leaving *entry and the numbering unchanged,
  // when the entry sorts before the previous one:
  //   input not sorted by digest, ext, date, file, offset (date "A" after "B" on line 3)
  // or names the same record (file and offset) as the previous entry or as
  // its group's original, which would make a record a duplicate of itself:
  //   record listed twice (file "F", offset 5, also on line 3)
  // The caller decides whether to go on; a numbering that skipped an entry
  // is still consistent (every copy > 1 refers to an original it was given).
  base::Status Add(Entry* entry, uint64_t line_number = 0);

  uint64_t entries() const { return entries_; }
  uint64_t groups() const { return groups_; }
  uint64_t duplicates() const { return entries_ - groups_; }  // entries with copy > 1

 private:
  bool started_ = false;
  Entry previous_;
  uint64_t previous_line_ = 0;
  Entry original_;
  uint64_t original_line_ = 0;
  uint64_t next_copy_ = 0;
  uint64_t entries_ = 0, groups_ = 0;
};

struct NumberingSummary {
  uint64_t lines = 0;       // 10-field lines produced
  uint64_t groups = 0;      // (digest, ext) groups, i.e. originals
  uint64_t duplicates = 0;  // lines with copy > 1
};

// Receives output in batches of complete lines; may swap or clear *lines.
using LineSink = std::function<base::Status(std::string* lines)>;

// Reads 7-field lines in the order of
//   LC_ALL=C sort -k6,6 -k7,7n -k5,5 -k1,1 -k2,2n
// from source and passes the 10-field lines to sink. Comments and blank lines
// are dropped. Stops at the first line that is malformed, has another field
// count, is out of order or lists a record twice, and returns its error as
// "line N: ..."; every line before it has been passed to sink. A sink error
// or a read error also stops it. bytes_read, if given, counts input bytes.
base::Status NumberCopies(base::ByteSource* source, const LineSink& sink, NumberingSummary* summary,
                          std::atomic<uint64_t>* bytes_read = nullptr);

}  // namespace dedup
