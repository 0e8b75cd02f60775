// warcsumsplit: cuts a manifest into partitions, never splitting a run of
// equal digests, or into one file per host.
#include <CLI/CLI.hpp>

#include "toolcommon/cli.h"
#include "toolcommon/io.h"
#include "toolcommon/size.h"
#include "toolcommon/temp_files.h"
#include "warcsumsplit.h"

namespace {

int Usage(const std::string& message) { return toolcommon::UsageError("warcsumsplit", message); }

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "Cut a digest-sorted manifest into partitions without splitting a run of equal digests "
      "(-c, -s, --digest-range), or any manifest into one file per host sorted by file and "
      "offset (--by-host). Partitions are PREFIX.N or PREFIX.HOST.",
      "warcsumsplit"};
  warcsumsplit::Options options;
  toolcommon::CommonOptions common;
  uint64_t count = 0, ranges = 0;
  std::string size, sort_buffer = "64M";
  app.add_option("input", options.input, "Manifest ('-' or none: stdin)")->type_name("FILE");
  auto* count_opt = app.add_option("-c,--count", count, "Cut into N partitions of about equal size")
                        ->type_name("N")
                        ->check(CLI::Range(uint64_t{1}, uint64_t{1000000}));
  auto* size_opt = app.add_option("-s,--size", size,
                                  "Cut at the first digest change after SIZE bytes (K, M, G, "
                                  "T: powers of 1024)")
                       ->type_name("SIZE");
  auto* range_opt =
      app.add_option("--digest-range", ranges,
                     "Partition k gets the digests in the k-th of N equal ranges of their "
                     "leading 64 bits")
          ->type_name("N")
          ->check(CLI::Range(uint64_t{1}, uint64_t{1000000}));
  auto* host_opt = app.add_option("--by-host", options.catalog,
                                  "One partition per host of CATALOG ('filename host' lines), "
                                  "sorted by file and offset")
                       ->type_name("CATALOG");
  app.add_flag("--duplicates-only", options.duplicates_only,
               "With --by-host: keep only lines with copy number above 1 (10-field input)");
  app.add_flag("--with-originals", options.with_originals,
               "With --duplicates-only: each host also gets the copy-1 line of every group it "
               "gets a copy of (input in digest order), for warcrefs to verify originals");
  app.add_option("-p,--prefix", options.prefix, "Partitions are PREFIX.N or PREFIX.HOST")
      ->type_name("PREFIX")
      ->capture_default_str();
  app.add_option("--sort-buffer", sort_buffer,
                 "With --by-host: memory for sorting before spilling to temporary files")
      ->type_name("SIZE")
      ->capture_default_str();
  toolcommon::AddCommonOptions(&app, &common);
  if (int rc = toolcommon::ParseCommandLine(&app, argc, argv); rc >= 0) return rc;

  int modes = (count_opt->count() > 0) + (size_opt->count() > 0) + (range_opt->count() > 0) +
              (host_opt->count() > 0);
  if (modes != 1) return Usage("give exactly one of -c, -s, --digest-range, --by-host");
  if (count_opt->count()) {
    options.mode = warcsumsplit::Mode::kCount;
    options.partitions = count;
  } else if (size_opt->count()) {
    options.mode = warcsumsplit::Mode::kSize;
    auto parsed = toolcommon::ParseSize(size);
    if (!parsed || *parsed == 0)
      return Usage("-s: expected a size such as 500M (K, M, G, T: powers of 1024), found \"" +
                   size + "\"");
    options.size = *parsed;
  } else if (range_opt->count()) {
    options.mode = warcsumsplit::Mode::kDigestRange;
    options.partitions = ranges;
  } else {
    options.mode = warcsumsplit::Mode::kByHost;
  }
  if (options.duplicates_only && options.mode != warcsumsplit::Mode::kByHost)
    return Usage("--duplicates-only needs --by-host");
  if (options.with_originals && !options.duplicates_only)
    return Usage("--with-originals needs --by-host --duplicates-only");
  auto buffer = toolcommon::ParseSize(sort_buffer);
  if (!buffer || *buffer < 1024)
    return Usage("--sort-buffer: expected a size of at least 1K, found \"" + sort_buffer + "\"");
  options.sort_buffer = static_cast<size_t>(*buffer);
  if (options.prefix.empty() || options.prefix.back() == '/')
    return Usage("-p: expected a file name prefix, found \"" + options.prefix + "\"");

  toolcommon::Diag diag("warcsumsplit");
  diag.set_verbosity(common.Verbosity());
  options.progress = common.progress || toolcommon::StderrIsTerminal();
  toolcommon::InstallInterruptHandler();
  return warcsumsplit::Run(options, &diag);
}
