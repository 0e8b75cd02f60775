// warcsum: writes one manifest line per response record of WARC and ARC files.
#include <CLI/CLI.hpp>

#include "toolcommon/cli.h"
#include "toolcommon/io.h"
#include "warcsum.h"

int main(int argc, char** argv) {
  CLI::App app{
      "Write one manifest line (file offset length uri date digest) per response record of "
      "WARC and ARC files, gzip or plain.",
      "warcsum"};
  warcsum::RunOptions options;
  toolcommon::CommonOptions common;
  std::string hash = "sha1", types = "response";
  app.add_option("inputs", options.inputs,
                 "WARC/ARC files; directories with -r; '-' reads a list of paths from stdin")
      ->required();
  app.add_flag("-r,--recursive", options.recursive, "Read the files in directories, recursively");
  app.add_option("-o,--output", options.output, "Write the manifest to FILE ('-': stdout)")
      ->type_name("FILE");
  app.add_flag("--append", options.append, "Append to the -o file instead of replacing it");
  app.add_option("--revisit-refs", options.revisit_refs,
                 "Also write what every revisit record refers to (for warcrefs --referenced)")
      ->type_name("FILE");
  app.add_option("-H,--hash", hash, "Payload digest: md5, sha1, sha256 or sha512")
      ->check(CLI::IsMember({"md5", "sha1", "sha256", "sha512"}))
      ->capture_default_str();
  app.add_flag("--recompute", options.sum.recompute,
               "Always hash payloads, never reuse a stored WARC-Payload-Digest");
  app.add_flag("--verify", options.sum.verify,
               "Hash payloads and report every stored digest that differs (exit 1)");
  app.add_option("--types", types, "Record types to list, comma-separated: response, resource")
      ->capture_default_str();
  app.add_flag("--keep-empty", options.sum.keep_empty, "List records with an empty payload");
  app.add_flag("--keep-truncated", options.sum.keep_truncated,
               "List records marked WARC-Truncated");
  app.add_flag("--full-path", options.full_path,
               "Write the path as given in the file field, not its base name");
  app.add_option("-j,--jobs", options.jobs, "Read N files in parallel (output order unchanged)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  toolcommon::AddCommonOptions(&app, &common);
  if (int rc = toolcommon::ParseCommandLine(&app, argc, argv); rc >= 0) return rc;

  toolcommon::Diag diag("warcsum");
  diag.set_verbosity(common.Verbosity());
  options.sum.algorithm = *warc::ParseAlgorithm(hash);
  auto type_mask = warc::ParseRecordTypeList(types);
  if (!type_mask || (*type_mask & ~(warc::kResponse | warc::kResource))) {
    return toolcommon::UsageError(
        "warcsum", "--types: expected response and/or resource, found \"" + types + "\"");
  }
  options.sum.types = *type_mask;
  if (options.revisit_refs == "-" && options.output == "-") {
    return toolcommon::UsageError(
        "warcsum", "--revisit-refs - needs the manifest in -o FILE (both would go to stdout)");
  }
  if (options.append && options.output == "-") {
    return toolcommon::UsageError("warcsum", "--append needs -o FILE");
  }
  options.progress = common.progress || toolcommon::StderrIsTerminal();
  toolcommon::InstallInterruptHandler();
  return warcsum::Run(options, &diag);
}
