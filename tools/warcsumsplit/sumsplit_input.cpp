#include "sumsplit_input.h"

#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <vector>

#include "toolcommon/paths.h"

namespace warcsumsplit {
namespace {

// A source over a descriptor it owns (the stdin spool).
class FdSource : public base::ByteSource {
 public:
  explicit FdSource(int fd) : fd_(fd) {}
  ~FdSource() override { ::close(fd_); }
  base::Result<size_t> Read(char* buf, size_t n) override {
    for (;;) {
      ssize_t got = ::read(fd_, buf, n);
      if (got >= 0) return static_cast<size_t>(got);
      if (errno != EINTR) return base::Status::IOError("read error: " + base::ErrnoText(errno));
    }
  }
  base::Status Seek(uint64_t offset) override {
    if (::lseek(fd_, static_cast<off_t>(offset), SEEK_SET) < 0)
      return base::Status::IOError("cannot seek: " + base::ErrnoText(errno));
    return base::Status::Ok();
  }

 private:
  int fd_;
};

}  // namespace

std::string OutputDir(const std::string& prefix) {
  size_t slash = prefix.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : prefix.substr(0, slash);
}

base::Result<Input> OpenInput(const std::string& path) {
  Input in;
  in.name = toolcommon::InputName(path);
  auto source = base::FileSource::Open(path);
  if (!source.ok()) return source.status().WithPrefix(in.name);
  in.size = (*source)->size();
  in.source = std::move(source.value());
  return in;
}

base::Status Spool(Input* in, const std::string& dir) {
  std::string path = dir + "/.warcsumsplit-spool-XXXXXX";
  int fd = ::mkstemp(path.data());
  if (fd < 0)
    return base::Status::IOError(
        dir + ": cannot create a temporary file for the input: " + base::ErrnoText(errno));
  ::unlink(path.c_str());
  auto spool = std::make_unique<FdSource>(fd);
  std::vector<char> buf(kBufferBytes);
  uint64_t total = 0;
  for (;;) {
    auto got = in->source->Read(buf.data(), buf.size());
    if (!got.ok()) return got.status().WithPrefix(in->name);
    if (*got == 0) break;
    if (auto s = base::WriteAll(fd, buf.data(), *got); !s.ok())
      return s.WithPrefix(dir + ": temporary copy of the input");
    total += *got;
  }
  if (auto s = spool->Seek(0); !s.ok()) return s.WithPrefix(dir + ": temporary copy of the input");
  in->source = std::move(spool);
  in->size = total;
  return base::Status::Ok();
}

}  // namespace warcsumsplit
