// The state of one range fetched by HttpRangeSource (private to src/).
#pragma once

#include <curl/curl.h>

#include <chrono>
#include <string>
#include <vector>

#include "fetch/http.h"

namespace fetch {

using Clock = std::chrono::steady_clock;

struct HttpRangeSource::Transfer {
  RecordLocation where;
  HttpStats* stats = nullptr;  // the source's: counts the bytes received
  size_t buffer_limit = 0;
  std::vector<std::string> urls;
  size_t url_index = 0;
  int attempts = 0;  // retries made on the current URL
  CURL* easy = nullptr;
  std::string data;  // received and not yet read
  size_t data_pos = 0;
  uint64_t received = 0;  // bytes of the range received so far, over all attempts
  bool paused = false;
  long status = 0;  // HTTP status of the current reply, 0 before its body
  std::string content_range;
  bool header_done = false;  // the current reply's header has ended
  std::string rejected;      // why the current reply was refused
  enum class State { kWaiting, kRunning, kDone, kFailed } state = State::kWaiting;
  Clock::time_point not_before;
  std::string error;
  // The current attempt's time (see CheckLimits) and its rate window.
  Clock::duration active{};
  Clock::duration window_start{};  // `active` when the window began
  uint64_t window_bytes = 0;       // `received` when the window began
  uint64_t attempt_bytes = 0;      // `received` when the attempt began
  bool counting = false;           // running unpaused when the current Pump() began

  size_t Unread() const { return data.size() - data_pos; }
  std::string Url() const { return urls.empty() ? where.file : urls[url_index]; }
  uint64_t NextByte() const { return where.offset + received; }
  uint64_t LastByte() const { return where.offset + where.length - 1; }
};

}  // namespace fetch
