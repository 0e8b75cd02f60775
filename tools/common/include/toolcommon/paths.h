// Path pieces, as the tools name files in manifests and write beside them.
#pragma once

#include <string>

namespace toolcommon {

// What every tool calls standard input in messages ("-" on the command line).
inline constexpr const char* kStdinName = "standard input";
// The name of an input in messages: kStdinName for "-", else the path.
inline std::string InputName(const std::string& path) { return path == "-" ? kStdinName : path; }

// "a/b/c.warc" -> "c.warc"; a name without a slash is its own base name.
std::string BaseName(const std::string& path);
// "a/b/c.warc" -> "a/b", "/c" -> "/", "c" -> ".".
std::string DirName(const std::string& path);
// The canonical absolute path, or the path as it is when it cannot be resolved.
std::string RealPath(const std::string& path);

}  // namespace toolcommon
