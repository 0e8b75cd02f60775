// Anonymous temporary files: spill space that vanishes with the process,
// whatever happens to it, because it has no name once created.
#pragma once

#include <string>

#include "base/status.h"

namespace base {

// Where temporary data goes by default: $TMPDIR when set and not empty,
// otherwise /tmp.
std::string DefaultTempDir();

// Opens a new file in dir (DefaultTempDir() when empty) that has no name
// (O_TMPFILE, or created and unlinked at once where the file system lacks
// it), for reading and writing. Returns its descriptor; the caller closes it.
Result<int> OpenAnonymousTempFile(const std::string& dir = "");

}  // namespace base
