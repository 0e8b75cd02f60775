// warcshingle: the signature file of the text pages of WARC files: main
// text, shingles, simhash and MinHash (see warcshingle(1), warcsig(5)).
#include <CLI/CLI.hpp>

#include "toolcommon/cli.h"
#include "toolcommon/io.h"
#include "toolcommon/temp_files.h"
#include "warcshingle.h"

int main(int argc, char** argv) {
  CLI::App app{
      "Write the signature file of the text pages of WARC files: for each response record "
      "whose payload is text, its manifest key, main text's shingles, simhash and MinHash "
      "sketch.",
      "warcshingle"};
  warcshingle::RunOptions options;
  toolcommon::CommonOptions common;
  bool dump = false;
  std::string mime_types;
  app.add_option("inputs", options.inputs,
                 "WARC or ARC files; directories with -r; '-' reads a list of paths from stdin "
                 "(with --dump: signature files)")
      ->required();
  app.add_flag("-r,--recursive", options.recursive, "Read the files in directories, recursively");
  app.add_flag("--full-path", options.full_path,
               "Keys name files as given, not by their base name (as warcsum --full-path)");
  app.add_option("-o,--output", options.output, "Write the signature file here ('-': stdout)")
      ->type_name("SIGFILE");
  app.add_option("-m,--manifest", options.manifest,
                 "Sign only the records this manifest lists (file and offset)")
      ->type_name("MANIFEST");
  app.add_flag("--text", options.text,
               "Print each page's key, title and extracted main text instead of signing");
  bool dump_shingles = false;
  app.add_flag("--dump", dump, "Print signature files as text, a line per record");
  app.add_flag("--shingles", dump_shingles, "With --dump: list each record's shingle hashes");
  app.add_option("--mime-types", mime_types,
                 "Comma-separated media types of the pages to sign (default "
                 "text/html,application/xhtml+xml,text/plain)")
      ->type_name("LIST");
  app.add_option("--extract", options.extract_name, "Main text: bte, dom or none")
      ->check(CLI::IsMember({"bte", "dom", "none"}))
      ->capture_default_str();
  app.add_option("-k,--shingle-words", options.sign.k, "Words per shingle")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  app.add_option("--perm", options.sign.num_perm, "MinHash values per sketch")
      ->check(CLI::Range(1, 4096))
      ->capture_default_str();
  app.add_option("--mod-p", options.sign.mod_p,
                 "Store only the shingles whose hash is 0 mod P (similarities become estimates)")
      ->check(CLI::Range(0, 1 << 20))
      ->capture_default_str();
  app.add_option("--max-html", options.sign.extract.max_html,
                 "Parse at most this many bytes of a page's HTML (a note when cut)")
      ->capture_default_str();
  app.add_option("--max-payload", options.filter.max_payload,
                 "Keep at most this many bytes of a payload (as transmitted) for decoding")
      ->capture_default_str();
  app.add_option("-j,--jobs", options.jobs, "Sign pages in N threads (output unchanged)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  toolcommon::AddCommonOptions(&app, &common);
  if (int rc = toolcommon::ParseCommandLine(&app, argc, argv); rc >= 0) return rc;

  toolcommon::Diag diag("warcshingle");
  diag.set_verbosity(common.Verbosity());
  if (dump) return warcshingle::Dump(options.inputs, dump_shingles, &diag);
  if (options.output.empty() == !options.text)
    return toolcommon::UsageError("warcshingle", "give -o SIGFILE, or --text (not both)");
  if (!mime_types.empty()) {
    options.filter.mime_types.clear();
    for (const auto& type : CLI::detail::split(mime_types, ','))
      if (!type.empty()) options.filter.mime_types.push_back(type);
  }
  options.sign.extract.method = options.extract_name == "bte"   ? neardup::ExtractMethod::kBte
                                : options.extract_name == "dom" ? neardup::ExtractMethod::kDom
                                                                : neardup::ExtractMethod::kNone;
  options.sign.decode.max_bytes = options.sign.extract.max_html;
  options.progress = common.progress || toolcommon::StderrIsTerminal();
  toolcommon::InstallInterruptHandler();
  return warcshingle::Run(options, &diag);
}
