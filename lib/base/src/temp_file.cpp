#include "base/temp_file.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <vector>

#include "base/source.h"

namespace base {

std::string DefaultTempDir() {
  const char* dir = std::getenv("TMPDIR");
  return dir && *dir ? dir : "/tmp";
}

Result<int> OpenAnonymousTempFile(const std::string& dir_in) {
  const std::string dir = dir_in.empty() ? DefaultTempDir() : dir_in;
#ifdef O_TMPFILE
  int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd >= 0) return fd;
  // EOPNOTSUPP/EISDIR: the file system has no O_TMPFILE; try the old way.
  if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)
    return Status::IOError(dir + ": cannot create a temporary file: " + ErrnoText(errno));
#endif
  std::string name = dir + "/warcdedup-XXXXXX";
  std::vector<char> buf(name.begin(), name.end());
  buf.push_back('\0');
  int tmp = ::mkostemp(buf.data(), O_CLOEXEC);
  if (tmp < 0)
    return Status::IOError(dir + ": cannot create a temporary file: " + ErrnoText(errno));
  ::unlink(buf.data());
  return tmp;
}

}  // namespace base
