// warcgen: writes a deterministic synthetic WARC (or ARC) corpus, and the manifest that
// warcsum must produce for it, for tests and benchmarks.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>

#include "corpus.h"
#include "neardup.h"
#include "output.h"
#include "toolcommon/cli.h"
#include "toolcommon/diag.h"
#include "toolcommon/io.h"
#include "urlpat.h"
#include "versioned.h"

namespace {

constexpr const char* kFooter =
    R"(Files are PREFIX-00000.warc.gz, PREFIX-00001.warc.gz, ... (.warc with --plain).
Each starts with a warcinfo record; then every capture is a request record and
a response record (application/http; msgtype=response) with stored
WARC-Payload-Digest and WARC-Block-Digest (sha1, base32). Payloads: HTML made
of words, random binary (--incompressible), empty 204/304 responses
(--empty-rate), chunked transfer coding kept as stored (--chunked-rate), exact
duplicates of earlier payloads at the same URL later or at another URL
(--dup-rate) and near-duplicates, an earlier page with 1-4 bytes changed
(--near-dup-rate). --version mixed picks 1.0 or 1.1 per capture; 1.1 dates
have microseconds. The same options always give byte-identical files.

--truth FILE writes one line per response record with a non-empty payload,
exactly as `warcsum --recompute FILES` prints it (files given in name order):
  file offset length uri date sha1:hex
(offset/length: the record's gzip member, or its bytes with --plain). The
responses with an empty payload, which warcsum skips unless --keep-empty, go
to FILE.empty in the same form. With --layout stream both files start with a
'# layout=stream' comment: warcsum lists nothing for such files, and offsets
and lengths there are positions in the uncompressed stream.

--format arc writes ARC v1 files instead, PREFIX-00000.arc.gz (.arc with
--plain), every record a gzip member of its own: a filedesc:// version block
(--arc-version 1.1 adds XML metadata), then records "URL IP DATE14 MIME
LENGTH", LENGTH bytes of block, LF. The captures are drawn as above, without
request records; among them come dns: records (--dns-rate), records with an
http URL whose block is no HTTP message: empty, or a body without status line
(--non-http-rate), further version blocks as in concatenated ARC files
(filedesc://PREFIX-00000-1.arc.gz, ...: --filedesc-rate), and new URLs with
spaces in their query (--space-url-rate). --truth then lists the records
whose block starts with "HTTP/", as warcsum does. --records FILE writes one
line per ARC record, in file order:
  file offset kind url sha1hex length
kind: filedesc, http (the block starts with "HTTP/") or other; offset: the
record's gzip member, or its first byte with --plain; file and url (as in the
record line) encoded as manifest fields (warcmanifest(5): a space is %20);
sha1hex and length: the block's, the LENGTH bytes after the record line.

--neardup writes a corpus for the near-duplicate stage instead: --pages HTML
pages of --page-size bytes on average (at least some 12K: the template),
WARC/1.1 response records after one warcinfo record per file (--files,
--prefix, --level and --plain as above), on --sites sites, each with its own
template (layout, class names, navigation, tag cloud, footer, inline CSS)
around a main text, and what changes from page to page: related links, ads,
comments, a timestamp, a view counter. A page is new (a new main text of
400-1000 words, one page in ten 20-120) or, with probability --derived-rate,
derived from one of the last 4096 pages by an operation drawn by --ops:
  insert, delete, substitute, edit (all three)  words of the paragraphs:
       45% of these pages 0.1-2% of the words (J = 0.8 for 5-word shingles
       is about 2%), 30% 2-5%, 15% 5-12%, 10% 12-30%
  reorder     1-3 paragraphs moved        truncate  text cut to 50-98%
  retemplate  the same main text on another site: a near-duplicate (a
              refresh where the base's script has no other site)
  trap        the same site, ads, comments, timestamp and delivery around
              another main text as long: NOT a near-duplicate (the base a
              short page if one of 16 drawn is: whole pages then look alike)
  refresh     a new timestamp, view counter and ads; the same main text
  noise       entity, case and whitespace noise; the same main text
  recode      another charset, Content-Encoding or framing; the same text
  copy        the same payload at another URL
Latin sites serve utf-8 (some with a BOM), windows-1252 or iso-8859-1; one
site in 20 is Japanese (sites 3, 23, 43, ...: shift_jis, euc-jp, utf-8 in
turn). The charset is declared in the HTTP header, a <meta>, both, neither,
or by a wrong <meta> under a right header. Content-Encoding: identity, gzip,
deflate (zlib; some raw), br; some responses chunked. A block keeps the
payload as sent, and WARC-Payload-Digest is over those bytes.

The truth goes to DIR/truth (--out DIR):
  manifest   what `warcsum --recompute FILES` prints (files in name order)
  pages.tsv  a '#' line naming the columns, then one line per page in
    capture order, tab-separated: id file offset uri date op base site
    charset declared coding chunked words detail. id: 0, 1, ...; file,
    offset, uri, date: the record's key as in the manifest (offset: its
    gzip member); op as above or "new"; base: the id derived from, or -;
    site: 0, 1, ...; declared: both, http, meta, http-equiv, none, conflict
    or bom; coding: identity, gzip, deflate, deflate-raw or br; chunked: 0
    or 1; words: the generator's words in the main text (Japanese: its
    vocabulary's words, not ICU's); detail: "rate=R ins=N del=N sub=N"
    (word edits), "moves=N" (reorder), "keep=F" (truncate), "from-site=N"
    (retemplate), or -.
  texts.tsv  one line per page: id, then the blocks of its true main text
    (headline, paragraphs), tab-separated, UTF-8.
Latin main texts are lower-case ASCII words, a few with a Latin-1 accent
(é à ö ü ñ ç), capitalised at a sentence's start, with ", " and ". " after
words: splitting on what is not a letter or digit and lower-casing gives
ICU's words. Japanese texts have no spaces: tokenise them as the stage does.
--stdout writes one WARC stream to standard output (file "-" in the truth,
written only if --out is given), for the scale test: --pages 1000000. The
same options give the same bytes; --files changes no page, only where it is.
)";
constexpr const char* kExitStatus =
    "\nExit status: 0 success, 1 an output could not be written, 2 usage error.";

