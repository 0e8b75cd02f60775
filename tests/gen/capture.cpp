#include "capture.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace warcgen {
namespace {

constexpr size_t kHistory = 8192;

const char* Reason(int status) {
  switch (status) {
    case 200:
      return "OK";
    case 204:
      return "No Content";
    case 304:
      return "Not Modified";
    case 404:
      return "Not Found";
    default:
      return "Unknown";
  }
}

double Clamp01(double v) { return v < 0 ? 0 : v > 1 ? 1 : v; }

}  // namespace

CapturePicker::CapturePicker(const GenOptions& options, const Web& web, Rng* rng)
    : o_(options), web_(web), rng_(rng) {
  double rest = 1 - o_.empty_rate;
  p_dup_ = rest > 0 ? Clamp01(o_.dup_rate / rest) : 0;
  rest -= o_.dup_rate;
  p_near_ = rest > 0 ? Clamp01(o_.near_dup_rate / rest) : 0;
  // Payload sizes are log-uniform between min and max (many small payloads,
  // few large, as on the web): 64 log-spaced steps, uniform within a step.
  // Only +, *, / and sqrt, which IEEE 754 rounds exactly, so that every
  // platform draws the same sizes (exp and log may differ in the last bit).
  double ratio = static_cast<double>(o_.max_payload + 1) / o_.min_payload, step = ratio;
  for (int i = 0; i < 6; ++i) step = std::sqrt(step);
  double v = o_.min_payload;
  for (int i = 0; i <= 64; ++i, v *= step) size_steps_.push_back(v);
}

uint32_t CapturePicker::PayloadSize() {
  size_t i = static_cast<size_t>(rng_->Below(size_steps_.size() - 1));
  double lo = size_steps_[i], hi = size_steps_[i + 1];
  auto size = static_cast<uint32_t>(lo + (hi - lo) * rng_->Unit());
  return std::min(std::max(size, o_.min_payload), o_.max_payload);
}

PayloadSpec CapturePicker::NewSpec() {
  PayloadSpec spec;
  spec.kind = rng_->Chance(o_.incompressible) ? PayloadKind::kBinary : PayloadKind::kHtml;
  spec.size = PayloadSize();
  spec.seed = rng_->Next();
  spec.chunked = rng_->Chance(o_.chunked_rate);
  if (spec.kind == PayloadKind::kBinary)
    spec.media = static_cast<uint8_t>(rng_->Below(BinaryMediaCount()));
  else if (rng_->Chance(0.03))
    spec.status = 404;
  return spec;
}

Capture CapturePicker::Next(CaptureKind* kind) {
  Capture cap;
  if (rng_->Chance(o_.empty_rate)) {
    *kind = CaptureKind::kEmpty;
    cap.spec.kind = PayloadKind::kEmpty;
    if (!history_.empty() && rng_->Chance(0.5)) {
      cap.spec.status = 304;  // a revalidated earlier URL
      cap.uri = history_[rng_->Below(history_.size())].uri;
    } else {
      cap.spec.status = 204;
      cap.uri = web_.NewUrl(cap.spec, rng_);
    }
  } else if (!history_.empty() && rng_->Chance(p_dup_)) {
    *kind = CaptureKind::kDuplicate;
    const Capture& earlier = history_[rng_->Below(history_.size())];
    cap.spec = earlier.spec;
    cap.uri = rng_->Chance(0.5) ? earlier.uri : web_.NewUrl(cap.spec, rng_);
  } else if (!history_.empty() && rng_->Chance(p_near_)) {
    *kind = CaptureKind::kNearDuplicate;
    const Capture& earlier = history_[rng_->Below(history_.size())];
    cap.spec = earlier.spec;
    cap.spec.edit_seed = rng_->Next() | 1;
    cap.uri = earlier.uri;
  } else {
    *kind = CaptureKind::kNew;
    cap.spec = NewSpec();
    cap.uri = web_.NewUrl(cap.spec, rng_);
  }
  return cap;
}

void CapturePicker::Remember(Capture capture) {
  if (capture.spec.kind == PayloadKind::kEmpty) return;
  if (history_.size() < kHistory)
    history_.push_back(std::move(capture));
  else
    history_[history_next_++ % kHistory] = std::move(capture);
}

std::string Etag(const PayloadSpec& spec) {
  char etag[24];
  std::snprintf(etag, sizeof etag, "\"%016llx\"", static_cast<unsigned long long>(spec.seed));
  return etag;
}

const char* ContentTypeOf(const PayloadSpec& spec) {
  return spec.kind == PayloadKind::kHtml ? "text/html; charset=utf-8"
                                         : BinaryMedia(spec.media).content_type;
}

std::string ResponseHead(const PayloadSpec& spec, std::string_view host, const Clock& clock) {
  std::string head = "HTTP/1.1 " + std::to_string(spec.status) + " " + Reason(spec.status) +
                     "\r\nDate: " + clock.Http() + "\r\nServer: " + ServerOf(host) + "\r\n";
  if (spec.kind != PayloadKind::kEmpty)
    head.append("Content-Type: ").append(ContentTypeOf(spec)).append("\r\n");
  if (spec.chunked)
    head += "Transfer-Encoding: chunked\r\n";
  else
    head += "Content-Length: " + std::to_string(spec.size) + "\r\n";
  if (spec.status == 200 || spec.status == 304) {
    head += "Last-Modified: " + clock.Http(1 + static_cast<int64_t>(spec.seed % 900)) + "\r\n";
    head += "ETag: " + Etag(spec) + "\r\n";
  }
  if (spec.seed & 0x10)
    head += "Cache-Control: max-age=" + std::to_string(60 * (spec.seed % 97)) + "\r\n";
  head += "Connection: close\r\n\r\n";
  return head;
}

}  // namespace warcgen
