// What the conversion check (no PROCESSED) matches by, so that it checks a
// conversion that renames files and re-encodes URIs, as arc2warc(1) does:
//   - files by stem: x.arc.gz in BEFORE is x.warc.gz (or x.warc) in AFTER;
//   - URIs by the WARC-Target-URI an ARC URL becomes: the ARC side's "a b"
//     (field a%20b) is the WARC side's "a%20b" (field a%2520b).
// The messages still show each side's file and URI as written.
//
// A stem that names two files in one manifest (x.arc and x.arc.gz) would
// make their records one file's: StemFiles refuses it, in bounded memory,
// by a sort of the manifest's file names.
//
//   FileStem("dir/x.arc.gz") == "dir/x"
//   UriKey("a%20b") == UriKey("a%2520b") == "a%2520b"
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "base/status.h"
#include "manifest/order.h"

namespace warcsumcmp {

// The manifest file field without a trailing .arc.gz, .arc, .warc.gz or
// .warc (the directory part kept); the whole field when it ends in none of
// them, or is nothing else (".warc" is its own stem).
std::string_view FileStem(std::string_view file);

// The manifest uri field as the conversion check compares it: decoded, made
// a WARC-Target-URI by warc::TargetUriOfArcUrl (spaces and control bytes
// percent-encoded) and encoded again.
std::string UriKey(std::string_view uri);

// The distinct (stem, file) pairs of one manifest, sorted by an external
// sort of their own: after the sort, two files of one stem are neighbours.
class StemFiles {
 public:
  explicit StemFiles(manifest::ExternalSorter::Options options) : sorter_(std::move(options)) {}

  // A manifest line's file field. A run of lines of one file (warcsum
  // writes a file's lines together) is added once.
  base::Status Add(std::string_view file);
  // After the last Add: an error naming the input (name, its role: "BEFORE"
  // or "AFTER"), the stem and its first two files when a stem names two.
  base::Status Check(const std::string& name, const char* role);
  uint64_t runs_written() const { return sorter_.runs_written(); }

 private:
  manifest::ExternalSorter sorter_;
  std::string last_file_;  // empty before the first: a file field never is
  std::string record_;
};

}  // namespace warcsumcmp
