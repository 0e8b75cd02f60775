// warcsum: writes one manifest line per response record of WARC and ARC files.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>

#include "base/source.h"
#include "manifest/references.h"
#include "toolcommon/archive_inputs.h"
#include "toolcommon/cli.h"
#include "toolcommon/io.h"
#include "warcsum.h"

namespace {

// --list-inputs FILE: the inputs' archive files into FILE, as warcdedup
// lists them; on stdout the files reached twice (exit 3) or else the links
// that lead outside the inputs.
int ListInputs(const std::string& list, const std::vector<std::string>& inputs,
               toolcommon::Diag* diag) {
  toolcommon::ArchiveInputs in;
  bool read_all = toolcommon::ListArchiveInputs(inputs, &in);
  std::string text;
  for (const auto& f : in.files) text += f + "\n";
  FILE* out = std::fopen(list.c_str(), "w");
  if (out == nullptr || std::fwrite(text.data(), 1, text.size(), out) != text.size() ||
      std::fclose(out) != 0) {
    diag->Error(list + ": cannot write");
    return 1;
  }
  for (const auto& e : in.errors) diag->Error(e);
  if (!read_all) return 1;
  for (const auto& line : in.twice.empty() ? in.link_problems : in.twice) std::cout << line << '\n';
  std::cout.flush();
  return in.twice.empty() ? 0 : 3;
}

// --damaged-list: the inputs that reference lists name as not read whole.
int DamagedList(const std::vector<std::string>& lists, toolcommon::Diag* diag) {
  std::vector<std::string> names;
  for (const auto& path : lists) {
    auto source = base::FileSource::Open(path);
    base::Status s = source.ok() ? manifest::ReadUnreadInputs(source->get(), path, &names)
                                 : base::Status::IOError(path + ": " + source.status().message());
    if (!s.ok()) {
      diag->Error(s.message());
      return 1;
    }
  }
  for (const auto& n : names) std::cout << n << '\n';
  std::cout.flush();
  return std::cout ? 0 : 1;
}

}  // namespace

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
  std::string list_inputs;
  bool damaged_list = false;
  app.add_option("--list-inputs", list_inputs,
                 "List the archive files the inputs name into FILE, as warcdedup does; print "
                 "the files reached twice (exit 3) or the links leading outside the inputs")
      ->type_name("FILE");
  app.add_flag("--damaged-list", damaged_list,
               "Read the inputs as --revisit-refs lists; print the files named damaged or "
               "incomplete, once each");
  toolcommon::AddCommonOptions(&app, &common);
  if (int rc = toolcommon::ParseCommandLine(&app, argc, argv); rc >= 0) return rc;

  toolcommon::Diag diag("warcsum");
  diag.set_verbosity(common.Verbosity());
  if (!list_inputs.empty()) return ListInputs(list_inputs, options.inputs, &diag);
  if (damaged_list) return DamagedList(options.inputs, &diag);
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
