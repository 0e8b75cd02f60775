// The keep rules: which copies (manifest lines with copy > 1) stay as they
// are instead of becoming revisit records. One rule set, used by warcrefs
// (which converts) and warcsumcmp (which checks what warcrefs did); reasons
// travel as manifest::KeptReason, never as text.
//
// Rule 1 of the project applies: when in doubt, keep the record. A copy
// wrongly turned into a revisit destroys history; one kept is a missed
// saving.
//
// Some rules are decidable from the manifest line and the reference sets
// alone (KeepByLine and its parts); the others need the record itself, its
// format by content, WARC version or WARC-Record-ID (KeepArc, KeepWarcDraft,
// KeepReferenced with a record id, KeepWouldGrow). Each rule returns the
// reason and words for people, or nothing when it does not keep the copy.
// A tool calls them in its own order, interleaved with its own checks:
//
//   dedup::CopyLine line = dedup::CopyLine::Of(entry);
//   if (auto keep = dedup::KeepSameCapture(line)) return Kept(*keep);
//   if (auto keep = dedup::KeepReferenced(refs, line)) return Kept(*keep);
//   ... read the record ...
//   if (auto keep = dedup::KeepArc(record.format)) return Kept(*keep);
//   if (auto keep = dedup::KeepWarcDraft(record.version)) return Kept(*keep);
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "manifest/entry.h"
#include "manifest/kept.h"
#include "manifest/references.h"
#include "warc/record.h"

namespace dedup {

// Why a copy stays.
struct Keep {
  manifest::KeptReason reason = manifest::KeptReason::kUnknown;
  // For people, without a "kept: " prefix: what warcrefs prints after
  // "kept: " and writes as the kept list's DETAIL.
  std::string detail;
};

// The fields of a copy's manifest line the rules look at, as the manifest
// spells them (percent-encoded).
struct CopyLine {
  std::string_view uri, date, digest;
  std::string_view ref_uri, ref_date;  // the original it names
  static CopyLine Of(const manifest::Entry& e) {
    return {e.uri, e.date, e.digest, e.ref_uri, e.ref_date};
  }
};

// --- Rules decidable from the manifest line ---

// Its file is damaged (warcsum --revisit-refs): every copy in it stays.
std::optional<Keep> KeepDamagedFile(bool damaged);

// Its original has its own URI and date: a revisit could resolve to itself
// (two captures of a URL in the same second, or one record stored twice).
bool IsSameCapture(const CopyLine& line);
std::optional<Keep> KeepSameCapture(const CopyLine& line);

// An existing revisit refers to it (refs may be null: none). With the
// record's WARC-Record-ID (as the manifest would spell it) a revisit naming
// it by WARC-Refers-To counts too; with an empty id only the line's fields
// are looked up. `digest` may be given instead of the line's (a revisit
// without a date may name the payload by its sha1 only).
std::optional<Keep> KeepReferenced(const manifest::ReferenceSet* refs, const CopyLine& line,
                                   std::string_view record_id = {});
std::optional<Keep> KeepReferencedByDigest(const manifest::ReferenceSet* refs, const CopyLine& line,
                                           std::string_view digest);

// The line rules in the order warcrefs applies them: same capture, then
// referenced. What a tool with only the manifests can decide.
std::optional<Keep> KeepByLine(const CopyLine& line, const manifest::ReferenceSet* refs);

// --- Rules that need the record ---

// ARC has no revisit record. `format` is the record's, by content.
std::optional<Keep> KeepArc(warc::FileFormat format);

// The drafts before WARC 1.0 (WARC/0.17, WARC/0.18) have no revisit that
// names its original by URI and date, and no replay tool is known to
// resolve one. `version` as the record states it ("WARC/0.18").
std::optional<Keep> KeepWarcDraft(std::string_view version);

// Converting must never make a file bigger: sizes as stored (compressed in
// a gzip file).
std::optional<Keep> KeepWouldGrow(uint64_t revisit_size, uint64_t record_size);

// The format of a file by its first bytes (after gzip decompression when
// gzipped), as warc::RecordReader tells it: ARC when the first record is a
// version block "filedesc://", WARC otherwise. For a tool that has only a
// file's path. Errors: the file cannot be opened or read.
base::Result<warc::FileFormat> FileFormatOf(const std::string& path);

}  // namespace dedup
