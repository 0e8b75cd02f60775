#include "base/fd_range.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <string>

namespace base {

Result<size_t> FdRange::Read(char* buf, size_t n) {
  n = static_cast<size_t>(std::min<uint64_t>(n, end_ - pos_));
  if (n == 0) return size_t{0};
  for (;;) {
    ssize_t got = ::pread(fd_, buf, n, static_cast<off_t>(pos_));
    if (got > 0) {
      pos_ += static_cast<uint64_t>(got);
      return static_cast<size_t>(got);
    }
    if (got == 0) {
      if (short_file_ == ShortFile::kEnd) return size_t{0};
      return Status::Corruption("the file ends at offset " + std::to_string(pos_));
    }
    if (errno != EINTR) return Status::IOError("read error: " + ErrnoText(errno));
  }
}

Status FdRange::Seek(uint64_t offset) {
  pos_ = offset;
  return Status::Ok();
}

}  // namespace base
