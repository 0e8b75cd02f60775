// warccover: a minimum set of records that keeps or covers every record,
// under a user's coverage expression (see warccover(1)).
#include <CLI/CLI.hpp>

#include "toolcommon/cli.h"
#include "toolcommon/io.h"
#include "toolcommon/temp_files.h"
#include "warccover.h"

int main(int argc, char** argv) {
  CLI::App app{
      "Find a minimum set of records to keep such that every other record is covered by a "
      "kept one under a coverage expression (a is redundant while b is kept), from signature "
      "files (warcsig(5)); write one line per record (warccover(5)).",
      "warccover"};
  warccover::RunOptions options;
  toolcommon::CommonOptions common;
  app.add_option("inputs", options.inputs, "Signature files (of the same settings)");
  app.add_option("-e,--expression", options.expression,
                 "The coverage relation, e.g. 'containment >= 0.7 and a.date <= b.date'")
      ->required();
  app.add_option("-o,--output", options.output, "Write the cover to FILE ('-': stdout)")
      ->type_name("FILE");
  app.add_flag("--explain", options.explain,
               "Print the parsed expression and the plan (blocking keys, candidate threshold) "
               "and stop");
  app.add_option("--check", options.check,
                 "Verify the cover file COVER against the signature files and the expression "
                 "instead of solving")
      ->type_name("COVER");
  app.add_flag("--approximate", options.approximate,
               "Candidates by MinHash LSH instead of the exact join (may miss pairs); accepts "
               "signature files made with --mod-p");
  app.add_flag("--greedy", options.greedy,
               "Greedy cover only, without the exact search (a baseline)");
  app.add_option("--budget", options.budget,
                 "Branch-and-bound nodes per component before falling back to greedy")
      ->capture_default_str();
  app.add_option("--max-pairs", options.max_pairs,
                 "Without a content threshold, refuse to evaluate more pairs than this")
      ->capture_default_str();
  app.add_option("-j,--jobs", options.jobs, "Worker threads (output unchanged)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  toolcommon::AddCommonOptions(&app, &common);
  if (int rc = toolcommon::ParseCommandLine(&app, argc, argv); rc >= 0) return rc;

  toolcommon::Diag diag("warccover");
  diag.set_verbosity(common.Verbosity());
  if (options.inputs.empty() && !options.explain) {
    return toolcommon::UsageError("warccover", "no signature files given");
  }
  options.progress = common.progress || (common.Verbosity() > 0 && toolcommon::StderrIsTerminal());
  toolcommon::InstallInterruptHandler();
  return warccover::Run(options, &diag);
}
