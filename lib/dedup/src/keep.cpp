#include "dedup/keep.h"

#include "base/source.h"
#include "first_problem.h"
#include "gzmulti/segment_reader.h"
#include "warc/reader.h"

namespace dedup {
namespace {

Keep Kept(manifest::KeptReason reason, std::string detail) { return {reason, std::move(detail)}; }

}  // namespace

std::optional<Keep> KeepDamagedFile(bool damaged) {
  if (!damaged) return std::nullopt;
  return Kept(manifest::KeptReason::kDamagedFile,
              "its file is damaged (warcsum --revisit-refs) and is not rewritten");
}

bool IsSameCapture(const CopyLine& line) {
  return line.ref_uri == line.uri && line.ref_date == line.date;
}

std::optional<Keep> KeepSameCapture(const CopyLine& line) {
  if (!IsSameCapture(line)) return std::nullopt;
  return Kept(manifest::KeptReason::kSameCapture,
              "its original has the same URI and date (a revisit could resolve to itself)");
}

std::optional<Keep> KeepReferenced(const manifest::ReferenceSet* refs, const CopyLine& line,
                                   std::string_view record_id) {
  if (!refs || !refs->Refers(line.uri, line.date, line.digest, record_id)) return std::nullopt;
  return Kept(manifest::KeptReason::kReferenced, "an existing revisit refers to it");
}

std::optional<Keep> KeepReferencedByDigest(const manifest::ReferenceSet* refs, const CopyLine& line,
                                           std::string_view digest) {
  CopyLine by_digest = line;
  by_digest.digest = digest;
  return KeepReferenced(refs, by_digest);
}

std::optional<Keep> KeepByLine(const CopyLine& line, const manifest::ReferenceSet* refs) {
  if (auto keep = KeepSameCapture(line)) return keep;
  return KeepReferenced(refs, line);
}

std::optional<Keep> KeepArc(warc::FileFormat format) {
  if (format != warc::FileFormat::kArc) return std::nullopt;
  return Kept(manifest::KeptReason::kArc, "ARC records cannot become revisits");
}

std::optional<Keep> KeepWarcDraft(std::string_view version) {
  if (version != "WARC/0.17" && version != "WARC/0.18") return std::nullopt;
  return Kept(manifest::KeptReason::kWarcDraft,
              std::string(version) + " records are not converted (a draft of WARC)");
}

std::optional<Keep> KeepWouldGrow(uint64_t revisit_size, uint64_t record_size) {
  if (revisit_size < record_size) return std::nullopt;
  return Kept(manifest::KeptReason::kWouldGrow,
              "its revisit (" + std::to_string(revisit_size) +
                  " bytes) would not be smaller than the record (" + std::to_string(record_size) +
                  " bytes)");
}

base::Result<warc::FileFormat> FileFormatOf(const std::string& path) {
  auto source = base::FileSource::Open(path);
  if (!source.ok()) return source.status();
  FirstProblem problems;
  warc::RecordReader reader(source->get(), gzmulti::ReaderOptions{}, &problems);
  warc::Record record;
  if (!reader.Next(&record))
    return base::Status::Corruption(path + ": no record" +
                                    (problems.first.empty() ? "" : ": " + problems.first));
  return record.format;
}

}  // namespace dedup
