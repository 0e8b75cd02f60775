// The LIST of warcfilter(1): which records a run writes. Each line names a
// record by its file and offset, in one of three forms, told apart line by
// line ('#' lines and blank lines are skipped):
//
//   a cover file line (warccover(5)): field 7 is "keep" or "covered-by"
//     file offset length uri date digest keep
//     file offset length uri date digest covered-by FILE2 OFFSET2 [values...]
//   a manifest line (warcmanifest(5), 6, 7 or 10 fields): keeps its record
//   any other line whose first two fields are file and offset: keeps it
//
// A record a line names is "judged": kept (keep lines, manifest and plain
// lines) or dropped (covered-by lines). Where a line says the record's
// length (cover and manifest lines), the record must have it.
//
//   filter::ListIndex list;
//   std::vector<std::string> bad;           // "line N: ..." per bad line
//   base::Status s = list.Load(&source, &bad);
//   auto matched = filter::MatchInputs(&list, {{"a.warc.gz", "/data/in/a.warc.gz"}});
//   // matched.per_input[0]: a.warc.gz's judgements, by offset
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "base/source.h"
#include "base/status.h"

namespace filter {

enum class Verdict : uint8_t { kKeep, kDrop };

// One parsed line.
struct ListLine {
  std::string file;  // field 1, decoded (manifest fields are percent-encoded)
  uint64_t offset = 0;
  uint64_t length = 0;  // 0: the line does not say
  Verdict verdict = Verdict::kKeep;
};

// Whether the line holds no record (blank, or a '#' comment).
bool IsListComment(std::string_view line);
// Parses one line (no newline). The error names the field:
// "field 2 (offset): expected a decimal number, found \"x1\"".
// REQUIRES: !IsListComment(line).
base::Result<ListLine> ParseListLine(std::string_view line);

// A line as the selection needs it: 32 bytes per LIST line.
struct Judgement {
  uint64_t offset = 0;
  uint64_t length = 0;  // 0: not said
  uint64_t line = 0;    // line number in LIST, for messages
  Verdict verdict = Verdict::kKeep;
};

// Every record line of a LIST, by file field.
class ListIndex {
 public:
  // Reads the lines of source. A line that does not parse is skipped and
  // described in *bad ("line N: ..."); the status is a read error only.
  base::Status Load(base::ByteSource* source, std::vector<std::string>* bad);
  // File field -> its judgements, in line order.
  std::map<std::string, std::vector<Judgement>>& by_file() { return by_file_; }
  uint64_t lines() const { return lines_; }  // record lines read

 private:
  std::map<std::string, std::vector<Judgement>> by_file_;
  uint64_t lines_ = 0;
};

struct InputMatch {
  // Per input, in the inputs' order: its judgements sorted by offset, a
  // record named twice once (kept if any line keeps it).
  std::vector<std::vector<Judgement>> per_input;
  // "line N: FILE: ..." for the file fields that name no input, and for
  // records named twice with both verdicts.
  std::vector<std::string> errors;
};

// An input file as the list names it.
struct InputName {
  std::string base;  // its base name
  std::string real;  // its real path (realpath(3))
};

// Gives each input the lines of its file field, as warcrefs(1) matches
// manifests: a field without '/' names the input of that base name (as
// warcsum writes it), a field with '/' (warcsum --full-path) the input of
// that real path. A base name several inputs share is an error (the list
// cannot tell them apart), as is a field naming no input: one message per
// field, with its first line number and how many lines it has. Empties
// *list.
InputMatch MatchInputs(ListIndex* list, const std::vector<InputName>& inputs);

}  // namespace filter
