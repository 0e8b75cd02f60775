#include "warcsumcmp.h"

#include <algorithm>
#include <charconv>
#include <deque>
#include <initializer_list>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include "manifest/entry.h"
#include "manifest/order.h"
#include "manifest/reader.h"
#include "toolcommon/io.h"
#include "toolcommon/progress.h"

namespace warcsumcmp {
namespace {

// Sorted records are manifest fields joined by ' ', which no field holds
// (ParseLine splits on it):
//   main:    file uri date digest offset [copy ref-uri ref-date]   (BEFORE, AFTER, PROCESSED)
//   by-uri:  uri date digest ' '                                   (AFTER)
//   refs:    ref-uri ref-date digest file uri date offset          (removed copies)
// A key is the first n fields with the space after each. Keys of the same n
// are prefix-free, so comparing keys as bytes agrees with the byte order in
// which the sorter returns whole records: a merge can compare keys alone.
constexpr int kMainKey = 3;  // file uri date
constexpr int kMainSub = 4;  // ... digest
constexpr int kUriKey = 2;   // uri date
constexpr int kUriSub = 3;   // ... digest

// The first n fields of record, each with the ' ' after it; the whole record
// if it has fewer separators.
std::string_view Key(std::string_view record, int n) {
  size_t pos = 0;
  for (int i = 0; i < n; ++i) {
    size_t space = record.find(' ', pos);
    if (space == std::string_view::npos) return record;
    pos = space + 1;
  }
  return record.substr(0, pos);
}

std::vector<std::string_view> Fields(std::string_view record) {
  std::vector<std::string_view> fields;
  size_t pos = 0;
  for (;;) {
    size_t space = record.find(' ', pos);
    fields.push_back(
        record.substr(pos, space == std::string_view::npos ? record.npos : space - pos));
    if (space == std::string_view::npos) return fields;
    pos = space + 1;
  }
}

void Join(std::string* out, std::initializer_list<std::string_view> fields) {
  out->clear();
  for (std::string_view f : fields) {
    if (!out->empty()) out->push_back(' ');
    out->append(f);
  }
}

uint64_t Number(std::string_view text) {
  uint64_t v = 0;
  std::from_chars(text.data(), text.data() + text.size(), v);
  return v;
}

// A finished sorter read with one record of look-ahead.
class Stream {
 public:
  explicit Stream(manifest::ExternalSorter* sorter) : sorter_(sorter) { Advance(); }
  bool valid() const { return valid_; }
  const std::string& head() const { return head_; }
  std::string Take() {
    std::string r = std::move(head_);
    Advance();
    return r;
  }
  void Advance() { valid_ = sorter_->Next(&head_); }

