// What each capture holds, drawn the same way for WARC and ARC output: an
// empty response, an earlier payload again (same URL later, or another URL),
// an earlier page slightly changed, or a new payload; and the HTTP response
// header that the crawler stored before the payload.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "content.h"
#include "corpus.h"
#include "rng.h"
#include "web.h"

namespace warcgen {

struct Capture {
  std::string uri;
  PayloadSpec spec;
};

enum class CaptureKind { kNew, kEmpty, kDuplicate, kNearDuplicate };

// Draws captures from the rates in GenOptions and keeps the specs of the last
// kHistory captures with a payload, which duplicates are rebuilt from.
class CapturePicker {
 public:
  // REQUIRES: options, web and rng outlive the picker; options checked as
  // Generate() requires.
  CapturePicker(const GenOptions& options, const Web& web, Rng* rng);

  // The next capture and which kind it is.
  Capture Next(CaptureKind* kind);
  // Keeps a capture for later duplicates; empty ones are not kept.
  void Remember(Capture capture);

 private:
  PayloadSpec NewSpec();
  uint32_t PayloadSize();

  const GenOptions& o_;
  const Web& web_;
  Rng* rng_;
  double p_dup_, p_near_;           // conditional probabilities behind the rates
  std::vector<double> size_steps_;  // log-spaced payload sizes
  std::vector<Capture> history_;
  size_t history_next_ = 0;
};

// "\"0123456789abcdef\"": the payload's ETag, quotes included.
std::string Etag(const PayloadSpec& spec);
// The response's Content-Type: "text/html; charset=utf-8", or the binary
// payload's media type. REQUIRES: spec.kind != kEmpty.
const char* ContentTypeOf(const PayloadSpec& spec);
// The HTTP response header block, from the status line to the blank line
// (CRLF CRLF) included, dated by clock, as served by host.
std::string ResponseHead(const PayloadSpec& spec, std::string_view host, const Clock& clock);

}  // namespace warcgen
