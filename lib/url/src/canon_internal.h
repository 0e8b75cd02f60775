// Private to url::Canonicalize and url::SurtKey: canon.cpp parses a URL and
// canonicalises its scheme, host and port; canon_path.cpp its path and query
// (dot segments, session ids, argument order), as surt does.
#pragma once

#include <string>
#include <string_view>

namespace url::canon_internal {

inline char Lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }
inline bool IsAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
inline bool IsDigit(char c) { return c >= '0' && c <= '9'; }
inline bool IsAlnum(char c) { return IsAlpha(c) || IsDigit(c); }

// The path and query steps (canon_path.cpp says what each does).
std::string NormalizePath(std::string_view path);
std::string StripPathSession(std::string path, bool nested);
std::string StripQuerySessions(std::string q);
std::string AlphaReorder(const std::string& q);

}  // namespace url::canon_internal