 private:
  manifest::ExternalSorter* sorter_;
  std::string head_;
  bool valid_ = false;
};

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
    const std::string offset = std::to_string(e.offset);
    if (processed) {
      const std::string copy = std::to_string(e.copy);
      Join(&record, {e.file, e.uri, e.date, e.digest, offset, copy, e.ref_uri, e.ref_date});
    } else {
      Join(&record, {e.file, e.uri, e.date, e.digest, offset});
    }
    if (status = main->Add(record); !status.ok()) break;
    if (by_uri) {
      Join(&record, {e.uri, e.date, e.digest, ""});  // trailing ' ': see Key()
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

// The merge of BEFORE, AFTER and PROCESSED by key, then of the removed
// copies' originals against AFTER by (uri, date, digest).
class Comparer {
 public:
  Comparer(const ReportSink& sink, Summary* summary, bool dedup,
           manifest::ExternalSorter::Options sort_options, const manifest::ReferenceSet* referenced,
           const std::vector<KeptCopy>* kept)
      : sink_(sink),
        summary_(summary),
        dedup_(dedup),
        refs_(std::move(sort_options)),
        referenced_(referenced),
        kept_(kept) {}

  base::Status MergeByKey(Stream* before, Stream* after, Stream* processed);
  base::Status CheckOriginals(manifest::ExternalSorter* by_uri);
  const manifest::ExternalSorter& refs() const { return refs_; }

 private:
  // A BEFORE record waiting for a partner, with its copy number in
  // PROCESSED (0: not there).
  struct Before {
    std::string record;
    uint64_t copy = 0;
  };

  base::Status Report(Kind kind, const std::string& line) {
    ++summary_->by_kind[static_cast<int>(kind)];
    return sink_(std::string(KindName(kind)) + ": " + line);
  }
  base::Status HandleSubkey(std::vector<std::string>* before, std::vector<std::string>* after,
                            std::vector<std::string>* processed);
  base::Status PairPending();
  base::Status FlushKey();

  const ReportSink& sink_;
  Summary* summary_;
  bool dedup_;
  manifest::ExternalSorter refs_;
  const manifest::ReferenceSet* referenced_;  // may be null
  const std::vector<KeptCopy>* kept_;         // may be null
  std::deque<Before> pending_before_;
  std::deque<std::string> pending_after_;
};

// "FILE URI DATE DIGEST" of a main record.
std::string Describe(const std::vector<std::string_view>& f) {
  return std::string(f[0]) + " " + std::string(f[1]) + " " + std::string(f[2]) + " " +
         std::string(f[3]);
}

base::Status Comparer::MergeByKey(Stream* before, Stream* after, Stream* processed) {
  Stream* streams[] = {before, after, processed};
  std::vector<std::string> lists[3];
  for (;;) {
    std::optional<std::string> key;
    for (Stream* s : streams)
      if (s->valid() && (!key || Key(s->head(), kMainKey) < *key))
        key = std::string(Key(s->head(), kMainKey));
    if (!key) break;
    // The key's records, one digest (subkey) at a time, smallest first.
    for (;;) {
      std::optional<std::string> sub;
      for (Stream* s : streams)
        if (s->valid() && Key(s->head(), kMainKey) == *key &&
            (!sub || Key(s->head(), kMainSub) < *sub))
          sub = std::string(Key(s->head(), kMainSub));
      if (!sub) break;
      for (int i = 0; i < 3; ++i) {
        lists[i].clear();
        while (streams[i]->valid() && Key(streams[i]->head(), kMainSub) == *sub)
          lists[i].push_back(streams[i]->Take());
      }
      if (auto s = HandleSubkey(&lists[0], &lists[1], &lists[2]); !s.ok()) return s;
    }
    if (auto s = FlushKey(); !s.ok()) return s;
  }
  return base::Status::Ok();
}

// Records sharing file, uri, date and digest. BEFORE and PROCESSED pair in
// order; AFTER pairs with the BEFORE records meant to stay (copy 1 or not in
// PROCESSED), then with those meant to go; what is left waits in the pending
// queues for a partner with another digest.
base::Status Comparer::HandleSubkey(std::vector<std::string>* before,
                                    std::vector<std::string>* after,
                                    std::vector<std::string>* processed) {
  for (size_t i = before->size(); i < processed->size(); ++i) {
    auto f = Fields((*processed)[i]);
    if (auto s =
            Report(Kind::kNotInBefore, Describe(f) + " (PROCESSED: offset " + std::string(f[4]) +
                                           ", copy " + std::string(f[5]) + ")");
        !s.ok())
      return s;
  }
  std::vector<size_t> stay, go;
  for (size_t i = 0; i < before->size(); ++i) {
    uint64_t copy = i < processed->size() ? Number(Fields((*processed)[i])[5]) : 0;
    (copy > 1 ? go : stay).push_back(i);
  }
  size_t next_after = 0;
  for (size_t i : stay) {
    if (next_after < after->size()) {
      ++next_after;
      ++summary_->unchanged;
    } else {
      uint64_t copy = i < processed->size() ? 1 : 0;
      pending_before_.push_back({std::move((*before)[i]), copy});
    }
  }
  for (size_t i : go) {
    auto b = Fields((*before)[i]);
    auto p = Fields((*processed)[i]);
    if (next_after < after->size()) {
      auto a = Fields((*after)[next_after++]);
      if (p[6] == p[1] && p[7] == p[2]) {  // its original has its URI and date: kept
        ++summary_->kept_same_capture;
        continue;
      }
      if (referenced_ && referenced_->Refers(p[1], p[2], p[3])) {
        ++summary_->kept_referenced;
        continue;
      }
      if (kept_) {
        // warcrefs read the record and says why it kept it (an ARC record
        // among them, whatever its file's name).
        KeptCopy key{manifest::KeyOf({p[0], p[1], p[2], p[3]})};
        auto it = std::lower_bound(kept_->begin(), kept_->end(), key);
        if (it != kept_->end() && it->key == key.key) {
          ++summary_->kept_listed;
          ++summary_->kept_by_reason[static_cast<int>(it->reason)];
          continue;
        }
      } else if (p[0].ends_with(".arc") || p[0].ends_with(".arc.gz")) {
        // Without a kept list only the manifests are at hand, and they do not
        // say a record's format: the file's name is all there is to go by.
        ++summary_->kept_arc;
        continue;
      }
      if (auto s = Report(Kind::kNotDeduplicated,
                          Describe(b) + " (copy " + std::string(p[5]) + " of " + std::string(p[6]) +
                              " " + std::string(p[7]) + "; before: offset " + std::string(b[4]) +
                              ", after: offset " + std::string(a[4]) + ")");
          !s.ok())
        return s;
      continue;
    }
    if (referenced_ && referenced_->Refers(p[1], p[2], p[3])) {
      if (auto s =
              Report(Kind::kReferenced, Describe(b) + " (copy " + std::string(p[5]) +
                                            "; gone, though an existing revisit refers to it)");
          !s.ok())
        return s;
      continue;
    }
    ++summary_->deduplicated;
    std::string ref;
    Join(&ref, {p[6], p[7], b[3], b[0], b[1], b[2], b[4]});
    if (auto s = refs_.Add(ref); !s.ok()) return s;
  }
  for (; next_after < after->size(); ++next_after)
    pending_after_.push_back(std::move((*after)[next_after]));
  return PairPending();
}

// The i-th unmatched BEFORE record of a key pairs with its i-th unmatched
// AFTER record; both queues grow in digest order.
base::Status Comparer::PairPending() {
  while (!pending_before_.empty() && !pending_after_.empty()) {
    auto b = Fields(pending_before_.front().record);
    auto a = Fields(pending_after_.front());
    auto s = Report(Kind::kDigestChanged, Describe(b) + " -> " + std::string(a[3]) +
                                              " (before: offset " + std::string(b[4]) +
                                              ", after: offset " + std::string(a[4]) + ")");
    if (!s.ok()) return s;
    pending_before_.pop_front();
    pending_after_.pop_front();
  }
  return base::Status::Ok();
}

base::Status Comparer::FlushKey() {
  for (const Before& before : pending_before_) {
    auto b = Fields(before.record);
    std::string line = Describe(b) + " (before: offset " + std::string(b[4]);
    base::Status s;
    if (!dedup_) {
      s = Report(Kind::kMissing, line + ")");
    } else {
      s = Report(Kind::kLost, line + (before.copy ? "; disappeared but copy 1 in PROCESSED)"
                                                  : "; disappeared but not in PROCESSED)"));
    }
    if (!s.ok()) return s;
  }
  for (const std::string& after : pending_after_) {
    auto a = Fields(after);
    if (auto s =
            Report(Kind::kAppeared, Describe(a) + " (after: offset " + std::string(a[4]) + ")");
        !s.ok())
      return s;
  }
  pending_before_.clear();
  pending_after_.clear();
  return base::Status::Ok();
}

// Walks the removed copies in (ref-uri, ref-date, digest) order alongside
// AFTER in (uri, date, digest) order. For the message about an original
// present only with another digest, it keeps the last (uri, date) skipped
// and one of its digests; a larger one would be at the head.
base::Status Comparer::CheckOriginals(manifest::ExternalSorter* by_uri) {
  if (auto s = refs_.Finish(); !s.ok()) return s;
  Stream refs(&refs_), after(by_uri);
  std::string skipped_key, skipped_digest;
  while (refs.valid()) {
    std::string_view sub = Key(refs.head(), kUriSub);
    while (after.valid() && Key(after.head(), kUriSub) < sub) {
      skipped_key = std::string(Key(after.head(), kUriKey));
      skipped_digest = std::string(Fields(after.head())[2]);
      after.Advance();
    }
    if (!after.valid() || Key(after.head(), kUriSub) != sub) {
      std::string_view key = Key(refs.head(), kUriKey);
      std::string other;
      if (after.valid() && Key(after.head(), kUriKey) == key)
        other = std::string(Fields(after.head())[2]);
      else if (skipped_key == key)
        other = skipped_digest;
      auto r = Fields(refs.head());
      std::string line = std::string(r[3]) + " " + std::string(r[4]) + " " + std::string(r[5]) +
                         " refers to " + std::string(r[0]) + " " + std::string(r[1]) + " " +
                         std::string(r[2]) +
                         (other.empty() ? " (not in after)" : " (after has " + other + " instead)");
      if (auto s = Report(Kind::kOriginalMissing, line); !s.ok()) return s;
    }
    refs.Advance();
  }
  if (!refs_.status().ok()) return refs_.status();
  return by_uri->status();
}

}  // namespace

base::Status LoadKept(const std::string& name, std::vector<KeptCopy>* kept) {
  auto source = base::FileSource::Open(name);
  if (!source.ok()) return base::Status::IOError(name + ": " + source.status().message());
  manifest::LineReader lines(source->get());
  std::string line;
  while (lines.Next(&line)) {
    auto f = Fields(line);
    if (f.size() < 6 || f[0].empty() || f[2].empty() || f[3].empty() || f[4].empty())
      return base::Status::Corruption(name + ": line " + std::to_string(lines.line_number()) +
                                      ": expected \"FILE OFFSET URI DATE DIGEST REASON\"");
    kept->push_back({manifest::KeyOf({f[0], f[2], f[3], f[4]}), manifest::ParseKeptReason(f[5])});
  }
  if (!lines.status().ok()) return base::Status::IOError(name + ": " + lines.status().message());
  std::sort(kept->begin(), kept->end());
  return base::Status::Ok();
}

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

