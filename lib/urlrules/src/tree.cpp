// The decision tree over one shape's pair-wise rules (generalise.h).
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <unordered_map>

#include "urlrules/generalise.h"

namespace urlrules {
namespace {

constexpr size_t kMaxTokens = 12;  // deep tokens of a component used as keys

double Entropy(const std::unordered_map<int, size_t>& counts, size_t n) {
  double h = 0;
  for (const auto& [label, c] : counts) {
    double p = static_cast<double>(c) / static_cast<double>(n);
    h -= p * std::log2(p);
  }
  return h;
}

// The keys of a shape's pairs as small integers: keys[k][pair] is the id
// of pair's value of key k.
struct Table {
  std::vector<std::vector<int>> keys;
  std::vector<int> labels;
};

Table MakeTable(const std::vector<PairRule>& pairs, const Delimiters& d) {
  Table t;
  std::vector<std::map<std::string, int>> ids;
  std::map<std::string, int> label_ids;
  auto set = [&](size_t key, size_t pair, std::string value) {
    if (ids.size() <= key)
      ids.resize(key + 1), t.keys.resize(key + 1, std::vector<int>(pairs.size(), -1));
    t.keys[key][pair] =
        ids[key].try_emplace(std::move(value), static_cast<int>(ids[key].size())).first->second;
  };
  for (size_t p = 0; p < pairs.size(); ++p) {
    const UrlTokens& s = pairs[p].source;
    size_t key = 0;
    for (const std::string& c : s.segments) {
      set(key++, p, c);
      std::vector<std::string_view> tokens = DeepTokens(c, d);
      for (size_t j = 0; j < kMaxTokens; ++j)
        set(key++, p, j < tokens.size() ? std::string(tokens[j]) : std::string("\x01"));
    }
    for (const QueryArg& a : s.args) set(key++, p, a.value);
    t.labels.push_back(
        label_ids.try_emplace(FormatTemplate(pairs[p].target), static_cast<int>(label_ids.size()))
            .first->second);
  }
  return t;
}

class Tree {
 public:
  Tree(const std::vector<PairRule>& pairs, const Delimiters& d, const TreeOptions& o)
      : pairs_(pairs), d_(d), o_(o), table_(MakeTable(pairs, d)) {}

  void Grow(const std::vector<size_t>& rows, size_t depth, std::vector<Rule>* out) const {
    std::unordered_map<int, size_t> labels;
    for (size_t r : rows) ++labels[table_.labels[r]];
    int best_key = labels.size() > 1 && depth < o_.max_depth ? BestKey(rows, labels) : -1;
    if (best_key < 0) return Leaf(rows, labels, out);
    std::map<int, std::vector<size_t>> branches;
    for (size_t r : rows) branches[table_.keys[static_cast<size_t>(best_key)][r]].push_back(r);
    for (const auto& [value, branch] : branches) Grow(branch, depth + 1, out);
  }

 private:
  int BestKey(const std::vector<size_t>& rows,
              const std::unordered_map<int, size_t>& labels) const {
    double base = Entropy(labels, rows.size());
    double best_ratio = 1e-9;
    int best = -1;
    for (size_t k = 0; k < table_.keys.size(); ++k) {
      std::unordered_map<int, std::unordered_map<int, size_t>> by_value;
      for (size_t r : rows) ++by_value[table_.keys[k][r]][table_.labels[r]];
      // One value splits nothing; nearly one value per row is an id.
      if (by_value.size() < 2 || by_value.size() * 2 > rows.size() + 1) continue;
      double rest = 0, split = 0;
      for (const auto& [value, counts] : by_value) {
        size_t n = 0;
        for (const auto& [label, c] : counts) n += c;
        double share = static_cast<double>(n) / static_cast<double>(rows.size());
        rest += share * Entropy(counts, n);
        split -= share * std::log2(share);
      }
      double ratio = (base - rest) / split;
      if (base - rest > 1e-9 && ratio > best_ratio) best_ratio = ratio, best = static_cast<int>(k);
    }
    return best;
  }

  ValuePattern Pattern(const std::set<std::string>& values) const {
    ValuePattern v;
    if (values.size() >= o_.wildcard_values)
      v.any = true;
    else
      v.values.assign(values.begin(), values.end());
    return v;
  }

