// warccollres: reading the manifest as runs of equal digests, and writing
// the compared runs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/source.h"
#include "collres.h"
#include "dedup/copy_numbers.h"
#include "manifest/entry.h"
#include "manifest/reader.h"
#include "toolcommon/diag.h"
#include "toolcommon/io.h"

namespace warccollres {

using EntryRun = std::vector<manifest::Entry>;

// The memory an entry holds: itself and its text.
size_t HeldBytes(const manifest::Entry& e);

// Splits the manifest into runs of equal digests, checking the order.
class RunReader {
 public:
  // Memory for manifest lines, whatever their length: a run is held in parts
  // of at most part_records records and about kPartBytes.
  static constexpr size_t kPartBytes = 4 << 20;

  RunReader(base::ByteSource* source, const std::string& name, size_t part_records)
      : reader_(source), name_(name), part_records_(part_records) {}

  // The next run, or its next part: at most part_records records, and about
  // kPartBytes of them. *more tells that the run goes on; *bytes is what the
  // records hold (HeldBytes). False at the end, or when the input is unusable
  // (failed(); TakeError() has the message, once).
  bool Next(EntryRun* run, bool* more, size_t* bytes);
  bool failed() const { return failed_; }
  // "NAME: line N: ...; stopped there, the output is incomplete" once after
  // the input failed, then "".
  std::string TakeError() { return std::move(error_); }

 private:
  bool ReadOne();
  bool Stop(const std::string& why);

  manifest::ManifestReader reader_;
  std::string name_;
  size_t part_records_;
  manifest::Entry next_;
  bool have_next_ = false, ended_ = false, failed_ = false;
  std::string previous_digest_;
  std::string error_;
};

// Writes the compared runs: with --proc each run in post-processing order,
// numbered; lines go out in blocks of about 1 MB.
class RunWriter {
 public:
  RunWriter(const Options& options, const std::string& name, toolcommon::OutputFile* out,
            toolcommon::Diag* diag)
      : options_(options), name_(name), out_(out), diag_(diag) {}

  // False when the output failed or the input order did (reported).
  bool Write(EntryRun* run, const std::vector<uint64_t>& exts);
  static void SetExt(manifest::Entry* entry, uint64_t ext) {
    entry->ext = ext;
    entry->fields_count = 7;
  }
  // One line, numbered with --proc. REQUIRES: lines come in output order.
  bool WriteOne(manifest::Entry* entry);
  bool Flush();
  uint64_t lines() const { return lines_; }

 private:
  const Options& options_;
  const std::string& name_;
  toolcommon::OutputFile* out_;
  toolcommon::Diag* diag_;
  dedup::CopyNumberer numberer_;
  std::string buffer_;
  uint64_t lines_ = 0;
  bool failed_ = false;
};

}  // namespace warccollres
