#include "dedup/summarise.h"

#include "dedup/harvest.h"
#include "manifest/references.h"
#include "warc/payload.h"
#include "warc/revisit.h"

namespace dedup {
namespace {

constexpr size_t kLineBatch = 1 << 20;

// The lines of manifest/references.h for one revisit record. A digest in
// another algorithm than the manifest's (or sha1, which warcrefs computes
// too) could never match a line: then any capture of the URI is protected.
void AppendReferences(const warc::Record& record, warc::DigestAlgorithm algorithm,
                      std::string* out) {
  const auto& h = record.headers;
  std::string_view target =
      warc::StripAngleBrackets(h.First("WARC-Refers-To-Target-URI").value_or(""));
  std::string_view uri = target.empty() ? record.TargetUri() : target;
  if (auto date = h.First("WARC-Refers-To-Date"); date && !date->empty()) {
    manifest::AppendCaptureReference(uri, *date, out);
  } else if (auto digest = warc::ParseDigest(h.First("WARC-Payload-Digest").value_or(""));
             digest.ok() && (digest->algorithm == algorithm ||
                             digest->algorithm == warc::DigestAlgorithm::kSha1)) {
    manifest::AppendPayloadReference(uri, digest->ToManifestString(), out);
  } else {
    manifest::AppendUriReference(uri, out);
  }
  if (auto id = h.First("WARC-Refers-To"); id && !id->empty())
    manifest::AppendRecordReference(*id, out);
}

}  // namespace

class Summariser::SinkReporter : public warc::Reporter {
 public:
  SinkReporter(const FileSink& sink, FileSummary* summary) : sink_(sink), summary_(summary) {}
  void Problem(const base::Status& status) override {
    ++summary_->problems;
    sink_.message(status.message());
  }
  void Note(const std::string& message) override {
    if (sink_.note) sink_.note(message);
  }

