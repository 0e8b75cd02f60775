// warccollres: proves records with equal digests identical, byte for byte,
// and appends the hash extension to each manifest line.
#include <CLI/CLI.hpp>

#include "collres.h"
#include "toolcommon/cli.h"
#include "toolcommon/fetch_options.h"
#include "toolcommon/io.h"

int main(int argc, char** argv) {
  CLI::App app{
      "Read a manifest sorted by digest; fetch the records that share a digest, compare their "
      "payloads byte for byte and append the hash extension (and with --proc the copy number "
      "and the original's URI and date) to every line.",
      "warccollres"};
  warccollres::Options options;
  toolcommon::CommonOptions common;
  app.add_option("input", options.input, "Manifest sorted by digest ('-': stdin)")
      ->capture_default_str();
  app.add_option("-o,--output", options.output, "Write to FILE ('-': stdout)")->type_name("FILE");
  toolcommon::AddFetchOptions(&app, &options.fetch);
  app.add_option("-t,--threads", options.threads,
                 "Compare runs on N threads (the output is the same)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  app.add_option("--run-part", options.run_part,
                 "Records of one run held in memory (fewer if their lines take over 4 MB); a "
                 "longer run is compared in parts")
      ->check(CLI::Range(size_t{2}, size_t{1} << 30))
      ->capture_default_str();
  app.add_option("--temp-dir", options.temp_dir,
                 "Directory for ordering long runs with --proc (default: $TMPDIR or /tmp)")
      ->type_name("DIR");
  app.add_flag("--proc", options.proc,
               "Also write copy number, ref-uri and ref-date (as warcsumproc does)");
  toolcommon::AddCommonOptions(&app, &common);
  if (int rc = toolcommon::ParseCommandLine(&app, argc, argv); rc >= 0) return rc;

  toolcommon::Diag diag("warccollres");
  diag.set_verbosity(common.Verbosity());
  options.progress = common.progress || toolcommon::StderrIsTerminal();
  toolcommon::InstallInterruptHandler();
  return warccollres::Run(options, &diag);
}
