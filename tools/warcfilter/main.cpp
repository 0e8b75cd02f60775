// warcfilter: writes new WARC files holding the records a LIST (a cover
// file, a manifest, or file-offset lines) selects, and what belongs with them.
#include <CLI/CLI.hpp>
#include <algorithm>

#include "filter_run.h"
#include "toolcommon/cli.h"
#include "toolcommon/io.h"

int main(int argc, char** argv) {
  CLI::App app{
      "Write new WARC files holding only the records a LIST keeps (a warccover cover file, a "
      "manifest, or file-offset lines), the records that belong with them, and the records it "
      "does not name; records are copied raw, files written atomically and verified.",
      "warcfilter"};
  warcfilter::Options options;
  toolcommon::CommonOptions common;
  app.add_option("-m,--list", options.list,
                 "Cover file, manifest or FILE OFFSET lines naming the records ('-': stdin)")
      ->required()
      ->type_name("LIST");
  app.add_option("-o,--output-dir", options.out_dir,
                 "Write the new files to DIR, under the inputs' names (not an input's directory)")
      ->required()
      ->type_name("DIR")
      ->check(CLI::ExistingDirectory);
  app.add_flag("--only-listed", options.only_listed, "Drop the records the LIST does not name");
  app.add_flag("--invert", options.invert,
               "Write exactly the records the same run without --invert drops (with what "
               "belongs with them)");
  app.add_flag("-r,--recursive", options.recursive, "Read the files in directories, recursively");
  app.add_option("-j,--jobs", options.jobs, "Filter N files at once (output identical for any N)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  app.add_option("inputs", options.inputs,
                 "WARC files; directories with -r; '-' reads a list of paths from stdin")
      ->required();
  toolcommon::AddCommonOptions(&app, &common);
  if (int rc = toolcommon::ParseCommandLine(&app, argc, argv); rc >= 0) return rc;
  if (options.list == "-" &&
      std::find(options.inputs.begin(), options.inputs.end(), "-") != options.inputs.end()) {
    return toolcommon::UsageError("warcfilter",
                                  "-m - and the input '-' cannot both read standard input");
  }
  options.progress = common.progress || toolcommon::StderrIsTerminal();
  toolcommon::Diag diag("warcfilter");
  diag.set_verbosity(common.Verbosity());
  toolcommon::InstallInterruptHandler();
  return warcfilter::Run(options, &diag);
}
