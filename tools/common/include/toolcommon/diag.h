// Diagnostics for the command-line tools: "tool: file: offset N: message" on
// stderr, an error count that decides the exit status, and -q/-v levels.
#pragma once

#include <atomic>
#include <mutex>
#include <string>

namespace toolcommon {

// Exit statuses shared by every tool (documented in each man page).
enum ExitStatus { kExitSuccess = 0, kExitSomeInputsFailed = 1, kExitUsage = 2, kExitInterrupted = 130 };

class Diag {
 public:
  explicit Diag(std::string tool) : tool_(std::move(tool)) {}
  void set_verbosity(int v) { verbosity_ = v; }  // 0 = -q, 1 = default, 2+ = -v
  int verbosity() const { return verbosity_; }
  const std::string& tool() const { return tool_; }

  // An input failed: always printed, counted for the exit status.
  void Error(const std::string& message);
  // Printed unless -q.
  void Info(const std::string& message);
  // Printed with -v.
  void Verbose(const std::string& message);
  // Writes text to stderr as is (already formatted lines), under the lock.
  void Raw(const std::string& text);
  void CountErrors(uint64_t n) { errors_ += n; }

  uint64_t errors() const { return errors_; }
  int ExitCode() const { return errors_ ? kExitSomeInputsFailed : kExitSuccess; }

 private:
  std::string tool_;
  int verbosity_ = 1;
  std::atomic<uint64_t> errors_{0};
  std::mutex mutex_;
};

}  // namespace toolcommon
