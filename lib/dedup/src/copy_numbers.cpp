#include "dedup/copy_numbers.h"

#include <string_view>

#include "manifest/reader.h"

namespace dedup {
namespace {

int Sign(int v) { return (v > 0) - (v < 0); }
int CompareNumber(uint64_t a, uint64_t b) { return (a > b) - (a < b); }
// memcmp order, as sort under LC_ALL=C.
int CompareBytes(std::string_view a, std::string_view b) { return Sign(a.compare(b)); }

std::string Quoted(std::string_view s) {
  std::string q;
  q.reserve(s.size() + 2);
  q.push_back('"');
  q.append(s);
  q.push_back('"');
  return q;
}

std::string OnLine(uint64_t line) {
  return line ? " on line " + std::to_string(line) : std::string();
}

base::Status NotSorted(const std::string& what) {
  return base::Status::InvalidArgument("input not sorted by digest, ext, date, file, offset (" +
                                       what + ")");
}

base::Status ListedTwice(const Entry& e, uint64_t other_line) {
  return base::Status::InvalidArgument(
      "record listed twice (file " + Quoted(e.file) + ", offset " + std::to_string(e.offset) +
      (other_line ? ", also on line " + std::to_string(other_line) : std::string()) + ")");
}

}  // namespace

base::Status CopyNumberer::Add(Entry* entry, uint64_t line_number) {
  const Entry& e = *entry;
  bool new_group = true;
  if (started_) {
    const Entry& p = previous_;
    const std::string on = OnLine(previous_line_);
    // The first key that differs decides; each key is named when it goes back.
    if (int c = CompareBytes(e.digest, p.digest)) {
      if (c < 0) return NotSorted("digest " + Quoted(e.digest) + " after " + Quoted(p.digest) + on);
    } else if (int c = CompareNumber(e.ext, p.ext)) {
      if (c < 0)
        return NotSorted("ext " + std::to_string(e.ext) + " after " + std::to_string(p.ext) + on);
    } else {
      new_group = false;
      if (int c = CompareBytes(e.date, p.date)) {
        if (c < 0) return NotSorted("date " + Quoted(e.date) + " after " + Quoted(p.date) + on);
      } else if (int c = CompareBytes(e.file, p.file)) {
        if (c < 0) return NotSorted("file " + Quoted(e.file) + " after " + Quoted(p.file) + on);
      } else if (int c = CompareNumber(e.offset, p.offset)) {
        if (c < 0)
          return NotSorted("offset " + std::to_string(e.offset) + " after " +
                           std::to_string(p.offset) + on);
      }
      // A record that is its own original, or listed twice as a copy, would
      // be replaced by a revisit of itself: refuse rather than number it.
      if (e.file == p.file && e.offset == p.offset) return ListedTwice(e, previous_line_);
      if (e.file == original_.file && e.offset == original_.offset)
        return ListedTwice(e, original_line_);
    }
  }
  if (new_group) {
    original_ = e;
    original_line_ = line_number;
    next_copy_ = 1;
    ++groups_;
  }
  entry->copy = next_copy_++;
  entry->ref_uri = entry->copy == 1 ? "-" : original_.uri;
  entry->ref_date = entry->copy == 1 ? "-" : original_.date;
  entry->fields_count = 10;
  previous_ = *entry;
  previous_line_ = line_number;
  started_ = true;
  ++entries_;
  return base::Status::Ok();
}

namespace {

constexpr size_t kBatchBytes = 1 << 20;

std::string LinePrefix(uint64_t line) { return "line " + std::to_string(line); }

}  // namespace

base::Status NumberCopies(base::ByteSource* source, const LineSink& sink, NumberingSummary* summary,
                          std::atomic<uint64_t>* bytes_read) {
  manifest::ManifestReader reader(source);
  CopyNumberer numberer;
  manifest::Entry entry;
  std::string out;
  uint64_t pending_bytes = 0;
  base::Status status;
  for (;;) {
    auto outcome = reader.Next(&entry);
    if (outcome == manifest::ManifestReader::Outcome::kEnd) break;
    if (outcome != manifest::ManifestReader::Outcome::kEntry) {
      // A bad line stops the run: numbering on without it could shift the
      // copy numbers of its group, or make another line its original.
      status = reader.error();
      break;
    }
    if (entry.fields_count != 7) {
      status = base::Status::InvalidArgument(
          LinePrefix(reader.line_number()) +
          ": expected 7 fields (file offset length uri date digest ext), found " +
          std::to_string(entry.fields_count) +
          (entry.fields_count == 6 ? " (run warccollres first)" : ""));
      break;
    }
    if (auto s = numberer.Add(&entry, reader.line_number()); !s.ok()) {
      status = s.WithPrefix(LinePrefix(reader.line_number()));
      break;
    }
    manifest::AppendLine(entry, &out);
    pending_bytes += reader.line().size() + 1;
    if (out.size() >= kBatchBytes) {
      if (bytes_read) *bytes_read += pending_bytes;
      pending_bytes = 0;
      if (auto s = sink(&out); !s.ok()) return s;
      out.clear();
    }
  }
  if (bytes_read) *bytes_read += pending_bytes;
  if (!out.empty()) {
    if (auto s = sink(&out); !s.ok()) return s;
  }
  summary->lines = numberer.entries();
  summary->groups = numberer.groups();
  summary->duplicates = numberer.duplicates();
  return status;
}

}  // namespace dedup
