// warcsumsplit: cuts a manifest into partitions that later stages can work on
// separately (see warcsumsplit(1)).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/source.h"
#include "base/status.h"
#include "manifest/host_catalog.h"
#include "toolcommon/diag.h"

namespace warcsumsplit {

// --digest-range: the leading 64 bits of the digest's hex (after the ':'),
// as if the hex were zero-padded on the right to 16 digits. The algorithm
// name is not looked at. REQUIRES: a digest ParseLine accepted.
uint64_t DigestPrefix64(std::string_view digest);
// The k in [0, n) whose range [k*2^64/n, (k+1)*2^64/n) holds the digest's
// leading 64 bits, i.e. floor(prefix * n / 2^64). REQUIRES: n >= 1.
uint64_t DigestRangeIndex(std::string_view digest, uint64_t n);

// Where -c and -s cut a digest-sorted manifest: a new partition starts at the
// first line whose digest differs from the line before once the current
// partition holds at least its target size, so that a run of equal digests
// is never split. Lines are fed in input order.
class SizeCutter {
 public:
  // -s: every partition but the last holds at least `size` bytes.
  static SizeCutter BySize(uint64_t size);
  // -c: at most n partitions of an input of total_bytes. Each partition's
  // target is an equal share of what is left when it starts, so that one
  // long run early on does not leave the last partitions empty.
  static SizeCutter ByCount(uint64_t n, uint64_t total_bytes);

  // The partition of a manifest line with this digest; bytes counts the
  // line with its newline.
  uint64_t Place(std::string_view digest, uint64_t bytes);
  // A comment or blank line: it stays in the current partition.
  void PlaceOther(uint64_t bytes) { bytes_ += bytes; }
  uint64_t current() const { return current_; }

 private:
  SizeCutter(uint64_t limit, uint64_t size, uint64_t total)
      : limit_(limit), size_(size), total_(total) {}
  uint64_t Target() const;

  uint64_t limit_;  // number of partitions, 0: unbounded (-s)
  uint64_t size_;   // -s target
  uint64_t total_;  // -c input size
  uint64_t current_ = 0;
  uint64_t start_ = 0;  // input bytes before the current partition
  uint64_t bytes_ = 0;  // bytes in the current partition
  bool has_line_ = false;
  std::string last_digest_;
};

enum class Mode { kCount, kSize, kDigestRange, kByHost };

struct Options {
  Mode mode = Mode::kCount;
  uint64_t partitions = 0;  // -c N, --digest-range N
  uint64_t size = 0;        // -s SIZE
  std::string catalog;      // --by-host CATALOG
  bool duplicates_only = false;
  bool with_originals = false;  // --by-host --duplicates-only: and their originals
  std::string input = "-";
  std::string prefix = "part";
  size_t sort_buffer = size_t{64} << 20;  // --by-host: memory for sorted runs
  size_t sort_fan_in = 64;                // --by-host: runs merged at once
  bool progress = false;
};

struct PartitionSummary {
  std::string path;
  uint64_t lines = 0;  // every line written, comments included
  uint64_t bytes = 0;
};

// Splits as the options say. An input that is malformed or not in the order
// the mode needs, a bad catalog or an I/O error returns the error (naming
// file and line) and nothing is written: every temporary file is removed.
// Files missing from the --by-host catalog are reported on diag (counted as
// errors) and their lines dropped; the other partitions are written.
base::Result<std::vector<PartitionSummary>> Split(const Options& options, toolcommon::Diag* diag);

// The whole tool: Split, then the summary on diag. Returns the exit status.
int Run(const Options& options, toolcommon::Diag* diag);

}  // namespace warcsumsplit
