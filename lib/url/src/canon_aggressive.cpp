// url::AggressiveCanonicalize: urlcanon's aggressive canonicaliser, built
// from the surt steps canon.cpp and canon_path.cpp already have, with
// urlcanon's own session-id patterns.
#include <arpa/inet.h>
#include <idn2.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "canon_internal.h"
#include "url/canon.h"
#include "url/urlcanon.h"

namespace url {
namespace {

using canon_internal::IsAlnum;
using canon_internal::IsDigit;

// Does s, from `from`, hold at least `min` bytes all passing ok, and nothing else?
bool AllFrom(std::string_view s, size_t from, size_t min, bool (*ok)(char)) {
  if (s.size() < from || s.size() - from < min) return false;
  for (size_t i = from; i < s.size(); ++i)
    if (!ok(s[i])) return false;
  return true;
}

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// One lower-case query argument that is a session id, by urlcanon's patterns.
bool IsSessionArg(std::string_view arg) {
  if (StartsWith(arg, "jsessionid="))
    return AllFrom(arg, 11, 10, [](char c) { return IsAlnum(c) || c == '$'; });
  for (std::string_view name : {"sessionid=", "phpsessid=", "sid="})
    if (StartsWith(arg, name)) return AllFrom(arg, name.size(), 16, IsAlnum);
  if (StartsWith(arg, "aspsessionid") && arg.size() > 21 && arg[20] == '=') {
    for (size_t i = 12; i < 20; ++i)
      if (!(arg[i] >= 'a' && arg[i] <= 'z')) return false;
    return AllFrom(arg, 21, 16, IsAlnum);
  }
  return false;
}

// "cfid=DIGITS" followed by "cftoken=[0-9a-z-]+": ColdFusion's session pair.
bool IsColdFusionPair(std::string_view cfid, std::string_view cftoken) {
  return StartsWith(cfid, "cfid=") && AllFrom(cfid, 5, 1, IsDigit) &&
         StartsWith(cftoken, "cftoken=") &&
         AllFrom(cftoken, 8, 1, [](char c) { return IsAlnum(c) || c == '-'; });
}

// A lower-case query without session ids and empty arguments ("&&").
std::string StripSessionArgs(std::string_view q) {
  std::vector<std::string_view> args;
  while (true) {
    size_t amp = q.find('&');
    if (!q.substr(0, amp).empty()) args.push_back(q.substr(0, amp));
    if (amp == std::string_view::npos) break;
    q.remove_prefix(amp + 1);
  }
  std::string out;
  for (size_t i = 0; i < args.size(); ++i) {
    if (i + 1 < args.size() && IsColdFusionPair(args[i], args[i + 1])) {
      ++i;
      continue;
    }
    if (IsSessionArg(args[i])) continue;
    if (!out.empty()) out += '&';
    out.append(args[i]);
  }
  return out;
}

// The path, decoded, dots resolved, re-encoded, lower case, without session
// ids or a trailing slash.
std::string AggressivePath(const canon_internal::Parts& u) {
  if (u.scheme == "dns") return "";  // "dns:host" has its host in the path
  std::string path = UnescapeRepeatedly(u.path);
  if (u.host || path.empty() || path[0] == '/') path = canon_internal::NormalizePath(path);
  path = canon_internal::LowerAll(canon_internal::EscapeOnce(path));
  if (path.size() >= 5 && path.compare(path.size() - 5, 5, ".aspx") == 0)
    path = canon_internal::StripPathSession(canon_internal::StripPathSession(path, true), false);
  // ";jsessionid=" and 32 letters or digits, at the end.
  if (size_t at = path.rfind(";jsessionid=");
      at != std::string::npos && path.size() - at == 12 + 32 && AllFrom(path, at + 12, 32, IsAlnum))
    path.resize(at);
  if (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

// WHATWG's other special schemes written without "//" ("ftp:x.com/",
// "file:a/b") as with it, which is how the shared parser reads http.
std::string WithSlashes(std::string_view input) {
  size_t start = 0;
  while (start < input.size() && static_cast<unsigned char>(input[start]) <= 0x20) ++start;
  size_t colon = input.find(':', start);
  if (colon == std::string_view::npos) return std::string(input);
  std::string scheme = canon_internal::LowerAll(std::string(input.substr(start, colon - start)));
  bool file = scheme == "file";
  if (!file && scheme != "ftp" && scheme != "gopher" && scheme != "ws" && scheme != "wss")
    return std::string(input);
  std::string_view rest = input.substr(colon + 1);
  if (rest.substr(0, 2) == "//") return std::string(input);
  while (!rest.empty() && (rest[0] == '/' || rest[0] == '\\')) rest.remove_prefix(1);
  return scheme + (file ? ":///" : "://") + std::string(rest);
}

// The WHATWG defaults the shared host step (surt's: http, https) lacks.
bool IsOtherDefaultPort(const std::string& scheme, const std::string& port) {
  return (scheme == "ftp" && port == "21") || (scheme == "gopher" && port == "70") ||
         (scheme == "ws" && port == "80") || (scheme == "wss" && port == "443");
}

// A non-ASCII host in punycode (UTS 46, as WHATWG), by libidn2; none when
// the host is ASCII or not an international name libidn2 takes.
std::optional<std::string> Punycode(const std::string& host) {
  if (std::all_of(host.begin(), host.end(),
                  [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
    return std::nullopt;
  // Non-transitional first ("faß" is "xn--fa-hia", not "fass"); what
  // IDNA2008 disallows but UTS 46 maps (symbols: "☃" is "xn--n3h") through
  // the transitional table.
  char* ascii = nullptr;
  auto input = reinterpret_cast<const uint8_t*>(host.c_str());
  auto output = reinterpret_cast<uint8_t**>(&ascii);
  if (idn2_lookup_u8(input, output, IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL) != IDN2_OK &&
      idn2_lookup_u8(input, output, IDN2_NFC_INPUT | IDN2_TRANSITIONAL) != IDN2_OK)
    return std::nullopt;
  std::string result = canon_internal::LowerAll(ascii);
  idn2_free(ascii);
  return result;
}

// The host as WHATWG writes it where surt's host step leaves it: an IPv4 in
// WHATWG's forms ("0x.0x.0"), an IPv6 compressed, a host of dots
// ("%2e%2e") 0.0.0.0 as urlcanon has it, a non-ASCII host in punycode, no
// runs of dots.
void WhatwgHost(const std::string& written, std::string* host) {
  // Runs of dots as one (surt's step halves them once only).
  host->erase(
      std::unique(host->begin(), host->end(), [](char a, char b) { return a == '.' && b == '.'; }),
      host->end());
  std::string decoded = UnescapeRepeatedly(written);
  if (!decoded.empty() &&
      std::all_of(decoded.begin(), decoded.end(), [](char c) { return c == '.'; })) {
    static const std::string kAnyAddress("0.0.0.0");
    *host = kAnyAddress;
  } else if (auto ascii = Punycode(UnescapeRepeatedly(*host))) {
    *host = *ascii;
  } else if (auto ip = WhatwgIpv4(*host)) {
    *host = *ip;
  } else if (host->find(':') != std::string::npos) {
    in6_addr addr{};
    char text[INET6_ADDRSTRLEN];
    if (inet_pton(AF_INET6, host->c_str(), &addr) == 1 &&
        inet_ntop(AF_INET6, &addr, text, sizeof text))
      *host = text;
  }
  // A decoded '@' would read as a user name's end when parsed again.
  for (size_t at = host->find('@'); at != std::string::npos; at = host->find('@', at))
    host->replace(at, 1, "%40");
}

}  // namespace

std::string AggressiveCanonicalize(std::string_view input) {
  canon_internal::Parts u = canon_internal::Parse(WithSlashes(input));
  std::string written_host = u.host.value_or("");
  canon_internal::CanonicalizeHostAndPort(&u);  // https's 443 goes before https does
  if (u.host) WhatwgHost(written_host, &*u.host);
  if (IsOtherDefaultPort(u.scheme, u.port)) u.port.clear();
  if (u.scheme == "https") u.scheme = "http";
  std::string path = AggressivePath(u);
  std::string query;
  if (u.query)
    query = canon_internal::AlphaReorder(StripSessionArgs(
        canon_internal::LowerAll(canon_internal::EscapeOnce(UnescapeRepeatedly(*u.query)))));
  if (path.empty() && !query.empty()) path.assign(1, '/');
  if (!query.empty()) path.append(1, '?').append(query);
  if (!u.host) return u.scheme + ":" + path;
  // An IPv6 address keeps its brackets, so that the result parses again.
  bool v6 = u.host->find(':') != std::string::npos;
  std::string out = u.scheme + (u.scheme == "dns" ? ":" : "://");
  out += v6 ? "[" + *u.host + "]" : *u.host;
  if (!u.port.empty()) out.append(1, ':').append(u.port);
  return out + path;
}

}  // namespace url
