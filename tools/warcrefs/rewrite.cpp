#include "rewrite.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "gzmulti/member_writer.h"
#include "manifest/kept.h"
#include "new_file.h"
#include "toolcommon/io.h"
#include "toolcommon/paths.h"
#include "warc/payload.h"
#include "warc/reader.h"
#include "warc/revisit.h"
#include "warc/writer.h"

namespace warcrefs {
using toolcommon::BaseName;
using toolcommon::DirName;
using toolcommon::RealPath;
namespace {

struct Inspection {
  enum class Kind { kConvert, kAlready, kKeep, kMismatch } kind = Kind::kMismatch;
  std::string reason;  // for people: why kept, or what does not match
  manifest::KeptReason kept = manifest::KeptReason::kUnknown;  // kKeep: the kept list's reason
  bool error = false;         // kKeep: kept because its original could not be verified (an error)
  uint64_t length = 0;        // the record's length in the file as it is
  std::string revisit_bytes;  // kConvert: the record to write instead
  std::string record_id;
  std::string payload_digest;  // the revisit's WARC-Payload-Digest
  std::string version;
  std::string content_type;  // the revisit's, as the response had it
};

// Reads the record at `offset` and decides what to do with the line.
// Writes revisit records into a string; one per file, since setting up a
// deflate stream per record would cost more than the record.
class RevisitWriter {
 public:
  explicit RevisitWriter(bool gzip)
      : gzip_(gzip), writer_([this](std::string_view d) { return Append(d); }, Options(gzip)) {}
  bool gzip() const { return gzip_; }
  base::Status Write(const warc::Revisit& r, std::string* out) {
    out_ = out;
    return writer_.Write(r.version, r.headers, r.block);
  }

