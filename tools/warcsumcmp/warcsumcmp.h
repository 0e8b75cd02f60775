// warcsumcmp: compares the warcsum manifests of a collection taken before
// and after a conversion or a deduplication (see warcsumcmp(1)).
//
// Records are matched by (file, uri, date), since offsets move when files
// are rewritten; a conversion check matches by the stem and URI key of
// conversion.h instead of file and uri. Every input is sorted by that key
// with an external sort and the sorted streams are merge-joined, so memory
// stays bounded whatever the size of the manifests.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "base/source.h"
#include "base/status.h"
#include "manifest/kept.h"
#include "manifest/references.h"
#include "toolcommon/diag.h"

namespace warcsumcmp {

class ArcFiles;

// The kinds of discrepancy, in the words that start their report lines.
enum class Kind {
  kMissing,          // "missing": only in BEFORE (conversion check)
  kAppeared,         // "appeared": only in AFTER
  kDigestChanged,    // "digest changed": same key, another digest
  kNotDeduplicated,  // "not deduplicated": copy > 1 in PROCESSED, still in AFTER
  kLost,             // "lost": gone from AFTER, but copy 1 or not in PROCESSED
  kNotInBefore,      // "not in before": a PROCESSED line that no BEFORE record matches
  kOriginalMissing,  // "original missing": a removed copy's original is not in AFTER
  kReferenced,       // "referenced": removed, though an existing revisit refers to it
};
constexpr int kKinds = 8;
const char* KindName(Kind kind);

// The kept list's reasons, counted by their index (kUnknown last).
constexpr int kKeptReasons = static_cast<int>(manifest::KeptReason::kUnknown) + 1;

// A copy warcrefs kept by design (warcrefs --kept): manifest::KeyOf of its
// file, uri, date and digest, and the typed reason of its line.
struct KeptCopy {
  uint64_t key = 0;
  manifest::KeptReason reason = manifest::KeptReason::kUnknown;
  bool operator<(const KeptCopy& o) const { return key < o.key; }
};

struct Summary {
  uint64_t before = 0, after = 0, processed = 0;  // manifest lines read
  uint64_t unchanged = 0;     // BEFORE records found in AFTER with the same digest
  uint64_t deduplicated = 0;  // copy > 1 in PROCESSED and gone from AFTER, as asked
  // copy > 1 but still in AFTER, its original having its own URI and date:
  // warcrefs keeps those (a revisit could resolve to itself); no discrepancy.
  uint64_t kept_same_capture = 0;
  // copy > 1 but still in AFTER, an existing revisit referring to it
  // (CompareOptions::referenced): warcrefs --referenced keeps those.
  uint64_t kept_referenced = 0;
  // copy > 1 but still in AFTER, in an ARC file (CompareOptions::arc_files,
  // by content), when there is no kept list (CompareOptions::kept): ARC has
  // no revisit record, and warcrefs keeps those. With a kept list they are
  // counted by its reason.
  uint64_t kept_arc = 0;
  // copy > 1 but still in AFTER, listed by warcrefs --kept (CompareOptions::kept),
  // in all and by reason (index: manifest::KeptReason).
  uint64_t kept_listed = 0;
  uint64_t kept_by_reason[kKeptReasons] = {};
  uint64_t by_kind[kKinds] = {};
  uint64_t sort_runs = 0;  // temporary files the sorts wrote (0: all in memory)

