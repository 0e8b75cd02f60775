// warcsumcmp: compares the warcsum manifests of a collection before and after
// a conversion, or a deduplication driven by a warcsumproc manifest.
#include <CLI/CLI.hpp>

#include "table.h"
#include "toolcommon/cli.h"
#include "toolcommon/io.h"
#include "toolcommon/size.h"
#include "warcsumcmp.h"

namespace {

int Usage(const std::string& message) { return toolcommon::UsageError("warcsumcmp", message); }

// The --table options (see table.h).
void AddTableOptions(CLI::App* app, std::string* list, warcsumcmp::TableOptions* o) {
  app->add_option("--table", *list,
                  "Print warcdedup's before/after table of the input files listed in LIST (one "
                  "path a line) from the manifests BEFORE and AFTER, instead of comparing")
      ->type_name("LIST");
  app->add_option("--sizes-before", o->sizes_before,
                  "With --table: the sizes of the inputs before the run (stat -c '%s %n' lines)")
      ->type_name("FILE");
  app->add_option("--sizes-after", o->sizes_after,
                  "With --table: write the sizes of the files after the run to FILE")
      ->type_name("FILE");
  app->add_option("--sizes-after-from", o->sizes_after_from,
                  "With --table: the sizes of the files after the run, from FILE (stat -c '%s "
                  "%n' lines, matched by base name), instead of looking at the files")
      ->type_name("FILE");
  app->add_option("--output-dir", o->output_dir,
                  "With --table: the run wrote its files to DIR (default: in place)")
      ->type_name("DIR");
  app->add_option("--since", o->since,
                  "With --table and --output-dir: files in DIR older than FILE are not the run's")
      ->type_name("FILE");
  app->add_option("--prediction", o->prediction,
                  "With --table: a dry run, predicted by warcrefs --dry-run -v's messages in FILE "
                  "(AFTER is not given)")
      ->type_name("FILE");
}

int Table(const std::string& list, warcsumcmp::TableOptions options, const std::string& before,
          const std::string* after, const toolcommon::CommonOptions& common) {
  if (options.sizes_before.empty()) return Usage("--table needs --sizes-before");
  if (!after == options.prediction.empty())
    return Usage(after ? "--prediction: AFTER is not given" : "after is required");
  options.inputs = list;
  options.before = before;
  if (after) options.after = *after;
  toolcommon::Diag diag("warcsumcmp");
  diag.set_verbosity(common.Verbosity());
  return warcsumcmp::PrintTable(options, &diag);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "Compare the warcsum manifests BEFORE and AFTER of a collection, matching records by "
      "(file, uri, date). Without PROCESSED (a conversion check, such as arc2warc's) every record "
      "must be on both sides with the same digest, files matching by stem (x.arc.gz is "
      "x.warc.gz) and URIs as arc2warc writes them; with PROCESSED (from warcsumproc) exactly the "
      "copies numbered above 1 must be gone, and their originals still there. Discrepancies go to "
      "stdout, one per line.",
      "warcsumcmp"};
  warcsumcmp::RunOptions options;
  toolcommon::CommonOptions common;
  std::string sort_buffer = "256M";
  app.add_option("before", options.before, "Manifest of the collection before ('-': stdin)")
      ->type_name("BEFORE")
      ->required();
  // Required but with --table --prediction: checked below.
  auto* after =
      app.add_option("after", options.after, "Manifest of the collection after ('-': stdin)")
          ->type_name("AFTER");
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
                 "Directory for the sorts' temporary files (default: AFTER's directory, $TMPDIR "
                 "or /tmp for stdin)")
      ->type_name("DIR");
  app.add_option("--sort-buffer", sort_buffer,
                 "Memory for sorting, shared by the sorts, before spilling to temporary files")
      ->type_name("SIZE")
      ->capture_default_str();
  app.add_option("-d,--warc-dir", options.warc_dirs,
                 "Where the files the manifests name are, to tell ARC files by their content "
                 "without --kept (repeatable; default: .)")
      ->type_name("DIR")
      ->allow_extra_args(false);
  std::string table;
  warcsumcmp::TableOptions table_options;
  AddTableOptions(&app, &table, &table_options);
  toolcommon::AddCommonOptions(&app, &common);
  if (int rc = toolcommon::ParseCommandLine(&app, argc, argv); rc >= 0) return rc;

  if (!table.empty())
    return Table(table, table_options, options.before, after->count() ? &options.after : nullptr,
                 common);
  if (!after->count()) return Usage("after is required");
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
