#include "urlrules/pywb.h"

#include <set>

#include "url/urlcanon.h"

namespace urlrules {
namespace {

std::string RegexEscape(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (std::string_view("\\^$.|?*+()[]{}").find(c) != std::string_view::npos) out.push_back('\\');
    out.push_back(c);
  }
  return out;
}

// YAML single-quoted scalar.
std::string Quote(std::string_view s) {
  std::string out(1, '\'');
  for (char c : s) {
    out.push_back(c);
    if (c == '\'') out.push_back('\'');
  }
  out.push_back('\'');
  return out;
}

std::string ValueRegex(const ValuePattern& v, const std::string& any) {
  if (v.any) return any;
  if (v.values.size() == 1) return RegexEscape(v.values[0]);
  std::string s = "(?:";
  for (size_t i = 0; i < v.values.size(); ++i)
    s.append(i ? "|" : "").append(RegexEscape(v.values[i]));
  s.push_back(')');
  return s;
}

std::set<int> ReferencedComponents(const Template& t) {
  std::set<int> used;
  for (const auto& c : t.path)
    for (const Part& p : c)
      if (p.kind == Part::Kind::kComponent || p.kind == Part::Kind::kToken)
        used.insert(p.component);
  return used;
}

bool Refers(const Template& t, Part::Kind kind) {
  for (const auto& c : t.path)
    for (const Part& p : c)
      if (p.kind == kind) return true;
  return false;
}

void WriteRule(const Rule& r, std::string* out) {
  std::string surt =
      url::Surt("http://" + r.host + "/", /*with_scheme=*/false, /*trailing_comma=*/false);
  surt.pop_back();  // "com,example)"
  out->append("  # ").append(FormatRule(r)).append("  precision=");
  out->append(FormatPrecision(r.stats.correct, r.stats.judged)).append(" judged=");
  out->append(std::to_string(r.stats.judged)).append("\n");
  const Context& c = r.context;
  if (r.target.host) {
    out->append(
        "  # not a pywb fuzzy lookup: another host's captures (an alias) are not searched\n\n");
    return;
  }
  if (!Refers(r.target, Part::Kind::kComponent) && !Refers(r.target, Part::Kind::kToken) &&
      !Refers(r.target, Part::Kind::kRest) && !r.target.path.empty()) {
    out->append("  # not a pywb fuzzy lookup: the target keeps nothing of the URL\n\n");
    return;
  }
  // The SURT prefix: the host and the literal components the context starts with.
  std::string prefix = surt + "/";
  if (c.fold != Fold::kHead)
    for (size_t i = 0; i < c.path.size(); ++i) {
      const ComponentPattern& p = c.path[i];
      if (p.any || p.tokens.size() != 1 || p.tokens[0].any || p.tokens[0].values.size() != 1) break;
      prefix.append(p.tokens[0].values[0]);
      if (i + 1 == c.path.size() && c.fold == Fold::kNone) break;
      prefix.append("/");
    }
  out->append("  - url_prefix: ").append(Quote(prefix)).append("\n");
  bool query_only =
      c.path.empty() && c.fold == Fold::kTail && r.target.path.size() == 1 && r.target.other_args;
  if (query_only) {
    // Every argument but the ones the rule drops identifies the page.
    std::string regex = "[?&]((?!";
    for (size_t i = 0; i < c.args.size(); ++i)
      regex.append(i ? "|" : "").append(RegexEscape(c.args[i].name) + "=");
    regex.append(")[^&]+)");
    out->append("    fuzzy_lookup:\n      match: ")
        .append(Quote(regex))
        .append("\n      find_all: true\n\n");
    return;
  }
  std::set<int> used = ReferencedComponents(r.target);
  std::string regex = RegexEscape(surt) + "/";
  if (c.fold == Fold::kHead) regex.append("(.+)/");
  for (size_t i = 0; i < c.path.size(); ++i) {
    const ComponentPattern& p = c.path[i];
    std::string piece;
    if (p.any) piece = "[^/?]+";
    for (const ValuePattern& t : p.tokens) piece.append(ValueRegex(t, "[^/?]+?"));
    bool keep = used.count(static_cast<int>(i)) > 0;
    regex.append(i ? "/" : "").append(keep ? "(" + piece + ")" : piece);
  }
  if (c.fold == Fold::kTail) regex.append(c.path.empty() ? "(.+?)" : "/(.+?)");
  regex.append("(?:\\?|$)");
  out->append("    fuzzy_lookup:\n      match: ").append(Quote(regex)).append("\n\n");
}

}  // namespace

std::string FormatPywb(const RuleSet& rules) {
  std::string out =
      "# URL rules learned by warcurlrules from duplicate clusters, as pywb 2.x rules.yaml\n"
      "# entries (url_prefix, fuzzy_lookup), for review: each entry follows its rule as a\n"
      "# comment, with the rule's precision on held-out clusters.\n"
      "rules:\n";
  for (int i : rules.Order()) WriteRule(rules.rules()[static_cast<size_t>(i)], &out);
  return out;
}

}  // namespace urlrules