  uint64_t discrepancies() const;
};

// A manifest to read; name is used in error messages ("NAME: line N: ...").
struct Input {
  std::string name;
  base::ByteSource* source = nullptr;  // not owned
};

struct CompareOptions {
  // Where the sorts spill their runs (unlinked temporary files).
  std::string temp_dir = "/tmp";
  // Memory for all sorts together: 2 sorts without PROCESSED, 5 with it,
  // each gets an equal share. Tests make it tiny to force spilling.
  size_t sort_bytes = size_t{256} << 20;
  size_t fan_in = 64;  // runs merged at once (>= 2)
  // What existing revisits refer to (warcsum --revisit-refs); may be null.
  const manifest::ReferenceSet* referenced = nullptr;
  // The copies warcrefs kept by design (warcrefs --kept), sorted by key; may
  // be null. When given, it alone says which copies of ARC files were kept.
  const std::vector<KeptCopy>* kept = nullptr;
  // Without kept: which files are ARC files, by content; may be null (no
  // copy is then explained by ARC).
  ArcFiles* arc_files = nullptr;
};

// Reads the warcrefs --kept list at path, sorted by key, for
// CompareOptions::kept. A reason this version does not know (a list written
// before the reasons were typed) reads as kUnknown: still a kept copy.
base::Status LoadKept(const std::string& path, std::vector<KeptCopy>* kept);

// What a progress line shows, bumped while the inputs are read (the sorts
// and merges that follow are not counted). Null members are skipped.
struct ProgressCounters {
  std::atomic<uint64_t>* bytes = nullptr;    // input bytes
  std::atomic<uint64_t>* records = nullptr;  // manifest lines
  std::function<void()> input_done;          // after each input
};

// Receives each discrepancy as one line without its newline. An error it
// returns stops the comparison.
using ReportSink = std::function<base::Status(std::string_view line)>;

// Compares BEFORE and AFTER (any manifest lines; only file, offset, uri,
// date and digest are used). With processed (10-field lines, as written by
// warcsumproc) the comparison checks a deduplication; without it (nullptr)
// a conversion, matching files by stem and URIs by key (conversion.h; a
// stem that names two files in one input is an error). Each discrepancy
// goes to sink, in the order of the key (file, uri, date), then the
// "original missing" ones in the order of the original's (uri, date,
// digest). The line formats:
//
//   missing: FILE URI DATE DIGEST (before: offset N)
//   appeared: FILE URI DATE DIGEST (after: offset M)
//   digest changed: FILE URI DATE DIGEST -> DIGEST2 (before: offset N, after: offset M)
//   digest changed: ... (before: offset N, after: FILE2 URI2 offset M) (AFTER's file or URI
//   written otherwise, in a conversion check)
//   not deduplicated: FILE URI DATE DIGEST (copy C of REF-URI REF-DATE; before: offset N, after:
//   offset M) (not for a copy whose REF-URI and REF-DATE are its own URI and DATE: those
//   are kept, and counted as such)
//   lost: FILE URI DATE DIGEST (before: offset N; disappeared but copy 1 in PROCESSED)
//   lost: FILE URI DATE DIGEST (before: offset N; disappeared but not in PROCESSED)
//   not in before: FILE URI DATE DIGEST (PROCESSED: offset N, copy C)
//   original missing: FILE URI DATE refers to REF-URI REF-DATE DIGEST (not in after)
//   original missing: FILE URI DATE refers to REF-URI REF-DATE DIGEST (after has DIGEST2 instead)
//   referenced: FILE URI DATE DIGEST (copy C; gone, though an existing revisit refers to it)
//   (with options.referenced: a copy still in AFTER that a revisit refers to is kept, and
//   counted as such; so is one in options.kept, by its reason, and, when there is no
//   options.kept, one in a file that options.arc_files reads as ARC)
//
// Records sharing a key on one side are matched as multisets: equal digests
// pair off first, the rest pair in digest order as "digest changed", and the
// extra ones are missing (lost) or appeared. With PROCESSED, records that
// are copy 1 or absent there pair first, so that a record meant to go is
// the one that counts as gone.
//
// Returns an error, with nothing more reported, for a malformed line
// ("NAME: line N: ..."), a PROCESSED line without 10 fields, a stem that
// names two files ("NAME (AFTER): the stem ..."), a read error,
// a failing temporary file or a sink error.
//
// Memory: the sorts' share of sort_bytes, plus the records of one key that
// wait for a partner (in practice one or two).
base::Status Compare(const Input& before, const Input& after, const Input* processed,
                     const CompareOptions& options, const ReportSink& sink, Summary* summary,
                     const ProgressCounters& progress = {});

// "--temp-dir" when not given: the directory holding after, /tmp for "-".
std::string DefaultTempDir(const std::string& after);

struct RunOptions {
  std::string before, after;
  std::string processed;  // empty: conversion check
  std::string output = "-";
  std::string temp_dir;    // empty: DefaultTempDir(after)
  std::string referenced;  // warcsum --revisit-refs output; empty: none
  std::string kept;        // warcrefs --kept output; empty: none
  // Where to find the files the manifests name, to tell ARC files by
  // content when there is no kept list (see ArcFiles); empty: ".".
  std::vector<std::string> warc_dirs;
  size_t sort_bytes = size_t{256} << 20;
  bool progress = false;
};

// The whole tool: the report on output, the summary on diag. Returns 0 when
// nothing differs, 1 on a discrepancy or an error.
int Run(const RunOptions& options, toolcommon::Diag* diag);

}  // namespace warcsumcmp
