// warcsumproc: numbers the copies of each (digest, ext) group of a sorted
// manifest and points each duplicate at its original.
#include <CLI/CLI.hpp>

#include "toolcommon/cli.h"
#include "toolcommon/io.h"
#include "warcsumproc.h"

int main(int argc, char** argv) {
  CLI::App app{
      "Number the copies in a manifest sorted by digest, ext, date, file and offset "
      "(LC_ALL=C sort -k6,6 -k7,7n -k5,5 -k1,1 -k2,2n): copy 1 is the earliest capture of each "
      "(digest, ext) group, the others refer to its uri and date.",
      "warcsumproc"};
  warcsumproc::RunOptions options;
  toolcommon::CommonOptions common;
  app.add_option("input", options.input, "7-field manifest ('-' or none: stdin)")
      ->type_name("FILE");
  app.add_option("-o,--output", options.output,
                 "Write the 10-field manifest to FILE ('-': stdout); not written on error")
      ->type_name("FILE");
  toolcommon::AddCommonOptions(&app, &common);
  if (int rc = toolcommon::ParseCommandLine(&app, argc, argv); rc >= 0) return rc;

  toolcommon::Diag diag("warcsumproc");
  diag.set_verbosity(common.Verbosity());
  options.progress = common.progress || toolcommon::StderrIsTerminal();
  toolcommon::InstallInterruptHandler();
  return warcsumproc::Run(options, &diag);
}
