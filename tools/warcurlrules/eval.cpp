// warcurlrules eval: the paper's metrics on held-out manifests, one row
// per learned-precision threshold (Koppula et al., Tables 3-6).
#include <cinttypes>
#include <cstdio>

#include "inputs.h"
#include "urlrules/judge.h"

namespace warcurlrules {

int Eval(const Options& o, toolcommon::Diag* diag) {
  urlrules::RuleSet rules;
  if (!LoadRules(o.rules, &rules, diag)) return diag->ExitCode();
  urlrules::UrlCorpus corpus;
  urlrules::ReadCounts counts;
  ReadManifests(o, &corpus, &counts, diag);
  std::printf("# %" PRIu64 " records, %zu distinct URLs, %zu clusters; %" PRIu64
              " records left out (small)\n",
              counts.records, corpus.url_count(), corpus.cluster_count(), counts.small);
  std::printf("%-9s %6s %6s %10s %10s %9s %10s %9s %12s\n", "learned>=", "rules", "used",
              "rewritten", "judged", "precision", "reduced", "reduction", "per-rule");
  for (double t : o.thresholds) {
    urlrules::RuleSet set = rules.Filtered([&](const urlrules::Rule& r) {
      return r.stats.judged > 0 &&
             static_cast<double>(r.stats.correct) >= t * static_cast<double>(r.stats.judged);
    });
    urlrules::Judgement j = urlrules::Judge(corpus, set, /*held_out_only=*/false, o.jobs);
    double reduction = j.reduction();
    size_t n = set.rules().size();
    std::printf("%-9.4g %6zu %6" PRIu64 " %10" PRIu64 " %10" PRIu64 " %9s %10" PRIu64
                " %8.4f%% %11.6f%%\n",
                t, n, j.rules_used, j.rewritten, j.judged,
                urlrules::FormatPrecision(j.correct, j.judged).c_str(), j.urls - j.forms,
                100.0 * reduction, n ? 100.0 * reduction / static_cast<double>(n) : 0.0);
    if (o.per_rule && t == o.thresholds.back()) {
      for (int i : set.Order()) {
        const auto& r = set.rules()[static_cast<size_t>(i)];
        const auto& m = j.per_rule[static_cast<size_t>(i)];
        std::printf("rule %s measured=%s judged=%" PRIu64 " learned-precision=%s\n",
                    urlrules::FormatRule(r).c_str(),
                    urlrules::FormatPrecision(m.correct, m.judged).c_str(), m.judged,
                    urlrules::FormatPrecision(r.stats.correct, r.stats.judged).c_str());
      }
    }
  }
  return diag->ExitCode();
}

}  // namespace warcurlrules
