#include "warcsum.h"

#include <sys/stat.h>

#include <thread>

#include "manifest/entry.h"
#include "toolcommon/io.h"
#include "toolcommon/paths.h"
#include "toolcommon/progress.h"
#include "warc/harvest.h"
#include "warc/payload.h"
#include "warc/reader.h"
#include "warc/revisit.h"

namespace warcsum {
using toolcommon::BaseName;
using toolcommon::DirName;
using toolcommon::RealPath;
namespace {

constexpr size_t kLineBatch = 1 << 20;

class SinkReporter : public warc::Reporter {
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

// The lines of manifest/references.h for one revisit record. A digest in
// another algorithm than the manifest's (or sha1, which warcrefs computes
// too) could never match a line: then any capture of the URI is protected.
void AppendReferences(const warc::Record& record, warc::DigestAlgorithm algorithm,
                      std::string* out) {
  const auto& h = record.headers;
  std::string_view target =
      warc::StripAngleBrackets(h.First("WARC-Refers-To-Target-URI").value_or(""));
  std::string uri = manifest::EncodeField(target.empty() ? record.TargetUri() : target);
  if (auto date = h.First("WARC-Refers-To-Date"); date && !date->empty()) {
    *out += "capture " + uri + " " + manifest::EncodeField(*date) + "\n";
  } else if (auto digest = warc::ParseDigest(h.First("WARC-Payload-Digest").value_or(""));
             digest.ok() && (digest->algorithm == algorithm ||
                             digest->algorithm == warc::DigestAlgorithm::kSha1)) {
    *out += "payload " + uri + " " + digest->ToManifestString() + "\n";
  } else {
    *out += "uri " + uri + "\n";
  }
  if (auto id = h.First("WARC-Refers-To"); id && !id->empty())
    *out += "record " + manifest::EncodeField(*id) + "\n";
}

// A damaged file: "damaged FILE", then the references harvested from all its
// bytes. False when they cannot be vouched for (the file is then incomplete).
bool HarvestDamaged(base::FileSource* source, const std::string& path, const FileSink& sink) {
  std::string line = "damaged " + manifest::EncodeField(path) + "\n";
  sink.references(&line);
  warc::HarvestStats stats;
  base::Status status = source->Seek(0);
  if (status.ok())
    status = warc::HarvestReferences(
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

}  // namespace

FileSummary SumSource(base::ByteSource* source, const std::string& file_field,
                      const SumOptions& options, const FileSink& sink) {
  FileSummary summary;
  SinkReporter reporter(sink, &summary);
  warc::RecordReader reader(source, options.reader, &reporter);
  warc::Hasher hasher(options.algorithm);
  std::unique_ptr<warc::Hasher> verify_hasher;  // when the stored digest uses another algorithm
  std::string lines, references;
  warc::Record record;
  manifest::Entry entry;
  entry.file = manifest::EncodeField(file_field);
  uint64_t reported_bytes = 0;

  while (reader.Next(&record)) {
    ++summary.records;
    if (sink.bytes_read) {
      uint64_t now = reader.bytes_consumed();
      *sink.bytes_read += now - reported_bytes;
      reported_bytes = now;
    }
    if (sink.records_read) ++*sink.records_read;
    if (sink.record && sink.record(record, &reader)) continue;
    if (record.type == warc::kRevisit && sink.references) {
      AppendReferences(record, options.algorithm, &references);
      if (references.size() >= kLineBatch) sink.references(&references);
    }
    if (!(record.type & options.types)) continue;
    // A response that is not an HTTP message (a crawler's dns: record, say)
    // has no payload in the sense of the stored digests, and no revisit
    // could stand for it.
    if (record.type == warc::kResponse && !record.HasHttpBlock()) continue;
    if (record.IsTruncated() && !options.keep_truncated) continue;

    std::optional<warc::Digest> stored;
    std::string_view stored_text;
    if (auto field = record.headers.First("WARC-Payload-Digest")) {
      stored_text = *field;
      auto parsed = warc::ParseDigest(*field);
      if (parsed.ok()) {
        stored = parsed.value();
      } else if (options.verify) {
        sink.message("offset " + std::to_string(record.offset) +
                     ": unreadable WARC-Payload-Digest: " + parsed.status().message());
        ++summary.problems;
      }
    }
    bool reuse =
        stored && stored->algorithm == options.algorithm && !options.recompute && !options.verify;
    bool check = options.verify && stored;
    warc::Hasher* second = nullptr;
    if (check && stored->algorithm != options.algorithm) {
      if (!verify_hasher || verify_hasher->algorithm() != stored->algorithm)
        verify_hasher = std::make_unique<warc::Hasher>(stored->algorithm);
      verify_hasher->Reset();
      second = verify_hasher.get();
    }
    if (!reuse) hasher.Reset();

    warc::PayloadStream payload(&reader, record);
    uint64_t payload_bytes = 0;
    std::string_view piece;
    while (payload.Next(&piece)) {
      payload_bytes += piece.size();
      if (!reuse) hasher.Update(piece);
      if (second) second->Update(piece);
    }
    uint64_t length = 0;
    if (!reader.Finish(&length)) continue;  // damaged or misaligned: reported, not listed
    if (payload_bytes == 0 && !options.keep_empty) continue;

    warc::Digest digest = reuse ? *stored : hasher.Final();
    if (check) {
      warc::Digest computed = second ? second->Final() : digest;
      if (!(computed == *stored)) {
        ++summary.mismatches;
        sink.message("offset " + std::to_string(record.offset) +
                     ": payload digest mismatch (stored " + std::string(stored_text) +
                     ", computed " + warc::SpellDigestLike(computed, stored_text) + ")");
      }
    }
    entry.offset = record.offset;
    entry.length = length;
    entry.uri = manifest::EncodeField(record.TargetUri());
    entry.date = manifest::EncodeField(record.Date());
    entry.digest = digest.ToManifestString();
    manifest::AppendLine(entry, &lines);
    ++summary.listed;
    if (lines.size() >= kLineBatch) sink.lines(&lines);
  }
  summary.misaligned = reader.stats().misaligned_records;
  summary.skipped = reader.stats().bytes_skipped;
  summary.damaged = reader.stats().damaged;
  summary.bytes = reader.bytes_consumed();
  if (sink.bytes_read) *sink.bytes_read += summary.bytes - reported_bytes;
  if (!lines.empty()) sink.lines(&lines);
  if (!references.empty()) sink.references(&references);
  return summary;
}

int Run(const RunOptions& options, toolcommon::Diag* diag) {
  uint64_t errors_before = diag->errors();
  std::vector<std::string> inputs =
      toolcommon::ExpandInputs(options.inputs, options.recursive, diag);
  // An input named but not found (or a directory not read) may hold revisits.
  const bool inputs_missing = diag->errors() > errors_before;
  uint64_t total_bytes = 0;
  for (const auto& path : inputs) {
    struct stat st;
    if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode))
      total_bytes += static_cast<uint64_t>(st.st_size);
  }
  toolcommon::OutputFile out;
  if (auto s = out.Open(options.output, options.append); !s.ok()) {
    diag->Error(s.message());
    return toolcommon::kExitSomeInputsFailed;
  }
  toolcommon::OrderedOutput ordered(&out, diag, inputs.size());
  toolcommon::OutputFile refs_out;
  std::unique_ptr<toolcommon::OrderedOutput> refs_ordered;
  if (!options.revisit_refs.empty()) {
    if (auto s = refs_out.Open(options.revisit_refs, options.append); !s.ok()) {
      diag->Error(s.message());
      return toolcommon::kExitSomeInputsFailed;
    }
    refs_ordered = std::make_unique<toolcommon::OrderedOutput>(&refs_out, diag, inputs.size());
  }
  toolcommon::Progress progress(diag, options.progress, inputs.size(), total_bytes);
  std::atomic<uint64_t> listed{0};
  std::atomic<size_t> next{0};
  const std::string prefix = diag->tool() + ": ";

