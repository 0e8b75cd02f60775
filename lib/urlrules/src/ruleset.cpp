#include "urlrules/ruleset.h"

#include <algorithm>
#include <charconv>
#include <tuple>

#include "url/urlcanon.h"

namespace urlrules {

void RuleSet::Add(Rule rule) {
  hosts_[rule.host];
  rules_.push_back(std::move(rule));
}

void RuleSet::Finish() {
  std::vector<std::tuple<bool, int, std::string>> keys;  // (not folded, -specificity, text)
  for (const Rule& r : rules_) keys.emplace_back(!r.folded, -r.Specificity(), FormatRule(r));
  for (auto& [host, h] : hosts_) h.order.clear();
  for (size_t i = 0; i < rules_.size(); ++i)
    hosts_[rules_[i].host].order.push_back(static_cast<int>(i));
  for (auto& [host, h] : hosts_)
    std::sort(h.order.begin(), h.order.end(), [&](int a, int b) {
      return keys[static_cast<size_t>(a)] < keys[static_cast<size_t>(b)] ||
             (keys[static_cast<size_t>(a)] == keys[static_cast<size_t>(b)] && a < b);
    });
  Reindex();
  // Most of a host's rules cannot match a path of a given length: index them.
  for (auto& [host, h] : hosts_) {
    h.by_components.assign(kIndexedComponents, std::vector<int>{});
    for (int i : h.order) {
      const Context& c = rules_[static_cast<size_t>(i)].context;
      for (size_t n = 0; n < kIndexedComponents; ++n)
        if (c.fold == Fold::kNone ? n == c.path.size() : n > c.path.size())
          h.by_components[n].push_back(i);
    }
  }
}

const Delimiters& RuleSet::DelimitersOf(const std::string& host) const {
  static const Delimiters kNone;
  auto it = hosts_.find(host);
  return it == hosts_.end() ? kNone : it->second.delimiters;
}

void RuleSet::Reindex() {
  by_name_.clear();
  for (const auto& [host, h] : hosts_) by_name_.emplace(host, &h);
}

std::vector<int> RuleSet::Order() const {
  std::vector<int> order;
  for (const auto& [host, h] : hosts_) order.insert(order.end(), h.order.begin(), h.order.end());
  return order;
}

namespace {

// A rule's result as url::AggressiveCanonicalize would write it. Its pieces
// come from a canonical URL or from literals learned from canonical URLs,
// so only the arguments' order is to be made again (sorted by name, then
// value, "a" before "a="). Anything the canonicaliser might still change
// (escapes, upper case, bytes it escapes, dot segments, session ids, empty
// pieces: a hand-written rule's literals) goes through it whole.
std::string CanonicalJoin(UrlTokens* u) {
  std::string joined = Join(*u);
  bool plain = true;
  for (char ch : joined) {
    auto c = static_cast<unsigned char>(ch);
    plain = plain && c > 0x20 && c < 0x7f && c != '%' && c != '#' && c != ';' && c != '(' &&
            !(c >= 'A' && c <= 'Z');
  }
  for (const std::string& s : u->segments) plain = plain && !s.empty() && s != "." && s != "..";
  for (const QueryArg& a : u->args) plain = plain && !a.name.empty();
  if (!plain) return url::AggressiveCanonicalize(joined);
  std::sort(u->args.begin(), u->args.end(), [](const QueryArg& x, const QueryArg& y) {
    if (x.name != y.name) return x.name < y.name;
    if (x.has_eq != y.has_eq) return !x.has_eq;
    return x.value < y.value;
  });
  return Join(*u);
}

}  // namespace

// One rewrite: the first of the host's rules that changes the URL; false if none.
bool RuleSet::RewriteOnce(std::string_view canonical, std::string* out, int* rule) const {
  // Most hosts have no rules: find the host before tokenising anything.
  size_t start = canonical.find("://");
  if (hosts_.empty() || start == std::string_view::npos) return false;
  std::string_view host = canonical.substr(start + 3);
  host = host.substr(0, host.find_first_of("/?"));
  auto it = by_name_.find(host);
  UrlTokens source, target;
  if (it == by_name_.end() || it->second->order.empty() || !Tokenise(canonical, &source))
    return false;
  const Host& h = *it->second;
  const std::vector<int>& tried = source.segments.size() < kIndexedComponents
                                      ? h.by_components[source.segments.size()]
                                      : h.order;
  if (tried.empty()) return false;
  DeepUrl deep(source, h.delimiters);
  for (int i : tried)
    if (Apply(rules_[static_cast<size_t>(i)], source, &deep, &target)) {
      *out = CanonicalJoin(&target);
      if (*out == canonical) continue;
      *rule = i;
      return true;
    }
  return false;
}

std::string RuleSet::ApplyRules(std::string_view canonical, std::vector<int>* chain,
                                std::vector<std::string>* steps) const {
  if (chain) chain->clear();
  if (steps) steps->clear();
  std::string form(canonical), next;
  std::vector<std::string> seen;
  for (int step = 0; step < kMaxRewrites; ++step) {
    int rule = -1;
    if (!RewriteOnce(form, &next, &rule)) break;
    // A form met before: rules that undo each other; stop at the first.
    if (next == canonical || std::find(seen.begin(), seen.end(), next) != seen.end()) break;
    seen.push_back(next);
    form.swap(next);
    if (chain) chain->push_back(rule);
    if (steps) steps->push_back(form);
  }
  return form;
}

std::string RuleSet::Canonicalize(std::string_view url, std::vector<int>* chain) const {
  return ApplyRules(url::AggressiveCanonicalize(url), chain);
}

std::string FormatPrecision(uint64_t correct, uint64_t judged) {
  if (judged == 0) return "-";
  uint64_t tenths = correct * 10000 / judged;  // exact below 1.8e15 URLs
  std::string digits = std::to_string(tenths % 10000);
  std::string out = std::to_string(tenths / 10000);
  out.append(".").append(4 - digits.size(), '0').append(digits);
  return out;
}

std::string RuleSet::Format(const std::vector<std::string>& header) const {
  std::vector<std::string> lines;
  for (const auto& [host, h] : hosts_)
    if (!h.order.empty()) lines.push_back("host " + host + " " + FormatDelimiters(h.delimiters));
  for (const Rule& r : rules_) {
    std::string line = "rule " + FormatRule(r);
    line.append(" precision=").append(FormatPrecision(r.stats.correct, r.stats.judged));
    line.append(" judged=").append(std::to_string(r.stats.judged));
    line.append(" correct=").append(std::to_string(r.stats.correct));
    line.append(" learned=").append(std::to_string(r.stats.learned));
    lines.push_back(std::move(line));
  }
  std::sort(lines.begin(), lines.end());
  std::string out = "# warcurlrules 1\n";
  for (const std::string& h : header) out.append("# ").append(h).append("\n");
  for (const std::string& l : lines) out.append(l).append("\n");
  return out;
}

}  // namespace urlrules
