#include "spool.h"

#include <stdlib.h>
#include <unistd.h>

#include <cerrno>

#include "base/source.h"
#include "base/temp_file.h"
#include "toolcommon/paths.h"
#include "toolcommon/temp_files.h"

namespace warcrefs {

ManifestSpool::~ManifestSpool() {
  if (path_.empty()) return;
  ::unlink(path_.c_str());
  toolcommon::UnregisterTempFile(path_);
}

bool ManifestSpool::CopyStdin(toolcommon::Diag* diag) {
  const std::string dir = base::DefaultTempDir();
  std::string name = dir + "/warcrefs-manifest-XXXXXX";
  int fd = ::mkstemp(name.data());
  if (fd < 0) {
    diag->Error("cannot create a temporary file for the manifest");
    return false;
  }
  path_ = name;
  toolcommon::RegisterTempFile(path_);
  std::string error;
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(0, buf, sizeof buf);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      error = std::string(toolcommon::kStdinName) + ": read error: " + base::ErrnoText(errno);
      break;
    }
    if (auto s = base::WriteAll(fd, buf, static_cast<size_t>(n)); !s.ok()) {
      error = std::string(toolcommon::kStdinName) +
              ": cannot copy the manifest to a temporary file in " + dir + ": " + s.message();
      break;
    }
  }
  if (::close(fd) != 0 && error.empty())
    error = std::string(toolcommon::kStdinName) +
            ": cannot copy the manifest to a temporary file in " + dir +
            ": write error: " + base::ErrnoText(errno);
  if (error.empty()) return true;
  diag->Error(error + "; nothing rewritten");
  return false;
}

}  // namespace warcrefs
