#include "urlrules/estimate.h"

#include <xxhash.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "manifest/entry.h"
#include "url/urlcanon.h"

namespace urlrules {

bool UrlForm::operator<(const UrlForm& o) const {
  if (form_hash != o.form_hash) return form_hash < o.form_hash;
  if (url_hash != o.url_hash) return url_hash < o.url_hash;
  return rule < o.rule;
}

UrlForm FormOf(const RuleSet& rules, std::string_view url_field) {
  UrlForm f;
  std::string standard = url::AggressiveCanonicalize(manifest::DecodeField(url_field));
  std::vector<int> chain;
  std::string form = rules.ApplyRules(standard, &chain);
  f.rule = chain.empty() ? -1 : chain[0];
  for (int r : chain) {
    const RuleStats& s = rules.rules()[static_cast<size_t>(r)].stats;
    double low, high;
    WilsonInterval(s.correct, s.judged, &low, &high);
    f.precision *= s.precision();
    f.low *= low;
    f.high *= high;
  }
  f.url_hash = XXH3_64bits(standard.data(), standard.size());
  f.form_hash = XXH3_64bits(form.data(), form.size());
  return f;
}

void WilsonInterval(uint64_t correct, uint64_t judged, double* low, double* high) {
  if (judged == 0) {
    *low = 0, *high = 1;
    return;
  }
  const double z = 1.96, n = static_cast<double>(judged), p = static_cast<double>(correct) / n;
  double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
  *low = std::max(0.0, centre - half);
  *high = std::min(1.0, centre + half);
}

Estimate EstimateDuplicates(std::vector<UrlForm> forms) {
  Estimate e;
  e.lines = forms.size();
  // One entry per distinct URL (a URL listed twice is one URL).
  std::vector<UrlForm> by_url = std::move(forms);
  std::sort(by_url.begin(), by_url.end(),
            [](const UrlForm& a, const UrlForm& b) { return a.url_hash < b.url_hash; });
  by_url.erase(
      std::unique(by_url.begin(), by_url.end(),
                  [](const UrlForm& a, const UrlForm& b) { return a.url_hash == b.url_hash; }),
      by_url.end());
  e.urls = by_url.size();
  std::sort(by_url.begin(), by_url.end());
  for (size_t i = 0; i < by_url.size();) {
    size_t end = i + 1;
    while (end < by_url.size() && by_url[end].form_hash == by_url[i].form_hash) ++end;
    ++e.forms;
    if (end - i >= 2) {
      // The page: a URL no rule rewrote, else the one with the least precise rule.
      size_t page = i;
      for (size_t k = i; k < end; ++k) {
        if (by_url[k].rule < 0) {
          page = k;
          break;
        }
        if (by_url[k].precision < by_url[page].precision) page = k;
      }
      for (size_t k = i; k < end; ++k) {
        if (k == page || by_url[k].rule < 0) continue;
        double p = by_url[k].precision, low = by_url[k].low, high = by_url[k].high;
        ++e.merged;
        e.expected += p;
        e.stddev += p * (1 - p);
        e.low += low;
        e.high += high;
      }
    }
    i = end;
  }
  e.stddev = std::sqrt(e.stddev);
  return e;
}

}  // namespace urlrules
