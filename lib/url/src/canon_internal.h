// Private to url::Canonicalize, url::SurtKey and url::AggressiveCanonicalize: canon.cpp parses a
// URL and canonicalises its scheme, host and port; canon_path.cpp its path and query (dot segments,
// session ids, argument order), as surt does.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace url::canon_internal {

inline char Lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }
inline bool IsAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
inline bool IsDigit(char c) { return c >= '0' && c <= '9'; }
inline bool IsAlnum(char c) { return IsAlpha(c) || IsDigit(c); }

inline std::string LowerAll(std::string s) {
  for (char& c : s) c = Lower(c);
  return s;
}

// A URL split as surt splits it: no fragment, no user or password.
struct Parts {
  std::string scheme;
  std::optional<std::string> host;  // none: a URL like "urn:x"
  std::string port;                 // digits, or empty
  std::string path;
  std::optional<std::string> query;
};

// The parse and host steps (canon.cpp); AggressiveCanonicalize shares them.
Parts Parse(std::string_view input);
// Host: decoded, dots trimmed, IPv4 forms as dotted quads, lower case,
// "www\d*." dropped; the scheme's default port dropped.
void CanonicalizeHostAndPort(Parts* u);
// Bytes <= 0x20, >= 0x7f, '#' and '%' as %XX.
std::string EscapeOnce(std::string_view s);

// The path and query steps (canon_path.cpp says what each does).
std::string NormalizePath(std::string_view path);
std::string StripPathSession(std::string path, bool nested);
std::string StripQuerySessions(std::string q);
std::string AlphaReorder(const std::string& q);

}  // namespace url::canon_internal
