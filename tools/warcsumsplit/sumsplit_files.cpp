#include "sumsplit_files.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "base/source.h"

namespace warcsumsplit {
namespace {

constexpr size_t kBufferBytes = 1 << 20;

}  // namespace

PartitionFiles::~PartitionFiles() {
  (void)Close();  // an error here changes nothing: the files are removed
  for (uint64_t i = 0; i < stats_.size() && !committed_; ++i) ::unlink(TempPath(i).c_str());
  family_.set_count(0);
}

base::Status PartitionFiles::Append(uint64_t i, std::string_view line) {
  if (i != current_ || fd_ < 0) {
    if (auto s = Switch(i); !s.ok()) return s;
  }
  buffer_.append(line);
  buffer_.push_back('\n');
  ++stats_[i].lines;
  stats_[i].bytes += line.size() + 1;
  return buffer_.size() >= kBufferBytes ? Flush() : base::Status::Ok();
}

base::Status PartitionFiles::Extend(uint64_t n) {
  for (uint64_t i = 0; i < n; ++i)
    if (i >= stats_.size() || !created_[i])
      if (auto s = Switch(i); !s.ok()) return s;
  return Close();
}

base::Result<std::vector<PartitionSummary>> PartitionFiles::Commit(
    const std::vector<std::string>& names) {
  if (auto s = Close(); !s.ok()) return s;
  std::vector<PartitionSummary> out;
  toolcommon::BeginCommit();
  base::Status status;
  for (uint64_t i = 0; i < names.size(); ++i) {
    if (::rename(TempPath(i).c_str(), names[i].c_str()) != 0) {
      status = base::Status::IOError(
          names[i] + ": cannot rename into place: " + base::ErrnoText(errno) + " (" +
          std::to_string(i) + " of " + std::to_string(names.size()) + " partitions were)");
      for (uint64_t j = i; j < names.size(); ++j) ::unlink(TempPath(j).c_str());
      break;
    }
    out.push_back({names[i], stats_[i].lines, stats_[i].bytes});
  }
  for (uint64_t j = names.size(); j < stats_.size(); ++j) ::unlink(TempPath(j).c_str());
  committed_ = true;
  family_.set_count(0);
  toolcommon::EndCommit();  // exits with 130 here if interrupted meanwhile
  if (!status.ok()) return status;
  return out;
}

base::Status PartitionFiles::Flush() {
  if (buffer_.empty()) return base::Status::Ok();
  auto s = base::WriteAll(fd_, buffer_.data(), buffer_.size());
  buffer_.clear();
  return s.ok() ? s : s.WithPrefix(TempPath(current_));
}

base::Status PartitionFiles::Close() {
  if (fd_ < 0) return base::Status::Ok();
  base::Status s = Flush();
  // Synced here, once per partition, so that Commit() renames complete files.
  if (s.ok() && ::fsync(fd_) != 0)
    s = base::Status::IOError(TempPath(current_) + ": cannot write: " + base::ErrnoText(errno));
  ::close(fd_);
  fd_ = -1;
  return s;
}

base::Status PartitionFiles::Switch(uint64_t i) {
  if (auto s = Close(); !s.ok()) return s;
  if (i >= stats_.size()) {
    stats_.resize(i + 1);
    created_.resize(i + 1, false);
    family_.set_count(i + 1);  // covered by the handler before the file exists
  }
  int flags = O_WRONLY | O_CLOEXEC | (created_[i] ? O_APPEND : O_CREAT | O_TRUNC);
  fd_ = ::open(TempPath(i).c_str(), flags, 0644);
  if (fd_ < 0)
    return base::Status::IOError(TempPath(i) +
                                 ": cannot open for writing: " + base::ErrnoText(errno));
  created_[i] = true;
  current_ = i;
  return base::Status::Ok();
}

}  // namespace warcsumsplit
