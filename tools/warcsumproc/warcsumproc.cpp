#include "warcsumproc.h"

#include "manifest/entry.h"
#include "manifest/order.h"
#include "manifest/reader.h"
#include "toolcommon/io.h"
#include "toolcommon/progress.h"

namespace warcsumproc {
namespace {

constexpr size_t kBatchBytes = 1 << 20;

std::string LinePrefix(uint64_t line) { return "line " + std::to_string(line); }

}  // namespace

base::Status Process(base::ByteSource* source, const LineSink& sink, Summary* summary,
                     std::atomic<uint64_t>* bytes_read) {
  manifest::ManifestReader reader(source);
  manifest::CopyNumberer numberer;
  manifest::Entry entry;
  std::string out;
  uint64_t pending_bytes = 0;
  base::Status status;
  for (;;) {
    auto outcome = reader.Next(&entry);
    if (outcome == manifest::ManifestReader::Outcome::kEnd) break;
    if (outcome != manifest::ManifestReader::Outcome::kEntry) {
      // A bad line stops the run: numbering on without it could shift the
      // copy numbers of its group, or make another line its original.
      status = reader.error();
      break;
    }
    if (entry.fields_count != 7) {
      status = base::Status::InvalidArgument(
          LinePrefix(reader.line_number()) +
          ": expected 7 fields (file offset length uri date digest ext), found " +
          std::to_string(entry.fields_count) +
          (entry.fields_count == 6 ? " (run warccollres first)" : ""));
      break;
    }
    if (auto s = numberer.Add(&entry, reader.line_number()); !s.ok()) {
      status = s.WithPrefix(LinePrefix(reader.line_number()));
      break;
    }
    manifest::AppendLine(entry, &out);
    pending_bytes += reader.line().size() + 1;
    if (out.size() >= kBatchBytes) {
      if (bytes_read) *bytes_read += pending_bytes;
      pending_bytes = 0;
      if (auto s = sink(&out); !s.ok()) return s;
      out.clear();
    }
  }
  if (bytes_read) *bytes_read += pending_bytes;
  if (!out.empty()) {
    if (auto s = sink(&out); !s.ok()) return s;
  }
  summary->lines = numberer.entries();
  summary->groups = numberer.groups();
  summary->duplicates = numberer.duplicates();
  return status;
}

int Run(const RunOptions& options, toolcommon::Diag* diag) {
  const std::string name = options.input == "-" ? "standard input" : options.input;
  auto source = base::FileSource::Open(options.input);
  if (!source.ok()) {
    diag->Error(name + ": " + source.status().message());
    return toolcommon::kExitSomeInputsFailed;
  }
  toolcommon::OutputFile out;
  if (auto s = out.Open(options.output, false); !s.ok()) {
    diag->Error(s.message());
    return toolcommon::kExitSomeInputsFailed;
  }
  toolcommon::Progress progress(diag, options.progress, 1, (*source)->size());
  Summary summary;
  base::Status write_status;
  auto write = [&](std::string* lines) {
    write_status = out.Write(lines->data(), lines->size());
    return write_status;
  };
  base::Status status = Process(source->get(), write, &summary, progress.bytes_counter());
  progress.FileDone();
  progress.Finish();
  if (!status.ok()) {
    // Write errors already name the output; input errors get the input's name.
    diag->Error(write_status.ok() ? name + ": " + status.message() : status.message());
    return toolcommon::kExitSomeInputsFailed;  // out's destructor removes an -o temporary
  }
  if (auto s = out.Commit(); !s.ok()) {
    diag->Error(s.message());
    return toolcommon::kExitSomeInputsFailed;
  }
  diag->Verbose(name + ": " + std::to_string(summary.lines) + " lines, " +
                std::to_string(summary.groups) + " originals, " +
                std::to_string(summary.duplicates) + " duplicates");
  return diag->ExitCode();
}

}  // namespace warcsumproc
