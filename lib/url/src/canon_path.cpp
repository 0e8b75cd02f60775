#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "canon_internal.h"

namespace url::canon_internal {
namespace {

// Case-insensitive: does s hold word at pos?
bool HasAt(std::string_view s, size_t pos, std::string_view word) {
  if (pos > s.size() || s.size() - pos < word.size()) return false;
  for (size_t i = 0; i < word.size(); ++i)
    if (Lower(s[pos + i]) != Lower(word[i])) return false;
  return true;
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

}  // namespace

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

}  // namespace url::canon_internal
