// warcgen: writes a deterministic synthetic WARC (or ARC) corpus, and the manifest that
// warcsum must produce for it, for tests and benchmarks.
#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>

#include "corpus.h"
#include "toolcommon/cli.h"
#include "toolcommon/diag.h"
#include "toolcommon/io.h"

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

Exit status: 0 success, 1 an output could not be written, 2 usage error.)";

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

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "Write a deterministic synthetic WARC (or ARC) corpus (and the manifest warcsum must give "
      "for it) for tests and benchmarks.",
      "warcgen"};
  app.footer(kFooter);
  warcgen::GenOptions o;
  std::string size = "10M", min_payload = "2K", max_payload = "60K";
  std::string version = "1.0", layout = "member", format = "warc", arc_version = "1.0";
  bool quiet = false;
  app.add_option("--out", o.out_dir, "Directory to write the files to (created if missing)")
      ->type_name("DIR")
      ->required();
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
  app.add_flag("-q,--quiet", quiet, "Print nothing but errors");
  if (int rc = toolcommon::ParseCommandLine(&app, argc, argv); rc >= 0) return rc;

  auto usage = [](const std::string& message) {
    std::cerr << "warcgen: " << message << "\n";
    return toolcommon::kExitUsage;
  };
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
