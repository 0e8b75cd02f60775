// Inspecting the record a copy's manifest line names, before a file is
// spliced: whether it becomes a revisit (and the revisit's bytes), is kept
// by a keep rule (dedup/keep.h), is a revisit already (an earlier run), or
// does not match the line. What warcrefs does per line; reusable by any
// stage that turns records of a file into others (arc2warc, warcfilter).
//
// The checks run in one fixed order, and the first that decides wins:
// damaged file, offset, empty original, same capture, a manifest that makes
// the record both original and copy, --trust-manifest's original, an
// existing revisit's reference; then the record is read: its location, URI
// and date, a revisit already, its type, ARC, WARC draft, references by
// WARC-Record-ID; then its payload is hashed: length and digest as the
// manifest says, a reference by sha1, the stored WARC-Payload-Digest, the
// original's payload; last, whether the revisit would be smaller.
//
//   dedup::RevisitWriter writer(gzip);  // one per file
//   dedup::InspectRules rules{.revisit_refs = &refs};
//   dedup::Inspection i = dedup::Inspect(fd, size, offset, &writer, entry, rules);
//   if (i.kind == dedup::Inspection::Kind::kConvert) splice i.revisit_bytes
//       in place of [offset, offset + i.length);
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "base/status.h"
#include "manifest/entry.h"
#include "manifest/kept.h"
#include "manifest/references.h"
#include "warc/digest.h"
#include "warc/revisit.h"
#include "warc/writer.h"

namespace dedup {

// Whether a copy may become a revisit of the original it names, as a tool
// that read the originals knows (kUnknown: it may).
struct OriginalVerdict {
  manifest::KeptReason reason = manifest::KeptReason::kUnknown;
  std::string why;    // for people
  bool error = true;  // kept for a fault (not a known, reported condition)
  // How the revisit spells its WARC-Payload-Digest (the original's spelling).
  warc::PayloadDigestSpelling spelling = warc::PayloadDigestSpelling::kBase32;
};

// What a line is checked against besides its record. Every part is optional.
struct InspectRules {
  // Its file is damaged: every copy in it is kept.
  bool damaged_file = false;
  // What existing revisits refer to (kept as they are).
  const manifest::ReferenceSet* revisit_refs = nullptr;
  // The originals the manifest's own copies name (a line among them that is
  // a copy itself is not applied).
  const manifest::ReferenceSet* manifest_refs = nullptr;
  // Empty when the copy's group has no known original; otherwise whether
  // its ref-uri and ref-date name it (--trust-manifest).
  std::function<std::optional<bool>(const manifest::Entry& copy)> names_its_original;
  // When set, a copy becomes a revisit only if this says so of its
  // payload's SHA-256 (the original holds the same payload).
  std::function<OriginalVerdict(const manifest::Entry& copy, const warc::Digest& sha256)>
      check_original;
};

struct Inspection {
  enum class Kind { kConvert, kAlready, kKeep, kMismatch } kind = Kind::kMismatch;
  std::string reason;  // for people: why kept ("kept: ..."), or what does not match
  manifest::KeptReason kept = manifest::KeptReason::kUnknown;  // kKeep: the kept list's reason
  bool error = false;         // kKeep: kept because its original could not be verified (an error)
  uint64_t length = 0;        // the record's length in the file as it is
  std::string revisit_bytes;  // kConvert: the record to write instead
  std::string record_id;
  std::string payload_digest;  // the revisit's WARC-Payload-Digest
  std::string version;
  std::string content_type;  // the revisit's, as the response had it
};

// Writes revisit records into a string, gzipped (one member each) when the
// file is. One per file, since setting up a deflate stream per record would
// cost more than the record.
class RevisitWriter {
 public:
  explicit RevisitWriter(bool gzip);
  bool gzip() const { return gzip_; }
  base::Status Write(const warc::Revisit& r, std::string* out);

 private:
  base::Status Append(std::string_view data);
  bool gzip_;
  std::string* out_ = nullptr;
  warc::RecordWriter writer_;
};

// Reads the record at `offset` of the open file `fd` (file_size bytes) and
// decides what to do with the manifest line `e` (copy > 1) that names it.
// A kConvert's revisit is written with `writer`.
Inspection Inspect(int fd, uint64_t file_size, uint64_t offset, RevisitWriter* writer,
                   const manifest::Entry& e, const InspectRules& rules);

}  // namespace dedup
