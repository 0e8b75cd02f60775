// The duplicate share of a collection from its URLs alone
// (warcurlrules estimate): URLs that the rules give one form are expected
// duplicates, each with its rule's held-out precision as the chance that it
// is one.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "urlrules/ruleset.h"

namespace urlrules {

// One URL of the list: hashes of its standard form and of its form after
// the rules, the first rule that rewrote it (-1: none), and the chance that
// its rewrites are all right: the product of its rules' precisions (and of
// their 95% Wilson bounds).
struct UrlForm {
  uint64_t url_hash = 0, form_hash = 0;
  int32_t rule = -1;
  double precision = 1, low = 1, high = 1;
  bool operator<(const UrlForm& o) const;
};
UrlForm FormOf(const RuleSet& rules, std::string_view url);

struct Estimate {
  uint64_t lines = 0;        // URLs listed
  uint64_t urls = 0;         // distinct after url::AggressiveCanonicalize
  uint64_t forms = 0;        // distinct after the rules
  uint64_t merged = 0;       // URLs that meet another URL's form through a rule
  double expected = 0;       // expected duplicate URLs: the sum of their rules' precisions
  double stddev = 0;         // of that sum, each URL a Bernoulli trial
  double low = 0, high = 0;  // the sum with each precision at its 95% Wilson bounds
};

// Wilson's 95% interval for correct of judged (0..1 when nothing judged).
void WilsonInterval(uint64_t correct, uint64_t judged, double* low, double* high);

// Sorts forms (one per listed URL) and sums. In a group of one form, one
// URL is the page (one no rule rewrote, else the one with the least
// precise rules); each other URL is a duplicate with its rules' precision.
Estimate EstimateDuplicates(std::vector<UrlForm> forms);

}  // namespace urlrules
