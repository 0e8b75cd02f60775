// Matching a rule's context and building its target.
#include <algorithm>

#include "urlrules/rule.h"

namespace urlrules {
namespace {

bool MatchComponent(const ComponentPattern& p, size_t component, const UrlTokens& src,
                    DeepUrl* deep) {
  if (p.any) return true;
  // One literal token (or a choice of them): the component is that text,
  // which then is one token too (the pattern's own text was split alike).
  if (p.tokens.size() == 1 && !p.tokens[0].any) return p.tokens[0].Matches(src.segments[component]);
  const std::vector<std::string_view>& tokens = deep->Of(component);
  if (tokens.size() != p.tokens.size()) return false;
  for (size_t i = 0; i < tokens.size(); ++i)
    if (!p.tokens[i].Matches(tokens[i])) return false;
  return true;
}

const QueryArg* FindArg(const std::vector<QueryArg>& args, std::string_view name) {
  const QueryArg* found = nullptr;
  for (const QueryArg& a : args)
    if (a.name == name) {
      if (found) return nullptr;  // named twice: ambiguous, no match
      found = &a;
    }
  return found;
}

bool Named(const Context& c, std::string_view name) {
  return std::any_of(c.args.begin(), c.args.end(),
                     [&](const ArgPattern& a) { return a.name == name; });
}

// The text of a target piece list; false when a reference has nothing to give.
bool Build(const std::vector<Part>& parts, const UrlTokens& src, DeepUrl* deep, size_t first,
           std::string* out) {
  out->clear();
  for (const Part& p : parts) {
    switch (p.kind) {
      case Part::Kind::kLiteral:
        out->append(p.text);
        break;
      case Part::Kind::kComponent:
        out->append(src.segments[first + static_cast<size_t>(p.component)]);
        break;
      case Part::Kind::kToken: {
        const std::vector<std::string_view>& tokens =
            deep->Of(first + static_cast<size_t>(p.component));
        if (static_cast<size_t>(p.token) >= tokens.size()) return false;
        out->append(tokens[static_cast<size_t>(p.token)]);
        break;
      }
      case Part::Kind::kArg: {
        const QueryArg* a = FindArg(src.args, p.text);
        if (!a) return false;
        out->append(a->value);
        break;
      }
      case Part::Kind::kRest:
        return false;
    }
  }
  return true;
}

}  // namespace

bool ValuePattern::Matches(std::string_view v) const {
  return any || std::find(values.begin(), values.end(), v) != values.end();
}

int Rule::Specificity() const {
  int score = context.fold == Fold::kNone ? 1 : 0;
  auto value = [&](const ValuePattern& v) { score += v.any ? 0 : (v.values.size() == 1 ? 4 : 2); };
  for (const ComponentPattern& c : context.path)
    for (const ValuePattern& t : c.tokens) value(t);
  for (const ArgPattern& a : context.args) value(a.value);
  return score * 2 + (context.other_args ? 0 : 1);
}

bool KeepsPath(const Rule& r) {
  const Context& c = r.context;
  auto copy = [](const std::vector<Part>& parts, Part::Kind kind, int component) {
    return parts.size() == 1 && parts[0].kind == kind &&
           (kind == Part::Kind::kRest || parts[0].component == component);
  };
  size_t rest = c.fold == Fold::kNone ? 0 : 1;
  if (r.target.path.size() != c.path.size() + rest) return false;
  size_t first = c.fold == Fold::kHead ? 1 : 0;
  if (rest && !copy(r.target.path[c.fold == Fold::kHead ? 0 : c.path.size()], Part::Kind::kRest, 0))
    return false;
  for (size_t i = 0; i < c.path.size(); ++i)
    if (!copy(r.target.path[first + i], Part::Kind::kComponent, static_cast<int>(i))) return false;
  return true;
}

const std::vector<std::string_view>& DeepUrl::Of(size_t component) {
  if (!made_[component]) {
    tokens_[component] = DeepTokens(url_.segments[component], d_);
    made_[component] = true;
  }
  return tokens_[component];
}

bool Apply(const Rule& rule, const UrlTokens& src, const Delimiters& d, UrlTokens* out) {
  DeepUrl deep(src, d);
  return Apply(rule, src, &deep, out);
}

bool Apply(const Rule& rule, const UrlTokens& src, DeepUrl* deep, UrlTokens* out) {
  const Context& c = rule.context;
  size_t n = src.segments.size(), k = c.path.size();
  if (c.fold == Fold::kNone ? n != k : n < k + 1) return false;
  size_t first = c.fold == Fold::kHead ? n - k : 0;
  size_t rest_begin = c.fold == Fold::kHead ? 0 : k, rest_end = c.fold == Fold::kHead ? n - k : n;
  for (size_t i = 0; i < k; ++i)
    if (!MatchComponent(c.path[i], first + i, src, deep)) return false;
  for (const ArgPattern& a : c.args) {
    const QueryArg* found = FindArg(src.args, a.name);
    if (!found || !a.value.Matches(found->value)) return false;
  }
  if (!c.other_args && src.args.size() != c.args.size()) return false;

  const Template& t = rule.target;
  out->scheme = src.scheme;
  out->host = t.host ? *t.host : src.host;
  out->segments.clear();
  out->args.clear();
  std::string text;
  for (const std::vector<Part>& component : t.path) {
    if (component.size() == 1 && component[0].kind == Part::Kind::kRest) {
      if (c.fold == Fold::kNone) return false;
      for (size_t i = rest_begin; i < rest_end; ++i) out->segments.push_back(src.segments[i]);
      continue;
    }
    if (!Build(component, src, deep, first, &text) || text.empty()) return false;
    out->segments.push_back(text);
  }
  for (const TargetArg& a : t.args) {
    if (!Build(a.value, src, deep, first, &text)) return false;
    QueryArg q{a.name, text, true};
    if (text.empty() && a.value.size() == 1 && a.value[0].kind == Part::Kind::kArg) {
      const QueryArg* from = FindArg(src.args, a.value[0].text);
      q.has_eq = from && from->has_eq;
    }
    out->args.push_back(std::move(q));
  }
  if (t.other_args)
    for (const QueryArg& a : src.args)
      if (!Named(c, a.name)) out->args.push_back(a);
  return true;
}

}  // namespace urlrules
