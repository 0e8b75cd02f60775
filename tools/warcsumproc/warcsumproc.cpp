#include "warcsumproc.h"

#include "dedup/copy_numbers.h"
#include "toolcommon/io.h"
#include "toolcommon/paths.h"
#include "toolcommon/progress.h"

namespace warcsumproc {

int Run(const RunOptions& options, toolcommon::Diag* diag) {
  const std::string name = toolcommon::InputName(options.input);
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
  dedup::NumberingSummary summary;
  base::Status write_status;
  auto write = [&](std::string* lines) {
    write_status = out.Write(lines->data(), lines->size());
    return write_status;
  };
  base::Status status =
      dedup::NumberCopies(source->get(), write, &summary, progress.bytes_counter());
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
