// warcrefs: rewrites WARC files, turning every duplicate (copy > 1) into a
// revisit record.
#include <CLI/CLI.hpp>
#include <algorithm>

#include "refs.h"
#include "toolcommon/cli.h"
#include "toolcommon/fetch_options.h"
#include "toolcommon/io.h"

int main(int argc, char** argv) {
  CLI::App app{
      "Rewrite WARC files: every record whose manifest line has copy number > 1 becomes an "
      "identical-payload-digest revisit record; everything else is copied unchanged.",
      "warcrefs"};
  warcrefs::Options options;
  toolcommon::CommonOptions common;
  app.add_option("-m,--manifest", options.manifest,
                 "Post-processed manifest (10 fields) sorted by file and offset ('-': stdin)")
      ->required()
      ->type_name("MANIFEST");
  auto* out = app.add_option("-o,--output-dir", options.out_dir, "Write the new files to DIR")
                  ->type_name("DIR")
                  ->check(CLI::ExistingDirectory);
  auto* in_place = app.add_flag("--in-place", options.in_place, "Replace the input files");
  out->excludes(in_place);
  app.add_flag("-n,--dry-run", options.dry_run,
               "Report per file what would change and the bytes saved; write nothing");
  app.add_flag("--trust-manifest", options.trust_manifest,
               "Convert copies without reading their originals (at your risk: a wrong manifest "
               "line destroys a payload)");
  app.add_flag("--strict", options.strict,
               "Rewrite nothing when --referenced lists a damaged or incomplete input");
  // Where originals are read; -j is this tool's own (files rewritten at once).
  toolcommon::AddFetchOptions(&app, &options.fetch);
  app.remove_option(app.get_option("--jobs"));
  app.get_option("--warc-dir")
      ->description("Directory holding originals that are not among the inputs (repeatable)");
  app.add_option("-j,--jobs", options.jobs, "Rewrite N files at once (the report keeps its order)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  app.add_option("--after-manifest", options.after_manifest,
                 "Also write the warcsum manifest of every input file as it is after the run "
                 "(read back by the verify pass), in the manifest's digest algorithm ('-': stdout)")
      ->type_name("FILE");
  app.add_option("--referenced", options.referenced,
                 "Keep the records that existing revisits refer to, as listed in FILE "
                 "(warcsum --revisit-refs)")
      ->type_name("FILE");
  app.add_option("--kept", options.kept_list,
                 "Also write the copies kept by design, one line each (for warcsumcmp --kept)")
      ->type_name("FILE");
  app.add_option("inputs", options.inputs,
                 "WARC files, or directories holding them; '-' reads a list of paths from stdin")
      ->required();
  toolcommon::AddCommonOptions(&app, &common);
  if (int rc = toolcommon::ParseCommandLine(&app, argc, argv); rc >= 0) return rc;
  if (options.out_dir.empty() && !options.in_place && !options.dry_run) {
    return toolcommon::UsageError("warcrefs", "give -o DIR or --in-place (or --dry-run)");
  }
  if (options.manifest == "-" &&
      std::find(options.inputs.begin(), options.inputs.end(), "-") != options.inputs.end()) {
    return toolcommon::UsageError("warcrefs",
                                  "-m - and the input '-' cannot both read standard input");
  }
  if (options.trust_manifest && (!options.fetch.warc_dirs.empty() || options.fetch.remote())) {
    return toolcommon::UsageError("warcrefs",
                                  "--trust-manifest reads no originals: -d, --url-prefix, "
                                  "--db and --catalog do not go with it");
  }
  toolcommon::Diag diag("warcrefs");
  diag.set_verbosity(common.Verbosity());
  toolcommon::InstallInterruptHandler();
  return warcrefs::Run(options, &diag);
}