  Comparer comparer(sink, summary, dedup, sort_options, options.referenced, options.kept);
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

std::string DefaultTempDir(const std::string& after) {
  if (after == "-") return "/tmp";
  size_t slash = after.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return after.substr(0, slash);
}

int Run(const RunOptions& options, toolcommon::Diag* diag) {
  struct Opened {
    std::unique_ptr<base::FileSource> file;
    Input input;
  };
  Opened opened[3];
  const std::string* paths[] = {&options.before, &options.after, &options.processed};
  const bool dedup = !options.processed.empty();
  uint64_t total_bytes = 0;
  for (int i = 0; i < (dedup ? 3 : 2); ++i) {
    const std::string& path = *paths[i];
    opened[i].input.name = path == "-" ? "standard input" : path;
    auto source = base::FileSource::Open(path);
    if (!source.ok()) {
      diag->Error(opened[i].input.name + ": " + source.status().message());
      return toolcommon::kExitSomeInputsFailed;
    }
    opened[i].file = std::move(source.value());
    opened[i].input.source = opened[i].file.get();
    total_bytes += opened[i].file->size();
  }
  toolcommon::OutputFile out;
  if (auto s = out.Open(options.output, false); !s.ok()) {
    diag->Error(s.message());
    return toolcommon::kExitSomeInputsFailed;
  }

  CompareOptions compare;
  compare.temp_dir = options.temp_dir.empty() ? DefaultTempDir(options.after) : options.temp_dir;
  compare.sort_bytes = options.sort_bytes;
  std::vector<KeptCopy> kept;
  if (!options.kept.empty()) {
    if (auto s = LoadKept(options.kept, &kept); !s.ok()) {
      diag->Error(s.message());
      return toolcommon::kExitSomeInputsFailed;
    }
    compare.kept = &kept;
  }
  manifest::ReferenceSet referenced;
  if (!options.referenced.empty()) {
    if (auto s = referenced.LoadFile(options.referenced); !s.ok()) {
      diag->Error(s.message());
      return toolcommon::kExitSomeInputsFailed;
    }
    compare.referenced = &referenced;
    if (!referenced.incomplete().empty())
      diag->Info(options.referenced + ": the revisits of " +
                 std::to_string(referenced.incomplete().size()) +
                 " inputs are unknown (damaged, or not read, by warcsum)");
  }
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
    toolcommon::Progress progress(diag, options.progress, dedup ? 3 : 2, total_bytes);
    ProgressCounters counters{progress.bytes_counter(), progress.records_counter(),
                              [&progress] { progress.FileDone(); }};
    status = Compare(opened[0].input, opened[1].input, dedup ? &opened[2].input : nullptr, compare,
                     sink, &summary, counters);
    progress.Finish();
  }
  if (status.ok() && !buffer.empty()) status = out.Write(buffer.data(), buffer.size());
  if (status.ok()) status = out.Commit();
  if (!status.ok()) {
    diag->Error(status.message());
    return toolcommon::kExitSomeInputsFailed;  // out's destructor removes an -o temporary
  }

  for (int k = 0; k < kKinds; ++k)
    if (summary.by_kind[k])
      diag->Verbose(std::string(KindName(static_cast<Kind>(k))) + ": " +
                    std::to_string(summary.by_kind[k]));
  diag->Verbose(std::to_string(summary.unchanged) + " unchanged; sorted " +
                (summary.sort_runs ? "with " + std::to_string(summary.sort_runs) +
                                         " temporary runs in " + compare.temp_dir
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
             (summary.kept_same_capture ? std::to_string(summary.kept_same_capture) +
                                              " kept (same URI and date as their original), "
                                        : "") +
             (summary.kept_referenced ? std::to_string(summary.kept_referenced) +
                                            " kept (an existing revisit refers to them), "
                                      : "") +
             (summary.kept_arc ? std::to_string(summary.kept_arc) + " kept (in ARC files), " : "") +
             (summary.kept_listed
                  ? std::to_string(summary.kept_listed) + " kept (warcrefs --kept), "
                  : "") +
             std::to_string(n) + (n == 1 ? " discrepancy" : " discrepancies"));
  return n ? toolcommon::kExitSomeInputsFailed : diag->ExitCode();
}

}  // namespace warcsumcmp
