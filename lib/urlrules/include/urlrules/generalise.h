// Generalising pair-wise rules (Koppula et al., section 5).
//
// Contexts, shape by shape, by a decision tree: the pair-wise rules of one
// shape (host, number of path components, argument names) are split on the
// key (a component, one of its deep tokens, an argument's value) with the
// best information gain ratio about the transformation, until each leaf
// has one transformation (or no key helps: the leaf keeps its majority).
// In a leaf, a key with one value stays that value, with two stays a
// choice of both, with three or more becomes a wildcard: its values do not
// decide the transformation. Keys whose values are nearly all different
// (ids, session ids) are never split on. A component that the target does
// not copy whole splits its leaf by its number of deep tokens ("print"
// apart from "s(k2j3)").
//
// Transformations, across shapes: a leaf whose trailing (or leading) path
// components vary ("*", "p*", "*-*.html") and are copied as they are becomes
// a rule for any number of them ("/print/**"), and wildcard arguments copied as they are
// become "any other arguments" ("&*"). A folded rule is one more
// candidate: while learning it is tried first, before the rules it came
// from, and must keep its precision on all it takes; when it does, the
// rules it subsumes go (learn.h).
#pragma once

#include <cstddef>
#include <vector>

#include "urlrules/rule.h"
#include "urlrules/tokens.h"

namespace urlrules {

struct PairRule {
  UrlTokens source;
  Template target;
};

struct TreeOptions {
  size_t max_depth = 12;
  size_t wildcard_values = 3;  // distinct values from which a key becomes '*'
};

// REQUIRES: all pairs have one shape (pairwise.h ShapeKey).
std::vector<Rule> GeneraliseShape(const std::vector<PairRule>& pairs, const Delimiters& d,
                                  const TreeOptions& options = {});

// The folded form of a rule; false when nothing folds.
bool FoldRule(const Rule& rule, Rule* folded);

// Dropping arguments, one by one: a rule that keeps the path and drops
// several arguments ("?from=*&utm_source=*" -> none) gives one rule for
// each ("/**?from=*&*" -> "${host}/${**}?${*}"); rules apply in turn, so
// together they drop any mix of them. One rule per host and argument: the
// values seen dropped in all the rules, a wildcard from wildcard_values of
// them; marked folded, with the pair-wise rules behind it as `learned`.
std::vector<Rule> DropsOneByOne(const std::vector<Rule>& rules, size_t wildcard_values = 3);

// Host aliases: a rule that moves a URL to another host and keeps its path
// and arguments gives "HOST /**?* -> OTHER/${**}?${*}", one per pair of
// hosts, marked folded.
std::vector<Rule> HostAliases(const std::vector<Rule>& rules);

// The folded forms of rules, each once, with the pair-wise rules of all
// the leaves folded into it as its `learned` count (to add to the rules given).
std::vector<Rule> FoldAcrossShapes(const std::vector<Rule>& rules);

}  // namespace urlrules
