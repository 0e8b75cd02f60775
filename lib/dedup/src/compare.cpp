#include "dedup/compare.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <optional>

namespace dedup {
namespace {

constexpr uint64_t kSmallMember = 1 << 20;   // members up to this are loaded whole
constexpr uint64_t kMaxLoad = 8 << 20;       // payloads up to this are held in memory
constexpr uint64_t kCacheBudget = 24 << 20;  // payloads of representatives kept in memory
constexpr size_t kBlock = 64 << 10;          // lockstep comparison unit
constexpr size_t kMaxBatch = 16;             // records streamed at once

std::string Where(const manifest::Entry& e) {
  return e.file + ": offset " + std::to_string(e.offset);
}

}  // namespace

struct RunComparer::Rep {
  size_t index;
  int64_t label;
  bool cached = false;
  bool dead = false;  // could not be read again: compares equal to nothing
  std::string payload;
  std::optional<warc::Digest> actual;  // its payload's, in the run's algorithm
};

std::optional<warc::Digest> RunComparer::DigestOf(std::string_view payload) const {
  if (!stored_) return std::nullopt;
  warc::Hasher hasher(stored_->algorithm);
  hasher.Update(payload);
  return hasher.Final();
}

void RunComparer::RepFailed(Rep* rep, const base::Status& status) {
  rep->dead = true;
  // Alone in its group, it is kept apart like any record that failed.
  bool alone = std::count(labels_.begin(), labels_.end(), rep->label) == 1;
  if (alone) ++stats_.failures;
  problems_->push_back(Where((*run_)[rep->index]) + ": " + status.message() +
                       (alone ? " (kept as not a duplicate)"
                              : " (on reading it again: records not compared with it)"));
}

void RunComparer::Fail(size_t i, const base::Status& status) {
  labels_[i] = next_label_++;  // a label no other record shares
  ++stats_.failures;
  problems_->push_back(Where((*run_)[i]) + ": " + status.message() + " (kept as not a duplicate)");
}

bool RunComparer::LoadSmall(size_t i, std::string* payload, bool* too_big) {
  *too_big = false;
  ++stats_.records_fetched;
  auto opened = OpenedRecord::Open(source_, (*run_)[i], false);
  if (!opened.ok()) {
    Fail(i, opened.status());
    return false;
  }
  OpenedRecord& rec = **opened;
  if (rec.payload_length() > kMaxLoad) {
    *too_big = true;
    return false;
  }
  payload->resize(rec.payload_length() + 1);  // one more byte proves the end
  auto got = rec.Read(payload->data(), payload->size());
  if (!got.ok()) {
    Fail(i, got.status());
    return false;
  }
  if (*got != rec.payload_length()) {
    Fail(i, base::Status::Corruption("payload is " + std::to_string(*got) +
                                     " bytes, its header block says " +
                                     std::to_string(rec.payload_length())));
    return false;
  }
  payload->resize(*got);
  if (auto s = rec.Finish(); !s.ok()) {
    Fail(i, s);
    return false;
  }
  stats_.bytes_compared += *got;
  verified_[i] = 1;
  return true;
}

void RunComparer::CompareBatch(Rep* rep, std::vector<size_t>* batch, std::vector<size_t>* matched) {
  const auto& run = *run_;
  std::unique_ptr<OpenedRecord> rep_stream;
  uint64_t rep_length = rep->payload.size();
  if (!rep->cached) {
    ++stats_.records_fetched;
    auto opened = OpenedRecord::Open(source_, run[rep->index], true);
    if (!opened.ok()) {
      RepFailed(rep, opened.status());
      return;
    }
    rep_stream = std::move(opened.value());
    rep_length = rep_stream->payload_length();
  }
  struct Candidate {
    size_t index;
    std::unique_ptr<OpenedRecord> record;
  };
  std::vector<Candidate> alive;
  std::vector<size_t> unequal;
  for (size_t j : *batch) {
    ++stats_.records_fetched;
    auto opened = OpenedRecord::Open(source_, run[j], true);
    if (!opened.ok()) {
      Fail(j, opened.status());
    } else if ((*opened)->payload_length() != rep_length) {
      unequal.push_back(j);  // lengths first: no need to read the bytes
    } else {
      alive.push_back({j, std::move(opened.value())});
    }
  }
  std::vector<char> rep_block(rep_stream ? kBlock : 0), block(kBlock);
  uint64_t pos = 0;
  bool rep_ok = true;
  while (!alive.empty()) {
    const char* rep_bytes;
    size_t n;
    if (rep->cached) {
      n = static_cast<size_t>(std::min<uint64_t>(kBlock, rep_length - pos));
      rep_bytes = rep->payload.data() + pos;
    } else {
      auto got = rep_stream->Read(rep_block.data(), kBlock);
      if (!got.ok()) {
        rep_ok = false;
        RepFailed(rep, got.status());
        break;
      }
      n = *got;
      rep_bytes = rep_block.data();
    }
    if (n == 0) break;
    stats_.bytes_compared += n;
    for (size_t c = 0; c < alive.size();) {
      auto got = alive[c].record->Read(block.data(), n);
      bool drop = true;
      if (!got.ok()) {
        Fail(alive[c].index, got.status());
      } else if (*got != n || std::memcmp(block.data(), rep_bytes, n) != 0) {
        unequal.push_back(alive[c].index);
      } else {
        drop = false;
        stats_.bytes_compared += n;
      }
      if (drop) {
        alive.erase(alive.begin() + static_cast<long>(c));
      } else {
        ++c;
      }
    }
    pos += n;
  }
  if (rep_ok && rep_stream && !alive.empty()) {
    if (auto s = rep_stream->Finish(); !s.ok()) {
      rep_ok = false;
      RepFailed(rep, s);
    } else {
      verified_[rep->index] = 1;
    }
  }
  if (!rep_ok) rep->dead = true;
  for (auto& c : alive) {
    char extra;
    auto got = c.record->Read(&extra, 1);
    base::Status s = got.ok() ? c.record->Finish() : got.status();
    if (!s.ok()) {
      Fail(c.index, s);
      continue;
    }
    verified_[c.index] = 1;
    if (!rep_ok || *got != 0) {
      unequal.push_back(c.index);
    } else {
      matched->push_back(c.index);
    }
  }
  std::sort(unequal.begin(), unequal.end());  // keep input order: the earliest starts a group
  *batch = unequal;
}

void RunComparer::Check(Rep* rep) {
  if (rep->cached) {
    rep->actual = DigestOf(rep->payload);  // read completely when it was loaded
    return;
  }
  ++stats_.records_fetched;
  auto opened = OpenedRecord::Open(source_, (*run_)[rep->index], true);
  base::Status s = opened.status();
  std::vector<char> block(opened.ok() ? kBlock : 0);
  std::optional<warc::Hasher> hasher;
  if (stored_) hasher.emplace(stored_->algorithm);
  while (s.ok()) {
    auto got = (*opened)->Read(block.data(), block.size());
    if (!got.ok()) {
      s = got.status();
    } else if (*got == 0) {
      s = (*opened)->Finish();
      break;
    } else if (hasher) {
      hasher->Update(std::string_view(block.data(), *got));
    }
  }
  if (s.ok()) {
    verified_[rep->index] = 1;
    if (hasher) rep->actual = hasher->Final();
  } else {
    RepFailed(rep, s);
  }
}

std::string RunComparer::Explain(const Rep& a, const Rep& b) const {
  const auto& run = *run_;
  std::string both = run[0].digest + ": " + Where(run[a.index]) + " and " + Where(run[b.index]);
  if (!stored_ || !a.actual || !b.actual)
    return both +
           " have different payloads (the digest's algorithm is unknown: which stored "
           "digest is wrong was not checked)";
  std::string algorithm = warc::AlgorithmName(stored_->algorithm);
  bool a_agrees = *a.actual == *stored_, b_agrees = *b.actual == *stored_;
  if (a_agrees && b_agrees)
    return both + ": two different payloads have the same " + algorithm +
           " digest (a hash collision)";
  if (a_agrees || b_agrees) {
    const Rep& wrong = a_agrees ? b : a;
    const Rep& right = a_agrees ? a : b;
    return both + ": the stored digest of " + Where(run[wrong.index]) +
           " is wrong (its payload's is " + wrong.actual->ToManifestString() + "); that of " +
           Where(run[right.index]) + " agrees with its payload";
  }
  return both + ": neither stored digest agrees with its payload (theirs are " +
         a.actual->ToManifestString() + " and " + b.actual->ToManifestString() + ")";
}

std::vector<uint64_t> RunComparer::Assign(const std::vector<manifest::Entry>& run,
                                          std::vector<std::string>* problems,
                                          std::vector<std::string>* collisions) {
  const size_t k = run.size();
  founders_.clear();
  if (k == 1) {
    founders_.push_back(0);
    return {0};
  }
  run_ = &run;
  problems_ = problems;
  stored_.reset();
  if (auto d = warc::ParseDigest(run[0].digest); d.ok()) stored_ = std::move(d.value());
  labels_.assign(k, -1);
  verified_.assign(k, 0);
  next_label_ = 0;
  cached_bytes_ = 0;
  std::vector<Rep> reps;
  std::vector<size_t> first_rep(k, 0);  // reps [0, first_rep) are known to differ
  const size_t batch_limit = std::max<size_t>(1, std::min(kMaxBatch, source_->max_open() - 1));

  for (size_t i = 0; i < k; ++i) {
    if (labels_[i] != -1) continue;
    std::string payload;
    bool too_big = run[i].length > kSmallMember;
    if (!too_big && !LoadSmall(i, &payload, &too_big) && !too_big) continue;  // failed
    if (!too_big) {
      for (size_t r = first_rep[i]; r < reps.size() && labels_[i] == -1; ++r) {
        if (reps[r].dead) continue;
        bool equal;
        if (reps[r].cached) {
          equal = payload == reps[r].payload;
        } else {
          // Stream the (uncached) representative against the loaded payload.
          Rep memory{i, -1, true, false, std::move(payload), {}};
          std::vector<size_t> batch{reps[r].index}, matched;
          CompareBatch(&memory, &batch, &matched);
          payload = std::move(memory.payload);
          equal = !matched.empty();
          if (labels_[reps[r].index] != reps[r].label) reps[r].dead = true;  // it failed now
        }
        if (equal) labels_[i] = reps[r].label;
      }
      if (labels_[i] == -1) {
        Rep rep{i, next_label_++, false, false, {}, {}};
        if (cached_bytes_ + payload.size() <= kCacheBudget) {
          cached_bytes_ += payload.size();
          rep.cached = true;
          rep.payload = std::move(payload);
        } else {
          rep.actual = DigestOf(payload);  // for a collision: not read again for it
        }
        labels_[i] = rep.label;
        reps.push_back(std::move(rep));
      }
      continue;
    }
    // Large records: compared in lockstep, a batch at a time, so each is read
    // once per representative it is compared with.
    std::vector<size_t> batch{i};
    for (size_t j = i + 1; j < k && batch.size() < batch_limit; ++j)
      if (labels_[j] == -1 && run[j].length > kSmallMember && first_rep[j] == first_rep[i])
        batch.push_back(j);
    for (size_t r = first_rep[i]; r < reps.size() && !batch.empty(); ++r) {
      if (reps[r].dead) continue;
      std::vector<size_t> matched;
      CompareBatch(&reps[r], &batch, &matched);
      for (size_t j : matched) labels_[j] = reps[r].label;
    }
    for (size_t j : batch) first_rep[j] = reps.size();
    if (!batch.empty()) {
      // The earliest of those left starts a group; the others are compared
      // with it when their turn comes.
      labels_[batch[0]] = next_label_;
      reps.push_back(Rep{batch[0], next_label_++, false, false, {}, {}});
    }
  }

  // Extensions in order of first appearance.
  std::map<int64_t, uint64_t> ext_of;
  std::vector<uint64_t> exts(k);
  for (size_t i = 0; i < k; ++i) {
    auto it = ext_of.emplace(labels_[i], ext_of.size()).first;
    exts[i] = it->second;
  }
  // A collision is claimed only between groups whose founders were both read
  // completely: a record found unequal halfway, or compared with nothing
  // because the other could not be read, may be damaged rather than different.
  // Their payloads' digests tell which stored digest is wrong, if any.
  if (reps.size() > 1)
    for (auto& rep : reps)
      if (!rep.dead && (!verified_[rep.index] || (stored_ && !rep.actual))) Check(&rep);
  // Each group against the first that could be read: every group was found
  // different from each earlier one still readable (a group whose first
  // record failed proves nothing, but leaves the others' collisions real).
  const Rep* first = nullptr;
  for (const auto& rep : reps) {
    if (rep.dead) continue;
    if (!first) {
      first = &rep;
      continue;
    }
    ++stats_.collisions;
    collisions->push_back(Explain(*first, rep));
  }
  for (const auto& rep : reps)
    if (!rep.dead) founders_.push_back(rep.index);
  return exts;
}

}  // namespace dedup
