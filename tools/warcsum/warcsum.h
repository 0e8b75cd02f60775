// warcsum: one manifest line per response record (see warcsum(1)).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "base/source.h"
#include "gzmulti/segment_reader.h"
#include "toolcommon/diag.h"
#include "warc/digest.h"
#include "warc/reader.h"
#include "warc/record.h"

namespace warcsum {

struct SumOptions {
  warc::DigestAlgorithm algorithm = warc::DigestAlgorithm::kSha1;
  bool recompute = false;  // never reuse a stored WARC-Payload-Digest
  bool verify = false;     // hash and compare with the stored digest
  bool keep_empty = false;
  bool keep_truncated = false;
  uint32_t types = warc::kResponse;
  gzmulti::ReaderOptions reader;
};

struct FileSummary {
  uint64_t records = 0;     // records read
  uint64_t listed = 0;      // manifest lines written
  uint64_t problems = 0;    // damaged or unlisted records
  uint64_t mismatches = 0;  // --verify: stored digest differs
  uint64_t bytes = 0;       // compressed bytes read
  uint64_t misaligned = 0;
  uint64_t skipped = 0;  // compressed bytes passed over after damage
  bool damaged = false;  // damage met: records may have gone unread
};

// Receives what one file produces: manifest lines (a batch of complete lines)
// and diagnostics (each without the tool name; "offset N: ...").
struct FileSink {
  std::function<void(std::string* lines)> lines;
  std::function<void(const std::string& message)> message;
  // Optional: notes, which are no error ("offset 0: no records").
  std::function<void(const std::string& message)> note;
  // Optional: sees every record before SumSource does. Returning true means
  // it has read the record itself (block and Finish) and nothing is listed
  // for it; warcrefs checks its revisits this way in the same pass.
  std::function<bool(const warc::Record& record, warc::RecordReader* reader)> record;
  // Optional: receives the reference lines of the file's revisit records
  // (manifest/references.h), in batches of complete lines.
  std::function<void(std::string* lines)> references;
  std::atomic<uint64_t>* bytes_read = nullptr;  // progress counters, may be null
  std::atomic<uint64_t>* records_read = nullptr;
};

// Reads one WARC or ARC source; `file_field` is what goes into the manifest's
// file field.
FileSummary SumSource(base::ByteSource* source, const std::string& file_field,
                      const SumOptions& options, const FileSink& sink);

struct RunOptions {
  SumOptions sum;
  std::vector<std::string> inputs;
  bool recursive = false;
  bool full_path = false;  // file field = path as given, not its base name
  int jobs = 1;
  std::string output = "-";
  bool append = false;
  std::string revisit_refs;  // when set, write the revisits' reference lines here
  bool progress = false;
};

// The whole tool: expands inputs, sums them with `jobs` threads, writes the
// manifest in input order. Returns the exit status.
int Run(const RunOptions& options, toolcommon::Diag* diag);

}  // namespace warcsum
