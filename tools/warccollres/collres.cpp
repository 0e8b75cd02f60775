#include "collres.h"

#include <chrono>
#include <cstdio>

#include "fetch/http.h"
#include "resolver.h"
#include "runs.h"
#include "toolcommon/cli.h"
#include "toolcommon/io.h"
#include "toolcommon/paths.h"
#include "toolcommon/progress.h"

namespace warccollres {
namespace {

using Sources = std::vector<std::unique_ptr<fetch::RangeSource>>;

// One source per thread, and one for long runs, compared on the main thread.
base::Result<Sources> MakeSources(const Options& options, int threads) {
  Sources sources;
  for (int t = 0; t <= threads; ++t) {
    auto source = fetch::MakeRangeSource(options.fetch, threads);
    if (!source.ok()) return source.status();
    sources.push_back(std::move(source.value()));
  }
  return sources;
}

std::string SecondsText(std::chrono::steady_clock::time_point start) {
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", seconds);
  return text;
}

// The closing line, and with -v the HTTP counts. REQUIRES: the sources are
// no longer in use (their counts can be read).
void Summarize(const Options& options, const Sources& sources, const Totals& totals, uint64_t lines,
               const std::string& time_text, toolcommon::Diag* diag) {
  uint64_t bytes_fetched = 0, requests = 0, retries = 0;
  for (const auto& source : sources) {
    bytes_fetched += source->bytes_fetched();
    if (auto* http = dynamic_cast<fetch::HttpRangeSource*>(source.get())) {
      requests += http->stats().requests;
      retries += http->stats().retries;
    }
  }
  diag->Info(std::to_string(lines) + " lines, " + std::to_string(totals.multi_runs) +
             " runs with more than one record, " + std::to_string(totals.records_fetched) +
             " records fetched (" + toolcommon::HumanBytes(bytes_fetched) + "), " +
             toolcommon::HumanBytes(totals.bytes_compared) + " compared, " +
             std::to_string(totals.collisions) + " collisions, " + std::to_string(totals.failures) +
             " records kept for errors, " + time_text);
  if (options.fetch.remote())
    diag->Verbose("http: " + std::to_string(requests) + " requests, " + std::to_string(retries) +
                  " retries");
}

}  // namespace

int Run(const Options& options, toolcommon::Diag* diag) {
  auto start = std::chrono::steady_clock::now();
  auto sources = MakeSources(options, std::max(1, options.threads));
  if (!sources.ok()) return toolcommon::UsageError(diag->tool(), sources.status().message());
  auto input = base::FileSource::Open(options.input);
  if (!input.ok()) {
    diag->Error(options.input + ": " + input.status().message());
    return toolcommon::kExitSomeInputsFailed;
  }
  toolcommon::OutputFile out;
  if (auto s = out.Open(options.output, false); !s.ok()) {
    diag->Error(s.message());
    return toolcommon::kExitSomeInputsFailed;
  }
  const std::string name = toolcommon::InputName(options.input);
  RunReader runs(input->get(), name, std::max<size_t>(2, options.run_part));
  RunWriter writer(options, name, &out, diag);
  toolcommon::Progress progress(diag, options.progress, 0, 0);
  std::vector<fetch::RangeSource*> source_pointers;
  for (const auto& source : *sources) source_pointers.push_back(source.get());
  Resolver resolver(options, source_pointers, &runs, &writer, &progress, diag);
  resolver.CompareAll();
  bool stopped = resolver.stopped() || !writer.Flush();
  progress.Finish();
  bool complete = !stopped && !runs.failed();
  // An incomplete manifest never replaces the -o file.
  if (complete) {
    if (auto s = out.Commit(); !s.ok()) {
      diag->Error(s.message());
      return toolcommon::kExitSomeInputsFailed;
    }
  }
  Summarize(options, *sources, resolver.totals(), writer.lines(), SecondsText(start), diag);
  return complete ? diag->ExitCode() : toolcommon::kExitSomeInputsFailed;
}

}  // namespace warccollres
