#include "url/canon.h"

#include <arpa/inet.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace url {
namespace {

struct Parts {
  std::string scheme;
  std::optional<std::string> host;  // none: a URL like "urn:x"
  std::string port;                 // digits, or empty
  std::string path;
  std::optional<std::string> query;
};

char Lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }
bool IsAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsAlnum(char c) { return IsAlpha(c) || IsDigit(c); }

std::string LowerAll(std::string s) {
  for (char& c : s) c = Lower(c);
  return s;
}

int HexValue(char c) {
  if (IsDigit(c)) return c - '0';
  c = Lower(c);
  return (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
}

// Case-insensitive: does s hold word at pos?
bool HasAt(std::string_view s, size_t pos, std::string_view word) {
  if (pos > s.size() || s.size() - pos < word.size()) return false;
  for (size_t i = 0; i < word.size(); ++i)
    if (Lower(s[pos + i]) != Lower(word[i])) return false;
  return true;
}

// Bytes <= 0x20, >= 0x7f, '#' and '%' as %XX; everything else as it is.
std::string EscapeOnce(std::string_view s) {
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

// Resolves "." and "..", drops empty segments but a last one (the trailing
// slash), as surt's normalizePath, but for a ".." above the root.
std::string NormalizePath(std::string_view path) {
  if (path.empty()) return "/";
  std::vector<std::string_view> kept;
  bool first = true;
  size_t start = 0;
  while (true) {
    size_t pos = path.find('/', start);
    std::string_view seg =
        path.substr(start, pos == std::string_view::npos ? std::string_view::npos : pos - start);
    if (first) {
      first = false;
    } else if (seg == ".") {
    } else if (seg == "..") {
      // Above the root is the root (surt keeps such a "..": merging more
      // spellings only keeps more records).
      if (!kept.empty()) kept.pop_back();
    } else {
      kept.push_back(seg);
    }
    if (pos == std::string_view::npos) break;
    start = pos + 1;
  }
  std::string out = "/";
  for (size_t i = 0; i + 1 < kept.size(); ++i) {
    if (kept[i].empty()) continue;
    out += kept[i];
    out += '/';
  }
  if (!kept.empty()) out += kept.back();
  return out;
}

// One ASP.NET session id segment at s: "(S(24 alnum)...)/" when `nested`,
// "(24 alnum)/" otherwise. Returns the position past its '/', or npos.
size_t AspSessionEnd(std::string_view p, size_t s, bool nested) {
  auto alnum24 = [&](size_t at) {
    if (at + 24 > p.size()) return false;
    for (size_t i = at; i < at + 24; ++i)
      if (!IsAlnum(p[i])) return false;
    return true;
  };
  if (s >= p.size() || p[s] != '(') return std::string_view::npos;
  size_t i = s + 1;
  if (nested) {
    size_t groups = 0;
    while (i + 27 < p.size() && IsAlpha(p[i]) && p[i + 1] == '(' && alnum24(i + 2) &&
           p[i + 26] == ')') {
      i += 27;
      ++groups;
    }
    if (groups == 0) return std::string_view::npos;
  } else {
    if (!alnum24(i)) return std::string_view::npos;
    i += 24;
  }
  if (i + 1 >= p.size() || p[i] != ')' || p[i + 1] != '/') return std::string_view::npos;
  return i + 2;
}

// surt's path session-id patterns: the last "/(...)/" segment followed by
// something with ".aspx" before any '?'.
std::string StripPathSession(std::string path, bool nested) {
  const size_t n = path.size();
  std::vector<size_t> next_aspx(n + 2, std::string::npos), next_q(n + 1, n);
  for (size_t i = n; i-- > 0;) {
    next_aspx[i] = HasAt(path, i, ".aspx") ? i : next_aspx[i + 1];
    next_q[i] = path[i] == '?' ? i : next_q[i + 1];
  }
  for (size_t s = n; s-- > 1;) {
    if (path[s - 1] != '/') continue;
    size_t e = AspSessionEnd(path, s, nested);
    if (e == std::string::npos || e + 1 > n) continue;
    size_t k = next_aspx[e + 1];
    if (k == std::string::npos || next_q[e] < k) continue;
    return path.substr(0, s) + path.substr(e);
  }
  return path;
}

// Where a query session id of the kind at `kind` ends when it starts at i
// (at the end or an '&'), or npos.
size_t QuerySessionEnd(std::string_view q, size_t i, int kind,
                       const std::vector<size_t>& next_amp) {
  auto run = [&](size_t at, size_t len, bool (*ok)(char)) {
    if (at + len > q.size()) return std::string_view::npos;
    for (size_t j = at; j < at + len; ++j)
      if (!ok(q[j])) return std::string_view::npos;
    return at + len;
  };
  static const std::string_view kNames[] = {"jsessionid=", "phpsessid=", "sid="};
  size_t end = std::string_view::npos;
  if (kind < 3) {
    if (HasAt(q, i, kNames[kind])) end = run(i + kNames[kind].size(), 32, IsAlnum);
  } else if (kind == 3) {
    if (HasAt(q, i, "aspsessionid")) {
      size_t at = run(i + 12, 8, IsAlpha);
      if (at != std::string_view::npos && at < q.size() && q[at] == '=')
        end = run(at + 1, 24, IsAlpha);
    }
  } else if (HasAt(q, i, "cfid=")) {
    size_t amp = next_amp[i + 5];
    if (amp > i + 5 && amp < q.size() && HasAt(q, amp, "&cftoken=")) {
      size_t value = amp + 9;
      if (value < q.size() && q[value] != '&') end = next_amp[value];
    }
  }
  if (end == std::string_view::npos || (end < q.size() && q[end] != '&'))
    return std::string_view::npos;
  return end;
}

std::string StripQuerySessions(std::string q) {
  for (int kind = 0; kind < 5; ++kind) {
    std::vector<size_t> next_amp(q.size() + 1, q.size());
    for (size_t i = q.size(); i-- > 0;) next_amp[i] = q[i] == '&' ? i : next_amp[i + 1];
    for (size_t i = q.size(); i-- > 0;) {
      size_t end = QuerySessionEnd(q, i, kind, next_amp);
      if (end == std::string::npos) continue;
      std::string rest = end < q.size() ? q.substr(end + 1) : "";
      q = q.substr(0, i) + rest;
      break;
    }
  }
  return q;
}

// Arguments sorted as surt sorts (name, then "no value" before any value).
std::string AlphaReorder(const std::string& q) {
  if (q.empty()) return q;
  std::vector<std::pair<std::string_view, std::optional<std::string_view>>> args;
  std::string_view rest = q;
  while (true) {
    size_t amp = rest.find('&');
    std::string_view arg = rest.substr(0, amp);
    size_t eq = arg.find('=');
    if (arg.empty()) {
      // "a=1&&b=2": an empty argument (surt keeps them) is no argument.
    } else if (eq == std::string_view::npos)
      args.emplace_back(arg, std::nullopt);
    else
      args.emplace_back(arg.substr(0, eq), arg.substr(eq + 1));
    if (amp == std::string_view::npos) break;
    rest.remove_prefix(amp + 1);
  }
  std::sort(args.begin(), args.end());
  std::string out;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i].first.empty() && !args[i].second) continue;
    if (i > 0) out += '&';
    out += args[i].first;
    if (args[i].second) {
      out += '=';
      out += *args[i].second;
    }
  }
  return out;
}

Parts Parse(std::string_view input) {
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

void CanonicalizeParts(Parts* u) {
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
