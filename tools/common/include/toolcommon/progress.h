// The progress line on stderr: shown when stderr is a terminal or --progress
// is given, never with -q; redrawn at most five times a second from a
// background thread, so workers only bump atomic counters. Where stderr is
// not a terminal each update is a whole line (Diag::ProgressLine).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

#include "toolcommon/diag.h"

namespace toolcommon {

class Progress {
 public:
  // total_bytes may be 0 when unknown (no ETA then).
  Progress(Diag* diag, bool enabled, uint64_t total_files, uint64_t total_bytes);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Counters that workers bump directly.
  std::atomic<uint64_t>* bytes_counter() { return &bytes_; }
  std::atomic<uint64_t>* records_counter() { return &records_; }
  void FileDone() { ++files_; }
  // Stops the thread and ends the line.
  void Finish();

  uint64_t bytes() const { return bytes_; }
  uint64_t records() const { return records_; }

 private:
  void Loop();
  void Draw(double seconds, bool final);
  std::string Line(double seconds) const;

  Diag* diag_;
  bool enabled_;
  uint64_t total_files_, total_bytes_;
  std::atomic<uint64_t> bytes_{0}, records_{0}, files_{0};
  std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace toolcommon
