#include "urlrules/pywb.h"

#include <string>
#include <vector>

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

// The arguments the target drops: named in the context, not copied under their name.
std::vector<std::string> Dropped(const Rule& r) {
  std::vector<std::string> out;
  for (const ArgPattern& a : r.context.args) {
    bool kept = false;
    for (const TargetArg& t : r.target.args)
      kept = kept || (t.name == a.name && t.value.size() == 1 &&
                      t.value[0].kind == Part::Kind::kArg && t.value[0].text == a.name);
    if (!kept) out.push_back(a.name);
  }
  return out;
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
  std::vector<std::string> dropped = Dropped(r);
  bool only_drops = !r.target.host && KeepsPath(r) && r.target.other_args && !dropped.empty() &&
                    r.target.args.size() + dropped.size() == c.args.size();
  if (!only_drops) {
    out->append(
        "  # not a pywb fuzzy lookup: pywb looks under the requested path, and this rule changes "
        "it\n\n");
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
  // Every argument but the dropped ones identifies the page.
  std::string regex = "[?&]((?!";
  for (size_t i = 0; i < dropped.size(); ++i)
    regex.append(i ? "|" : "").append(RegexEscape(dropped[i]) + "=");
  regex.append(")[^&]+)");
  out->append("  - url_prefix: ").append(Quote(prefix)).append("\n");
  out->append("    fuzzy_lookup:\n      match: ")
      .append(Quote(regex))
      .append("\n      find_all: true\n\n");
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
