// Private to dedup::HarvestReferences. harvest.cpp reads the file, inflates
// every gzip member start (Member) and gathers the reference lines (Output);
// harvest_scan.cpp splits a stream of bytes into header lines and blocks and
// makes reference lines from them (Scanner).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "dedup/harvest.h"

namespace dedup::harvest_internal {

// The reference lines of one file: batched for emit, a line repeated soon
// after itself dropped (a bomb of one line stays one line), and capped.
class Output {
 public:
  Output(const std::function<void(std::string*)>& emit, uint64_t max_lines, HarvestStats* stats);

  bool full() const { return stats_->over_limit; }

  void Line(std::string_view kind, std::string_view a, std::string_view b);
  void Flush();

 private:
  const std::function<void(std::string*)>& emit_;
  uint64_t max_lines_;
  HarvestStats* stats_;
  std::vector<std::string> recent_;
  std::string buf_, line_;
  uint64_t bytes_ = 0;
};

// Splits one stream of bytes (the file, or one member's output) into lines
// and header blocks, and makes reference lines from them.
class Scanner {
 public:
  Scanner(Output* out, HarvestStats* stats) : out_(out), stats_(stats) {}

  bool full() const { return out_->full(); }

  void Feed(const char* data, size_t n);

  // The end of the stream: whatever block was open ends here.
  void Finish();

 private:
  struct Block {
    bool any = false;          // some field of interest was seen
    bool typed = false;        // a WARC-Type line was seen
    bool revisit = false;      // WARC-Type: revisit
    bool may_revisit = false;  // a Refers-To field or a revisit profile
    bool named = false;        // a WARC-Refers-To was seen
    std::string target, ref_target, ref_date;
  };

  void Emit(std::string_view kind, std::string_view a, std::string_view b = {});
  static bool Folded(std::string_view raw);
  void Overflow();
  void Line(std::string_view raw);
  void Content(std::string_view line);
  void ContinueField(std::string_view text);
  void FlushField();
  void Field(std::string_view name, std::string_view value);
  void EndBlock();
  static bool IsRefersTo(std::string_view name);

  Output* out_;
  HarvestStats* stats_;
  std::string line_;
  bool skipping_ = false;
  bool field_open_ = false;  // a field of interest waits for its folded lines
  bool field_long_ = false;  // ... and grew too long: dropped, counted
  std::string field_name_, field_value_;
  Block block_;
};

}  // namespace dedup::harvest_internal
