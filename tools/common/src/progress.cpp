#include "toolcommon/progress.h"

#include "toolcommon/io.h"

namespace toolcommon {

Progress::Progress(Diag* diag, bool enabled, uint64_t total_files, uint64_t total_bytes)
    : diag_(diag),
      enabled_(enabled && diag->verbosity() > 0),
      total_files_(total_files),
      total_bytes_(total_bytes),
      start_(std::chrono::steady_clock::now()) {
  if (enabled_) thread_ = std::thread([this] { Loop(); });
}

Progress::~Progress() { Finish(); }

std::string Progress::Line(double seconds) const {
  double rate = seconds > 0 ? static_cast<double>(bytes_) / seconds : 0;
  std::string line = diag_->tool() + ": " + std::to_string(files_) + "/" +
                     std::to_string(total_files_) + " files, " + HumanBytes(bytes_) + ", " +
                     std::to_string(records_) + " records, " +
                     HumanBytes(static_cast<uint64_t>(rate)) + "/s";
  if (total_bytes_ > bytes_ && rate > 0) {
    uint64_t eta = static_cast<uint64_t>(static_cast<double>(total_bytes_ - bytes_) / rate);
    char buf[32];
    std::snprintf(
        buf, sizeof buf, ", ETA %llu:%02llu:%02llu", static_cast<unsigned long long>(eta / 3600),
        static_cast<unsigned long long>(eta / 60 % 60), static_cast<unsigned long long>(eta % 60));
    line += buf;
  }
  return line;
}

void Progress::Draw(double seconds, bool final) { diag_->ProgressLine(Line(seconds), final); }

void Progress::Loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  // On a terminal the line is redrawn 5 times a second; in a log each update
  // is a line of its own, so after the first one they come every 10 seconds.
  auto interval = std::chrono::milliseconds(200);
  // Woken by Finish(), draw nothing: Finish() draws the final line, once.
  while (!wake_.wait_for(lock, interval, [this] { return stop_; })) {
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    Draw(seconds, false);
    if (!diag_->terminal()) interval = std::chrono::seconds(10);
  }
}

void Progress::Finish() {
  if (!enabled_) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  Draw(seconds, true);
  enabled_ = false;
}

}  // namespace toolcommon
