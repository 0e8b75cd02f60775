#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "fetch/range_source.h"
#include "manifest/entry.h"

namespace fetch {
namespace {

// Reads one range of an open file with pread, so that many ranges of the same
// file can be read at once without sharing a file position.
class FileRange : public base::ByteSource {
 public:
  FileRange(int fd, uint64_t offset, uint64_t length, uint64_t* bytes_read)
      : fd_(fd), pos_(offset), end_(offset + length), bytes_read_(bytes_read) {
    ::posix_fadvise(fd_, static_cast<off_t>(offset), static_cast<off_t>(length),
                    POSIX_FADV_SEQUENTIAL);
  }
  ~FileRange() override { ::close(fd_); }

  base::Result<size_t> Read(char* buf, size_t n) override {
    if (pos_ >= end_) return size_t{0};
    n = static_cast<size_t>(std::min<uint64_t>(n, end_ - pos_));
    for (;;) {
      ssize_t got = ::pread(fd_, buf, n, static_cast<off_t>(pos_));
      if (got > 0) {
        pos_ += static_cast<uint64_t>(got);
        *bytes_read_ += static_cast<uint64_t>(got);
        return static_cast<size_t>(got);
      }
      if (got == 0)
        return base::Status::IOError("file ends " + std::to_string(end_ - pos_) +
                                     " bytes before the end of the record's range");
      if (errno != EINTR) return base::Status::IOError("read error: " + base::ErrnoText(errno));
    }
  }
  base::Status Seek(uint64_t) override { return base::Status::Unsupported("range is read once"); }

 private:
  int fd_;
  uint64_t pos_, end_;
  uint64_t* bytes_read_;  // the source's count
};

}  // namespace

base::Result<std::string> FileNameOf(const std::string& field) {
  std::string name = manifest::DecodeField(field);
  if (name.empty() || name.find('\0') != std::string::npos || manifest::EncodeField(name) != field)
    return base::Status::InvalidArgument("file field \"" + field +
                                         "\" is not a name as the manifest encodes it");
  return name;
}

base::Result<std::string> LocalRangeSource::Find(const std::string& field) {
  if (auto it = found_.find(field); it != found_.end()) return it->second;
  auto name = FileNameOf(field);
  if (!name.ok()) return name.status();
  const std::string& file = *name;
  struct stat st;
  // A manifest written with warcsum --full-path names the path itself.
  if (file.find('/') != std::string::npos && ::stat(file.c_str(), &st) == 0 &&
      S_ISREG(st.st_mode)) {
    found_[field] = file;
    return file;
  }
  // A name found in two directories is ambiguous: comparing the wrong file's
  // bytes must never decide anything.
  std::string found;
  for (const auto& dir : dirs_) {
    std::string path = dir + (dir.empty() || dir.back() == '/' ? "" : "/") + file;
    if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
      if (!found.empty())
        return base::Status::InvalidArgument("found in more than one --warc-dir (" + found + ", " +
                                             path + ")");
      found = path;
    }
  }
  if (found.empty()) return base::Status::NotFound("not found in any --warc-dir");
  found_[field] = found;
  return found;
}

base::Result<std::unique_ptr<base::ByteSource>> LocalRangeSource::Open(
    const RecordLocation& where) {
  auto path = Find(where.file);
  if (!path.ok()) return path.status();
  int fd = ::open(path->c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return base::Status::IOError(*path + ": cannot open: " + base::ErrnoText(errno));
  return std::unique_ptr<base::ByteSource>(new FileRange(fd, where.offset, where.length, &bytes_));
}

}  // namespace fetch
