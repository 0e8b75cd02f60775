#include "warcsum.h"

#include <sys/stat.h>

#include <algorithm>
#include <memory>

#include "manifest/references.h"
#include "toolcommon/io.h"
#include "toolcommon/paths.h"
#include "toolcommon/progress.h"
#include "toolcommon/work_queue.h"

namespace warcsum {
namespace {

// Where the workers put what the files give, in input order.
struct Outputs {
  toolcommon::OrderedOutput* manifest;
  toolcommon::OrderedOutput* refs;  // null without --revisit-refs
  toolcommon::Progress* progress;
  toolcommon::Diag* diag;
  std::string prefix;  // "warcsum: "
};

// Sums input i (at `path`) into the outputs; returns the lines it listed.
uint64_t SumFile(size_t i, const std::string& path, const RunOptions& options, const Outputs& out) {
  toolcommon::OrderedOutput& ordered = *out.manifest;
  toolcommon::Diag* diag = out.diag;
  const std::string& prefix = out.prefix;
  uint64_t listed = 0;
  dedup::FileSink sink;
  sink.lines = [&](std::string* lines) { ordered.Write(i, lines); };
  if (out.refs) sink.references = [&](std::string* lines) { out.refs->Write(i, lines); };
  sink.message = [&](const std::string& m) {
    diag->CountErrors(1);
    ordered.Message(i, prefix + path + ": " + m + "\n");
  };
  sink.note = [&](const std::string& m) {  // not an error: printed unless -q
    if (diag->verbosity() >= 1) ordered.Message(i, prefix + path + ": " + m + "\n");
  };
  sink.bytes_read = out.progress->bytes_counter();
  sink.records_read = out.progress->records_counter();
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
    std::string field = options.full_path ? path : toolcommon::BaseName(path);
    dedup::FileSummary s = dedup::SumSource(source->get(), field, options.sum, sink);
    complete = !s.damaged && s.skipped == 0 && s.bytes == source->get()->size();
    listed = s.listed;
    if (diag->verbosity() >= 2) {
      ordered.Message(i, prefix + path + ": " + std::to_string(s.records) + " records, " +
                             std::to_string(s.listed) + " listed, " + std::to_string(s.problems) +
                             " problems, " + std::to_string(s.misaligned) +
                             " not on member boundaries\n");
    }
  }
  out.progress->FileDone();
  if (out.refs && !complete) {
    if (!source.ok() || !dedup::HarvestDamaged(source->get(), path, sink)) {
      std::string line;
      manifest::AppendIncompleteInput(path, &line);
      out.refs->Write(i, &line);
    }
  }
  if (out.refs) out.refs->Done(i);
  ordered.Done(i);
  return listed;
}

// Ends the reference list (when there is one) and the manifest: every
// write went through, and the files are committed. False after an error.
bool CommitOutputs(toolcommon::OrderedOutput& ordered, toolcommon::OutputFile& out,
                   toolcommon::OrderedOutput* refs_ordered, toolcommon::OutputFile& refs_out,
                   bool inputs_missing, toolcommon::Diag* diag) {
  if (!ordered.status().ok()) {
    diag->Error(ordered.status().message());
    return false;
  }
  if (refs_ordered && inputs_missing) {
    std::string line;
    manifest::AppendIncompleteNote("(inputs named but not read, see the errors above)", &line);
    if (auto s = refs_out.Write(line.data(), line.size()); !s.ok()) {
      diag->Error(s.message());
      return false;
    }
  }
  if (refs_ordered && !refs_ordered->status().ok()) {
    diag->Error(refs_ordered->status().message());
    return false;
  }
  if (refs_ordered) {
    if (auto s = refs_out.Commit(); !s.ok()) {
      diag->Error(s.message());
      return false;
    }
  }
  if (auto s = out.Commit(); !s.ok()) {
    diag->Error(s.message());
    return false;
  }
  return true;
}

uint64_t TotalBytes(const std::vector<std::string>& inputs) {
  uint64_t total_bytes = 0;
  for (const auto& path : inputs) {
    struct stat st;
    if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode))
      total_bytes += static_cast<uint64_t>(st.st_size);
  }
  return total_bytes;
}

}  // namespace

int Run(const RunOptions& options, toolcommon::Diag* diag) {
  uint64_t errors_before = diag->errors();
  std::vector<std::string> inputs =
      toolcommon::ExpandInputs(options.inputs, options.recursive, diag);
  // An input named but not found (or a directory not read) may hold revisits.
  const bool inputs_missing = diag->errors() > errors_before;
  uint64_t total_bytes = TotalBytes(inputs);
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
  const Outputs outputs{&ordered, refs_ordered.get(), &progress, diag, diag->tool() + ": "};
  uint64_t listed = 0;
  {
    // Files finished ahead of a slow one wait in memory and temporary files
    // for their turn: a few per thread at most.
    const size_t window = 4 * static_cast<size_t>(std::max(1, options.jobs));
    int jobs = std::max(1, std::min<int>(options.jobs, static_cast<int>(inputs.size())));
    toolcommon::OrderedWorkQueue<size_t, uint64_t> queue(
        {.threads = jobs, .window = window},
        [&](size_t& i) { return SumFile(i, inputs[i], options, outputs); },
        [&](size_t&, uint64_t& file_listed) { listed += file_listed; });
    for (size_t i = 0; i < inputs.size(); ++i) queue.Submit(i);
    queue.Finish();
  }
  progress.Finish();

  if (!CommitOutputs(ordered, out, refs_ordered.get(), refs_out, inputs_missing, diag))
    return toolcommon::kExitSomeInputsFailed;
  diag->Verbose(std::to_string(inputs.size()) + " files, " + std::to_string(progress.records()) +
                " records, " + std::to_string(listed) +
                " lines, inflate: " + gzmulti::BackendDescription(options.sum.reader));
  return diag->ExitCode();
}

}  // namespace warcsum
