// Atomic replacement of a file: the new content is written to a temporary
// file beside the target, synced, renamed over it, and the directory synced,
// so that after a crash the target is entirely old or entirely new.
#pragma once

#include <string>

#include "base/status.h"

namespace toolcommon {

// fsync(2) of a directory, so that a rename in it survives a crash.
base::Status SyncDirectory(const std::string& dir);

// Syncs fd (the temporary file, still open), renames tmp_path over target
// and syncs target's directory. fd stays open; the caller closes it.
base::Status ReplaceFile(int fd, const std::string& tmp_path, const std::string& target);

}  // namespace toolcommon
