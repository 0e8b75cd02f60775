// warcurlrules: learn from duplicate clusters which URLs are the same page,
// and canonicalise URLs with what was learned (see warcurlrules(1)).
#include <CLI/CLI.hpp>

#include "toolcommon/cli.h"
#include "toolcommon/io.h"
#include "warcurlrules.h"

namespace {

void AddJobs(CLI::App* app, warcurlrules::Options* o) {
  app->add_option("-j,--jobs", o->jobs, "Worker threads (output unchanged)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "Learn URL rewrite rules from clusters of duplicate records (manifests of warccollres "
      "or warcsumproc), measure them, and canonicalise URL lists with them.",
      "warcurlrules"};
  warcurlrules::Options o;
  toolcommon::CommonOptions common;
  app.require_subcommand(1);
  app.fallthrough();  // -q, -v, --progress after the command too

  CLI::App* learn =
      app.add_subcommand("learn", "Learn rules from PROCESSED manifests; write RULES");
  learn->add_option("-o,--output", o.rules, "The rules file to write (warcurlrules(5))")
      ->required();
  learn->add_option("manifests", o.inputs,
                    "Manifests of 7 or 10 fields ('-': a list of paths on stdin)");
  learn->add_flag("-r,--recursive", o.recursive, "Read the manifests in directories");
  learn->add_option("--held-out", o.held_out, "Share of clusters held out to measure the rules on")
      ->check(CLI::Range(0.01, 0.99))
      ->capture_default_str();
  learn->add_option("--min-coverage", o.min_coverage, "Held-out URLs a rule must judge to be kept")
      ->check(CLI::Range(1, 1000000000))
      ->capture_default_str();
  learn->add_option("--min-precision", o.min_precision, "Held-out precision a rule must reach")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  learn
      ->add_option(
          "--min-payload", o.min_payload,
          "Leave out records whose length field is below BYTES (soft-404 and redirect pages)")
      ->capture_default_str();
  learn
      ->add_option("--clusters", o.near_clusters,
                   "Also learn from near-duplicate clusters (warcnear --clusters output; off by "
                   "default)")
      ->type_name("FILE");
  learn
      ->add_option("--format", o.format,
                   "text, or pywb: also RULES.yaml in pywb 2.x's rules.yaml form")
      ->check(CLI::IsMember({"text", "pywb"}))
      ->capture_default_str();
  AddJobs(learn, &o);

  CLI::App* apply = app.add_subcommand("apply", "Print 'URL CANONICAL' for each URL of a list");
  apply->add_option("rules", o.rules, "The rules file")->required();
  apply->add_option("urls", o.inputs, "URL lists, one URL per line ('-' or none: stdin)");
  apply->add_option("-o,--output", o.output, "Write to FILE ('-': stdout)")->capture_default_str();
  apply->add_flag("--surt", o.surt, "Write the canonical form as a SURT (com,example)/path)");
  AddJobs(apply, &o);

  CLI::App* eval =
      app.add_subcommand("eval", "Measure rules on held-out manifests (the paper's metrics)");
  eval->add_option("rules", o.rules, "The rules file")->required();
  eval->add_option("manifests", o.inputs, "Manifests of 7 or 10 fields")->required();
  eval->add_flag("-r,--recursive", o.recursive, "Read the manifests in directories");
  eval->add_option("--thresholds", o.thresholds, "Learned-precision thresholds, one table row each")
      ->delimiter(',')
      ->check(CLI::Range(0.0, 1.0));
  eval->add_flag("--per-rule", o.per_rule, "Also print each rule's measured precision");
  eval->add_option("--min-payload", o.min_payload, "As for learn")->capture_default_str();
  eval->add_option("--clusters", o.near_clusters, "As for learn")->type_name("FILE");
  AddJobs(eval, &o);

  CLI::App* estimate = app.add_subcommand("estimate", "Expected duplicate share of a URL list");
  estimate->add_option("rules", o.rules, "The rules file")->required();
  estimate->add_option("urls", o.inputs, "URL lists, one URL per line ('-' or none: stdin)");
  AddJobs(estimate, &o);

  toolcommon::AddCommonOptions(&app, &common);
  if (int rc = toolcommon::ParseCommandLine(&app, argc, argv); rc >= 0) return rc;
  toolcommon::Diag diag("warcurlrules");
  diag.set_verbosity(common.Verbosity());
  o.progress = common.progress || (common.Verbosity() > 0 && toolcommon::StderrIsTerminal());
  if (learn->parsed()) {
    if (o.inputs.empty())
      return toolcommon::UsageError("warcurlrules", "learn: no manifests given");
    return warcurlrules::Learn(o, &diag);
  }
  if (apply->parsed()) return warcurlrules::ApplyRules(o, &diag);
  if (eval->parsed()) return warcurlrules::Eval(o, &diag);
  return warcurlrules::Estimate(o, &diag);
}
