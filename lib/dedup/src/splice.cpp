#include "dedup/splice.h"

#include <unistd.h>

#include <algorithm>

#include "base/fd_range.h"
#include "dedup/keep.h"
#include "first_read_problem.h"
#include "gzmulti/segment_reader.h"
#include "warc/payload.h"
#include "warc/reader.h"

namespace dedup {
namespace {

warc::WriterOptions GzipOption(bool gzip) {
  warc::WriterOptions o;
  o.gzip = gzip;
  return o;
}

// One Inspect: the line, then the record, then its payload.
class Inspector {
 public:
  Inspector(int fd, uint64_t file_size, uint64_t offset, RevisitWriter* writer,
            const manifest::Entry& e, const InspectRules& rules)
      : fd_(fd),
        file_size_(file_size),
        offset_(offset),
        writer_(writer),
        e_(e),
        rules_(rules),
        line_(CopyLine::Of(e)) {}

  Inspection Run() {
    if (auto decided = CheckLine()) return *decided;
    return Read(false);
  }

 private:
  Inspection Mismatch(const std::string& why) {
    result_.kind = Inspection::Kind::kMismatch;
    result_.reason = why;
    return result_;
  }
  Inspection Kept(const Keep& k) {
    result_.kind = Inspection::Kind::kKeep;
    result_.kept = k.reason;
    result_.reason = "kept: " + k.detail;
    return result_;
  }
  std::optional<Inspection> CheckLine();
  Inspection Read(bool to_end);
  Inspection Already(warc::RecordReader* reader, const warc::Record& record, uint64_t end,
                     const FirstReadProblem& problems);
  Inspection Convert(warc::RecordReader* reader, const warc::Record& record,
                     const FirstReadProblem& problems);
  Inspection Revisit(const warc::Record& record, const std::string& http_header,
                     const warc::Digest& payload_sha1, const warc::Digest* sha256, uint64_t length);

