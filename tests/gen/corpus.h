// Writes a synthetic WARC corpus and the manifest warcsum must produce for it.
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

struct GenOptions {
  std::string out_dir;
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
};

struct GenSummary {
  uint64_t files = 0;
  uint64_t records = 0;
  uint64_t responses = 0;
  uint64_t duplicates = 0;       // same payload as an earlier response
  uint64_t near_duplicates = 0;  // an earlier payload with a few bytes changed
  uint64_t empty = 0;
  uint64_t uncompressed_bytes = 0;
  uint64_t output_bytes = 0;
};

// REQUIRES: options checked (rates in [0, 1], min_payload <= max_payload,
// files >= 1, no stream layout with plain). out_dir must exist.
base::Status Generate(const GenOptions& options, GenSummary* summary);

}  // namespace warcgen
