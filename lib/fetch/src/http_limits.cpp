// HttpRangeSource's pump and its limits on slow servers (--min-rate,
// --record-timeout): only the time a transfer could run counts.
#include <algorithm>
#include <cstdio>

#include "http_transfer.h"

namespace fetch {
namespace {

std::string Seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f", s);
  return buf;
}

}  // namespace

void HttpRangeSource::Pump(std::chrono::milliseconds timeout) {
  auto start = Clock::now();
  // Only the transfers running unpaused now: one paused for its reader waits
  // for the reader, not for the server (a resume happens outside Pump()).
  for (auto& [raw, owned] : running_set_) raw->counting = !raw->paused;
  PumpOnce(timeout);
  CheckLimits(Clock::now() - start);
}

// Rate windows of stall_timeout_s seconds of the attempt's own time, one
// after the other: each must bring min_rate bytes a second (at least one
// byte), so an attempt that keeps the rate ends within length / min_rate +
// stall_timeout_s seconds.
std::string HttpRangeSource::TooSlow(Transfer* t) {
  double window = std::chrono::duration<double>(t->active - t->window_start).count();
  if (window < static_cast<double>(options_.stall_timeout_s)) return "";
  uint64_t got = t->received - t->window_bytes;
  uint64_t need =
      std::max<uint64_t>(1, options_.min_rate * static_cast<uint64_t>(options_.stall_timeout_s));
  t->window_start = t->active;
  t->window_bytes = t->received;
  if (got >= need) return "";
  const std::string s = std::to_string(options_.stall_timeout_s) + " s";
  if (!t->header_done)
    return "too slow: the reply's header had not ended after " + s + " (--stall-timeout)";
  return "too slow: " + std::to_string(got) + " bytes in the last " + s +
         ", less than --min-rate " + std::to_string(options_.min_rate) + " bytes/s (" +
         std::to_string(t->received) + " of " + std::to_string(t->where.length) +
         " bytes received)";
}

void HttpRangeSource::CheckLimits(Clock::duration pumped) {
  std::vector<std::pair<Transfer*, std::string>> failed;
  for (auto& [raw, owned] : running_set_) {
    Transfer* t = raw;
    if (!t->counting) continue;
    t->active += pumped;
    double active = std::chrono::duration<double>(t->active).count();
    double deadline = static_cast<double>(options_.record_timeout_s) +
                      static_cast<double>(t->where.length - t->attempt_bytes) /
                          static_cast<double>(std::max<uint64_t>(1, options_.min_rate));
    std::string why;
    if (active >= deadline) {
      why = "timed out (--record-timeout): " +
            (t->header_done ? std::to_string(t->received) + " of " +
                                  std::to_string(t->where.length) + " bytes received"
                            : std::string("the reply's header had not ended")) +
            " after " + Seconds(deadline) + " s";
    } else {
      why = TooSlow(t);
    }
    if (!why.empty()) failed.emplace_back(t, std::move(why));
  }
  for (auto& [t, why] : failed) {
    Release(t);  // aborts the transfer
    RetryOrNext(t, why, true);
    running_set_.erase(t);
  }
}

}  // namespace fetch
