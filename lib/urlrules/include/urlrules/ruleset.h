// A set of URL rules with their hosts' delimiters: the rules file
// (warcurlrules(5)) read and written, and the canonicaliser that applies
// it: url::AggressiveCanonicalize, then the first of the host's rules (most
// literal context first) that matches and changes the URL, then
// AggressiveCanonicalize again (argument order, case); and so again on the
// result (another host's rules after an alias, one tracking argument after
// another) until no rule changes it, at most kMaxRewrites times or until a
// form comes back.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "base/status.h"
#include "urlrules/rule.h"
#include "urlrules/tokens.h"

namespace urlrules {

class RuleSet {
 public:
  RuleSet() = default;
  // A copy indexes its own hosts (the index points into the host map).
  RuleSet(const RuleSet& other) : hosts_(other.hosts_), rules_(other.rules_) { Reindex(); }
  RuleSet& operator=(const RuleSet& other) {
    hosts_ = other.hosts_;
    rules_ = other.rules_;
    Reindex();
    return *this;
  }
  RuleSet(RuleSet&&) = default;
  RuleSet& operator=(RuleSet&&) = default;

  void SetDelimiters(const std::string& host, const Delimiters& d) { hosts_[host].delimiters = d; }
  void Add(Rule rule);
  // Orders each host's rules for Canonicalize; call after the last Add.
  void Finish();

  static constexpr int kMaxRewrites = 8;
  // Standard canonicalisation and the rules; *chain gets the indices
  // (rules()) of the rules that changed the URL, in order.
  std::string Canonicalize(std::string_view url, std::vector<int>* chain = nullptr) const;
  // The same for a URL that AggressiveCanonicalize wrote already; *steps
  // gets the form after each rule of the chain.
  std::string ApplyRules(std::string_view canonical, std::vector<int>* chain = nullptr,
                         std::vector<std::string>* steps = nullptr) const;

  const std::vector<Rule>& rules() const { return rules_; }
  std::vector<Rule>& mutable_rules() { return rules_; }
  const Delimiters& DelimitersOf(const std::string& host) const;
  // Every rule's index, host by host (in byte order), each host's in the order tried.
  std::vector<int> Order() const;
  // Only the rules for which keep(rule) holds (same delimiters).
  template <typename Keep>
  RuleSet Filtered(Keep keep) const {
    RuleSet out;
    for (const auto& [host, h] : hosts_) out.SetDelimiters(host, h.delimiters);
    for (const Rule& r : rules_)
      if (keep(r)) out.Add(r);
    out.Finish();
    return out;
  }

  // The rules file: "# warcurlrules 1" header lines, then "host HOST
  // DELIMITERS" and "rule HOST CONTEXT -> TARGET precision=P judged=N
  // correct=N learned=N" lines, sorted as LC_ALL=C sort sorts them.
  std::string Format(const std::vector<std::string>& header) const;
  // Errors name the line: "line 7: expected ..., found ...".
  static base::Result<RuleSet> Parse(std::string_view text);

 private:
  bool RewriteOnce(std::string_view canonical, std::string* out, int* rule) const;
  void Reindex();
  static constexpr size_t kIndexedComponents = 16;
  struct Host {
    Delimiters delimiters;
    std::vector<int> order;  // indices into rules_, as tried
    // by_components[n]: the rules of order that can match a path of n
    // components (n < kIndexedComponents), in the same order.
    std::vector<std::vector<int>> by_components;
  };
  std::map<std::string, Host, std::less<>> hosts_;
  // The same hosts by hash, for lookups (Finish).
  std::unordered_map<std::string_view, const Host*> by_name_;
  std::vector<Rule> rules_;
};

// Precision printed rounded down to 4 decimals ("0.9999" never for 0.99995).
std::string FormatPrecision(uint64_t correct, uint64_t judged);

}  // namespace urlrules