  const int fd_;
  const uint64_t file_size_, offset_;
  RevisitWriter* writer_;
  const manifest::Entry& e_;
  const InspectRules& rules_;
  const CopyLine line_;
  Inspection result_;
};

// What the line and the reference sets decide, before the record is read.
std::optional<Inspection> Inspector::CheckLine() {
  if (auto k = KeepDamagedFile(rules_.damaged_file)) return Kept(*k);
  if (offset_ >= file_size_) return Mismatch("offset is past the end of the file");
  // "-" is an empty field: a revisit naming no original resolves to nothing.
  // (A manifest written before "%2D" stood for a real "-" says "-" for both.)
  if (e_.ref_uri == "-" || e_.ref_date == "-")
    return Mismatch(std::string("the manifest gives its original an empty ") +
                    (e_.ref_uri == "-" ? "URI" : "date") + "; a revisit must name its original");
  // A revisit that names its own URI and date as its original's could
  // resolve to itself: two captures of a URL in the same second (or one
  // record stored twice) stay as they are, a missed saving but no error.
  if (auto k = KeepSameCapture(line_)) return Kept(*k);
  // Converted, the record other lines name as their original would leave
  // their revisits with nothing to resolve to: the manifest contradicts itself.
  if (rules_.manifest_refs && rules_.manifest_refs->HasOriginal(e_.uri, e_.date, ""))
    return Mismatch(
        "other lines of the manifest name this record as their original, "
        "but its own line makes it a copy");
  if (rules_.names_its_original) {
    auto names = rules_.names_its_original(e_);
    if (names && !*names)
      return Mismatch(
          "the manifest's original of its digest and extension is another record "
          "than its ref-uri and ref-date name");
  }
  if (auto k = KeepReferenced(rules_.revisit_refs, line_)) return Kept(*k);
  return std::nullopt;
}

Inspection Inspector::Read(bool to_end) {
  // The line's length bounds what needs reading, except for a revisit written
  // by an earlier run that is longer than the record it replaced (a tiny
  // payload): that is read again without the bound.
  // In a gzip file, bytes that are not a member header would be read as
  // plain text: say what is wrong rather than what a plain reader says.
  unsigned char magic[2] = {0, 0};
  if (writer_->gzip() && (::pread(fd_, magic, 2, static_cast<off_t>(offset_)) != 2 ||
                          magic[0] != 0x1f || magic[1] != 0x8b))
    return Mismatch("no gzip member starts here");
  uint64_t end = to_end ? file_size_ : std::min(file_size_, offset_ + e_.length);
  base::FdRange range(fd_, offset_, end);  // a short file reads as its end
  FirstReadProblem problems;
  gzmulti::ReaderOptions options;
  options.start_offset = offset_;
  options.limit = end - offset_;
  warc::RecordReader reader(&range, options, &problems);
  warc::Record record;
  if (!reader.Next(&record)) {
    if (end < file_size_) return Read(true);
    return Mismatch("no record starts here: " + problems.first);
  }
  // The reader passes over blank lines and empty gzip members to the next record.
  if (record.offset != offset_)
    return Mismatch("no record starts here (the next one is at offset " +
                    std::to_string(record.offset) + ")");
  if (manifest::EncodeField(record.TargetUri()) != e_.uri ||
      manifest::EncodeField(record.Date()) != e_.date) {
    return Mismatch("the record here has uri \"" + manifest::EncodeField(record.TargetUri()) +
                    "\" and date \"" + manifest::EncodeField(record.Date()) +
                    "\", not the manifest's");
  }
  if (record.type == warc::kRevisit) return Already(&reader, record, end, problems);
  if (record.type != warc::kResponse) return Mismatch("not a response record");
  // ARC has no revisit record: its copies stay, a missed saving but no error.
  if (auto k = KeepArc(record.format)) return Kept(*k);
  // The drafts before WARC 1.0 have no revisit that names its original by
  // URI and date, and no replay tool is known to resolve one: kept.
  if (auto k = KeepWarcDraft(record.version)) return Kept(*k);
  if (auto k = KeepReferenced(
          rules_.revisit_refs, line_,
          manifest::EncodeField(record.headers.First("WARC-Record-ID").value_or(""))))
    return Kept(*k);
  return Convert(&reader, record, problems);
}

// Converted by an earlier run: fine if it refers to the same original.
Inspection Inspector::Already(warc::RecordReader* reader, const warc::Record& record, uint64_t end,
                              const FirstReadProblem& problems) {
  uint64_t length = 0;
  if (!reader->Finish(&length)) {
    if (end < file_size_) return Read(true);
    return Mismatch("revisit record not read completely: " + problems.first);
  }
  if (record.headers.First("WARC-Refers-To-Target-URI").value_or("") !=
          manifest::DecodeField(e_.ref_uri) ||
      record.headers.First("WARC-Refers-To-Date").value_or("") !=
          manifest::DecodeField(e_.ref_date))
    return Mismatch("already a revisit, but of another original");
  result_.kind = Inspection::Kind::kAlready;
  result_.length = length;
  return result_;
}

// Hashes the payload and checks it against the manifest and the record.
Inspection Inspector::Convert(warc::RecordReader* reader, const warc::Record& record,
                              const FirstReadProblem& problems) {
  auto digest = [&]() -> base::Result<warc::Digest> { return warc::ParseDigest(e_.digest); }();
  if (!digest.ok()) return Mismatch("manifest digest: " + digest.status().message());
  // The revisit keeps the stored WARC-Payload-Digest, which replay tools
  // match: it has to be the payload's.
  auto stored_text = record.headers.First("WARC-Payload-Digest");
  auto stored = warc::ParseDigest(stored_text.value_or(""));
  if (stored_text && !stored.ok())
    return Mismatch("stored WARC-Payload-Digest: " + stored.status().message());
  // One pass hashes for the manifest's algorithm, for a revisit's
  // WARC-Payload-Digest (sha1) and for checking the stored digest; a hasher
  // is shared where the algorithms are the same.
  warc::Hasher hasher(digest->algorithm);
  bool manifest_sha1 = digest->algorithm == warc::DigestAlgorithm::kSha1;
  warc::Hasher sha1_own(warc::DigestAlgorithm::kSha1);
  warc::Hasher& sha1 = manifest_sha1 ? hasher : sha1_own;
  bool other = stored.ok() && stored->algorithm != warc::DigestAlgorithm::kSha1;
  warc::Hasher stored_hasher(other ? stored->algorithm : warc::DigestAlgorithm::kSha1);
  warc::Hasher sha256(warc::DigestAlgorithm::kSha256);  // compared with the original's
  const bool check_original = static_cast<bool>(rules_.check_original);
  warc::PayloadStream payload(reader, record);
  std::string_view piece;
  while (payload.Next(&piece)) {
    hasher.Update(piece);
    if (!manifest_sha1) sha1.Update(piece);
    if (other) stored_hasher.Update(piece);
    if (check_original) sha256.Update(piece);
  }
  std::string http_header = payload.has_http_header() ? payload.splitter().header() : "";
  uint64_t length = 0;
  if (!reader->Finish(&length)) return Mismatch("record not read completely: " + problems.first);
  if (length != e_.length)
    return Mismatch("the record is " + std::to_string(length) + " bytes, the manifest says " +
                    std::to_string(e_.length));
  warc::Digest computed = hasher.Final();
  if (computed.ToManifestString() != e_.digest)
    return Mismatch("payload digest is " + computed.ToManifestString() + ", the manifest says " +
                    e_.digest);
  warc::Digest payload_sha1 = manifest_sha1 ? computed : sha1.Final();
  // A revisit without a date may name the payload by its sha1 only.
  if (rules_.revisit_refs && !manifest_sha1)
    if (auto k =
            KeepReferencedByDigest(rules_.revisit_refs, line_, payload_sha1.ToManifestString()))
      return Kept(*k);
  if (stored_text && !((other ? stored_hasher.Final() : payload_sha1) == *stored))
    return Mismatch("the stored WARC-Payload-Digest " + std::string(*stored_text) +
                    " is not the payload's");
  if (!check_original) return Revisit(record, http_header, payload_sha1, nullptr, length);
  warc::Digest payload_sha256 = sha256.Final();
  return Revisit(record, http_header, payload_sha1, &payload_sha256, length);
}

// The revisit that replaces the record, unless its original says otherwise
// or it would not be smaller.
Inspection Inspector::Revisit(const warc::Record& record, const std::string& http_header,
                              const warc::Digest& payload_sha1, const warc::Digest* sha256,
                              uint64_t length) {
  // The revisit's WARC-Payload-Digest is the sha1 spelled as the original
  // stores it: replay tools match the two strings. (Unread, with
  // --trust-manifest: the copy's own, as stored.)
  std::string payload_digest;
  if (sha256) {
    OriginalVerdict verdict = rules_.check_original(e_, *sha256);
    if (verdict.reason != manifest::KeptReason::kUnknown) {
      result_.kind = Inspection::Kind::kKeep;
      result_.kept = verdict.reason;
      result_.reason = "kept: " + verdict.why;
      result_.error = verdict.error;
      return result_;
    }
    payload_digest = warc::SpellPayloadSha1(payload_sha1, verdict.spelling);
  }
  auto revisit =
      warc::MakeRevisit(record, http_header, payload_sha1, manifest::DecodeField(e_.ref_uri),
                        manifest::DecodeField(e_.ref_date), payload_digest);
  if (!revisit.ok()) return Mismatch("cannot convert: " + revisit.status().message());

  if (auto s = writer_->Write(*revisit, &result_.revisit_bytes); !s.ok())
    return Mismatch("cannot write the revisit: " + s.message());
  // As stored (compressed in a gzip file): converting must never make a file
  // bigger.
  if (auto k = KeepWouldGrow(result_.revisit_bytes.size(), length)) {
    result_.revisit_bytes.clear();
    return Kept(*k);
  }
  result_.kind = Inspection::Kind::kConvert;
  result_.length = length;
  result_.record_id = std::string(*record.headers.First("WARC-Record-ID"));
  result_.payload_digest = std::string(revisit->headers.First("WARC-Payload-Digest").value_or(""));
  result_.version = revisit->version;
  result_.content_type = std::string(revisit->headers.First("Content-Type").value_or(""));
  return result_;
}

}  // namespace

RevisitWriter::RevisitWriter(bool gzip)
    : gzip_(gzip), writer_([this](std::string_view d) { return Append(d); }, GzipOption(gzip)) {}

base::Status RevisitWriter::Write(const warc::Revisit& r, std::string* out) {
  out_ = out;
  return writer_.Write(r.version, r.headers, r.block);
}

base::Status RevisitWriter::Append(std::string_view data) {
  out_->append(data);
  return base::Status::Ok();
}

Inspection Inspect(int fd, uint64_t file_size, uint64_t offset, RevisitWriter* writer,
                   const manifest::Entry& e, const InspectRules& rules) {
  return Inspector(fd, file_size, offset, writer, e, rules).Run();
}

}  // namespace dedup
