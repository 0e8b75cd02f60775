#include "url/canon.h"

#include <arpa/inet.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "canon_internal.h"

namespace url {

using canon_internal::AlphaReorder;
using canon_internal::CanonicalizeHostAndPort;
using canon_internal::EscapeOnce;
using canon_internal::IsAlnum;
using canon_internal::IsAlpha;
using canon_internal::IsDigit;
using canon_internal::Lower;
using canon_internal::LowerAll;
using canon_internal::NormalizePath;
using canon_internal::Parse;
using canon_internal::Parts;
using canon_internal::StripPathSession;
using canon_internal::StripQuerySessions;

namespace {

int HexValue(char c) {
  if (IsDigit(c)) return c - '0';
  c = Lower(c);
  return (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
}

}  // namespace

// Bytes <= 0x20, >= 0x7f, '#' and '%' as %XX; everything else as it is.
std::string canon_internal::EscapeOnce(std::string_view s) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    auto b = static_cast<unsigned char>(c);
    if (b <= 0x20 || b >= 0x7f || c == '#' || c == '%') {
      out += '%';
      out += kHex[b >> 4];
      out += kHex[b & 15];
    } else {
      out += c;
    }
  }
  return out;
}

namespace {

std::string_view Trim(std::string_view s) {
  auto space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

// "a.b.c" forms of IPv4 that resolvers accept, and a bare decimal number
// taken modulo 2^32 (as surt); none for anything else.
std::optional<std::string> AsIpv4(const std::string& host) {
  if (host.empty()) return std::nullopt;
  in_addr addr{};
  if (std::all_of(host.begin(), host.end(), IsDigit)) {
    uint32_t value = 0;  // wraps: the low four bytes, as surt does
    for (char c : host) value = value * 10 + static_cast<uint32_t>(c - '0');
    addr.s_addr = htonl(value);
  } else {
    // 1 to 4 dot-separated parts, each decimal, octal (a leading 0) or
    // hexadecimal (0x; surt leaves these, merging more only keeps more).
    size_t parts = 0, start = 0;
    while (start <= host.size()) {
      size_t dot = std::min(host.find('.', start), host.size());
      std::string_view part = std::string_view(host).substr(start, dot - start);
      ++parts;
      bool ok;
      if (part.size() > 2 && part[0] == '0' && (part[1] == 'x' || part[1] == 'X'))
        ok = std::all_of(part.begin() + 2, part.end(), [](char c) { return HexValue(c) >= 0; });
      else if (!part.empty() && part[0] == '0')
        ok = std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '7'; });
      else
        ok = !part.empty() && std::all_of(part.begin(), part.end(), IsDigit);
      if (!ok || parts > 4) return std::nullopt;
      start = dot + 1;
    }
    if (inet_aton(host.c_str(), &addr) == 0) return std::nullopt;
  }
  char text[INET_ADDRSTRLEN];
  if (!inet_ntop(AF_INET, &addr, text, sizeof text)) return std::nullopt;
  return std::string(text);
}

}  // namespace

Parts canon_internal::Parse(std::string_view input) {
  std::string url;
  for (char c : Trim(input))
    if (c != '\n' && c != '\r' && c != '\t') url += c;
  // A scheme: a letter, then letters, digits, '+', '-', '.', then ':'.
  size_t colon = url.find(':');
  bool has_scheme = colon != std::string::npos && colon > 0 && IsAlpha(url[0]) &&
                    std::all_of(url.begin(), url.begin() + colon, [](char c) {
                      return IsAlnum(c) || c == '+' || c == '-' || c == '.';
                    });
  if (!has_scheme) {
    url = "http://" + url;
    colon = 4;
  }
  // "http://https://x" is "https://x".
  auto http_prefix = [&](size_t at) {
    return url.compare(at, 7, "http://") == 0 ? 7 : url.compare(at, 8, "https://") == 0 ? 8 : 0;
  };
  size_t skip = 0;
  while (size_t len = http_prefix(skip)) {
    if (!http_prefix(skip + len)) break;
    skip += len;
  }
  url.erase(0, skip);
  colon = url.find(':');

  Parts parts;
  parts.scheme = LowerAll(url.substr(0, colon));
  if (parts.scheme == "http" || parts.scheme == "https") {
    // As browsers read them: '\\' is '/' before the query.
    for (size_t i = colon; i < url.size() && url[i] != '?' && url[i] != '#'; ++i)
      if (url[i] == '\\') url[i] = '/';
  }
  std::string_view rest = std::string_view(url).substr(colon + 1);
  std::optional<std::string_view> netloc;
  if (rest.substr(0, 2) == "//") {
    size_t end = rest.find_first_of("/?#", 2);
    netloc = rest.substr(2, end == std::string_view::npos ? std::string_view::npos : end - 2);
    rest.remove_prefix(std::min(rest.size(), netloc->size() + 2));
  }
  rest = rest.substr(0, rest.find('#'));
  size_t qmark = rest.find('?');
  if (qmark != std::string_view::npos) parts.query = std::string(rest.substr(qmark + 1));
  parts.path = std::string(rest.substr(0, qmark));

  if (netloc) {
    std::string_view hostport = *netloc;
    if (size_t at = hostport.rfind('@'); at != std::string_view::npos)
      hostport.remove_prefix(at + 1);
    while (!hostport.empty() && hostport.back() == ':') hostport.remove_suffix(1);
    size_t bracket = hostport.rfind(']');
    size_t pcolon = hostport.rfind(':');
    if (pcolon != std::string_view::npos &&
        (bracket == std::string_view::npos || pcolon > bracket)) {
      parts.port = std::string(hostport.substr(pcolon + 1));
      hostport = hostport.substr(0, pcolon);
    }
    if (hostport.size() >= 2 && hostport.front() == '[' && hostport.back() == ']')
      hostport = hostport.substr(1, hostport.size() - 2);
    // Leading zeros of a port are not part of its number.
    size_t zeros = parts.port.find_first_not_of('0');
    if (!parts.port.empty() && std::all_of(parts.port.begin(), parts.port.end(), IsDigit))
      parts.port = zeros == std::string::npos ? "0" : parts.port.substr(zeros);
    if (!hostport.empty()) parts.host = LowerAll(std::string(hostport));
  }
  if (parts.scheme == "dns" && !parts.host) {
    parts.host = parts.path;
    parts.path.clear();
  }
  if (parts.scheme.rfind("http", 0) == 0 && !parts.host && !parts.path.empty()) {
    // "http:////www.x.com/a": the host is the first segment.
    std::string_view p = parts.path;
    while (!p.empty() && p.front() == '/') p.remove_prefix(1);
    size_t slash = p.find('/');
    std::string_view authority = p.substr(0, slash);
    if (size_t at = authority.rfind('@'); at != std::string_view::npos)
      authority.remove_prefix(at + 1);
    if (!authority.empty()) parts.host = LowerAll(std::string(authority));
    // Built apart: p views parts.path. (Appended, not "/" + string, which
    // gcc 12 flags with a false -Wrestrict.)
    std::string path(1, '/');
    if (slash != std::string_view::npos) path.append(p.substr(slash + 1));
    parts.path = std::move(path);
  }
  return parts;
}