// "64M" -> 67108864. K, M and G are powers of 1024; a trailing B or iB is accepted.
bool ParseSize(std::string text, uint64_t* value) {
  for (const char* suffix : {"iB", "ib", "B", "b"}) {
    std::string_view s(suffix);
    if (text.size() > s.size() && text.compare(text.size() - s.size(), s.size(), s) == 0) {
      text.resize(text.size() - s.size());
      break;
    }
  }
  uint64_t unit = 1;
  if (!text.empty()) {
    switch (text.back()) {
      case 'k':
      case 'K':
        unit = 1ULL << 10;
        break;
      case 'm':
      case 'M':
        unit = 1ULL << 20;
        break;
      case 'g':
      case 'G':
        unit = 1ULL << 30;
        break;
      default:
        break;
    }
    if (unit != 1) text.pop_back();
  }
  if (text.empty() || text.size() > 15 || text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  uint64_t number = std::stoull(text);
  if (number > UINT64_MAX / unit) return false;
  *value = number * unit;
  return true;
}

int RunNearDup(const warcgen::NearDupOptions& options, bool quiet) {
  warcgen::NearDupSummary summary;
  double seconds = 0;
  if (int rc = warcgen::RunGenerator(
          options.out_dir, [&] { return warcgen::GenerateNearDup(options, &summary); }, &seconds);
      rc != 0)
    return rc;
  if (!quiet)
    std::cerr << "warcgen: " << summary.files << " files, " << summary.pages << " pages ("
              << summary.derived << " derived), " << toolcommon::HumanBytes(summary.html_bytes)
              << " of HTML, " << toolcommon::HumanBytes(summary.output_bytes) << " written, "
              << static_cast<uint64_t>(summary.pages / seconds) << " pages/s\n";
  return toolcommon::kExitSuccess;
}

int RunVersioned(const warcgen::VersionedOptions& options, bool quiet) {
  warcgen::VersionedSummary summary;
  double seconds = 0;
  if (int rc = warcgen::RunGenerator(
          options.out_dir, [&] { return warcgen::GenerateVersioned(options, &summary); }, &seconds);
      rc != 0)
    return rc;
  if (!quiet)
    std::cerr << "warcgen: " << summary.files << " files, " << summary.docs << " records of "
              << summary.pages << " pages, " << toolcommon::HumanBytes(summary.html_bytes)
              << " of HTML, " << toolcommon::HumanBytes(summary.output_bytes) << " written ("
              << summary.output_bytes / std::max<uint64_t>(summary.docs, 1) << " B a record), "
              << static_cast<uint64_t>(summary.docs / seconds) << " records/s, "
              << static_cast<uint64_t>(summary.output_bytes / seconds / 1e6) << " MB/s\n";
  return toolcommon::kExitSuccess;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "Write a deterministic synthetic WARC (or ARC) corpus (and the manifest warcsum must give "
      "for it) for tests and benchmarks.",
      "warcgen"};
  app.footer(std::string(kFooter) + warcgen::kVersionedHelp + warcgen::kUrlPatternsHelp +
             kExitStatus);
  warcgen::GenOptions o;
  std::string size = "10M", min_payload = "2K", max_payload = "60K";
  std::string version = "1.0", layout = "member", format = "warc", arc_version = "1.0";
  bool quiet = false;
  warcgen::NearDupOptions nd;
  std::string page_size = "30K", ops;
  bool neardup = false, versioned = false;
  uint64_t docs = 10000;
  app.add_option("-o,--out", o.out_dir, "Directory to write the files to (created if missing)")
      ->type_name("DIR");
  app.add_option("--prefix", o.prefix, "File name prefix")->capture_default_str();
  app.add_option("--seed", o.seed, "Seed of the pseudo-random generator")->capture_default_str();
  app.add_option("--size", size, "Approximate total uncompressed size (K, M, G: powers of 1024)")
      ->type_name("BYTES")
      ->capture_default_str();
  app.add_option("--files", o.files, "Number of files to split the corpus into")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  app.add_option("--version", version, "WARC version of the records: 1.0, 1.1 or mixed")
      ->check(CLI::IsMember({"1.0", "1.1", "mixed"}))
      ->capture_default_str();
  app.add_option("--layout", layout,
                 "gzip layout: member (one gzip member per record) or stream (one gzip stream "
                 "holding every record of a file)")
      ->check(CLI::IsMember({"member", "stream"}))
      ->capture_default_str();
  app.add_flag("--plain", o.plain, "Write uncompressed .warc files");
  app.add_option("--level", o.level, "gzip compression level")
      ->check(CLI::Range(1, 9))
      ->capture_default_str();
  app.add_option("--dup-rate", o.dup_rate,
                 "Fraction of responses whose payload repeats an earlier payload exactly")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  app.add_option("--near-dup-rate", o.near_dup_rate,
                 "Fraction of responses that are an earlier payload with 1-4 bytes changed")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  app.add_option("--empty-rate", o.empty_rate,
                 "Fraction of responses with an empty payload (HTTP 204 or 304)")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  app.add_option("--incompressible", o.incompressible,
                 "Fraction of new payloads that are random bytes")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  app.add_option("--chunked-rate", o.chunked_rate,
                 "Fraction of new payloads stored with chunked transfer coding")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  app.add_option("--min-payload", min_payload, "Smallest non-empty payload (sizes are log-uniform)")
      ->type_name("BYTES")
      ->capture_default_str();
  app.add_option("--max-payload", max_payload, "Largest payload")
      ->type_name("BYTES")
      ->capture_default_str();
  app.add_option("--truth", o.truth,
                 "Write the manifest warcsum must produce to FILE, empty payloads to FILE.empty")
      ->type_name("FILE");
  app.add_option("--format", format, "Output format: warc, or arc (ARC v1 files, see below)")
      ->check(CLI::IsMember({"warc", "arc"}))
      ->capture_default_str();
  app.add_option("--arc-version", arc_version,
                 "ARC only: version block 1.0, or 1.1 (with XML metadata)")
      ->check(CLI::IsMember({"1.0", "1.1"}))
      ->capture_default_str();
  app.add_option("--dns-rate", o.dns_rate, "ARC only: fraction of records that are dns: lookups")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  app.add_option("--non-http-rate", o.non_http_rate,
                 "ARC only: fraction of records with an http URL whose block is no HTTP message")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  app.add_option("--filedesc-rate", o.filedesc_rate,
                 "ARC only: fraction of records that are another filedesc:// version block")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  app.add_option("--space-url-rate", o.space_url_rate,
                 "ARC only: fraction of new URLs given a query with spaces")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  app.add_option("--records", o.records,
                 "ARC only: write one line per ARC record to FILE (line format below)")
      ->type_name("FILE");
  app.add_flag("--neardup", neardup, "Write a near-duplicate corpus with ground truth (below)");
  app.add_option("--pages", nd.pages, "--neardup: number of pages")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  app.add_option("--sites", nd.sites,
                 "--neardup, --versioned, --urlpatterns: number of sites (default: pages / 40, "
                 "8-5000; see below for the others)")
      ->check(CLI::Range(1, 1000000));
  app.add_option("--page-size", page_size, "--neardup: average HTML size of a page")
      ->type_name("BYTES")
      ->capture_default_str();
  app.add_option("--derived-rate", nd.derived_rate,
                 "--neardup: fraction of pages derived from an earlier page")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  app.add_option("--ops", ops,
                 "--neardup: weights of the derivations, those not named 0 (default insert=4,"
                 "delete=3,substitute=4,edit=6,reorder=2,truncate=2,retemplate=3,trap=4,"
                 "refresh=3,noise=2,recode=2,copy=1)")
      ->type_name("OP=W,...");
  app.add_flag("--stdout", nd.to_stdout,
               "--neardup, --versioned: write one WARC stream to standard output");
  app.add_flag("--versioned", versioned,
               "Write a corpus of re-crawled versioned sites with ground truth (below)");
  app.add_option("--docs", docs, "--versioned: number of response records")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  warcgen::UrlPatternFlags up;
  app.add_flag("--urlpatterns", up.enabled,
               "Write a corpus of URL duplication patterns with ground truth (below)");
  app.add_option("--urls", up.urls, "--urlpatterns: number of URLs (records)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  app.add_option("--variants", up.variants,
                 "--urlpatterns: mean number of other spellings of a page (default 2; 9 with "
                 "--manifest-only)")
      ->check(CLI::Range(0.0, 50.0));
  app.add_flag("--manifest-only", up.manifest_only,
               "--urlpatterns: write urls.tsv and the processed manifest, no WARC files");
  app.add_flag("-q,--quiet", quiet, "Print nothing but errors");
  if (int rc = toolcommon::ParseCommandLine(&app, argc, argv); rc >= 0) return rc;

  auto usage = [](const std::string& message) {
    std::cerr << "warcgen: " << message << "\n";
    return toolcommon::kExitUsage;
  };
  auto given = [&](const char* name) { return app.count(name) > 0; };
  if (warcgen::WantsUrlPatterns(given)) {
    warcgen::UrlPatternOptions uo;
    std::string error = warcgen::CheckUrlPatterns(given, up, o, nd.sites, &uo);
    return error.empty() ? warcgen::RunUrlPatterns(uo, quiet) : usage(error);
  }
  if (versioned) {
    if (neardup) return usage("--versioned and --neardup: give one");
    if (const char* other =
            warcgen::RefusedWithVersioned([&](const char* name) { return app.count(name) > 0; }))
      return usage(std::string(other) + " is not for --versioned");
    if (nd.to_stdout && app.count("--files"))
      return usage("--stdout writes one stream: no --files");
    if (static_cast<uint64_t>(o.files) > docs) return usage("--files: more files than --docs");
    warcgen::VersionedOptions vo;
    if (o.out_dir.empty() && !nd.to_stdout) return usage("--versioned needs --out DIR or --stdout");
    vo.out_dir = o.out_dir;
    vo.truth_dir = !o.truth.empty() ? o.truth : o.out_dir.empty() ? "" : o.out_dir + "/truth";
    vo.to_stdout = nd.to_stdout;
    if (app.count("--prefix")) vo.prefix = o.prefix;
    vo.seed = o.seed;
    vo.docs = docs;
    vo.files = app.count("--files") ? o.files
                                    : static_cast<int>(std::clamp<uint64_t>(docs / 100000, 4, 64));
    vo.files = static_cast<int>(std::min<uint64_t>(static_cast<uint64_t>(vo.files), docs));
    vo.sites = nd.sites;
    vo.level = app.count("--level") ? o.level : 1;  // 6 saves 1.4% for 1.5 times the time
    vo.plain = o.plain;
    return RunVersioned(vo, quiet);
  }
  if (app.count("--docs")) return usage("--docs needs --versioned");
  if (neardup) {
    for (const char* other :
         {"--size", "--version", "--layout", "--dup-rate", "--near-dup-rate", "--empty-rate",
          "--incompressible", "--chunked-rate", "--min-payload", "--max-payload", "--truth",
          "--format", "--arc-version", "--dns-rate", "--non-http-rate", "--filedesc-rate",
          "--space-url-rate", "--records"})
      if (app.count(other)) return usage(std::string(other) + " is not for --neardup");
    uint64_t bytes = 0;
    if (!ParseSize(page_size, &bytes) || bytes < 4096 || bytes > (16 << 20))
      return usage("--page-size: expected 4K to 16M bytes, found \"" + page_size + "\"");
    nd.page_size = static_cast<uint32_t>(bytes);
    if (std::string error; !ops.empty() && !warcgen::ParseOpWeights(ops, &nd, &error))
      return usage("--ops: " + error);
    if (o.out_dir.empty() && !nd.to_stdout) return usage("--neardup needs --out DIR or --stdout");
    if (nd.to_stdout && app.count("--files"))
      return usage("--stdout writes one stream: no --files");
    if (static_cast<uint64_t>(o.files) > nd.pages) return usage("--files: more files than --pages");
    nd.out_dir = o.out_dir;
    nd.prefix = o.prefix;
    nd.seed = o.seed;
    nd.files = o.files;
    nd.level = o.level;
    nd.plain = o.plain;
    return RunNearDup(nd, quiet);
  }
  for (const char* neardup_only :
       {"--pages", "--sites", "--page-size", "--derived-rate", "--ops", "--stdout"})
    if (app.count(neardup_only)) return usage(std::string(neardup_only) + " needs --neardup");
  if (o.out_dir.empty()) return usage("--out is required");
  uint64_t min_bytes = 0, max_bytes = 0;
  if (!ParseSize(size, &o.size))
    return usage("--size: expected BYTES[K|M|G], found \"" + size + "\"");
  if (!ParseSize(min_payload, &min_bytes) || min_bytes == 0 || min_bytes > (1ULL << 30))
    return usage("--min-payload: expected 1 to 1G bytes, found \"" + min_payload + "\"");
  if (!ParseSize(max_payload, &max_bytes) || max_bytes < min_bytes || max_bytes > (1ULL << 30))
    return usage("--max-payload: expected --min-payload to 1G bytes, found \"" + max_payload +
                 "\"");
  o.min_payload = static_cast<uint32_t>(min_bytes);
  o.max_payload = static_cast<uint32_t>(max_bytes);
  if (o.dup_rate + o.near_dup_rate + o.empty_rate > 1)
    return usage("--dup-rate, --near-dup-rate and --empty-rate add up to more than 1");
  o.version = version == "1.0"   ? warcgen::WarcVersion::k10
              : version == "1.1" ? warcgen::WarcVersion::k11
                                 : warcgen::WarcVersion::kMixed;
  o.layout = layout == "stream" ? warcgen::Layout::kStream : warcgen::Layout::kMember;
  if (format == "arc") {
    o.format = warcgen::Format::kArc;
    o.arc_version = arc_version == "1.1" ? warcgen::ArcVersion::k11 : warcgen::ArcVersion::k10;
    for (const char* warc_only : {"--version", "--layout"})
      if (app.count(warc_only)) return usage(std::string(warc_only) + " is for WARC output only");
    if (o.dns_rate + o.non_http_rate + o.filedesc_rate > 1)
      return usage("--dns-rate, --non-http-rate and --filedesc-rate add up to more than 1");
  } else {
    for (const char* arc_only : {"--arc-version", "--dns-rate", "--non-http-rate",
                                 "--filedesc-rate", "--space-url-rate", "--records"})
      if (app.count(arc_only)) return usage(std::string(arc_only) + " needs --format arc");
  }
  if (o.plain && o.layout == warcgen::Layout::kStream)
    return usage("--layout stream needs gzip output (drop --plain)");

  std::error_code ec;
  std::filesystem::create_directories(o.out_dir, ec);
  if (ec) {
    std::cerr << "warcgen: " << o.out_dir << ": cannot create directory: " << ec.message() << "\n";
    return toolcommon::kExitSomeInputsFailed;
  }
  toolcommon::InstallInterruptHandler();
  warcgen::GenSummary summary;
  if (auto s = warcgen::Generate(o, &summary); !s.ok()) {
    std::cerr << "warcgen: " << s.message() << "\n";
    return toolcommon::kExitSomeInputsFailed;
  }
  if (!quiet) {
    std::cerr << "warcgen: " << summary.files << " files, " << summary.records << " records ("
              << summary.responses << " responses: " << summary.duplicates << " duplicates, "
              << summary.near_duplicates << " near-duplicates, " << summary.empty << " empty), ";
    if (o.format == warcgen::Format::kArc)
      std::cerr << summary.other << " dns:, non-HTTP or version blocks, ";
    std::cerr << toolcommon::HumanBytes(summary.uncompressed_bytes) << " uncompressed, "
              << toolcommon::HumanBytes(summary.output_bytes) << " written\n";
  }
  return toolcommon::kExitSuccess;
}
