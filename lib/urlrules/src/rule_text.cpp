// A rule as the rules file writes it (warcurlrules(5)), and back.
#include <algorithm>
#include <charconv>

#include "urlrules/rule.h"

namespace urlrules {
namespace {

bool Special(unsigned char c) {
  return c <= 0x20 || c >= 0x7f || c == '%' || c == '*' || c == '{' || c == '}' || c == '|' ||
         c == '$';
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

std::string FormatValue(const ValuePattern& v) {
  if (v.any) return "*";
  if (v.values.size() == 1) return EscapeLiteral(v.values[0]);
  std::string s(1, '{');
  for (size_t i = 0; i < v.values.size(); ++i)
    s.append(i ? "|" : "").append(EscapeLiteral(v.values[i]));
  s.push_back('}');
  return s;
}

std::string FormatParts(const std::vector<Part>& parts) {
  std::string s;
  for (const Part& p : parts) {
    switch (p.kind) {
      case Part::Kind::kLiteral:
        s.append(EscapeLiteral(p.text));
        break;
      case Part::Kind::kComponent:
        s.append("${").append(std::to_string(p.component + 1)).append("}");
        break;
      case Part::Kind::kToken:
        s.append("${").append(std::to_string(p.component + 1)).append(".");
        s.append(std::to_string(p.token + 1)).append("}");
        break;
      case Part::Kind::kArg:
        s.append("${?").append(EscapeLiteral(p.text)).append("}");
        break;
      case Part::Kind::kRest:
        s.append("${**}");
        break;
    }
  }
  return s;
}

std::vector<std::string_view> Split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  size_t start = 0;
  for (;;) {
    size_t at = s.find(sep, start);
    out.push_back(
        s.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
    if (at == std::string_view::npos) return out;
    start = at + 1;
  }
}

bool ParseValue(std::string_view text, ValuePattern* v) {
  *v = ValuePattern{};
  if (text == "*") return v->any = true;
  if (text.size() >= 2 && text.front() == '{' && text.back() == '}') {
    for (std::string_view alt : Split(text.substr(1, text.size() - 2), '|'))
      v->values.push_back(UnescapeLiteral(alt));
    std::sort(v->values.begin(), v->values.end());
    return v->values.size() >= 2;
  }
  if (text.find_first_of("*{}|") != std::string_view::npos) return false;
  v->values.push_back(UnescapeLiteral(text));
  return true;
}

bool ParseComponent(std::string_view text, const Delimiters& d, ComponentPattern* c) {
  *c = ComponentPattern{};
  if (text == "*") return c->any = true;
  if (text.empty()) return false;
  for (std::string_view token : DeepTokens(text, d)) {
    // Tokens side by side (a letters-digits split, "tt*") part where a
    // wildcard or a choice starts or ends.
    while (!token.empty()) {
      size_t end = token[0] == '*'   ? 1
                   : token[0] == '{' ? token.find('}')
                                     : token.find_first_of("*{");
      end = end == std::string_view::npos ? token.size() : end + (token[0] == '{');
      c->tokens.emplace_back();
      if (!ParseValue(token.substr(0, end), &c->tokens.back())) return false;
      token.remove_prefix(end);
    }
  }
  return true;
}

bool ParseNumber(std::string_view s, int* n) {
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *n);
  return ec == std::errc() && end == s.data() + s.size() && *n >= 1;
}

bool ParseParts(std::string_view text, std::vector<Part>* parts) {
  parts->clear();
  while (!text.empty()) {
    if (text.substr(0, 2) != "${") {
      size_t next = text.find("${");
      std::string_view lit = text.substr(0, next);
      if (lit.find_first_of("*{}|$") != std::string_view::npos) return false;
      parts->push_back(Part{Part::Kind::kLiteral, UnescapeLiteral(lit)});
      text.remove_prefix(lit.size());
      continue;
    }
    size_t close = text.find('}');
    if (close == std::string_view::npos) return false;
    std::string_view ref = text.substr(2, close - 2);
    text.remove_prefix(close + 1);
    Part p;
    size_t dot = ref.find('.');
    if (ref == "**") {
      p.kind = Part::Kind::kRest;
    } else if (!ref.empty() && ref[0] == '?') {
      p.kind = Part::Kind::kArg;
      p.text = UnescapeLiteral(ref.substr(1));
    } else if (dot == std::string_view::npos) {
      p.kind = Part::Kind::kComponent;
      if (!ParseNumber(ref, &p.component)) return false;
      --p.component;
    } else {
      p.kind = Part::Kind::kToken;
      if (!ParseNumber(ref.substr(0, dot), &p.component) ||
          !ParseNumber(ref.substr(dot + 1), &p.token))
        return false;
      --p.component;
      --p.token;
    }
    parts->push_back(std::move(p));
  }
  return true;
}

bool PartsInRange(const std::vector<Part>& parts, const Context& c, bool rest_allowed) {
  for (const Part& p : parts) {
    if (p.kind == Part::Kind::kRest &&
        (!rest_allowed || c.fold == Fold::kNone || parts.size() != 1))
      return false;
    if ((p.kind == Part::Kind::kComponent || p.kind == Part::Kind::kToken) &&
        static_cast<size_t>(p.component) >= c.path.size())
      return false;
  }
  return true;
}

bool ReferencesInRange(const Rule& r) {
  for (const std::vector<Part>& c : r.target.path)
    if (!PartsInRange(c, r.context, true)) return false;
  for (const TargetArg& a : r.target.args)
    if (!PartsInRange(a.value, r.context, false)) return false;
  return true;
}

base::Status Bad(std::string_view what, std::string_view text) {
  std::string m = "expected ";
  m.append(what).append(", found \"").append(text).append("\"");
  return base::Status::InvalidArgument(m);
}

}  // namespace

std::string EscapeLiteral(std::string_view s) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if (Special(c))
      out.append(1, '%').append(1, kHex[c >> 4]).append(1, kHex[c & 15]);
    else
      out.push_back(ch);
  }
  return out;
}

