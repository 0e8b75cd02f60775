// warcurlrules apply and estimate: URL lists through the rules.
#include <cinttypes>
#include <cstdio>

#include "inputs.h"
#include "manifest/entry.h"
#include "url/urlcanon.h"
#include "urlrules/estimate.h"
#include "urlrules/judge.h"

namespace warcurlrules {

int ApplyRules(const Options& o, toolcommon::Diag* diag) {
  urlrules::RuleSet rules;
  if (!LoadRules(o.rules, &rules, diag)) return diag->ExitCode();
  toolcommon::OutputFile out;
  if (auto s = out.Open(o.output, false); !s.ok()) {
    diag->Error(o.output + ": " + s.message());
    return diag->ExitCode();
  }
  std::vector<std::string> lines;
  base::Status written;
  ForEachUrlBlock(o.inputs, o.progress, diag, [&](std::vector<std::string>* block) {
    lines.resize(block->size());
    urlrules::ParallelFor(block->size(), o.jobs, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) {
        std::string raw = manifest::DecodeField((*block)[i]);
        std::string canonical = rules.Canonicalize(raw);
        if (o.surt)
          canonical = url::Surt(canonical, /*with_scheme=*/false, /*trailing_comma=*/false);
        lines[i] = manifest::EncodeField(raw);
        lines[i].append(1, ' ').append(manifest::EncodeField(canonical)).append(1, '\n');
      }
    });
    std::string text;
    for (const std::string& l : lines) text.append(l);
    if (written.ok()) written = out.Write(text.data(), text.size());
  });
  if (written.ok()) written = out.Commit();
  if (!written.ok()) diag->Error(o.output + ": " + written.message());
  return diag->ExitCode();
}

int Estimate(const Options& o, toolcommon::Diag* diag) {
  urlrules::RuleSet rules;
  if (!LoadRules(o.rules, &rules, diag)) return diag->ExitCode();
  std::vector<urlrules::UrlForm> forms;
  ForEachUrlBlock(o.inputs, o.progress, diag, [&](std::vector<std::string>* block) {
    size_t base = forms.size();
    forms.resize(base + block->size());
    urlrules::ParallelFor(block->size(), o.jobs, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) forms[base + i] = urlrules::FormOf(rules, (*block)[i]);
    });
  });
  urlrules::Estimate e = urlrules::EstimateDuplicates(std::move(forms));
  double share = e.urls ? e.expected / static_cast<double>(e.urls) : 0.0;
  double u = e.urls ? static_cast<double>(e.urls) : 1.0;
  std::printf("urls listed       %" PRIu64
              "\n"
              "distinct URLs     %" PRIu64
              " (after the standard canonicalisation)\n"
              "forms             %" PRIu64
              " (after the rules)\n"
              "merged by rules   %" PRIu64
              "\n"
              "expected duplicates %.1f +- %.1f URLs (95%%: +- %.1f by chance; %.1f to %.1f with "
              "each rule's precision "
              "at its 95%% bounds)\n"
              "expected duplicate share %.2f%% of the distinct URLs (%.2f%% to %.2f%%)\n",
              e.lines, e.urls, e.forms, e.merged, e.expected, e.stddev, 1.96 * e.stddev, e.low,
              e.high, 100.0 * share, 100.0 * e.low / u, 100.0 * e.high / u);
  return diag->ExitCode();
}

}  // namespace warcurlrules
