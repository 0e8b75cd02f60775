#include <algorithm>
#include <memory>
#include <vector>

#include "arc_files.h"
#include "base/temp_file.h"
#include "manifest/kept.h"
#include "manifest/reader.h"
#include "toolcommon/io.h"
#include "toolcommon/paths.h"
#include "toolcommon/progress.h"
#include "warcsumcmp.h"

namespace warcsumcmp {
namespace {

// The inputs of a run, opened; PROCESSED only for a deduplication check.
struct OpenedInputs {
  std::unique_ptr<base::FileSource> files[3];
  Input inputs[3];
  uint64_t total_bytes = 0;
};

bool OpenInputs(const RunOptions& options, bool dedup, OpenedInputs* opened,
                toolcommon::Diag* diag) {
  const std::string* paths[] = {&options.before, &options.after, &options.processed};
  for (int i = 0; i < (dedup ? 3 : 2); ++i) {
    const std::string& path = *paths[i];
    opened->inputs[i].name = toolcommon::InputName(path);
    auto source = base::FileSource::Open(path);
    if (!source.ok()) {
      diag->Error(opened->inputs[i].name + ": " + source.status().message());
      return false;
    }
    opened->files[i] = std::move(source.value());
    opened->inputs[i].source = opened->files[i].get();
    opened->total_bytes += opened->files[i]->size();
  }
  return true;
}

// Reads the kept list and the references the options name into the
// comparison's options. False after an error (reported).
bool LoadLists(const RunOptions& options, std::vector<KeptCopy>* kept,
               manifest::ReferenceSet* referenced, CompareOptions* compare,
               toolcommon::Diag* diag) {
  if (!options.kept.empty()) {
    if (auto s = LoadKept(options.kept, kept); !s.ok()) {
      diag->Error(s.message());
      return false;
    }
    compare->kept = kept;
  }
  if (!options.referenced.empty()) {
    if (auto s = referenced->LoadFile(options.referenced); !s.ok()) {
      diag->Error(s.message());
      return false;
    }
    compare->referenced = referenced;
    if (!referenced->incomplete().empty())
      diag->Info(options.referenced + ": the revisits of " +
                 std::to_string(referenced->incomplete().size()) +
                 " inputs are unknown (damaged, or not read, by warcsum)");
  }
  return true;
}

// "N kept (WHY), " when n is not 0.
std::string KeptCount(uint64_t n, const char* why) {
  return n ? std::to_string(n) + " kept (" + why + "), " : "";
}

void PrintSummary(const Summary& summary, bool dedup, const std::string& temp_dir,
                  toolcommon::Diag* diag) {
  for (int k = 0; k < kKinds; ++k)
    if (summary.by_kind[k])
      diag->Verbose(std::string(KindName(static_cast<Kind>(k))) + ": " +
                    std::to_string(summary.by_kind[k]));
  diag->Verbose(std::to_string(summary.unchanged) + " unchanged; sorted " +
                (summary.sort_runs ? "with " + std::to_string(summary.sort_runs) +
                                         " temporary runs in " + temp_dir
                                   : std::string("in memory")));
  if (summary.kept_listed) {
    std::string reasons;
    for (int r = 0; r < kKeptReasons; ++r)
      if (summary.kept_by_reason[r])
        reasons += (reasons.empty() ? "" : ", ") + std::to_string(summary.kept_by_reason[r]) + " " +
                   manifest::KeptReasonToken(static_cast<manifest::KeptReason>(r));
    diag->Info("kept by warcrefs, by reason: " + reasons);
  }
  const uint64_t n = summary.discrepancies();
  diag->Info(std::to_string(summary.before) + " before, " + std::to_string(summary.after) +
             " after, " + (dedup ? std::to_string(summary.deduplicated) + " deduplicated, " : "") +
             KeptCount(summary.kept_same_capture, "same URI and date as their original") +
             KeptCount(summary.kept_referenced, "an existing revisit refers to them") +
             KeptCount(summary.kept_arc, "in ARC files") +
             KeptCount(summary.kept_listed, "warcrefs --kept") + std::to_string(n) +
             (n == 1 ? " discrepancy" : " discrepancies"));
}

}  // namespace

base::Status LoadKept(const std::string& name, std::vector<KeptCopy>* kept) {
  auto s = manifest::ReadKeptFile(name, [kept](const manifest::KeptLine& line) {
    kept->push_back({manifest::KeyOf({line.file, line.uri, line.date, line.digest}), line.reason});
  });
  if (!s.ok()) return s;
  std::sort(kept->begin(), kept->end());
  return base::Status::Ok();
}

std::string DefaultTempDir(const std::string& after) {
  return after == "-" ? base::DefaultTempDir() : toolcommon::DirName(after);
}

int Run(const RunOptions& options, toolcommon::Diag* diag) {
  const bool dedup = !options.processed.empty();
  OpenedInputs opened;
  if (!OpenInputs(options, dedup, &opened, diag)) return toolcommon::kExitSomeInputsFailed;
  toolcommon::OutputFile out;
  if (auto s = out.Open(options.output, false); !s.ok()) {
    diag->Error(s.message());
    return toolcommon::kExitSomeInputsFailed;
  }

  CompareOptions compare;
  compare.temp_dir = options.temp_dir.empty() ? DefaultTempDir(options.after) : options.temp_dir;
  compare.sort_bytes = options.sort_bytes;
  std::vector<KeptCopy> kept;
  manifest::ReferenceSet referenced;
  if (!LoadLists(options, &kept, &referenced, &compare, diag))
    return toolcommon::kExitSomeInputsFailed;
  ArcFiles arc_files(options.warc_dirs);
  compare.arc_files = &arc_files;
  std::string buffer;
  auto sink = [&](std::string_view line) {
    buffer.append(line);
    buffer.push_back('\n');
    if (buffer.size() < (1 << 16)) return base::Status::Ok();
    auto s = out.Write(buffer.data(), buffer.size());
    buffer.clear();
    return s;
  };
  Summary summary;
  base::Status status;
  {
    toolcommon::Progress progress(diag, options.progress, dedup ? 3 : 2, opened.total_bytes);
    ProgressCounters counters{progress.bytes_counter(), progress.records_counter(),
                              [&progress] { progress.FileDone(); }};
    status = Compare(opened.inputs[0], opened.inputs[1], dedup ? &opened.inputs[2] : nullptr,
                     compare, sink, &summary, counters);
    progress.Finish();
  }
  if (status.ok() && !buffer.empty()) status = out.Write(buffer.data(), buffer.size());
  if (status.ok()) status = out.Commit();
  if (!status.ok()) {
    diag->Error(status.message());
    return toolcommon::kExitSomeInputsFailed;  // out's destructor removes an -o temporary
  }
  PrintSummary(summary, dedup, compare.temp_dir, diag);
  return summary.discrepancies() ? toolcommon::kExitSomeInputsFailed : diag->ExitCode();
}

}  // namespace warcsumcmp
