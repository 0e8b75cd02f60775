// A URL rule: a context (which URLs of a host it applies to) and a
// transformation (the URL they become), as Koppula et al. (WSDM 2010)
// represent rules, with their generalisations: wildcards, small value sets,
// a run of path components of any length ("**"), other query arguments.
//
// In the rules file (warcurlrules(5)) a rule reads
//   HOST CONTEXT -> TARGET
//   example.com /print/** -> ${host}/${**}
//   example.com /s(*)/* -> ${host}/${2}
//   example.com /article/*?ref=*&* -> ${host}/${1}/${2}?${*}
// Context: components separated by '/', each '*' (any component), or deep
// tokens: literal text, '*' (any one token), '{a|b}' (one of these); '**'
// first or last: one or more components, copied as ${**}; query arguments
// by name, '&*' for any other arguments (copied as ${*}). Target: ${host}
// or a host; components built from literals and references: ${N} (the
// source's Nth matched component), ${N.M} (its Mth deep token, delimiters
// counted), ${?name} (the value of a source argument). In literal text the
// bytes % * { } | $ and space are written %XX.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "urlrules/tokens.h"

namespace urlrules {

// Any value, or one of 1-2 values (sorted).
struct ValuePattern {
  bool any = false;
  std::vector<std::string> values;
  bool Matches(std::string_view v) const;
  bool operator==(const ValuePattern&) const = default;
};

// A path component: any, or token by token (delimiter tokens literal).
struct ComponentPattern {
  bool any = false;
  std::vector<ValuePattern> tokens;
  bool operator==(const ComponentPattern&) const = default;
};

enum class Fold { kNone, kHead, kTail };  // where "**" stands in the path

struct ArgPattern {
  std::string name;
  ValuePattern value;
  bool operator==(const ArgPattern&) const = default;
};

struct Context {
  std::vector<ComponentPattern> path;  // the matched components
  Fold fold = Fold::kNone;
  std::vector<ArgPattern> args;  // named arguments, sorted by name
  bool other_args = false;       // "&*"
  bool operator==(const Context&) const = default;
};

// One piece of a target component or argument value.
struct Part {
  enum class Kind { kLiteral, kComponent, kToken, kArg, kRest } kind = Kind::kLiteral;
  std::string text;   // kLiteral: the text; kArg: the argument's name
  int component = 0;  // kComponent, kToken: 0-based index into the matched components
  int token = 0;      // kToken: 0-based deep token
  bool operator==(const Part&) const = default;
};

struct TargetArg {
  std::string name;
  std::vector<Part> value;
  bool operator==(const TargetArg&) const = default;
};

struct Template {
  std::optional<std::string> host;      // none: the source's
  std::vector<std::vector<Part>> path;  // a component {kRest} stands for "**"
  std::vector<TargetArg> args;          // in the order written
  bool other_args = false;              // "${*}": the source's unnamed arguments
  bool operator==(const Template&) const = default;
};

// How a rule fared on held-out clusters (warcurlrules(5)).
struct RuleStats {
  uint64_t judged = 0;   // rewritten URLs that met another URL
  uint64_t correct = 0;  // ... all of whose company were duplicates
  uint64_t learned = 0;  // pair-wise rules it generalises
  double precision() const {
    return judged ? static_cast<double>(correct) / static_cast<double>(judged) : 0.0;
  }
};

struct Rule {
  std::string host;
  Context context;
  Template target;
  RuleStats stats;
  // While learning: a folded rule, tried before the others (not written).
  bool folded = false;
  // More literal tokens first: the order in which a host's rules are tried.
  int Specificity() const;
};

// Whether the target's path is the source's, every component copied in
// place ("${1}/${2}", "${**}/${1}"), whatever the host and arguments.
bool KeepsPath(const Rule& rule);

// Applies the rule to a tokenised URL of its host (with the host's
// delimiters); false when the context does not match.
bool Apply(const Rule& rule, const UrlTokens& source, const Delimiters& d, UrlTokens* out);
// A URL's deep tokens, each component's made when first asked for and
// kept: many rules are tried on one URL, and most never look at them.
class DeepUrl {
 public:
  DeepUrl(const UrlTokens& url, const Delimiters& d)
      : url_(url), d_(d), tokens_(url.segments.size()), made_(url.segments.size(), false) {}
  const std::vector<std::string_view>& Of(size_t component);

 private:
  const UrlTokens& url_;
  const Delimiters& d_;
  std::vector<std::vector<std::string_view>> tokens_;
  std::vector<bool> made_;
};
bool Apply(const Rule& rule, const UrlTokens& source, DeepUrl* deep, UrlTokens* out);

// "HOST CONTEXT -> TARGET" (without statistics), and back.
std::string FormatRule(const Rule& rule);
std::string FormatContext(const Context& c);
std::string FormatTemplate(const Template& t);
base::Result<Rule> ParseRule(std::string_view host, std::string_view context,
                             std::string_view target, const Delimiters& d);

// Literal text as the rules file writes it (% * { } | $ space and controls as %XX), and back.
std::string EscapeLiteral(std::string_view s);
std::string UnescapeLiteral(std::string_view s);

}  // namespace urlrules
