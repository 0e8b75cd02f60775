// Runs too long for memory (stage 2, warccollres(1)): a payload captured
// millions of times makes one run of equal digests that cannot be held at
// once. LongRunComparer compares it a part at a time, each part behind the
// first record of every group of equal payloads found so far, so that the
// extensions agree over the whole run. LongRunSorter then puts its lines in
// the warcsumproc order through temporary files.
//
//   dedup::LongRunComparer comparer(source);
//   dedup::LongRunSorter sorter(temp_dir);  // with --proc only
//   for (each part of the run) {
//     std::vector<uint64_t> exts = comparer.Compare(&part, &problems, &collisions);
//     for (i...) { part[i].ext = exts[i]; part[i].fields_count = 7; sorter.Add(part[i]); }
//   }
//   sorter.Finish();
//   manifest::Entry e;
//   while (sorter.Next(&e)) Write(e);
//   if (!sorter.status().ok()) ...
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "base/external_sorter.h"
#include "base/status.h"
#include "dedup/compare.h"
#include "manifest/entry.h"

namespace dedup {

// Compares one long run a part at a time, numbering extensions over the
// whole run. Memory: the part, plus at most kMaxFounders records.
class LongRunComparer {
 public:
  explicit LongRunComparer(fetch::RangeSource* source) : comparer_(source) {}

  // Returns the extensions of *part_entries (its entries are moved out and
  // back, unchanged). Messages as RunComparer::Assign's, plus:
  //   FILE: offset N: ... (on reading it again: the records after it not compared with it)
  // for a record of an earlier part that cannot be read again, and
  //   FILE: offset N: compared equal to two groups found different before (kept as not a duplicate)
  // Each collision is reported once for the whole run.
  std::vector<uint64_t> Compare(std::vector<manifest::Entry>* part_entries,
                                std::vector<std::string>* problems,
                                std::vector<std::string>* collisions);

  const RunComparer& comparer() const { return comparer_; }
  uint64_t collisions() const { return reported_.size(); }
  uint64_t kept_apart() const { return kept_apart_; }  // records equal to two founders

 private:
  // Different payloads under one digest are rare (forged, or bogus stored
  // digests); past this many, the later groups are not carried over, which
  // keeps memory bounded and only misses duplicates.
  static constexpr size_t kMaxFounders = 1000;
  RunComparer comparer_;
  std::vector<manifest::Entry> founders_;
  std::vector<uint64_t> founder_exts_;
  uint64_t next_ext_ = 0;
  uint64_t kept_apart_ = 0;
  std::set<std::string> reported_;
};

// Orders the 7-field lines of one run (one digest) in the warcsumproc order
// (ext, date, file, offset) through temporary files: a long run's lines do
// not all fit in memory. Records are manifest::AppendRunOrderKey + line.
class LongRunSorter {
 public:
  // temp_dir "": base::DefaultTempDir().
  explicit LongRunSorter(const std::string& temp_dir);

  base::Status Add(const manifest::Entry& entry);
  // Ends the input; REQUIRES: before Next().
  base::Status Finish();
  // The next entry in order; false at the end or on an error (status()).
  bool Next(manifest::Entry* entry);
  const base::Status& status() const;

 private:
  std::unique_ptr<base::ExternalSorter> sorter_;
  std::string record_;
  base::Status status_;
};

}  // namespace dedup
