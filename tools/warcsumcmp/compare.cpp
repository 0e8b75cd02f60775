#include <algorithm>
#include <thread>

#include "comparer.h"
#include "manifest/reader.h"
#include "records.h"
#include "warcsumcmp.h"

namespace warcsumcmp {
namespace {

// Reads one manifest into the main sorter (and AFTER into the by-uri one).
base::Status ReadInput(const Input& in, bool processed, manifest::ExternalSorter* main,
                       manifest::ExternalSorter* by_uri, uint64_t* count,
                       const ProgressCounters& progress) {
  manifest::ManifestReader reader(in.source);
  manifest::Entry e;
  std::string record;
  uint64_t pending_bytes = 0, pending_records = 0;  // not yet added to progress
  auto flush = [&] {
    if (progress.bytes) *progress.bytes += pending_bytes;
    if (progress.records) *progress.records += pending_records;
    pending_bytes = pending_records = 0;
  };
  base::Status status;
  for (;;) {
    auto outcome = reader.Next(&e);
    if (outcome == manifest::ManifestReader::Outcome::kEnd) break;
    if (outcome != manifest::ManifestReader::Outcome::kEntry) {
      status = reader.error().WithPrefix(in.name);
      break;
    }
    if (processed && e.fields_count != 10) {
      status = base::Status::InvalidArgument(
          in.name + ": line " + std::to_string(reader.line_number()) +
          ": expected 10 fields (file offset length uri date digest ext copy ref-uri ref-date), "
          "found " +
          std::to_string(e.fields_count) + " (run warcsumproc first)");
      break;
    }
    MainRecord::Format(e, processed, &record);
    if (status = main->Add(record); !status.ok()) break;
    if (by_uri) {
      UriRecord::Format(e, &record);
      if (status = by_uri->Add(record); !status.ok()) break;
    }
    ++*count;
    ++pending_records;
    if ((pending_bytes += reader.line().size() + 1) >= (1 << 20)) flush();
  }
  flush();
  if (status.ok() && progress.input_done) progress.input_done();
  return status;
}

}  // namespace

const char* KindName(Kind kind) {
  switch (kind) {
    case Kind::kMissing:
      return "missing";
    case Kind::kAppeared:
      return "appeared";
    case Kind::kDigestChanged:
      return "digest changed";
    case Kind::kNotDeduplicated:
      return "not deduplicated";
    case Kind::kLost:
      return "lost";
    case Kind::kNotInBefore:
      return "not in before";
    case Kind::kOriginalMissing:
      return "original missing";
    case Kind::kReferenced:
      return "referenced";
  }
  return "?";
}

uint64_t Summary::discrepancies() const {
  uint64_t n = 0;
  for (uint64_t k : by_kind) n += k;
  return n;
}

base::Status Compare(const Input& before, const Input& after, const Input* processed,
                     const CompareOptions& options, const ReportSink& sink, Summary* summary,
                     const ProgressCounters& progress) {
  const bool dedup = processed != nullptr;
  manifest::ExternalSorter::Options sort_options;
  sort_options.temp_dir = options.temp_dir;
  sort_options.fan_in = options.fan_in;
  // Every sort may hold its share at once: BEFORE, AFTER and PROCESSED stay
  // in memory through the merge that fills the removed copies' sort, and
  // AFTER by uri until the end.
  sort_options.run_bytes = std::max<size_t>(options.sort_bytes / (dedup ? 5 : 2), 1);

  manifest::ExternalSorter before_sort(sort_options), after_sort(sort_options),
      processed_sort(sort_options), by_uri_sort(sort_options);
  // The inputs are read and sorted at once, each on a thread of its own (the
  // merge that follows needs all of them); errors are reported in input order.
  base::Status before_status, after_status, processed_status;
  std::thread before_thread([&] {
    before_status = ReadInput(before, false, &before_sort, nullptr, &summary->before, progress);
    if (before_status.ok()) before_status = before_sort.Finish();
  });
  std::thread after_thread([&] {
    after_status = ReadInput(after, false, &after_sort, dedup ? &by_uri_sort : nullptr,
                             &summary->after, progress);
    if (after_status.ok()) after_status = after_sort.Finish();
    if (after_status.ok()) after_status = by_uri_sort.Finish();
  });
  if (dedup)
    processed_status =
        ReadInput(*processed, true, &processed_sort, nullptr, &summary->processed, progress);
  if (processed_status.ok()) processed_status = processed_sort.Finish();
  before_thread.join();
  after_thread.join();
  for (const auto* s : {&before_status, &after_status, &processed_status})
    if (!s->ok()) return *s;

  Comparer comparer(sink, summary, dedup, sort_options, options);
  Stream b(&before_sort), a(&after_sort), p(&processed_sort);
  if (auto s = comparer.MergeByKey(&b, &a, &p); !s.ok()) return s;
  for (auto* sorter : {&before_sort, &after_sort, &processed_sort})
    if (!sorter->status().ok()) return sorter->status();
  if (dedup)
    if (auto s = comparer.CheckOriginals(&by_uri_sort); !s.ok()) return s;
  summary->sort_runs = before_sort.runs_written() + after_sort.runs_written() +
                       processed_sort.runs_written() + by_uri_sort.runs_written() +
                       comparer.refs().runs_written();
  return base::Status::Ok();
}

}  // namespace warcsumcmp
