#include "base/source.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace base {

std::string ErrnoText(int err) { return std::strerror(err); }

Result<std::unique_ptr<FileSource>> FileSource::Open(const std::string& path) {
  if (path == "-") return std::unique_ptr<FileSource>(new FileSource(0, false, 0));
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Status::IOError("cannot open: " + ErrnoText(errno));
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    int err = errno;
    ::close(fd);
    return Status::IOError("cannot stat: " + ErrnoText(err));
  }
  if (S_ISDIR(st.st_mode)) {
    ::close(fd);
    return Status::IOError("is a directory");
  }
  uint64_t size = S_ISREG(st.st_mode) ? static_cast<uint64_t>(st.st_size) : 0;
  ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  return std::unique_ptr<FileSource>(new FileSource(fd, true, size));
}

FileSource::~FileSource() {
  if (owned_) ::close(fd_);
}

Result<size_t> FileSource::Read(char* buf, size_t n) {
  for (;;) {
    ssize_t got = ::read(fd_, buf, n);
    if (got >= 0) return static_cast<size_t>(got);
    if (errno != EINTR) return Status::IOError("read error: " + ErrnoText(errno));
  }
}

Status FileSource::Seek(uint64_t offset) {
  if (::lseek(fd_, static_cast<off_t>(offset), SEEK_SET) < 0)
    return Status::Unsupported("cannot seek: " + ErrnoText(errno));
  return Status::Ok();
}

Result<size_t> StringSource::Read(char* buf, size_t n) {
  size_t take = std::min(n, data_.size() - pos_);
  std::memcpy(buf, data_.data() + pos_, take);
  pos_ += take;
  return take;
}

Status StringSource::Seek(uint64_t offset) {
  if (offset > data_.size()) return Status::InvalidArgument("seek past end");
  pos_ = static_cast<size_t>(offset);
  return Status::Ok();
}

Status WriteAll(int fd, const char* data, size_t n) {
  while (n > 0) {
    ssize_t put = ::write(fd, data, n);
    if (put < 0) {
      if (errno == EINTR) continue;
      return Status::IOError("write error: " + ErrnoText(errno));
    }
    data += put;
    n -= static_cast<size_t>(put);
  }
  return Status::Ok();
}

}  // namespace base