  // Files finished ahead of a slow one wait in memory and temporary files
  // for their turn: a few per thread at most.
  const size_t window = 4 * static_cast<size_t>(std::max(1, options.jobs));
  auto worker = [&] {
    for (size_t i = next++; i < inputs.size(); i = next++) {
      ordered.WaitForTurn(i, window);
      const std::string& path = inputs[i];
      FileSink sink;
      sink.lines = [&](std::string* lines) { ordered.Write(i, lines); };
      if (refs_ordered)
        sink.references = [&](std::string* lines) { refs_ordered->Write(i, lines); };
      sink.message = [&](const std::string& m) {
        diag->CountErrors(1);
        ordered.Message(i, prefix + path + ": " + m + "\n");
      };
      sink.note = [&](const std::string& m) {  // not an error: printed unless -q
        if (diag->verbosity() >= 1) ordered.Message(i, prefix + path + ": " + m + "\n");
      };
      sink.bytes_read = progress.bytes_counter();
      sink.records_read = progress.records_counter();
      auto source = base::FileSource::Open(path);
      // A file with damage may hold revisits we did not see (in a block a
      // wrong Content-Length swallowed, past the point reading stopped): the
      // reference list names it as damaged (warcrefs leaves it as it is) with
      // what a harvest of all its bytes finds, or, when it could not be read
      // at all, as incomplete (warcrefs then rewrites nothing).
      bool complete = false;
      if (!source.ok()) {
        sink.message(source.status().message());
      } else {
        std::string field = options.full_path ? path : BaseName(path);
        FileSummary s = SumSource(source->get(), field, options.sum, sink);
        complete = !s.damaged && s.skipped == 0 && s.bytes == source->get()->size();
        listed += s.listed;
        if (diag->verbosity() >= 2) {
          ordered.Message(i, prefix + path + ": " + std::to_string(s.records) + " records, " +
                                 std::to_string(s.listed) + " listed, " +
                                 std::to_string(s.problems) + " problems, " +
                                 std::to_string(s.misaligned) + " not on member boundaries\n");
        }
      }
      progress.FileDone();
      if (refs_ordered && !complete) {
        if (!source.ok() || !HarvestDamaged(source->get(), path, sink)) {
          std::string line = "incomplete " + manifest::EncodeField(path) + "\n";
          refs_ordered->Write(i, &line);
        }
      }
      if (refs_ordered) refs_ordered->Done(i);
      ordered.Done(i);
    }
  };
  int jobs = std::max(1, std::min<int>(options.jobs, static_cast<int>(inputs.size())));
  std::vector<std::thread> threads;
  for (int t = 1; t < jobs; ++t) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  progress.Finish();

  if (!ordered.status().ok()) {
    diag->Error(ordered.status().message());
    return toolcommon::kExitSomeInputsFailed;
  }
  if (refs_ordered && inputs_missing) {
    std::string line = "incomplete (inputs named but not read, see the errors above)\n";
    if (auto s = refs_out.Write(line.data(), line.size()); !s.ok()) {
      diag->Error(s.message());
      return toolcommon::kExitSomeInputsFailed;
    }
  }
  if (refs_ordered && !refs_ordered->status().ok()) {
    diag->Error(refs_ordered->status().message());
    return toolcommon::kExitSomeInputsFailed;
  }
  if (refs_ordered) {
    if (auto s = refs_out.Commit(); !s.ok()) {
      diag->Error(s.message());
      return toolcommon::kExitSomeInputsFailed;
    }
  }
  if (auto s = out.Commit(); !s.ok()) {
    diag->Error(s.message());
    return toolcommon::kExitSomeInputsFailed;
  }
  diag->Verbose(std::to_string(inputs.size()) + " files, " + std::to_string(progress.records()) +
                " records, " + std::to_string(listed) +
                " lines, inflate: " + gzmulti::BackendDescription(options.sum.reader));
  return diag->ExitCode();
}

}  // namespace warcsum