std::string UnescapeLiteral(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    int hi = i + 2 < s.size() ? HexValue(s[i + 1]) : -1,
        lo = i + 2 < s.size() ? HexValue(s[i + 2]) : -1;
    if (s[i] == '%' && hi >= 0 && lo >= 0 && Special(static_cast<unsigned char>(hi * 16 + lo))) {
      out.push_back(static_cast<char>(hi * 16 + lo));
      i += 2;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

std::string FormatContext(const Context& c) {
  std::string s;
  if (c.fold == Fold::kHead) s.append("/**");
  for (const ComponentPattern& p : c.path) {
    s.append("/");
    if (p.any) s.append("*");
    for (const ValuePattern& t : p.tokens) s.append(FormatValue(t));
  }
  if (c.fold == Fold::kTail) s.append("/**");
  if (s.empty()) s.assign(1, '/');
  for (size_t i = 0; i < c.args.size(); ++i)
    s.append(i ? "&" : "?")
        .append(EscapeLiteral(c.args[i].name))
        .append("=")
        .append(FormatValue(c.args[i].value));
  if (c.other_args) s.append(c.args.empty() ? "?*" : "&*");
  return s;
}

std::string FormatTemplate(const Template& t) {
  std::string s;
  if (t.host)
    s = EscapeLiteral(*t.host);
  else
    s.append("${host}");
  s.append("/");
  for (size_t i = 0; i < t.path.size(); ++i) s.append(i ? "/" : "").append(FormatParts(t.path[i]));
  for (size_t i = 0; i < t.args.size(); ++i)
    s.append(i ? "&" : "?")
        .append(EscapeLiteral(t.args[i].name))
        .append("=")
        .append(FormatParts(t.args[i].value));
  if (t.other_args) s.append(t.args.empty() ? "?${*}" : "&${*}");
  return s;
}

std::string FormatRule(const Rule& r) {
  std::string s = r.host;
  s.append(" ").append(FormatContext(r.context)).append(" -> ").append(FormatTemplate(r.target));
  return s;
}

base::Result<Rule> ParseRule(std::string_view host, std::string_view context,
                             std::string_view target, const Delimiters& d) {
  Rule r;
  r.host.assign(host);
  if (context.empty() || context[0] != '/') return Bad("a context starting with '/'", context);
  size_t q = context.find('?');
  std::string_view path = context.substr(1, q == std::string_view::npos ? q : q - 1);
  std::vector<std::string_view> comps =
      path.empty() ? std::vector<std::string_view>{} : Split(path, '/');
  if (!comps.empty() && comps.front() == "**")
    r.context.fold = Fold::kHead, comps.erase(comps.begin());
  else if (!comps.empty() && comps.back() == "**")
    r.context.fold = Fold::kTail, comps.pop_back();
  for (std::string_view c : comps) {
    r.context.path.emplace_back();
    if (c == "**" || !ParseComponent(c, d, &r.context.path.back()))
      return Bad("a component pattern", c);
  }
  if (q != std::string_view::npos)
    for (std::string_view arg : Split(context.substr(q + 1), '&')) {
      if (arg == "*") {
        r.context.other_args = true;
        continue;
      }
      size_t eq = arg.find('=');
      ArgPattern a;
      if (eq == std::string_view::npos || !ParseValue(arg.substr(eq + 1), &a.value))
        return Bad("an argument pattern name=value", arg);
      a.name = UnescapeLiteral(arg.substr(0, eq));
      r.context.args.push_back(std::move(a));
    }

  size_t slash = target.find('/');
  if (slash == std::string_view::npos || slash == 0) return Bad("a target HOST/PATH", target);
  std::string_view thost = target.substr(0, slash);
  if (thost != "${host}") r.target.host = UnescapeLiteral(thost);
  size_t tq = target.find('?', slash);
  std::string_view tpath =
      target.substr(slash + 1, tq == std::string_view::npos ? tq : tq - slash - 1);
  if (!tpath.empty())
    for (std::string_view c : Split(tpath, '/')) {
      r.target.path.emplace_back();
      if (!ParseParts(c, &r.target.path.back()) || r.target.path.back().empty())
        return Bad("a target component", c);
    }
  if (tq != std::string_view::npos)
    for (std::string_view arg : Split(target.substr(tq + 1), '&')) {
      if (arg == "${*}") {
        r.target.other_args = true;
        continue;
      }
      size_t eq = arg.find('=');
      TargetArg a;
      if (eq == std::string_view::npos || !ParseParts(arg.substr(eq + 1), &a.value))
        return Bad("a target argument name=value", arg);
      a.name = UnescapeLiteral(arg.substr(0, eq));
      r.target.args.push_back(std::move(a));
    }
  if (!ReferencesInRange(r))
    return Bad(
        "references to matched components only (${N} up to the context's count, ${**} with '**')",
        target);
  return r;
}

}  // namespace urlrules
