// A canonical URL as the rule learner sees it (Koppula et al., WSDM 2010,
// section 3): the host, the path's components and the query's arguments,
// each component further split at the host's own delimiters ("deep
// tokens": "friends-lttU7d6kIuGq" at '-' is "friends", "-", "lttU7d6kIuGq").
//
// The input is a URL as url::AggressiveCanonicalize writes it
// ("http://host[:port]/path?query"); Tokenise does not canonicalise again.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace urlrules {

struct QueryArg {
  std::string name;
  std::string value;
  bool has_eq = true;  // "a=" (true) or "a" (false)
};

struct UrlTokens {
  std::string scheme;                 // "http"
  std::string host;                   // host[:port]
  std::vector<std::string> segments;  // "/a/b" -> {"a", "b"}; "/" -> {}
  std::vector<QueryArg> args;         // in the URL's (canonical, sorted) order
};

// False for a URL without "scheme://host" (urn:, dns:): rules never touch it.
bool Tokenise(std::string_view canonical_url, UrlTokens* out);
// The URL again: Join(Tokenise(u)) == u for every canonical u Tokenise takes.
std::string Join(const UrlTokens& url);

// A host's delimiters: the bytes that split its path components into deep
// tokens, and whether a run of letters followed by digits ("tt0123456")
// splits between them.
struct Delimiters {
  std::string chars;  // sorted, e.g. "-._"
  bool letter_digit = false;
  bool operator==(const Delimiters&) const = default;
};

// The deep tokens of a component, delimiters as tokens of their own:
// ("friends-lttU7d6kIuGq", "-") -> {"friends", "-", "lttU7d6kIuGq"}.
// Empty tokens are not made ("a--b" -> "a", "-", "-", "b").
std::vector<std::string_view> DeepTokens(std::string_view component, const Delimiters& d);
bool IsDelimiterToken(std::string_view token, const Delimiters& d);

// Finds a host's delimiters from its distinct path components (section 3.2):
// a byte that is neither a letter nor a digit is a delimiter when it occurs
// in at least `min_share` of the components (and in 2 or more), and the
// letters-then-digits split holds when that share of the components' tokens
// look like "tt0123456" (1-4 letters, then 3 or more digits).
Delimiters LearnDelimiters(const std::vector<std::string>& components, double min_share = 0.05);

// "-._" and "-._#" (letter_digit) in the rules file, and back.
std::string FormatDelimiters(const Delimiters& d);
bool ParseDelimiters(std::string_view text, Delimiters* d);

}  // namespace urlrules
