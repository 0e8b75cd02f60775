// arc2warc: converts ARC files into WARC files, losslessly (see arc2warc(1)).
#include <CLI/CLI.hpp>

#include "arc2warc.h"
#include "toolcommon/cli.h"
#include "toolcommon/io.h"
#include "toolcommon/temp_files.h"

int main(int argc, char** argv) {
  CLI::App app{
      "Convert ARC files (v1, v2; plain or gzip) into WARC files, keeping every record's "
      "block byte for byte and its ARC record line in WARC-ARC-Header-Line.",
      "arc2warc"};
  arc2warc::RunOptions options;
  toolcommon::CommonOptions common;
  std::string version = "1.1";
  bool no_gzip = false;
  app.add_option("inputs", options.inputs,
                 "ARC files; directories with -r (their .arc and .arc.gz files); '-' reads a "
                 "list of paths from stdin")
      ->required();
  app.add_flag("-r,--recursive", options.recursive,
               "Read the ARC files in directories, recursively");
  app.add_option("-o,--output-dir", options.output_dir,
                 "Write the WARC files into DIR ('-': the one input's WARC file on stdout)")
      ->type_name("DIR")
      ->required();
  app.add_option("--warc-version", version, "WARC version to write: 1.0 or 1.1")
      ->check(CLI::IsMember({"1.0", "1.1"}))
      ->capture_default_str();
  app.add_flag("--no-gzip", no_gzip,
               "Write plain .warc files (default: one gzip member per record)");
  app.add_option("--level", options.convert.level, "Deflate level of the gzip members, 1 to 12")
      ->check(CLI::Range(1, 12))
      ->capture_default_str();
  app.add_flag("--verify", options.verify,
               "Read each WARC file back and compare every record with its ARC record, byte for "
               "byte, before it replaces anything");
  app.add_flag("--overwrite", options.overwrite, "Replace WARC files that exist already");
  app.add_option("--temp-dir", options.convert.temp_dir,
                 "Spool blocks over 4 MiB here while their digests are computed (default: the "
                 "output directory)")
      ->type_name("DIR");
  app.add_option("-j,--jobs", options.jobs, "Convert N files in parallel (output unchanged)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  toolcommon::AddCommonOptions(&app, &common);
  if (int rc = toolcommon::ParseCommandLine(&app, argc, argv); rc >= 0) return rc;

  toolcommon::Diag diag("arc2warc");
  diag.set_verbosity(common.Verbosity());
  options.convert.warc_version = "WARC/" + version;
  options.convert.gzip = !no_gzip;
  if (options.verify && options.output_dir == "-")
    return toolcommon::UsageError("arc2warc", "--verify reads the WARC file back: it needs -o DIR");
  if (options.convert.temp_dir.empty())
    options.convert.temp_dir = options.output_dir == "-" ? "" : options.output_dir;
  options.progress = common.progress || toolcommon::StderrIsTerminal();
  toolcommon::InstallInterruptHandler();
  return arc2warc::Run(options, &diag);
}
