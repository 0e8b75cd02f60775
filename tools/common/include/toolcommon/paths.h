// Path pieces, as the tools name files in manifests and write beside them.
#pragma once

#include <string>

namespace toolcommon {

// "a/b/c.warc" -> "c.warc"; a name without a slash is its own base name.
std::string BaseName(const std::string& path);
// "a/b/c.warc" -> "a/b", "/c" -> "/", "c" -> ".".
std::string DirName(const std::string& path);
// The canonical absolute path, or the path as it is when it cannot be resolved.
std::string RealPath(const std::string& path);

}  // namespace toolcommon