void canon_internal::CanonicalizeHostAndPort(Parts* u) {
  if (u->host) {
    std::string host = UnescapeRepeatedly(*u->host);
    // One pass of ".." -> "." (as surt), then no dots at either end.
    std::string collapsed;
    for (size_t i = 0; i < host.size(); ++i) {
      collapsed += host[i];
      if (host[i] == '.' && i + 1 < host.size() && host[i + 1] == '.') ++i;
    }
    size_t b = collapsed.find_first_not_of('.');
    size_t e = collapsed.find_last_not_of('.');
    host = b == std::string::npos ? "" : collapsed.substr(b, e - b + 1);
    auto ip = AsIpv4(host);
    host = ip ? *ip : EscapeOnce(LowerAll(host));
    // www, www2, ... prefixes name the same site.
    if (u->scheme != "dns" && host.compare(0, 3, "www") == 0) {
      size_t i = 3;
      while (i < host.size() && IsDigit(host[i])) ++i;
      if (i < host.size() && host[i] == '.') host.erase(0, i + 1);
    }
    u->host = host;
  }
  if ((u->scheme == "http" && u->port == "80") || (u->scheme == "https" && u->port == "443"))
    u->port.clear();
}

namespace {

void CanonicalizeParts(Parts* u) {
  CanonicalizeHostAndPort(u);
  std::string path = UnescapeRepeatedly(u->path);
  if (u->scheme == "dns") {
    path.clear();  // "dns:host" has its host in the path
  } else if (u->host || path.empty() || path[0] == '/') {
    path = NormalizePath(path);
  }
  path = LowerAll(EscapeOnce(path));
  path = StripPathSession(StripPathSession(path, true), false);
  if (path.size() > 1 && path.back() == '/') path.pop_back();
  u->path = path;

  if (u->query && !u->query->empty()) {
    std::string q = EscapeOnce(UnescapeRepeatedly(*u->query));
    q = AlphaReorder(LowerAll(StripQuerySessions(q)));
    u->query = q;
  }
  if (u->query && u->query->empty()) u->query.reset();
}

std::string Tail(const Parts& u) {
  std::string out = u.path;
  if (out.empty() && u.query) out.assign(1, '/');
  if (u.query) out.append(1, '?').append(*u.query);
  return out;
}

}  // namespace

std::string UnescapeRepeatedly(std::string_view s) {
  if (s.find('%') == std::string_view::npos) return std::string(s);  // nothing to decode
  // One pass with a stack: after each decoded byte the output's tail is
  // looked at again, which gives what decoding until nothing changes gives.
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    out += c;
    while (out.size() >= 3 && out[out.size() - 3] == '%') {
      int hi = HexValue(out[out.size() - 2]), lo = HexValue(out.back());
      if (hi < 0 || lo < 0) break;
      out.resize(out.size() - 3);
      out += static_cast<char>(hi * 16 + lo);
    }
  }
  return out;
}

std::string Canonicalize(std::string_view url) {
  Parts u = Parse(url);
  CanonicalizeParts(&u);
  if (!u.host) return u.scheme + ":" + Tail(u);
  // An IPv6 address keeps its brackets, so that the result parses again.
  bool v6 = u.host->find(':') != std::string::npos;
  std::string out =
      u.scheme + (u.scheme == "dns" ? ":" : "://") + (v6 ? "[" : "") + *u.host + (v6 ? "]" : "");
  if (!u.port.empty()) out += ":" + u.port;
  return out + Tail(u);
}

std::string SurtKey(std::string_view url) {
  Parts u = Parse(url);
  CanonicalizeParts(&u);
  if (!u.host) return u.scheme + ":" + Tail(u);
  std::string out;
  std::string_view host = *u.host;
  while (true) {
    size_t dot = host.rfind('.');
    out += host.substr(dot == std::string_view::npos ? 0 : dot + 1);
    if (dot == std::string_view::npos) break;
    out += ',';
    host = host.substr(0, dot);
  }
  if (!u.port.empty()) out += ":" + u.port;
  return out + ")" + Tail(u);
}

}  // namespace url
