// warcurlrules learn: manifests -> corpus -> rules file (and pywb form).
#include "urlrules/learn.h"

#include <cstdio>

#include "inputs.h"
#include "urlrules/judge.h"
#include "urlrules/pywb.h"

namespace warcurlrules {
namespace {

std::string Percent(uint64_t part, uint64_t whole) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f%%",
                whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
  return text;
}

std::string Count(uint64_t n, const char* what) {
  std::string s = std::to_string(n);
  s.append(" ").append(what).append(n == 1 ? "" : "s");
  return s;
}

}  // namespace

int Learn(const Options& o, toolcommon::Diag* diag) {
  urlrules::UrlCorpus corpus(o.held_out);
  urlrules::ReadCounts counts;
  ReadManifests(o, &corpus, &counts, diag);
  if (counts.near > 0)
    diag->Info(Count(counts.near, "record") + " also in near-duplicate clusters (" +
               o.near_clusters + ")");
  if (counts.small > 0)
    diag->Info("left out " + Count(counts.small, "record") + " shorter than " +
               std::to_string(o.min_payload) + " bytes or with an empty payload");
  if (counts.records == 0) {
    diag->Error("no records to learn from; " + o.rules + " not written");
    return diag->ExitCode();
  }
  urlrules::LearnOptions lo;
  lo.min_coverage = o.min_coverage;
  lo.min_precision = o.min_precision;
  lo.threads = o.jobs;
  urlrules::LearnSummary s;
  urlrules::RuleSet rules = urlrules::Learn(corpus, lo, &s);
  urlrules::Judgement j = urlrules::Judge(corpus, rules, /*held_out_only=*/true, o.jobs);

  char options[160];
  std::snprintf(options, sizeof options,
                "held-out %.4g, min-coverage %llu, min-precision %.4g, min-payload %llu",
                o.held_out, static_cast<unsigned long long>(o.min_coverage), o.min_precision,
                static_cast<unsigned long long>(o.min_payload));
  std::vector<std::string> header = {
      "learned from " + Count(counts.records, "record") + ", " + Count(corpus.url_count(), "URL") +
          ", " + Count(corpus.cluster_count(), "cluster") + " (" + options + ")",
      "held-out precision " + urlrules::FormatPrecision(j.correct, j.judged) + " (" +
          std::to_string(j.correct) + " of " + std::to_string(j.judged) +
          " judged URLs), reduction " + Percent(j.urls - j.forms, j.urls) + " of all URLs"};
  if (auto st = WriteWhole(o.rules, rules.Format(header)); !st.ok()) {
    diag->Error(o.rules + ": " + st.message());
    return diag->ExitCode();
  }
  if (o.format == "pywb" && o.rules != "-") {
    if (auto st = WriteWhole(o.rules + ".yaml", urlrules::FormatPywb(rules)); !st.ok())
      diag->Error(o.rules + ".yaml: " + st.message());
  }
  diag->Info(Count(s.clusters, "cluster") + " with 2 URLs or more learned from; " +
             Count(s.pairs, "pair-wise rule") + " in " + Count(s.shapes, "shape") + "; " +
             Count(s.leaf_rules, "rule") + " from the trees and " + std::to_string(s.folded_rules) +
             " folded; " + std::to_string(rules.rules().size()) + " kept, " +
             std::to_string(s.dropped) + " below the coverage or precision, " +
             std::to_string(s.subsumed) + " subsumed by folded rules (" +
             Count(static_cast<uint64_t>(s.rounds), "round") + ")");
  diag->Info(header[1]);
  return diag->ExitCode();
}

}  // namespace warcurlrules
