#include "runs.h"

#include <algorithm>

#include "manifest/order.h"

namespace warccollres {

size_t HeldBytes(const manifest::Entry& e) {
  return sizeof e + e.file.size() + e.uri.size() + e.date.size() + e.digest.size() +
         e.ref_uri.size() + e.ref_date.size();
}

bool RunReader::Next(EntryRun* run, bool* more, size_t* bytes) {
  run->clear();
  *more = false;
  *bytes = 0;
  if (!have_next_ && !ReadOne()) return false;
  *bytes += HeldBytes(next_);
  run->push_back(std::move(next_));
  have_next_ = false;
  while (ReadOne()) {
    have_next_ = true;
    if (next_.digest != run->front().digest) break;
    if (run->size() == part_records_ || *bytes >= kPartBytes) {
      *more = true;
      break;
    }
    have_next_ = false;
    *bytes += HeldBytes(next_);
    run->push_back(std::move(next_));
  }
  return !failed_;
}

bool RunReader::ReadOne() {
  if (failed_ || ended_) return false;
  auto outcome = reader_.Next(&next_);
  if (outcome == manifest::ManifestReader::Outcome::kEnd) {
    ended_ = true;
    return false;
  }
  if (outcome != manifest::ManifestReader::Outcome::kEntry) {
    return Stop(reader_.error().message());
  }
  // A later stage's line would lose its fields here (the output has 7).
  if (next_.fields_count != 6) {
    return Stop("line " + std::to_string(reader_.line_number()) +
                ": expected a warcsum line (6 fields), found " +
                std::to_string(next_.fields_count) + " fields (cut -d' ' -f1-6 takes them)");
  }
  if (!previous_digest_.empty() && next_.digest < previous_digest_) {
    return Stop("line " + std::to_string(reader_.line_number()) + ": input not sorted by digest (" +
                next_.digest + " after " + previous_digest_ +
                "); sort it with LC_ALL=C sort -k6,6");
  }
  previous_digest_ = next_.digest;
  return true;
}

bool RunReader::Stop(const std::string& why) {
  // Runs cannot be trusted past this point: stop rather than guess.
  error_ = name_ + ": " + why + "; stopped there, the output is incomplete";
  failed_ = true;
  return false;
}

bool RunWriter::Write(EntryRun* run, const std::vector<uint64_t>& exts) {
  for (size_t i = 0; i < run->size(); ++i) SetExt(&(*run)[i], exts[i]);
  if (options_.proc) {
    std::stable_sort(run->begin(), run->end(), [](const auto& a, const auto& b) {
      return manifest::CompareProcOrder(a, b) < 0;
    });
  }
  for (auto& entry : *run)
    if (!WriteOne(&entry)) return false;
  return true;
}

bool RunWriter::WriteOne(manifest::Entry* entry) {
  if (options_.proc) {
    if (auto s = numberer_.Add(entry); !s.ok()) {
      diag_->Error(name_ + ": " + s.message() + "; stopped there, the output is incomplete");
      Flush();
      return false;
    }
  }
  manifest::AppendLine(*entry, &buffer_);
  ++lines_;
  return buffer_.size() < (1 << 20) || Flush();
}

bool RunWriter::Flush() {
  if (failed_) return false;
  if (auto s = out_->Write(buffer_.data(), buffer_.size()); !s.ok()) {
    diag_->Error(s.message());
    failed_ = true;
    return false;
  }
  buffer_.clear();
  return true;
}

}  // namespace warccollres
