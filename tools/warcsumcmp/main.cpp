// warcsumcmp: compares the warcsum manifests of a collection before and after
// a conversion, or a deduplication driven by a warcsumproc manifest.
#include <CLI/CLI.hpp>
#include <iostream>

#include "toolcommon/cli.h"
#include "toolcommon/io.h"
#include "toolcommon/size.h"
#include "warcsumcmp.h"

namespace {

int Usage(const std::string& message) {
  std::cerr << "warcsumcmp: " << message << "\n"
            << "Try 'warcsumcmp --help' for more information.\n";
  return toolcommon::kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "Compare the warcsum manifests BEFORE and AFTER of a collection, matching records by "
      "(file, uri, date). Without PROCESSED every record must be on both sides with the same "
      "digest; with PROCESSED (from warcsumproc) exactly the copies numbered above 1 must be "
      "gone, and their originals still there. Discrepancies go to stdout, one per line.",
      "warcsumcmp"};
  warcsumcmp::RunOptions options;
  toolcommon::CommonOptions common;
  std::string sort_buffer = "256M";
  app.add_option("before", options.before, "Manifest of the collection before ('-': stdin)")
      ->type_name("BEFORE")
      ->required();
  app.add_option("after", options.after, "Manifest of the collection after ('-': stdin)")
      ->type_name("AFTER")
      ->required();
  auto* processed = app.add_option("processed", options.processed,
                                   "10-field manifest that drove the deduplication ('-': stdin)")
                        ->type_name("PROCESSED");
  app.add_option("-o,--output", options.output, "Write the discrepancies to FILE instead of stdout")
      ->type_name("FILE");
  app.add_option("--referenced", options.referenced,
                 "What existing revisits refer to (warcsum --revisit-refs): copies among them "
                 "are expected to be kept")
      ->type_name("FILE");
  app.add_option("--kept", options.kept,
                 "The copies warcrefs kept by design (warcrefs --kept): expected still there")
      ->type_name("FILE");
  app.add_option("--temp-dir", options.temp_dir,
                 "Directory for the sorts' temporary files (default: AFTER's directory, /tmp "
                 "for stdin)")
      ->type_name("DIR");
  app.add_option("--sort-buffer", sort_buffer,
                 "Memory for sorting, shared by the sorts, before spilling to temporary files")
      ->type_name("SIZE")
      ->capture_default_str();
  toolcommon::AddCommonOptions(&app, &common);
  if (int rc = toolcommon::ParseCommandLine(&app, argc, argv); rc >= 0) return rc;

  if (processed->count() && options.processed.empty())
    return Usage("PROCESSED: expected a file name, found \"\"");
  int stdin_inputs = (options.before == "-") + (options.after == "-") + (options.processed == "-");
  if (stdin_inputs > 1) return Usage("only one input can be standard input ('-')");
  auto buffer = toolcommon::ParseSize(sort_buffer);
  if (!buffer || *buffer < 1024)
    return Usage("--sort-buffer: expected a size of at least 1K, found \"" + sort_buffer + "\"");
  options.sort_bytes = static_cast<size_t>(*buffer);

  toolcommon::Diag diag("warcsumcmp");
  diag.set_verbosity(common.Verbosity());
  options.progress = common.progress || toolcommon::StderrIsTerminal();
  toolcommon::InstallInterruptHandler();
  return warcsumcmp::Run(options, &diag);
}
