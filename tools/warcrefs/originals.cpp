#include "originals.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>
#include <unordered_map>

#include "base/fd_range.h"
#include "manifest/references.h"
#include "original_read.h"
#include "toolcommon/paths.h"
#include "warc/payload.h"
#include "warc/reader.h"
#include "warc/revisit.h"

namespace warcrefs {
using toolcommon::BaseName;
using toolcommon::DirName;
using toolcommon::RealPath;
namespace {

constexpr size_t kMaxReasons = 1000;  // distinct failure texts kept

}  // namespace

void OriginalIndex::Add(const manifest::Entry& original) {
  originals_.emplace_back(manifest::KeyOf({original.digest, std::to_string(original.ext)}),
                          manifest::KeyOf({original.uri, original.date}));
}

void OriginalIndex::Seal() { std::sort(originals_.begin(), originals_.end()); }

std::optional<bool> OriginalIndex::NamesItsOriginal(const manifest::Entry& copy) const {
  uint64_t group = manifest::KeyOf({copy.digest, std::to_string(copy.ext)});
  auto it =
      std::lower_bound(originals_.begin(), originals_.end(), std::make_pair(group, uint64_t{0}));
  if (it == originals_.end() || it->first != group) return std::nullopt;
  uint64_t named = manifest::KeyOf({copy.ref_uri, copy.ref_date});
  for (; it != originals_.end() && it->first == group; ++it)
    if (it->second == named) return true;
  return false;
}

void VerifiedOriginals::Add(const manifest::Entry& e) {
  static_assert(sizeof(Original) <= 64, "64 bytes per original (warcrefs(1))");
  if (files_.empty() || files_.back() != e.file) files_.push_back(e.file);
  Original o{};
  o.group = manifest::KeyOf({e.digest, std::to_string(e.ext)});
  o.named = manifest::KeyOf({e.uri, e.date});
  o.offset = e.offset;
  o.file = static_cast<uint32_t>(files_.size() - 1);
  o.state = State::kUnread;
  originals_.push_back(o);
  lengths_.push_back(e.length);
}

std::string VerifiedOriginals::Where(const Original& o) const {
  return files_[o.file] + " offset " + std::to_string(o.offset);
}

void VerifiedOriginals::Fail(Original* o, State state, const std::string& why) {
  auto [it, inserted] = reason_ids_.emplace(why, static_cast<uint32_t>(reasons_.size()));
  if (inserted && reasons_.size() >= kMaxReasons) {
    reason_ids_.erase(it);
    it = reason_ids_
             .emplace("could not be read (the reasons of the first " + std::to_string(kMaxReasons) +
                          " failures are given)",
                      static_cast<uint32_t>(reasons_.size()))
             .first;
    if (it->second == reasons_.size()) reasons_.push_back(it->first);
  } else if (inserted) {
    reasons_.push_back(why);
  }
  o->state = state;
  std::memcpy(o->sha.data(), &it->second, sizeof(uint32_t));
}

// The outcome of reading an original (found where it is named); `where`
// prefixes why it failed.
void VerifiedOriginals::Take(Original* o, const Outcome& r, const std::string& where) {
  if (r.kind == Outcome::kOk) {
    o->state = State::kOk, o->sha = r.sha, o->spelling = r.spelling;
  } else {
    Fail(o, r.kind == Outcome::kUnusable ? State::kUnusable : State::kUnverified,
         (r.kind == Outcome::kUnusable ? "" : where) + r.why);
  }
}

// Reads the originals of one file: at their offsets, then (a local file an
// earlier --in-place run may have rewritten, moving them) by one sequential
// read of the whole file for those not found there.
class VerifiedOriginals::Reader {
 public:
  Reader(VerifiedOriginals* set, const OriginalPlaces& places) : set_(set), places_(places) {}

