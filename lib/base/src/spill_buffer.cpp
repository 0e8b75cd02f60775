#include "base/spill_buffer.h"

#include <unistd.h>

#include <cerrno>

#include "base/source.h"
#include "base/temp_file.h"

namespace base {
namespace {

constexpr size_t kMemoryBytes = 4 << 20;

}  // namespace

SpillBuffer::~SpillBuffer() {
  if (spill_fd_ >= 0) ::close(spill_fd_);
}

void SpillBuffer::Append(std::string* data) {
  if (!status_.ok()) {  // already incomplete: Drain() says so; keep memory bounded
    data->clear();
    return;
  }
  pending_ += *data;
  data->clear();
  if (pending_.size() <= kMemoryBytes) return;
  if (spill_fd_ < 0) {
    auto fd = OpenAnonymousTempFile(temp_dir_);
    if (!fd.ok()) {
      status_ = Status::IOError("cannot write temporary spill file: " + fd.status().message());
      pending_.clear();
      return;
    }
    spill_fd_ = *fd;
  }
  if (auto s = WriteAll(spill_fd_, pending_.data(), pending_.size()); !s.ok())
    status_ = Status::IOError("cannot write temporary spill file: " + s.message());
  else
    spilled_ += pending_.size();
  pending_.clear();
}

Status SpillBuffer::Drain(const std::function<Status(const char*, size_t)>& to) {
  Status result = status_;
  auto keep = [&](const Status& s) {
    if (!s.ok() && result.ok()) result = s;
  };
  if (spill_fd_ >= 0) {
    uint64_t read_back = 0;
    char buf[1 << 16];
    while (result.ok() && read_back < spilled_) {
      ssize_t n = ::pread(spill_fd_, buf, sizeof buf, static_cast<off_t>(read_back));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        result = Status::IOError("cannot read temporary spill file back");
        break;
      }
      read_back += static_cast<uint64_t>(n);
      keep(to(buf, static_cast<size_t>(n)));
    }
    ::close(spill_fd_);
    spill_fd_ = -1;
    spilled_ = 0;
  }
  if (result.ok() && !pending_.empty()) keep(to(pending_.data(), pending_.size()));
  std::string().swap(pending_);  // a slot that waited gives its memory back
  status_ = Status::Ok();
  return result;
}

}  // namespace base
