// warcurlrules apply and estimate: URL lists through the rules.
#include <algorithm>
#include <cinttypes>
#include <cstdio>

#include "inputs.h"
#include "manifest/entry.h"
#include "url/urlcanon.h"
#include "urlrules/estimate.h"
#include "urlrules/judge.h"

namespace warcurlrules {

namespace {

// A field as the manifest writes it; most URLs need no encoding at all.
void AppendField(std::string_view raw, std::string* out) {
  bool plain = !raw.empty() && raw != "-";
  for (char ch : raw) {
    auto c = static_cast<unsigned char>(ch);
    plain = plain && c > 0x20 && c < 0x7f && c != '%';
  }
  if (plain)
    out->append(raw);
  else
    out->append(manifest::EncodeField(raw));
}

}  // namespace

int ApplyRules(const Options& o, toolcommon::Diag* diag) {
  urlrules::RuleSet rules;
  if (!LoadRules(o.rules, &rules, diag)) return diag->ExitCode();
  toolcommon::OutputFile out;
  if (auto s = out.Open(o.output, false); !s.ok()) {
    diag->Error(o.output + ": " + s.message());
    return diag->ExitCode();
  }
  base::Status written;
  std::vector<std::string> parts;
  ForEachUrlBlock(o.inputs, o.progress, diag, [&](const std::vector<std::string_view>& lines) {
    // Slices of the block, each written into its own part, in order.
    const size_t slices = std::min(lines.size(), static_cast<size_t>(o.jobs) * 16);
    parts.assign(slices, std::string());
    urlrules::ParallelFor(slices, o.jobs, [&](size_t begin, size_t end) {
      for (size_t s = begin; s < end; ++s) {
        std::string& text = parts[s];
        for (size_t i = lines.size() * s / slices; i < lines.size() * (s + 1) / slices; ++i) {
          std::string raw = manifest::DecodeField(lines[i]);
          std::string canonical = rules.Canonicalize(raw);
          if (o.surt)
            canonical = url::Surt(canonical, /*with_scheme=*/false, /*trailing_comma=*/false);
          AppendField(raw, &text);
          text.push_back(' ');
          AppendField(canonical, &text);
          text.push_back('\n');
        }
      }
    });
    for (const std::string& text : parts)
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
  ForEachUrlBlock(o.inputs, o.progress, diag, [&](const std::vector<std::string_view>& lines) {
    size_t base = forms.size();
    forms.resize(base + lines.size());
    urlrules::ParallelFor(lines.size(), o.jobs, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) forms[base + i] = urlrules::FormOf(rules, lines[i]);
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