  void ReadFile(size_t begin, size_t end) {
    auto& all = set_->originals_;
    const std::string& field = set_->files_[all[begin].file];
    std::string path, missing_why;
    State fail_state = State::kMissing;
    if (!Locate(field, &path, &missing_why, &fail_state)) {
      for (size_t i = begin; i < end; ++i) set_->Fail(&all[i], fail_state, missing_why);
      return;
    }
    // warcsum reported the file damaged: the user may repair or move it, so
    // a revisit must not rely on what it holds.
    if (Damaged(path.empty() ? *fetch::FileNameOf(field) : path)) {
      for (size_t i = begin; i < end; ++i)
        set_->Fail(&all[i], State::kDamagedFile,
                   (path.empty() ? field : path) + " is damaged (warcsum --revisit-refs)");
      return;
    }
    if (path.empty()) return ReadRemote(field, begin, end);
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      for (size_t i = begin; i < end; ++i)
        set_->Fail(&all[i], State::kUnverified, path + ": cannot open: " + base::ErrnoText(errno));
      return;
    }
    struct stat st;
    uint64_t size = ::fstat(fd, &st) == 0 ? static_cast<uint64_t>(st.st_size) : 0;
    std::unordered_map<uint64_t, std::vector<size_t>> elsewhere;  // named -> indices
    for (size_t i = begin; i < end; ++i) {
      Original& o = all[i];
      uint64_t stop = std::min(size, o.offset + set_->lengths_[i]);
      Outcome r = o.offset >= size ? Outcome{Outcome::kNotHere, "past the end of the file"} : [&] {
        base::FdRange range(fd, o.offset, stop, base::FdRange::ShortFile::kError);
        return ReadAt(&range, o.offset, stop - o.offset, o.named);
      }();
      if (r.kind == Outcome::kOk || r.kind == Outcome::kUnusable ||
          r.kind == Outcome::kFetchFailed) {
        set_->Take(&o, r, path + ": ");
      } else {
        elsewhere[o.named].push_back(i);
        set_->Fail(&o, State::kMissing,
                   path + ": not at its offset (" + r.why + "), nor anywhere else in the file");
      }
    }
    if (!elsewhere.empty()) Scan(fd, size, path, &elsewhere);
    ::close(fd);
  }

 private:
  bool Damaged(const std::string& path) const {
    return places_.damaged_base.count(BaseName(path)) ||
           (!places_.damaged_real.empty() && places_.damaged_real.count(RealPath(path)));
  }

  // The local path of a file field (empty: remote); false when it has none.
  bool Locate(const std::string& field, std::string* path, std::string* why, State* state) {
    auto name = fetch::FileNameOf(field);
    if (!name.ok()) {
      *why = "file field: " + name.status().message();
      return false;
    }
    std::string base = BaseName(*name);
    if (places_.ambiguous.count(base)) {
      *why = "several input files are called " + base + "; which holds the original is unknown";
      *state = State::kUnverified;
      return false;
    }
    if (auto it = places_.inputs.find(base); it != places_.inputs.end()) {
      *path = it->second;
      return true;
    }
    if (places_.remote) return true;
    // A manifest written with warcsum --full-path names the path itself.
    if (name->find('/') != std::string::npos && IsFile(*name)) {
      *path = *name;
      return true;
    }
    for (const auto& dir : places_.dirs) {
      std::string candidate = dir + (dir.empty() || dir.back() == '/' ? "" : "/") + *name;
      if (!IsFile(candidate)) continue;
      if (!path->empty()) {
        *why = "found in more than one --warc-dir (" + *path + ", " + candidate + ")";
        *state = State::kUnverified;
        path->clear();
        return false;
      }
      *path = candidate;
    }
    if (!path->empty()) return true;
    *why = *name + ": not among the input files" +
           (places_.dirs.empty() ? " (give -d, --url-prefix, --db or --catalog where it lives)"
                                 : " nor in any --warc-dir");
    return false;
  }

  void ReadRemote(const std::string& field, size_t begin, size_t end) {
    auto& all = set_->originals_;
    std::vector<fetch::RecordLocation> upcoming;
    for (size_t i = begin; i < end; ++i)
      upcoming.push_back({field, all[i].offset, set_->lengths_[i]});
    places_.remote->Prefetch(upcoming);
    for (size_t i = begin; i < end; ++i) {
      Original& o = all[i];
      auto range = places_.remote->Open(upcoming[i - begin]);
      if (!range.ok()) {
        bool gone = range.status().code() == base::Status::Code::kNotFound;
        set_->Fail(&o, gone ? State::kMissing : State::kUnverified,
                   "cannot fetch: " + range.status().message());
        continue;
      }
      Outcome r = ReadAt(range->get(), o.offset, set_->lengths_[i], o.named);
      if (r.kind == Outcome::kOk || r.kind == Outcome::kUnusable) {
        set_->Take(&o, r, "");
      } else {
        // A remote file is not searched: where an earlier run moved it is unknown.
        set_->Fail(
            &o, State::kUnverified,
            (r.kind == Outcome::kNotHere ? "not at its offset in the remote file: " : "") + r.why);
      }
    }
  }