 private:
  static warc::WriterOptions Options(bool gzip) {
    warc::WriterOptions o;
    o.gzip = gzip;
    return o;
  }
  base::Status Append(std::string_view data) {
    out_->append(data);
    return base::Status::Ok();
  }
  bool gzip_;
  std::string* out_ = nullptr;
  warc::RecordWriter writer_;
};

Inspection Inspect(int fd, uint64_t file_size, uint64_t offset, RevisitWriter* writer,
                   const manifest::Entry& e, const RewriteOptions& rewrite, bool to_end = false) {
  Inspection result;
  auto mismatch = [&](const std::string& why) {
    result.kind = Inspection::Kind::kMismatch;
    result.reason = why;
    return result;
  };
  if (rewrite.damaged_file) {
    result.kind = Inspection::Kind::kKeep;
    result.kept = manifest::KeptReason::kDamagedFile;
    result.reason = "kept: its file is damaged (warcsum --revisit-refs) and is not rewritten";
    return result;
  }
  if (offset >= file_size) return mismatch("offset is past the end of the file");
  // "-" is an empty field: a revisit naming no original resolves to nothing.
  // (A manifest written before "%2D" stood for a real "-" says "-" for both.)
  if (e.ref_uri == "-" || e.ref_date == "-")
    return mismatch(std::string("the manifest gives its original an empty ") +
                    (e.ref_uri == "-" ? "URI" : "date") + "; a revisit must name its original");
  // A revisit that names its own URI and date as its original's could
  // resolve to itself: two captures of a URL in the same second (or one
  // record stored twice) stay as they are, a missed saving but no error.
  if (e.ref_uri == e.uri && e.ref_date == e.date) {
    result.kind = Inspection::Kind::kKeep;
    result.kept = manifest::KeptReason::kSameCapture;
    result.reason =
        "kept: its original has the same URI and date (a revisit could resolve to itself)";
    return result;
  }
  // Converted, the record other lines name as their original would leave
  // their revisits with nothing to resolve to: the manifest contradicts itself.
  if (rewrite.manifest_refs && rewrite.manifest_refs->HasOriginal(e.uri, e.date, ""))
    return mismatch(
        "other lines of the manifest name this record as their original, "
        "but its own line makes it a copy");
  if (rewrite.originals) {
    auto names = rewrite.originals->NamesItsOriginal(e);
    if (names && !*names)
      return mismatch(
          "the manifest's original of its digest and extension is another record "
          "than its ref-uri and ref-date name");
  }
  auto kept_for_revisit = [&] {
    result.kind = Inspection::Kind::kKeep;
    result.kept = manifest::KeptReason::kReferenced;
    result.reason = "kept: an existing revisit refers to it";
    return result;
  };
  if (rewrite.revisit_refs && rewrite.revisit_refs->Refers(e.uri, e.date, e.digest))
    return kept_for_revisit();
  // The line's length bounds what needs reading, except for a revisit written
  // by an earlier run that is longer than the record it replaced (a tiny
  // payload): that is read again without the bound.
  // In a gzip file, bytes that are not a member header would be read as
  // plain text: say what is wrong rather than what a plain reader says.
  unsigned char magic[2] = {0, 0};
  if (writer->gzip() && (::pread(fd, magic, 2, static_cast<off_t>(offset)) != 2 ||
                         magic[0] != 0x1f || magic[1] != 0x8b))
    return mismatch("no gzip member starts here");
  uint64_t end = to_end ? file_size : std::min(file_size, offset + e.length);
  auto again = [&] { return Inspect(fd, file_size, offset, writer, e, rewrite, true); };
  FdRange range(fd, offset, end);
  FirstProblem problems;
  gzmulti::ReaderOptions options;
  options.start_offset = offset;
  options.limit = end - offset;
  warc::RecordReader reader(&range, options, &problems);
  warc::Record record;
  if (!reader.Next(&record)) {
    if (end < file_size) return again();
    return mismatch("no record starts here: " + problems.first);
  }
  // The reader passes over blank lines and empty gzip members to the next record.
  if (record.offset != offset)
    return mismatch("no record starts here (the next one is at offset " +
                    std::to_string(record.offset) + ")");
  if (manifest::EncodeField(record.TargetUri()) != e.uri ||
      manifest::EncodeField(record.Date()) != e.date) {
    return mismatch("the record here has uri \"" + manifest::EncodeField(record.TargetUri()) +
                    "\" and date \"" + manifest::EncodeField(record.Date()) +
                    "\", not the manifest's");
  }
  std::string ref_uri = manifest::DecodeField(e.ref_uri),
              ref_date = manifest::DecodeField(e.ref_date);
  if (record.type == warc::kRevisit) {
    // Converted by an earlier run: fine if it refers to the same original.
    uint64_t length = 0;
    if (!reader.Finish(&length)) {
      if (end < file_size) return again();
      return mismatch("revisit record not read completely: " + problems.first);
    }
    if (record.headers.First("WARC-Refers-To-Target-URI").value_or("") != ref_uri ||
        record.headers.First("WARC-Refers-To-Date").value_or("") != ref_date)
      return mismatch("already a revisit, but of another original");
    result.kind = Inspection::Kind::kAlready;
    result.length = length;
    return result;
  }
  if (record.type != warc::kResponse) return mismatch("not a response record");
  // ARC has no revisit record: its copies stay, a missed saving but no error.
  if (record.format == warc::FileFormat::kArc) {
    result.kind = Inspection::Kind::kKeep;
    result.kept = manifest::KeptReason::kArc;
    result.reason = "kept: ARC records cannot become revisits";
    return result;
  }
  // The drafts before WARC 1.0 have no revisit that names its original by
  // URI and date, and no replay tool is known to resolve one: kept.
  if (record.version == "WARC/0.17" || record.version == "WARC/0.18") {
    result.kind = Inspection::Kind::kKeep;
    result.kept = manifest::KeptReason::kWarcDraft;
    result.reason = "kept: " + record.version + " records are not converted (a draft of WARC)";
    return result;
  }
  if (rewrite.revisit_refs &&
      rewrite.revisit_refs->Refers(
          e.uri, e.date, e.digest,
          manifest::EncodeField(record.headers.First("WARC-Record-ID").value_or(""))))
    return kept_for_revisit();

  auto digest = [&]() -> base::Result<warc::Digest> { return warc::ParseDigest(e.digest); }();
  if (!digest.ok()) return mismatch("manifest digest: " + digest.status().message());
  // The revisit keeps the stored WARC-Payload-Digest, which replay tools
  // match: it has to be the payload's.
  auto stored_text = record.headers.First("WARC-Payload-Digest");
  auto stored = warc::ParseDigest(stored_text.value_or(""));
  if (stored_text && !stored.ok())
    return mismatch("stored WARC-Payload-Digest: " + stored.status().message());
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
  warc::PayloadStream payload(&reader, record);
  std::string_view piece;
  while (payload.Next(&piece)) {
    hasher.Update(piece);
    if (!manifest_sha1) sha1.Update(piece);
    if (other) stored_hasher.Update(piece);
    if (rewrite.verified) sha256.Update(piece);
  }
  std::string http_header = payload.has_http_header() ? payload.splitter().header() : "";
  uint64_t length = 0;
  if (!reader.Finish(&length)) return mismatch("record not read completely: " + problems.first);
  if (length != e.length)
    return mismatch("the record is " + std::to_string(length) + " bytes, the manifest says " +
                    std::to_string(e.length));
  warc::Digest computed = hasher.Final();
  if (computed.ToManifestString() != e.digest)
    return mismatch("payload digest is " + computed.ToManifestString() + ", the manifest says " +
                    e.digest);
  warc::Digest payload_sha1 = manifest_sha1 ? computed : sha1.Final();
  // A revisit without a date may name the payload by its sha1 only.
  if (rewrite.revisit_refs && !manifest_sha1 &&
      rewrite.revisit_refs->Refers(e.uri, e.date, payload_sha1.ToManifestString()))
    return kept_for_revisit();
  if (stored_text && !((other ? stored_hasher.Final() : payload_sha1) == *stored))
    return mismatch("the stored WARC-Payload-Digest " + std::string(*stored_text) +
                    " is not the payload's");
  // The revisit's WARC-Payload-Digest is the sha1 spelled as the original
  // stores it: replay tools match the two strings. (Unread, with
  // --trust-manifest: the copy's own, as stored.)
  std::string payload_digest;
  if (rewrite.verified) {
    OriginalVerdict verdict = rewrite.verified->Check(e, sha256.Final());
    if (verdict.reason != manifest::KeptReason::kUnknown) {
      result.kind = Inspection::Kind::kKeep;
      result.kept = verdict.reason;
      result.reason = "kept: " + verdict.why;
      result.error = verdict.error;
      return result;
    }
    payload_digest = warc::SpellPayloadSha1(payload_sha1, verdict.spelling);
  }
  auto revisit =
      warc::MakeRevisit(record, http_header, payload_sha1, ref_uri, ref_date, payload_digest);
  if (!revisit.ok()) return mismatch("cannot convert: " + revisit.status().message());

  if (auto s = writer->Write(*revisit, &result.revisit_bytes); !s.ok())
    return mismatch("cannot write the revisit: " + s.message());
  // As stored (compressed in a gzip file): converting must never make a file
  // bigger.
  if (result.revisit_bytes.size() >= length) {
    result.kind = Inspection::Kind::kKeep;
    result.kept = manifest::KeptReason::kWouldGrow;
    result.reason = "kept: its revisit (" + std::to_string(result.revisit_bytes.size()) +
                    " bytes) would not be smaller than the record (" + std::to_string(length) +
                    " bytes)";
    result.revisit_bytes.clear();
    return result;
  }
  result.kind = Inspection::Kind::kConvert;
  result.length = length;
  result.record_id = std::string(*record.headers.First("WARC-Record-ID"));
  result.payload_digest = std::string(revisit->headers.First("WARC-Payload-Digest").value_or(""));
  result.version = revisit->version;
  result.content_type = std::string(revisit->headers.First("Content-Type").value_or(""));
  return result;
}
// A file still being written to (an open crawl's WARC, say) or replaced
// while we read it must not lose what came in meanwhile: checked just before
// the rename, so the window left is the rename itself.
base::Status InputUnchanged(int in_fd, const std::string& input, const struct stat& before) {
  struct stat now;
  if (::fstat(in_fd, &now) != 0) return base::Status::IOError("fstat: " + base::ErrnoText(errno));
  if (now.st_size != before.st_size || now.st_mtim.tv_sec != before.st_mtim.tv_sec ||
      now.st_mtim.tv_nsec != before.st_mtim.tv_nsec)
    return base::Status::Corruption("the input changed while it was being rewritten (" +
                                    std::to_string(before.st_size) + " bytes when it was read, " +
                                    std::to_string(now.st_size) + " now)");
  if (::stat(input.c_str(), &now) != 0 || now.st_ino != before.st_ino ||
      now.st_dev != before.st_dev)
    return base::Status::Corruption(
        "the input was replaced by another file while it was being rewritten");
  return base::Status::Ok();
}

// RewriteFile without the after-manifest of a file left as it was; `after`
// (null: none wanted) receives the new file's lines.
FileResult Rewrite(const std::string& input, const DupSource& next_dup,
                   const RewriteOptions& options, AfterLines* after) {
  FileResult result;
  manifest::Entry e;
  auto count_rest = [&] {
    while (next_dup(&e)) ++result.lines;
    return result;
  };
  int in_fd = ::open(input.c_str(), O_RDONLY | O_CLOEXEC);
  if (in_fd < 0) {
    result.problems.push_back("cannot open: " + base::ErrnoText(errno));
    return count_rest();
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{in_fd};
  struct stat st;
  if (::fstat(in_fd, &st) != 0) {
    result.problems.push_back("cannot stat: " + base::ErrnoText(errno));
    return count_rest();
  }
  uint64_t in_size = static_cast<uint64_t>(st.st_size);
  result.bytes_before = result.bytes_after = in_size;
  unsigned char magic[2] = {0, 0};
  bool gzip = ::pread(in_fd, magic, 2, 0) == 2 && magic[0] == 0x1f && magic[1] == 0x8b;

  RevisitWriter revisit_writer(gzip);
  NewFile file(in_fd, options);  // created at the first conversion, unless a dry run
  int64_t shift = 0;             // how much earlier records already converted moved this one back
  uint64_t in_pos = 0;           // end of the last record decided on
  while (next_dup(&e)) {
    ++result.lines;
    std::string where = "offset " + std::to_string(e.offset) + ": ";
    int64_t moved = static_cast<int64_t>(e.offset) - shift;
    if (moved < 0 || static_cast<uint64_t>(moved) < in_pos) {
      result.problems.push_back(where + "overlaps the record before it; not applied");
      continue;
    }
    uint64_t offset = static_cast<uint64_t>(moved);
    Inspection inspection = Inspect(in_fd, in_size, offset, &revisit_writer, e, options);
    if (inspection.kind == Inspection::Kind::kMismatch) {
      result.problems.push_back(where + inspection.reason + "; not applied");
      continue;
    }
    if (inspection.kind == Inspection::Kind::kKeep) {
      (inspection.error ? result.problems : result.notes).push_back(where + inspection.reason);
      std::string detail =
          inspection.reason.substr(inspection.reason.rfind("kept: ", 0) == 0 ? 6 : 0);
      result.kept.push_back(manifest::FormatKeptLine(e.file, e.offset, e.uri, e.date, e.digest,
                                                     inspection.kept, detail));
      continue;
    }
    in_pos = offset + inspection.length;
    if (inspection.kind == Inspection::Kind::kAlready) {
      ++result.already;
      shift += static_cast<int64_t>(e.length) - static_cast<int64_t>(inspection.length);
      continue;
    }
    ++result.converted;
    result.bytes_after -= inspection.length - inspection.revisit_bytes.size();
    if (options.dry_run) continue;
    Conversion c;
    c.in_offset = offset;
    c.in_length = inspection.length;
    c.out_length = inspection.revisit_bytes.size();
    c.record_id = std::move(inspection.record_id);
    c.payload_digest = std::move(inspection.payload_digest);
    c.version = std::move(inspection.version);
    c.content_type = std::move(inspection.content_type);
    c.uri = e.uri;
    c.date = e.date;
    c.ref_uri = manifest::DecodeField(e.ref_uri);
    c.ref_date = manifest::DecodeField(e.ref_date);
    file.Add(std::move(c), inspection.revisit_bytes);
  }
  if (result.converted == 0 || options.dry_run) return result;

  // Verify, sync, rename.
  auto fail = [&](const std::string& why) {
    result.problems.push_back(why + "; " +
                              (options.in_place ? "file left as it was" : "nothing written"));
    result.bytes_after = result.bytes_before;
    result.converted = 0;  // nothing was written
    file.Discard();
    return result;
  };
  if (auto why = file.Finish(in_size, input, after); !why.empty()) return fail(why);
  if (auto s = InputUnchanged(in_fd, input, st); !s.ok()) return fail(s.message());
  if (auto why = file.Install(st); !why.empty()) {
    result.problems.push_back(why);
    result.bytes_after = result.bytes_before;
    result.converted = 0;
    return result;
  }
  if (auto s = SyncDirectory(DirName(options.target)); !s.ok())
    result.problems.push_back(s.message());
  result.written = true;
  return result;
}

}  // namespace

FileResult RewriteFile(const std::string& input, const std::vector<manifest::Entry>& dups,
                       const RewriteOptions& options) {
  size_t next = 0;
  return RewriteFile(
      input,
      [&](manifest::Entry* e) {
        if (next == dups.size()) return false;
        *e = dups[next++];
        return true;
      },
      options);
}

FileResult RewriteFile(const std::string& input, const DupSource& next_dup,
                       const RewriteOptions& options) {
  if (!options.after_lines) return Rewrite(input, next_dup, options, nullptr);
  AfterLines after;
  FileResult result = Rewrite(input, next_dup, options, &after);
  const std::string note = " (not listed in the after-manifest)";
  if (result.written) {
    auto s = after.lines.Drain([&](const char* data, size_t n) {
      std::string piece(data, n);
      options.after_lines(&piece);
      return base::Status::Ok();
    });
    if (!s.ok()) {
      result.problems.push_back("after-manifest: " + s.message());
      result.after_incomplete = true;
    }
    for (const auto& p : after.problems) result.problems.push_back(p + note);
    return result;
  }
  // Not rewritten: the file after the run is the input as it is.
  auto source = base::FileSource::Open(input);
  if (!source.ok()) {
    result.problems.push_back("after-manifest: " + source.status().message());
    return result;
  }
  dedup::FileSink sink;
  sink.lines = options.after_lines;
  sink.message = [&](const std::string& m) { result.problems.push_back(m + note); };
  dedup::SumSource(source->get(), BaseName(input), options.after_sum, sink);
  return result;
}

}  // namespace warcrefs
