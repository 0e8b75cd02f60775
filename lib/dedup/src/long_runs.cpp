#include "dedup/long_runs.h"

#include <map>

#include "base/temp_file.h"
#include "manifest/reader.h"
#include "manifest/sort_key.h"

namespace dedup {

std::vector<uint64_t> LongRunComparer::Compare(std::vector<manifest::Entry>* part_entries,
                                               std::vector<std::string>* problems,
                                               std::vector<std::string>* collisions) {
  using EntryRun = std::vector<manifest::Entry>;
  const size_t f = founders_.size();
  // The part is moved in and back out, not copied: it may be most of the
  // memory the run takes.
  EntryRun both = founders_;
  both.insert(both.end(), std::make_move_iterator(part_entries->begin()),
              std::make_move_iterator(part_entries->end()));
  std::vector<std::string> found_problems, found_collisions;
  std::vector<uint64_t> local = comparer_.Assign(both, &found_problems, &found_collisions);
  std::move(both.begin() + static_cast<long>(f), both.end(), part_entries->begin());
  const EntryRun& part = *part_entries;
  // A founder that cannot be read again was written long ago: only the
  // records after it lose it.
  for (auto& p : found_problems) {
    for (size_t i = 0; i < f; ++i) {
      std::string where = both[i].file + ": offset " + std::to_string(both[i].offset) + ": ";
      const std::string kept = " (kept as not a duplicate)";
      if (p.compare(0, where.size(), where) == 0 && p.size() > kept.size() &&
          p.compare(p.size() - kept.size(), kept.size(), kept) == 0) {
        p.replace(p.size() - kept.size(), kept.size(),
                  " (on reading it again: the records after it not compared with it)");
        break;
      }
    }
    problems->push_back(std::move(p));
  }
  // Each collision once for the whole run (the founders meet again in every part).
  for (auto& c : found_collisions)
    if (reported_.insert(c).second) collisions->push_back(std::move(c));
  // The founders' extensions carry over. Two founders found equal now
  // means the data changed under us: their records stay apart, now and in
  // the parts to come.
  std::map<uint64_t, uint64_t> global;
  std::set<uint64_t> doubtful;
  for (size_t i = 0; i < f; ++i)
    if (!global.emplace(local[i], founder_exts_[i]).second) doubtful.insert(local[i]);
  std::vector<uint64_t> exts(part.size());
  for (size_t i = 0; i < part.size(); ++i) {
    uint64_t e = local[f + i];
    if (doubtful.count(e)) {
      exts[i] = next_ext_++;
      ++kept_apart_;
      problems->push_back(part[i].file + ": offset " + std::to_string(part[i].offset) +
                          ": compared equal to two groups found different before (kept as "
                          "not a duplicate)");
      continue;
    }
    auto it = global.find(e);
    if (it == global.end()) it = global.emplace(e, next_ext_++).first;
    exts[i] = it->second;
  }
  // The next part is compared behind the first record of each group so far;
  // a group left out (doubtful, or past kMaxFounders) gets no more records.
  EntryRun founders;
  std::vector<uint64_t> founder_exts;
  for (size_t i : comparer_.founders()) {
    if (doubtful.count(local[i]) || founders.size() == kMaxFounders) continue;
    founders.push_back(i < f ? both[i] : part[i - f]);
    founder_exts.push_back(i < f ? founder_exts_[i] : exts[i - f]);
  }
  founders_ = std::move(founders);
  founder_exts_ = std::move(founder_exts);
  return exts;
}

LongRunSorter::LongRunSorter(const std::string& temp_dir) {
  base::ExternalSorter::Options sort_options;
  sort_options.temp_dir = temp_dir.empty() ? base::DefaultTempDir() : temp_dir;
  sort_options.run_bytes = 8 << 20;
  sorter_ = std::make_unique<base::ExternalSorter>(sort_options);
}

base::Status LongRunSorter::Add(const manifest::Entry& entry) {
  record_.clear();
  manifest::AppendRunOrderKey(entry, &record_);
  manifest::AppendLine(entry, &record_);
  return sorter_->Add(record_);
}

base::Status LongRunSorter::Finish() { return sorter_->Finish(); }

bool LongRunSorter::Next(manifest::Entry* entry) {
  if (!status_.ok() || !sorter_->Next(&record_)) return false;
  auto parsed = manifest::ParseLine(manifest::LineAfterRunOrderKey(record_));
  if (!parsed.ok()) {  // our own line: cannot happen unless the temporary file was damaged
    status_ = parsed.status();
    return false;
  }
  *entry = std::move(parsed.value());
  return true;
}

const base::Status& LongRunSorter::status() const {
  return status_.ok() ? sorter_->status() : status_;
}

}  // namespace dedup