  // One sequential read of a local file for the originals not at their offsets.
  void Scan(int fd, uint64_t size, const std::string& path,
            std::unordered_map<uint64_t, std::vector<size_t>>* wanted) {
    auto& all = set_->originals_;
    base::FdRange whole(fd, 0, size, base::FdRange::ShortFile::kError);
    ErrorKeeping source(&whole);
    Problems problems;
    warc::RecordReader reader(&source, {}, &problems);
    warc::Record record;
    while (!wanted->empty() && reader.Next(&record)) {
      if (record.type != warc::kResponse) continue;
      auto it = wanted->find(NamedKey(record));
      if (it == wanted->end()) continue;
      Outcome r = HashPayload(&reader, record, source, problems, problems.count);
      for (size_t i : it->second)
        set_->Take(&all[i], r, path + ": offset " + std::to_string(record.offset) + ": ");
      wanted->erase(it);
    }
    // Past damage in a plain file nothing is read: what is not found may be there.
    std::string unread = !source.error.ok()       ? source.error.message()
                         : reader.stats().damaged ? "not found before damage: " + problems.last
                                                  : "";
    if (!unread.empty())
      for (auto& [named, indices] : *wanted)
        for (size_t i : indices) set_->Fail(&all[i], State::kUnverified, path + ": " + unread);
  }

  VerifiedOriginals* set_;
  const OriginalPlaces& places_;
};

uint64_t VerifiedOriginals::ReadAll(const OriginalPlaces& places) {
  Reader reader(this, places);
  for (size_t begin = 0; begin < originals_.size();) {
    size_t end = begin;
    while (end < originals_.size() && originals_[end].file == originals_[begin].file) ++end;
    reader.ReadFile(begin, end);
    begin = end;
  }
  lengths_.clear();
  lengths_.shrink_to_fit();
  reason_ids_.clear();
  std::sort(originals_.begin(), originals_.end(), [](const Original& a, const Original& b) {
    return std::tie(a.group, a.named, a.file, a.offset) <
           std::tie(b.group, b.named, b.file, b.offset);
  });
  return static_cast<uint64_t>(
      std::count_if(originals_.begin(), originals_.end(),
                    [](const Original& o) { return o.state != State::kOk; }));
}

OriginalVerdict VerifiedOriginals::Check(const manifest::Entry& copy,
                                         const warc::Digest& sha256) const {
  uint64_t group = manifest::KeyOf({copy.digest, std::to_string(copy.ext)});
  uint64_t named = manifest::KeyOf({copy.ref_uri, copy.ref_date});
  auto it = std::lower_bound(originals_.begin(), originals_.end(), std::make_pair(group, named),
                             [](const Original& o, const std::pair<uint64_t, uint64_t>& k) {
                               return std::make_pair(o.group, o.named) < k;
                             });
  if (it == originals_.end() || it->group != group || it->named != named)
    return {manifest::KeptReason::kOriginalMissing,
            "the manifest has no original (copy-1 line of digest " + copy.digest + ", extension " +
                std::to_string(copy.ext) + ") with the URI and date it names"};
  // Two lines for one original: each must hold this payload.
  OriginalVerdict verdict;
  const auto first = it;
  for (; it != originals_.end() && it->group == group && it->named == named; ++it) {
    if (it->state != State::kOk) {
      uint32_t id = 0;
      std::memcpy(&id, it->sha.data(), sizeof id);
      const char* what = it->state == State::kMissing       ? "is missing: "
                         : it->state == State::kUnusable    ? "was read, but "
                         : it->state == State::kDamagedFile ? "is in a damaged file: "
                                                            : "could not be verified: ";
      std::string why =
          "its original (" + Where(*it) + ") " + what + (id < reasons_.size() ? reasons_[id] : "?");
      // Known, reported conditions (the damaged file is an error of its own).
      bool error = it->state != State::kUnusable && it->state != State::kDamagedFile;
      return {it->state == State::kMissing ? manifest::KeptReason::kOriginalMissing
                                           : manifest::KeptReason::kOriginalUnverified,
              why, error};
    }
    if (it != first && it->spelling != first->spelling)
      return {manifest::KeptReason::kOriginalUnverified,
              "its original (" + Where(*it) + ") has its stored digest spelled otherwise than " +
                  Where(*first) + ", which has the same URI and date"};
    verdict.spelling = it->spelling;
    if (sha256.bytes.size() != 32 || std::memcmp(sha256.bytes.data(), it->sha.data(), 32) != 0) {
      std::string theirs(reinterpret_cast<const char*>(it->sha.data()), 32);
      return {manifest::KeptReason::kOriginalDiffers,
              "its original (" + Where(*it) + ") holds another payload (SHA-256 " +
                  warc::ToHex(theirs) + ", this copy's " + warc::ToHex(sha256.bytes) + ")"};
    }
  }
  return verdict;
}

}  // namespace warcrefs
