#include "toolcommon/replace.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "base/source.h"
#include "toolcommon/paths.h"

namespace toolcommon {

base::Status SyncDirectory(const std::string& dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return base::Status::IOError(dir + ": cannot open: " + base::ErrnoText(errno));
  int rc = ::fsync(fd);
  int err = errno;
  ::close(fd);
  if (rc != 0) return base::Status::IOError(dir + ": cannot sync: " + base::ErrnoText(err));
  return base::Status::Ok();
}

base::Status ReplaceFile(int fd, const std::string& tmp_path, const std::string& target) {
  if (::fsync(fd) != 0)
    return base::Status::IOError(tmp_path + ": cannot sync: " + base::ErrnoText(errno));
  if (::rename(tmp_path.c_str(), target.c_str()) != 0)
    return base::Status::IOError(target + ": cannot rename into place: " + base::ErrnoText(errno));
  return SyncDirectory(DirName(target));
}

}  // namespace toolcommon
