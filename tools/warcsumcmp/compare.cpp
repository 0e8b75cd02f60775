#include <algorithm>
#include <thread>

#include "comparer.h"
#include "conversion.h"
#include "manifest/reader.h"
#include "records.h"
#include "warcsumcmp.h"

namespace warcsumcmp {
namespace {

// Where ReadInput puts an input's records: the main sort, AFTER's by-uri
// sort in a deduplication check, and in a conversion check (stems given,
// the conversion layout) the input's file names.
struct Destinations {
  manifest::ExternalSorter* main = nullptr;
  manifest::ExternalSorter* by_uri = nullptr;
  StemFiles* stems = nullptr;
};

base::Status AddEntry(const manifest::Entry& e, bool processed, const Destinations& to,
                      std::string* record) {
  if (to.stems) {
    if (auto s = to.stems->Add(e.file); !s.ok()) return s;
    MainRecord::FormatConversion(e, record);
  } else {
    MainRecord::Format(e, processed, record);
  }
  if (auto s = to.main->Add(*record); !s.ok() || !to.by_uri) return s;
  UriRecord::Format(e, record);
  return to.by_uri->Add(*record);
}

base::Status NotProcessed(const std::string& name, uint64_t line, int fields) {
  return base::Status::InvalidArgument(
      name + ": line " + std::to_string(line) +
      ": expected 10 fields (file offset length uri date digest ext copy ref-uri ref-date), "
      "found " +
      std::to_string(fields) + " (run warcsumproc first)");
}

// Reads one manifest into its sorts.
base::Status ReadInput(const Input& in, bool processed, const Destinations& to, uint64_t* count,
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
      status = NotProcessed(in.name, reader.line_number(), e.fields_count);
      break;
    }
    if (status = AddEntry(e, processed, to, &record); !status.ok()) break;
    ++*count;
    ++pending_records;
    if ((pending_bytes += reader.line().size() + 1) >= (1 << 20)) flush();
  }
  flush();
  if (status.ok() && progress.input_done) progress.input_done();
  return status;
}

// The sorts of one comparison. A conversion check uses before and after
// (conversion layout) and the stems; a deduplication check all but these.
struct Sorts {
  Sorts(const manifest::ExternalSorter::Options& main,
        const manifest::ExternalSorter::Options& stem)
      : before(main),
        after(main),
        processed(main),
        by_uri(main),
        before_stems(stem),
        after_stems(stem) {}
  uint64_t runs_written() const {
    return before.runs_written() + after.runs_written() + processed.runs_written() +
           by_uri.runs_written() + before_stems.runs_written() + after_stems.runs_written();
  }

  manifest::ExternalSorter before, after, processed, by_uri;
  StemFiles before_stems, after_stems;
};

// Each sort's share of options.sort_bytes. Every sort may hold its share at
// once: BEFORE, AFTER and PROCESSED stay in memory through the merge that
// fills the removed copies' sort, and AFTER by uri until the end. The file
// names are few (a manifest's lines come file by file): a sixteenth each.
void Shares(const CompareOptions& options, bool dedup, manifest::ExternalSorter::Options* main,
            manifest::ExternalSorter::Options* stem) {
  main->temp_dir = stem->temp_dir = options.temp_dir;
  main->fan_in = stem->fan_in = options.fan_in;
  const size_t stem_bytes = dedup ? 0 : options.sort_bytes / 16;
  main->run_bytes = std::max<size_t>((options.sort_bytes - 2 * stem_bytes) / (dedup ? 5 : 2), 1);
  stem->run_bytes = std::max<size_t>(stem_bytes, 1);
}

// Reads the inputs into their sorts at once, each on a thread of its own
// (the merge that follows needs all of them); errors come in input order.
base::Status ReadAll(const Input& before, const Input& after, const Input* processed, Sorts* sorts,
                     Summary* summary, const ProgressCounters& progress) {
  const bool dedup = processed != nullptr;
  base::Status before_status, after_status, processed_status;
  std::thread before_thread([&] {
    Destinations to{&sorts->before, nullptr, dedup ? nullptr : &sorts->before_stems};
    before_status = ReadInput(before, false, to, &summary->before, progress);
    if (before_status.ok()) before_status = sorts->before.Finish();
    if (before_status.ok() && !dedup)
      before_status = sorts->before_stems.Check(before.name, "BEFORE");
  });
  std::thread after_thread([&] {
    Destinations to{&sorts->after, dedup ? &sorts->by_uri : nullptr,
                    dedup ? nullptr : &sorts->after_stems};
    after_status = ReadInput(after, false, to, &summary->after, progress);
    if (after_status.ok()) after_status = sorts->after.Finish();
    if (after_status.ok()) after_status = sorts->by_uri.Finish();
    if (after_status.ok() && !dedup) after_status = sorts->after_stems.Check(after.name, "AFTER");
  });
  if (dedup)
    processed_status =
        ReadInput(*processed, true, Destinations{&sorts->processed}, &summary->processed, progress);
  if (processed_status.ok()) processed_status = sorts->processed.Finish();
  before_thread.join();
  after_thread.join();
  for (const auto* s : {&before_status, &after_status, &processed_status})
    if (!s->ok()) return *s;
  return base::Status::Ok();
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
  manifest::ExternalSorter::Options main_options, stem_options;
  Shares(options, dedup, &main_options, &stem_options);
  Sorts sorts(main_options, stem_options);
  if (auto s = ReadAll(before, after, processed, &sorts, summary, progress); !s.ok()) return s;

  Comparer comparer(sink, summary, dedup, main_options, options);
  Stream b(&sorts.before), a(&sorts.after), p(&sorts.processed);
  if (auto s = comparer.MergeByKey(&b, &a, &p); !s.ok()) return s;
  for (auto* sorter : {&sorts.before, &sorts.after, &sorts.processed})
    if (!sorter->status().ok()) return sorter->status();
  if (dedup)
    if (auto s = comparer.CheckOriginals(&sorts.by_uri); !s.ok()) return s;
  summary->sort_runs = sorts.runs_written() + comparer.refs().runs_written();
  return base::Status::Ok();
}

}  // namespace warcsumcmp
