// Generalising transformations across shapes (generalise.h).
#include <algorithm>
#include <map>
#include <set>

#include "urlrules/generalise.h"

namespace urlrules {
namespace {

bool IsCopyOf(const std::vector<Part>& parts, int component) {
  return parts.size() == 1 && parts[0].kind == Part::Kind::kComponent &&
         parts[0].component == component;
}

// How many times the template refers to component i.
int Uses(const Template& t, int i) {
  int n = 0;
  auto count = [&](const std::vector<Part>& parts) {
    for (const Part& p : parts)
      n += (p.kind == Part::Kind::kComponent || p.kind == Part::Kind::kToken) && p.component == i;
  };
  for (const auto& c : t.path) count(c);
  for (const auto& a : t.args) count(a.value);
  return n;
}

int ArgUses(const Template& t, const std::string& name) {
  int n = 0;
  auto count = [&](const std::vector<Part>& parts) {
    for (const Part& p : parts) n += p.kind == Part::Kind::kArg && p.text == name;
  };
  for (const auto& c : t.path) count(c);
  for (const auto& a : t.args) count(a.value);
  return n;
}

// Trailing wildcard components copied, in order, to the target's end.
// A component pattern that varies (a wildcard, or tokens with one: "p*",
// "*-*.html"): copied as it is, it folds; a literal ("print") does not.
bool Varies(const ComponentPattern& c) {
  if (c.any) return true;
  for (const ValuePattern& t : c.tokens)
    if (t.any || t.values.size() > 1) return true;
  return false;
}

size_t TailRun(const Rule& r) {
  const auto& path = r.context.path;
  const auto& target = r.target.path;
  size_t run = 0;
  while (run < path.size() && run < target.size()) {
    int i = static_cast<int>(path.size() - 1 - run);
    if (!Varies(path[static_cast<size_t>(i)]) || !IsCopyOf(target[target.size() - 1 - run], i) ||
        Uses(r.target, i) != 1)
      break;
    ++run;
  }
  return run;
}

size_t HeadRun(const Rule& r) {
  const auto& path = r.context.path;
  size_t run = 0;
  while (run < path.size() && run < r.target.path.size() && Varies(path[run]) &&
         IsCopyOf(r.target.path[run], static_cast<int>(run)) &&
         Uses(r.target, static_cast<int>(run)) == 1)
    ++run;
  return run;
}

void Renumber(std::vector<Part>* parts, int shift) {
  for (Part& p : *parts)
    if (p.kind == Part::Kind::kComponent || p.kind == Part::Kind::kToken) p.component -= shift;
}

}  // namespace

bool FoldRule(const Rule& rule, Rule* folded) {
  *folded = rule;
  bool changed = false;
  if (rule.context.fold == Fold::kNone) {
    Context& c = folded->context;
    Template& t = folded->target;
    if (size_t run = TailRun(rule); run > 0) {
      c.path.resize(c.path.size() - run);
      t.path.resize(t.path.size() - run);
      t.path.push_back({Part{Part::Kind::kRest, "", 0, 0}});
      c.fold = Fold::kTail;
      changed = true;
    } else if (size_t head = HeadRun(rule); head > 0) {
      c.path.erase(c.path.begin(), c.path.begin() + static_cast<long>(head));
      t.path.erase(t.path.begin(), t.path.begin() + static_cast<long>(head));
      for (auto& component : t.path) Renumber(&component, static_cast<int>(head));
      for (auto& a : t.args) Renumber(&a.value, static_cast<int>(head));
      t.path.insert(t.path.begin(), {Part{Part::Kind::kRest, "", 0, 0}});
      c.fold = Fold::kHead;
      changed = true;
    }
  }
  // Wildcard arguments that the target copies under their own name.
  std::vector<ArgPattern> kept;
  for (const ArgPattern& a : folded->context.args) {
    auto copy = std::find_if(
        folded->target.args.begin(), folded->target.args.end(), [&](const TargetArg& t) {
          return t.name == a.name && t.value.size() == 1 && t.value[0].kind == Part::Kind::kArg &&
                 t.value[0].text == a.name;
        });
    if (a.value.any && copy != folded->target.args.end() && ArgUses(folded->target, a.name) == 1) {
      folded->target.args.erase(copy);
      changed = true;
    } else {
      kept.push_back(a);
    }
  }
  folded->context.args = std::move(kept);
  // Arguments the rule does not name are copied: a tracking argument goes
  // whatever else the URL carries.
  changed = changed || !folded->context.other_args;
  folded->context.other_args = folded->target.other_args = true;
  return changed;
}

std::vector<Rule> DropsOneByOne(const std::vector<Rule>& rules, size_t wildcard_values) {
  // By host and argument: the values seen dropped (any: a wildcard), the pairs behind them.
  struct Seen {
    std::set<std::string> values;
    bool any = false;
    uint64_t learned = 0;
  };
  std::map<std::pair<std::string, std::string>, Seen> seen;
  for (const Rule& r : rules) {
    if (r.target.host || !KeepsPath(r)) continue;
    for (const ArgPattern& a : r.context.args) {
      if (ArgUses(r.target, a.name) > 0) continue;  // kept, or its value used
      Seen& s = seen[{r.host, a.name}];
      s.any = s.any || a.value.any;
      s.values.insert(a.value.values.begin(), a.value.values.end());
      s.learned += r.stats.learned;
    }
  }
  std::vector<Rule> out;
  for (const auto& [key, s] : seen) {
    Rule d;
    d.host = key.first;
    d.context.fold = Fold::kTail;
    ArgPattern a{key.second, {}};
    a.value.any = s.any || s.values.size() >= wildcard_values;
    if (!a.value.any) a.value.values.assign(s.values.begin(), s.values.end());
    d.context.args.push_back(std::move(a));
    d.context.other_args = true;
    d.target.path.push_back({Part{Part::Kind::kRest, "", 0, 0}});
    d.target.other_args = true;
    d.folded = true;
    d.stats.learned = s.learned;
    out.push_back(std::move(d));
  }
  return out;
}

std::vector<Rule> HostAliases(const std::vector<Rule>& rules) {
  std::map<std::pair<std::string, std::string>, uint64_t> aliases;  // (host, target host) -> pairs
  for (const Rule& r : rules) {
    if (!r.target.host || !KeepsPath(r)) continue;
    bool args_kept = true;
    for (const ArgPattern& a : r.context.args)
      args_kept = args_kept && ArgUses(r.target, a.name) > 0;
    if (args_kept && r.target.args.size() == r.context.args.size())
      aliases[{r.host, *r.target.host}] += r.stats.learned;
  }
  std::vector<Rule> out;
  for (const auto& [hosts, learned] : aliases) {
    Rule a;
    a.host = hosts.first;
    a.context.fold = Fold::kTail;
    a.context.other_args = true;
    a.target.host = hosts.second;
    a.target.path.push_back({Part{Part::Kind::kRest, "", 0, 0}});
    a.target.other_args = true;
    a.folded = true;
    a.stats.learned = learned;
    out.push_back(std::move(a));
  }
  return out;
}

std::vector<Rule> FoldAcrossShapes(const std::vector<Rule>& rules) {
  std::map<std::string, std::pair<Rule, size_t>>
      folds;  // by text: the rule, how many folded into it
  for (const Rule& r : rules) {
    Rule f;
    if (!FoldRule(r, &f)) continue;
    auto [it, inserted] = folds.try_emplace(FormatRule(f), f, 0);
    if (!inserted) it->second.first.stats.learned += r.stats.learned;
    ++it->second.second;
  }
  std::vector<Rule> out;
  for (auto& [text, entry] : folds) {
    entry.first.folded = true;
    out.push_back(std::move(entry.first));
  }
  return out;
}

}  // namespace urlrules
