// urlcanon's SSURT and SURT forms, and the WHATWG IPv4 and dot-segment
// rules they and the aggressive canonicaliser's vectors rest on.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "canon_internal.h"
#include "url/urlcanon.h"

namespace url {
namespace {

using canon_internal::IsAlnum;
using canon_internal::IsAlpha;
using canon_internal::IsDigit;
using canon_internal::Lower;

// "scheme://userinfo@host:port" then the rest (path, query, fragment) as written.
struct Authority {
  std::string_view scheme, userinfo, host, port, rest;
  bool has_userinfo = false;
};

std::optional<Authority> SplitAuthority(std::string_view url) {
  size_t sep = url.find("://");
  if (sep == std::string_view::npos || sep == 0 || !IsAlpha(url[0]) ||
      !std::all_of(url.begin(), url.begin() + sep,
                   [](char c) { return IsAlnum(c) || c == '+' || c == '-' || c == '.'; }))
    return std::nullopt;
  Authority a;
  a.scheme = url.substr(0, sep);
  std::string_view after = url.substr(sep + 3);
  size_t end = std::min(after.find_first_of("/?#"), after.size());
  std::string_view hostport = after.substr(0, end);
  a.rest = after.substr(end);
  if (size_t at = hostport.rfind('@'); at != std::string_view::npos) {
    a.userinfo = hostport.substr(0, at);
    a.has_userinfo = true;
    hostport.remove_prefix(at + 1);
  }
  size_t colon = hostport.rfind(':');
  size_t bracket = hostport.rfind(']');
  if (colon != std::string_view::npos && (bracket == std::string_view::npos || colon > bracket)) {
    a.port = hostport.substr(colon + 1);
    hostport = hostport.substr(0, colon);
  }
  a.host = hostport;
  return a;
}

// A number in the WHATWG IPv4 parser's forms: 0x hex, 0 octal, decimal.
// Saturates above 2^32 (too big for any part).
std::optional<uint64_t> Ipv4Number(std::string_view part) {
  int base = 10;
  if (part.size() >= 2 && part[0] == '0' && Lower(part[1]) == 'x') {
    part.remove_prefix(2);
    base = 16;
  } else if (part.size() >= 2 && part[0] == '0') {
    part.remove_prefix(1);
    base = 8;
  }
  uint64_t value = 0;
  for (char c : part) {
    char l = Lower(c);
    int digit = IsDigit(l) ? l - '0' : (l >= 'a' && l <= 'f') ? l - 'a' + 10 : 99;
    if (digit >= base) return std::nullopt;
    value = std::min<uint64_t>(value * base + digit, uint64_t{1} << 33);
  }
  return value;
}

// Is segment "." or ".." (either dot may be spelled %2e)?
int DotCount(std::string_view seg) {
  auto dot = [&](size_t* i) {
    if (*i < seg.size() && seg[*i] == '.') return ++*i, true;
    if (seg.size() - *i >= 3 && seg[*i] == '%' && seg[*i + 1] == '2' && Lower(seg[*i + 2]) == 'e')
      return *i += 3, true;
    return false;
  };
  size_t i = 0;
  int dots = 0;
  while (dots < 3 && dot(&i)) ++dots;
  return i == seg.size() ? dots : 0;
}

}  // namespace

std::optional<std::string> WhatwgIpv4(std::string_view host) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    size_t dot = host.find('.', start);
    parts.push_back(host.substr(start, dot == std::string_view::npos ? dot : dot - start));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  if (parts.size() > 1 && parts.back().empty()) parts.pop_back();  // "1.2.3.4."
  if (parts.size() > 4) return std::nullopt;
  std::vector<uint64_t> numbers;
  for (std::string_view part : parts) {
    auto n = part.empty() ? std::nullopt : Ipv4Number(part);
    if (!n) return std::nullopt;
    numbers.push_back(*n);
  }
  // All but the last are one byte; the last fills the bytes left.
  uint64_t address = 0;
  for (size_t i = 0; i + 1 < numbers.size(); ++i) {
    if (numbers[i] > 255) return std::nullopt;
    address |= numbers[i] << (8 * (3 - i));
  }
  if (numbers.back() >= (uint64_t{1} << (8 * (5 - numbers.size())))) return std::nullopt;
  address |= numbers.back();
  std::string out;
  for (int shift = 24; shift >= 0; shift -= 8) {
    out += std::to_string((address >> shift) & 255);
    if (shift) out += '.';
  }
  return out;
}

std::string ResolvePathDots(std::string_view path, bool special) {
  auto is_separator = [&](char c) { return c == '/' || (special && c == '\\'); };
  if (path.empty() || !is_separator(path[0])) return std::string(path);
  // Separator, segment, separator, segment... (a separator kept as written:
  // '\\' stays '\\'), as urlcanon resolves them.
  std::vector<std::string_view> tokens;
  for (size_t i = 0; i < path.size();) {
    size_t end = i + 1;
    while (end < path.size() && !is_separator(path[end])) ++end;
    tokens.push_back(path.substr(i, 1));
    tokens.push_back(path.substr(i + 1, end - i - 1));
    i = end;
  }
  std::vector<std::string_view> kept;
  for (size_t i = 0; i < tokens.size(); ++i) {
    int dots = i % 2 == 1 ? DotCount(tokens[i]) : 0;
    if (dots != 1 && dots != 2) {
      kept.push_back(tokens[i]);
      continue;
    }
    // ".." takes the separator before it and the segment before that (never
    // the root); "." and ".." both take the separator after them.
    for (int pops = 0; dots == 2 && pops < 2 && kept.size() > 1; ++pops) kept.pop_back();
    ++i;
  }
  std::string out;
  for (std::string_view piece : kept) out.append(piece);
  return out;
}

std::string ReverseHost(std::string_view host) {
  std::string out;
  while (true) {
    size_t dot = host.rfind('.');
    std::string label(host.substr(dot == std::string_view::npos ? 0 : dot + 1));
    std::replace(label.begin(), label.end(), ',', '.');
    out += label;
    out += ',';
    if (dot == std::string_view::npos) break;
    host = host.substr(0, dot);
  }
  return out;
}

std::string SsurtHost(std::string_view host) {
  bool ip = (!host.empty() && host[0] == '[') || WhatwgIpv4(host).has_value();
  return ip ? std::string(host) : ReverseHost(host);
}

std::string Ssurt(std::string_view url) {
  auto a = SplitAuthority(url);
  if (!a) return std::string(url);
  std::string out = SsurtHost(a->host) + "//";
  if (!a->port.empty()) out.append(a->port).append(1, ':');
  out.append(a->scheme);
  if (a->has_userinfo) out.append(1, '@').append(a->userinfo);
  out.append(1, ':').append(a->rest);
  return out;
}

std::string Surt(std::string_view url, bool with_scheme, bool trailing_comma) {
  auto a = SplitAuthority(url);
  if (!a) return std::string(url);
  std::string host = SsurtHost(a->host);
  if (!trailing_comma && !host.empty() && host.back() == ',') host.pop_back();
  std::string out;
  if (with_scheme) out.append(a->scheme).append("://(");
  out += host;
  if (!a->port.empty()) out.append(1, ':').append(a->port);
  out.append(1, ')').append(a->rest);
  return out;
}

}  // namespace url
