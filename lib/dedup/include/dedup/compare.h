// Proving records identical (stage 2, warccollres(1)): records that share a
// digest are fetched and their payloads compared byte for byte, because a
// stored digest can be wrong or forged, and only identical payloads may
// become revisits. Each record of a run (equal digests) gets a hash
// extension: records with the same extension are byte-identical.
//
//   dedup::RunComparer comparer(source);  // one per thread
//   std::vector<std::string> problems, collisions;
//   std::vector<uint64_t> exts = comparer.Assign(run, &problems, &collisions);
//   // exts[i] is run[i]'s extension; problems and collisions are messages
//   // for the caller to print ("FILE: offset N: ...").
//
// A run too long to hold in memory is compared in parts (dedup/long_runs.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "dedup/opened_record.h"
#include "fetch/range_source.h"
#include "manifest/entry.h"
#include "warc/digest.h"

namespace dedup {

struct CompareStats {
  uint64_t records_fetched = 0;  // record opens (a record may be opened twice after a collision)
  uint64_t bytes_compared = 0;   // payload bytes read for comparison
  uint64_t collisions = 0;       // groups of different payloads behind one digest, less one
  uint64_t failures = 0;         // records that could not be fetched or read
};

// Assigns hash extensions to the records of one run (all with the same digest).
class RunComparer {
 public:
  explicit RunComparer(fetch::RangeSource* source) : source_(source) {}

  // Returns one extension per entry: byte-identical payloads share one, in
  // order of first appearance (0, 1, ...). A record that cannot be fetched or
  // read gets an extension of its own; its problem ("FILE: offset N: ...") is
  // appended to *problems. Each group of payloads after the first appends to
  // *collisions "DIGEST: FILE: offset N and FILE: offset M: why", the first
  // records of the first group and its own, and why the digest is shared:
  // which stored digest disagrees with its payload, or a hash collision.
  std::vector<uint64_t> Assign(const std::vector<manifest::Entry>& run,
                               std::vector<std::string>* problems,
                               std::vector<std::string>* collisions);
  const CompareStats& stats() const { return stats_; }
  // The first record of each group of equal payloads that the last Assign()
  // found, as indices into its run; without groups whose first record failed.
  // A run too long for memory is compared in parts, each behind these records
  // of the parts before.
  const std::vector<size_t>& founders() const { return founders_; }

 private:
  struct Rep;
  bool LoadSmall(size_t i, std::string* payload, bool* too_big);
  void CompareBatch(Rep* rep, std::vector<size_t>* batch, std::vector<size_t>* matched);
  void Fail(size_t i, const base::Status& status);
  // A representative that cannot be read: it compares equal to nothing more.
  void RepFailed(Rep* rep, const base::Status& status);
  // Reads a representative completely (CRC-32 included) before a collision
  // is claimed for it, and computes its payload's digest.
  void Check(Rep* rep);
  std::optional<warc::Digest> DigestOf(std::string_view payload) const;
  // Why two groups' payloads share the stored digest.
  std::string Explain(const Rep& a, const Rep& b) const;

  fetch::RangeSource* source_;
  CompareStats stats_;
  // Per Assign() call.
  const std::vector<manifest::Entry>* run_ = nullptr;
  std::vector<int64_t> labels_;
  std::vector<char> verified_;  // read completely at least once, CRC-32 included
  int64_t next_label_ = 0;
  std::vector<std::string>* problems_ = nullptr;
  std::optional<warc::Digest> stored_;  // the run's digest, if it parses
  uint64_t cached_bytes_ = 0;
  std::vector<size_t> founders_;
};

}  // namespace dedup