  ComponentPattern Component(const std::vector<size_t>& rows, size_t i) const {
    std::vector<std::vector<std::string_view>> tokens;
    for (size_t r : rows) tokens.push_back(DeepTokens(pairs_[r].source.segments[i], d_));
    ComponentPattern c;
    for (const auto& t : tokens)
      if (t.size() != tokens[0].size()) return ComponentPattern{true, {}};
    for (size_t j = 0; j < tokens[0].size(); ++j) {
      std::set<std::string> values;
      for (const auto& t : tokens) values.emplace(t[j]);
      // Delimiters that differ would not read back from the rules file.
      if (values.size() > 1 && IsDelimiterToken(*values.begin(), d_))
        return ComponentPattern{true, {}};
      c.tokens.push_back(Pattern(values));
    }
    if (c.tokens.size() == 1 && c.tokens[0].any) return ComponentPattern{true, {}};
    return c;
  }

  void Leaf(const std::vector<size_t>& rows, const std::unordered_map<int, size_t>& labels,
            std::vector<Rule>* out) const {
    int label = -1;
    size_t count = 0;
    for (const auto& [l, c] : labels)
      if (c > count || (c == count && l < label)) label = l, count = c;
    std::vector<size_t> kept;
    for (size_t r : rows)
      if (table_.labels[r] == label) kept.push_back(r);
    Refine(kept, 0, out);
  }

  // A component the target does not copy whole ("print", "s(k2j3)": the
  // rule drops or picks from it) splits a leaf by its number of deep
  // tokens, so that "/print/*" and "/s(*)/*" do not merge into "/*/*"
  // (the tree saw one transformation: its keys could not tell them apart).
  void Refine(const std::vector<size_t>& rows, size_t component, std::vector<Rule>* out) const {
    const UrlTokens& first = pairs_[rows[0]].source;
    if (component == first.segments.size()) return Emit(rows, out);
    if (CopiedWhole(pairs_[rows[0]].target, component)) return Refine(rows, component + 1, out);
    std::map<size_t, std::vector<size_t>> by_count;
    for (size_t r : rows)
      by_count[DeepTokens(pairs_[r].source.segments[component], d_).size()].push_back(r);
    for (auto& [count, group] : by_count) Refine(group, component + 1, out);
  }

  static bool CopiedWhole(const Template& t, size_t component) {
    for (const auto& c : t.path)
      for (const Part& p : c)
        if (p.kind == Part::Kind::kComponent && static_cast<size_t>(p.component) == component)
          return true;
    for (const auto& a : t.args)
      for (const Part& p : a.value)
        if (p.kind == Part::Kind::kComponent && static_cast<size_t>(p.component) == component)
          return true;
    return false;
  }

  void Emit(const std::vector<size_t>& kept, std::vector<Rule>* out) const {
    const UrlTokens& first = pairs_[kept[0]].source;
    Rule rule;
    rule.host = first.host;
    for (size_t i = 0; i < first.segments.size(); ++i)
      rule.context.path.push_back(Component(kept, i));
    for (size_t a = 0; a < first.args.size(); ++a) {
      std::set<std::string> values;
      for (size_t r : kept) values.insert(pairs_[r].source.args[a].value);
      rule.context.args.push_back(ArgPattern{first.args[a].name, Pattern(values)});
    }
    std::sort(rule.context.args.begin(), rule.context.args.end(),
              [](const ArgPattern& x, const ArgPattern& y) { return x.name < y.name; });
    rule.target = pairs_[kept[0]].target;
    rule.stats.learned = kept.size();
    out->push_back(std::move(rule));
  }

  const std::vector<PairRule>& pairs_;
  const Delimiters& d_;
  const TreeOptions& o_;
  Table table_;
};

}  // namespace

std::vector<Rule> GeneraliseShape(const std::vector<PairRule>& pairs, const Delimiters& d,
                                  const TreeOptions& options) {
  std::vector<Rule> rules;
  if (pairs.empty()) return rules;
  Tree tree(pairs, d, options);
  std::vector<size_t> rows(pairs.size());
  for (size_t i = 0; i < rows.size(); ++i) rows[i] = i;
  tree.Grow(rows, 0, &rules);
  return rules;
}

}  // namespace urlrules
