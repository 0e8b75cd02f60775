// The manifest on standard input is read twice (the check pass, then the
// rewrite): it is first copied to a temporary file, in base::DefaultTempDir()
// ($TMPDIR or /tmp), registered for removal on SIGINT/SIGTERM. A copy cut
// short (a full disk, a read error) is an error: nothing is rewritten from a
// manifest of which only a part arrived.
#pragma once

#include <string>

#include "toolcommon/diag.h"

namespace warcrefs {

class ManifestSpool {
 public:
  ManifestSpool() = default;
  ~ManifestSpool();  // removes the copy
  ManifestSpool(const ManifestSpool&) = delete;
  ManifestSpool& operator=(const ManifestSpool&) = delete;

  // Copies standard input (fd 0) to a new temporary file. False (reported
  // to diag) when it cannot be created or written completely.
  bool CopyStdin(toolcommon::Diag* diag);
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace warcrefs
