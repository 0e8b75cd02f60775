#include "comparer.h"

#include <algorithm>
#include <optional>

#include "arc_files.h"
#include "dedup/keep.h"

namespace warcsumcmp {

base::Status Comparer::Report(Kind kind, const std::string& line) {
  ++summary_->by_kind[static_cast<int>(kind)];
  return sink_(std::string(KindName(kind)) + ": " + line);
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
    MainRecord p = MainRecord::Parse((*processed)[i]);
    if (auto s = Report(Kind::kNotInBefore, p.Describe() + " (PROCESSED: offset " +
                                                std::string(p.offset) + ", copy " +
                                                std::string(p.copy) + ")");
        !s.ok())
      return s;
  }
  std::vector<size_t> stay, go;
  for (size_t i = 0; i < before->size(); ++i) {
    uint64_t copy = i < processed->size() ? MainRecord::Parse((*processed)[i]).CopyNumber() : 0;
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
    MainRecord b = MainRecord::Parse((*before)[i]);
    MainRecord p = MainRecord::Parse((*processed)[i]);
    base::Status s = next_after < after->size()
                         ? StillThere(b, p, MainRecord::Parse((*after)[next_after++]))
                         : Gone(b, p);
    if (!s.ok()) return s;
  }
  for (; next_after < after->size(); ++next_after)
    pending_after_.push_back(std::move((*after)[next_after]));
  return PairPending();
}

// Whether a rule keeps a copy still in AFTER, as far as the manifests, the
// kept list and the files' formats tell: the one keep-rule set of
// dedup/keep.h, in warcrefs' order. Counts it in the summary by what told.
bool Comparer::Kept(const MainRecord& p) {
  const dedup::CopyLine line{p.uri, p.date, p.digest, p.ref_uri, p.ref_date};
  if (auto keep = dedup::KeepByLine(line, options_.referenced)) {
    ++(keep->reason == manifest::KeptReason::kSameCapture ? summary_->kept_same_capture
                                                          : summary_->kept_referenced);
    return true;
  }
  if (options_.kept) {
    // warcrefs read the record and says why it kept it (an ARC record
    // among them, whatever its file's name).
    KeptCopy key{manifest::KeyOf({p.file, p.uri, p.date, p.digest})};
    auto it = std::lower_bound(options_.kept->begin(), options_.kept->end(), key);
    if (it == options_.kept->end() || it->key != key.key) return false;
    ++summary_->kept_listed;
    ++summary_->kept_by_reason[static_cast<int>(it->reason)];
    return true;
  }
  // Without a kept list only the manifests are at hand, and they do not
  // say a record's format: the file's first record does (KeepArc).
  if (!options_.arc_files || !options_.arc_files->IsArc(p.file)) return false;
  ++summary_->kept_arc;
  return true;
}

base::Status Comparer::StillThere(const MainRecord& b, const MainRecord& p, const MainRecord& a) {
  if (Kept(p)) return base::Status::Ok();
  return Report(Kind::kNotDeduplicated, b.Describe() + " (copy " + std::string(p.copy) + " of " +
                                            std::string(p.ref_uri) + " " + std::string(p.ref_date) +
                                            "; before: offset " + std::string(b.offset) +
                                            ", after: offset " + std::string(a.offset) + ")");
}

base::Status Comparer::Gone(const MainRecord& b, const MainRecord& p) {
  const dedup::CopyLine line{p.uri, p.date, p.digest, p.ref_uri, p.ref_date};
  if (dedup::KeepReferenced(options_.referenced, line))
    return Report(Kind::kReferenced, b.Describe() + " (copy " + std::string(p.copy) +
                                         "; gone, though an existing revisit refers to it)");
  ++summary_->deduplicated;
  std::string ref;
  RefRecord::Format(p, b, &ref);
  return refs_.Add(ref);
}

// The i-th unmatched BEFORE record of a key pairs with its i-th unmatched
// AFTER record; both queues grow in digest order. AFTER's side names its
// own file and URI when they are written otherwise (a conversion check
// matches them by key).
base::Status Comparer::PairPending() {
  while (!pending_before_.empty() && !pending_after_.empty()) {
    MainRecord b = ParseMain(pending_before_.front().record);
    MainRecord a = ParseMain(pending_after_.front());
    std::string after_name;
    if (a.WrittenFile() != b.WrittenFile() || a.WrittenUri() != b.WrittenUri())
      after_name = a.WrittenFile() + " " + std::string(a.WrittenUri()) + " ";
    auto s = Report(Kind::kDigestChanged, b.Describe() + " -> " + std::string(a.digest) +
                                              " (before: offset " + std::string(b.offset) +
                                              ", after: " + after_name + "offset " +
                                              std::string(a.offset) + ")");
    if (!s.ok()) return s;
    pending_before_.pop_front();
    pending_after_.pop_front();
  }
  return base::Status::Ok();
}

base::Status Comparer::FlushKey() {
  for (const Before& before : pending_before_) {
    MainRecord b = ParseMain(before.record);
    std::string line = b.Describe() + " (before: offset " + std::string(b.offset);
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
    MainRecord a = ParseMain(after);
    if (auto s = Report(Kind::kAppeared,
                        a.Describe() + " (after: offset " + std::string(a.offset) + ")");
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
      skipped_digest = std::string(UriRecord::Parse(after.head()).digest);
      after.Advance();
    }
    if (!after.valid() || Key(after.head(), kUriSub) != sub) {
      std::string_view key = Key(refs.head(), kUriKey);
      std::string other;
      if (after.valid() && Key(after.head(), kUriKey) == key)
        other = std::string(UriRecord::Parse(after.head()).digest);
      else if (skipped_key == key)
        other = skipped_digest;
      RefRecord r = RefRecord::Parse(refs.head());
      std::string line = std::string(r.file) + " " + std::string(r.uri) + " " +
                         std::string(r.date) + " refers to " + std::string(r.ref_uri) + " " +
                         std::string(r.ref_date) + " " + std::string(r.digest) +
                         (other.empty() ? " (not in after)" : " (after has " + other + " instead)");
      if (auto s = Report(Kind::kOriginalMissing, line); !s.ok()) return s;
    }
    refs.Advance();
  }
  if (!refs_.status().ok()) return refs_.status();
  return by_uri->status();
}

}  // namespace warcsumcmp