 private:
  const FileSink& sink_;
  FileSummary* summary_;
};

Summariser::Summariser(const std::string& file_field, const SumOptions& options,
                       const FileSink& sink)
    : options_(options),
      sink_(sink),
      reporter_(std::make_unique<SinkReporter>(sink, &summary_)),
      hasher_(options.algorithm) {
  entry_.file = manifest::EncodeField(file_field);
}

Summariser::~Summariser() = default;

warc::Reporter* Summariser::reporter() { return reporter_.get(); }

void Summariser::Add(const warc::Record& record, warc::RecordReader* reader) {
  ++summary_.records;
  if (sink_.bytes_read) {
    uint64_t now = reader->bytes_consumed();
    *sink_.bytes_read += now - reported_bytes_;
    reported_bytes_ = now;
  }
  if (sink_.records_read) ++*sink_.records_read;
  if (record.type == warc::kRevisit && sink_.references) {
    AppendReferences(record, options_.algorithm, &references_);
    if (references_.size() >= kLineBatch) sink_.references(&references_);
  }
  if (!(record.type & options_.types)) return;
  // A response that is not an HTTP message (a crawler's dns: record, say)
  // has no payload in the sense of the stored digests, and no revisit
  // could stand for it.
  // An ARC record's block shows whether it is one (PayloadStream, below).
  if (record.type == warc::kResponse && record.format == warc::FileFormat::kWarc &&
      !record.HasHttpBlock())
    return;
  if (record.IsTruncated() && !options_.keep_truncated) return;

  std::optional<warc::Digest> stored;
  std::string_view stored_text;
  if (auto field = record.headers.First("WARC-Payload-Digest")) {
    stored_text = *field;
    auto parsed = warc::ParseDigest(*field);
    if (parsed.ok()) {
      stored = parsed.value();
    } else if (options_.verify) {
      sink_.message("offset " + std::to_string(record.offset) +
                    ": unreadable WARC-Payload-Digest: " + parsed.status().message());
      ++summary_.problems;
    }
  }
  bool reuse =
      stored && stored->algorithm == options_.algorithm && !options_.recompute && !options_.verify;
  bool check = options_.verify && stored;
  warc::Hasher* second = nullptr;
  if (check && stored->algorithm != options_.algorithm) {
    if (!verify_hasher_ || verify_hasher_->algorithm() != stored->algorithm)
      verify_hasher_ = std::make_unique<warc::Hasher>(stored->algorithm);
    verify_hasher_->Reset();
    second = verify_hasher_.get();
  }
  if (!reuse) hasher_.Reset();

  warc::PayloadStream payload(reader, record);
  uint64_t payload_bytes = 0;
  std::string_view piece;
  if (sink_.payload_start) sink_.payload_start(record);
  while (payload.Next(&piece)) {
    if (sink_.payload_piece) sink_.payload_piece(payload, piece);
    payload_bytes += piece.size();
    if (!reuse) hasher_.Update(piece);
    if (second) second->Update(piece);
  }
  if (record.format == warc::FileFormat::kArc && !payload.http()) return;  // dns:, say
  uint64_t length = 0;
  if (!reader->Finish(&length)) return;  // damaged or misaligned: reported, not listed
  if (payload_bytes == 0 && !options_.keep_empty) return;

  warc::Digest digest = reuse ? *stored : hasher_.Final();
  if (check) {
    warc::Digest computed = second ? second->Final() : digest;
    if (!(computed == *stored)) {
      ++summary_.mismatches;
      sink_.message("offset " + std::to_string(record.offset) +
                    ": payload digest mismatch (stored " + std::string(stored_text) +
                    ", computed " + warc::SpellDigestLike(computed, stored_text) + ")");
    }
  }
  entry_.offset = record.offset;
  entry_.length = length;
  entry_.uri = manifest::EncodeField(record.TargetUri());
  entry_.date = manifest::EncodeField(record.Date());
  entry_.digest = digest.ToManifestString();
  manifest::AppendLine(entry_, &lines_);
  if (sink_.listed) sink_.listed(entry_);
  ++summary_.listed;
  if (lines_.size() >= kLineBatch) sink_.lines(&lines_);
}

FileSummary Summariser::Finish(const warc::RecordReader& reader) {
  summary_.misaligned = reader.stats().misaligned_records;
  summary_.skipped = reader.stats().bytes_skipped;
  summary_.damaged = reader.stats().damaged;
  summary_.bytes = reader.bytes_consumed();
  if (sink_.bytes_read) *sink_.bytes_read += summary_.bytes - reported_bytes_;
  if (!lines_.empty()) sink_.lines(&lines_);
  if (!references_.empty()) sink_.references(&references_);
  return summary_;
}

FileSummary SumSource(base::ByteSource* source, const std::string& file_field,
                      const SumOptions& options, const FileSink& sink) {
  Summariser summariser(file_field, options, sink);
  warc::RecordReader reader(source, options.reader, summariser.reporter());
  warc::Record record;
  while (reader.Next(&record)) summariser.Add(record, &reader);
  return summariser.Finish(reader);
}

bool HarvestDamaged(base::ByteSource* source, const std::string& path, const FileSink& sink) {
  std::string line;
  manifest::AppendDamagedFile(path, &line);
  sink.references(&line);
  dedup::HarvestStats stats;
  base::Status status = source->Seek(0);
  if (status.ok())
    status = dedup::HarvestReferences(
        source, [&](std::string* lines) { sink.references(lines); }, &stats);
  if (!status.ok()) {
    sink.message("reading it again for the references it may hold: " + status.message());
    return false;
  }
  if (stats.long_fields > 0)
    sink.message(
        "a WARC-Refers-To* or WARC-Target-URI field longer than a header may be: "
        "the references it holds are unknown");
  if (stats.members_not_tried > 0)
    sink.message(std::to_string(stats.members_not_tried) +
                 " gzip member starts overlap others too deeply to inflate: the references it "
                 "holds are unknown");
  if (stats.empty_refers > 0)
    sink.message(
        "a WARC-Refers-To or WARC-Refers-To-Target-URI field without a value: the "
        "references it holds are unknown");
  if (stats.over_limit)
    sink.message("more than " + std::to_string(stats.lines) +
                 " references harvested from its bytes (a compression bomb?): the references it "
                 "holds are unknown");
  return stats.Complete();
}

}  // namespace dedup
