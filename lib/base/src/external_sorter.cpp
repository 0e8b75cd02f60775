#include "base/external_sorter.h"

#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "base/source.h"

namespace base {

// ---------------------------------------------------------------------------
// ExternalSorter

// A sorted run in an unlinked temporary file: records as a 4-byte
// little-endian size and the bytes.
struct ExternalSorter::Run {
  std::FILE* file = nullptr;
  std::string head;  // the record at the front while merging
  ~Run() {
    if (file) std::fclose(file);
  }
};

namespace {

constexpr size_t kRunBufferBytes = 1 << 18;

base::Status WriteRecord(std::FILE* f, std::string_view record) {
  unsigned char size[4];
  uint32_t n = static_cast<uint32_t>(record.size());
  for (int i = 0; i < 4; ++i) size[i] = static_cast<unsigned char>(n >> (8 * i));
  if (std::fwrite(size, 1, 4, f) != 4 || std::fwrite(record.data(), 1, n, f) != n)
    return base::Status::IOError("cannot write temporary sort file: " + base::ErrnoText(errno));
  return base::Status::Ok();
}

// Reads the next record into *record; false at the end or on an error (*status).
bool ReadRecord(std::FILE* f, std::string* record, base::Status* status) {
  unsigned char size[4];
  size_t got = std::fread(size, 1, 4, f);
  if (got == 0 && std::feof(f)) return false;
  uint32_t n = 0;
  for (int i = 0; i < 4; ++i) n |= static_cast<uint32_t>(size[i]) << (8 * i);
  record->resize(n);
  if (got != 4 || std::fread(record->data(), 1, n, f) != n) {
    *status = base::Status::IOError("cannot read temporary sort file: " +
                                    (std::ferror(f) ? base::ErrnoText(errno) : "short read"));
    return false;
  }
  return true;
}

}  // namespace

ExternalSorter::ExternalSorter(Options options) : options_(std::move(options)) {
  options_.fan_in = std::max<size_t>(options_.fan_in, 2);
}

ExternalSorter::~ExternalSorter() {
  for (Run* run : runs_) delete run;
}

base::Status ExternalSorter::NewRun(Run** run) {
  std::string path = options_.temp_dir.empty() ? "." : options_.temp_dir;
  path += "/.warcdedup-sort-XXXXXX";
  int fd = ::mkstemp(path.data());
  if (fd < 0)
    return base::Status::IOError(
        options_.temp_dir + ": cannot create a temporary sort file: " + base::ErrnoText(errno));
  ::unlink(path.c_str());  // the open descriptor keeps it; no name is ever left
  std::FILE* f = ::fdopen(fd, "w+b");
  if (!f) {
    ::close(fd);
    return base::Status::IOError("cannot open a temporary sort file: " + base::ErrnoText(errno));
  }
  std::setvbuf(f, nullptr, _IOFBF, kRunBufferBytes);
  *run = new Run;
  (*run)->file = f;
  runs_.push_back(*run);
  ++runs_written_;
  return base::Status::Ok();
}

void ExternalSorter::SortBuffer() {
  const char* base = arena_.data();
  std::sort(index_.begin(), index_.end(), [base](const auto& a, const auto& b) {
    return std::string_view(base + a.first, a.second) < std::string_view(base + b.first, b.second);
  });
}

base::Status ExternalSorter::SpillRun() {
  SortBuffer();
  Run* run = nullptr;
  if (auto s = NewRun(&run); !s.ok()) return s;
  for (const auto& [offset, size] : index_)
    if (auto s = WriteRecord(run->file, std::string_view(arena_.data() + offset, size)); !s.ok())
      return s;
  if (std::fflush(run->file) != 0)
    return base::Status::IOError("cannot write temporary sort file: " + base::ErrnoText(errno));
  arena_.clear();
  index_.clear();
  return base::Status::Ok();
}

base::Status ExternalSorter::Add(std::string_view record) {
  index_.emplace_back(arena_.size(), static_cast<uint32_t>(record.size()));
  arena_.append(record);
  ++records_;
  if (arena_.size() + 16 * index_.size() >= options_.run_bytes) return SpillRun();
  return base::Status::Ok();
}

base::Status ExternalSorter::MergeRuns(std::vector<Run*> inputs, Run* output) {
  // Start each input at its first record; drop the empty ones.
  std::vector<Run*> live;
  for (Run* run : inputs) {
    if (std::fseek(run->file, 0, SEEK_SET) != 0)
      return base::Status::IOError("cannot rewind temporary sort file: " + base::ErrnoText(errno));
    base::Status s;
    if (ReadRecord(run->file, &run->head, &s)) {
      live.push_back(run);
    } else if (!s.ok()) {
      return s;
    }
  }
  // A min-heap on the head records.
  auto greater = [](const Run* a, const Run* b) { return a->head > b->head; };
  std::make_heap(live.begin(), live.end(), greater);
  merging_.clear();
  if (!output) {
    // The final merge: Next() pops from live, kept in merging_ as a heap.
    merging_ = std::move(live);
    return base::Status::Ok();
  }
  while (!live.empty()) {
    std::pop_heap(live.begin(), live.end(), greater);
    Run* run = live.back();
    if (auto s = WriteRecord(output->file, run->head); !s.ok()) return s;
    base::Status s;
    if (ReadRecord(run->file, &run->head, &s)) {
      std::push_heap(live.begin(), live.end(), greater);
    } else {
      if (!s.ok()) return s;
      live.pop_back();
    }
  }
  if (std::fflush(output->file) != 0)
    return base::Status::IOError("cannot write temporary sort file: " + base::ErrnoText(errno));
  return base::Status::Ok();
}

base::Status ExternalSorter::Finish() {
  finished_ = true;
  if (runs_.empty()) {
    SortBuffer();  // everything fit: no temporary file at all
    return base::Status::Ok();
  }
  if (!index_.empty())
    if (auto s = SpillRun(); !s.ok()) return status_ = s;
  arena_.clear();
  arena_.shrink_to_fit();
  index_.clear();
  index_.shrink_to_fit();
  // Merge the oldest runs fan_in at a time until one merge can take them all.
  while (runs_.size() > options_.fan_in) {
    std::vector<Run*> inputs(runs_.begin(), runs_.begin() + static_cast<long>(options_.fan_in));
    Run* output = nullptr;
    if (auto s = NewRun(&output); !s.ok()) return status_ = s;
    if (auto s = MergeRuns(inputs, output); !s.ok()) return status_ = s;
    for (Run* run : inputs) delete run;
    runs_.erase(runs_.begin(), runs_.begin() + static_cast<long>(options_.fan_in));
  }
  if (auto s = MergeRuns(runs_, nullptr); !s.ok()) return status_ = s;
  return base::Status::Ok();
}

bool ExternalSorter::Next(std::string* record) {
  if (!finished_ || !status_.ok()) return false;
  if (runs_.empty()) {
    if (next_in_memory_ >= index_.size()) return false;
    const auto& [offset, size] = index_[next_in_memory_++];
    record->assign(arena_.data() + offset, size);
    return true;
  }
  if (merging_.empty()) return false;
  auto greater = [](const Run* a, const Run* b) { return a->head > b->head; };
  std::pop_heap(merging_.begin(), merging_.end(), greater);
  Run* run = merging_.back();
  record->swap(run->head);
  if (ReadRecord(run->file, &run->head, &status_)) {
    std::push_heap(merging_.begin(), merging_.end(), greater);
  } else {
    merging_.pop_back();
    if (!status_.ok()) return false;
  }
  return true;
}

}  // namespace base
