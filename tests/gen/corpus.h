// Writes a synthetic WARC (or ARC) corpus and the manifest warcsum must produce for it.
//
// Everything is drawn from one seeded generator in a fixed order, so the same
// options give byte-identical files. Memory stays bounded: one record is built
// at a time, and duplicates are rebuilt from the PayloadSpec of an earlier
// capture (a ring of the last kHistory captures), not kept as bytes.
#pragma once

#include <cstdint>
#include <string>

#include "base/status.h"

namespace warcgen {

enum class WarcVersion { k10, k11, kMixed };
enum class Layout { kMember, kStream };
enum class Format { kWarc, kArc };
// ARC v1 version blocks: "1 0 ORGANISATION" (1.0), or "1 1 InternetArchive"
// followed by XML metadata (1.1).
enum class ArcVersion { k10, k11 };

struct GenOptions {
  std::string out_dir;
  Format format = Format::kWarc;
  std::string prefix = "warcgen";
  uint64_t seed = 1;
  uint64_t size = 10 << 20;  // approximate uncompressed bytes, all files together
  int files = 1;
  WarcVersion version = WarcVersion::k10;
  Layout layout = Layout::kMember;
  bool plain = false;
  int level = 6;
  // Fractions of response records.
  double dup_rate = 0.3;        // payload repeats an earlier one exactly
  double near_dup_rate = 0.05;  // an earlier page with 1-4 bytes changed
  double empty_rate = 0.02;     // 204 or 304, no payload
  // Fractions of new payloads.
  double incompressible = 0.15;  // random bytes
  double chunked_rate = 0.1;     // stored with chunked transfer coding
  uint32_t min_payload = 2 << 10;
  uint32_t max_payload = 60 << 10;
  std::string truth;  // manifest of the non-empty responses; empty ones go to truth + ".empty"

  // ARC only (format kArc). Fractions of the records after the version block:
  ArcVersion arc_version = ArcVersion::k10;
  double dns_rate = 0.02;        // dns:host records (text/dns)
  double non_http_rate = 0.01;   // http URL, block not an HTTP message (a failed fetch)
  double filedesc_rate = 0.002;  // another version block (concatenated ARC files)
  // Fraction of HTTP captures whose URL gets a query with spaces in it.
  double space_url_rate = 0.02;
  std::string records;  // one line per ARC record, for converters (see warcgen --help)
};

struct GenSummary {
  uint64_t files = 0;
  uint64_t records = 0;
  uint64_t responses = 0;
  uint64_t duplicates = 0;       // same payload as an earlier response
  uint64_t near_duplicates = 0;  // an earlier payload with a few bytes changed
  uint64_t empty = 0;
  uint64_t other = 0;  // ARC: dns:, non-HTTP and later version blocks
  uint64_t uncompressed_bytes = 0;
  uint64_t output_bytes = 0;
};

// REQUIRES: options checked (rates in [0, 1], the response rates and the ARC
// record rates each adding up to at most 1, min_payload <= max_payload,
// files >= 1, no stream layout with plain or ARC). out_dir must exist.
base::Status Generate(const GenOptions& options, GenSummary* summary);

}  // namespace warcgen
