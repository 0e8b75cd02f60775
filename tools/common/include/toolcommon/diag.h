// Diagnostics for the command-line tools: "tool: file: offset N: message" on
// stderr, an error count that decides the exit status, and -q/-v levels.
// Diag also owns the progress line, so that messages never run into it.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>

namespace toolcommon {

// Exit statuses shared by every tool (documented in each man page).
enum ExitStatus {
  kExitSuccess = 0,
  kExitSomeInputsFailed = 1,
  kExitUsage = 2,
  kExitInterrupted = 130
};

class Diag {
 public:
  // Writes to out, stderr unless a test says otherwise.
  explicit Diag(std::string tool, std::FILE* out = stderr);
  void set_verbosity(int v) { verbosity_ = v; }  // 0 = -q, 1 = default, 2+ = -v
  int verbosity() const { return verbosity_; }
  const std::string& tool() const { return tool_; }

  // An input failed: always printed, counted for the exit status.
  void Error(const std::string& message);
  // Printed unless -q.
  void Info(const std::string& message);
  // Printed with -v.
  void Verbose(const std::string& message);
  // Writes text as is (already formatted lines), under the lock, on a line
  // of its own: a progress line on a terminal is cleared first.
  void Raw(const std::string& text);
  // The progress line. On a terminal it is drawn over itself and cleared
  // before any other text (the next call draws it again below that text);
  // final ends it with a newline. Elsewhere each call prints a whole line.
  void ProgressLine(const std::string& line, bool final);
  // Whether out is a terminal; set from isatty(), tests may say otherwise.
  void set_terminal(bool terminal) { terminal_ = terminal; }
  bool terminal() const { return terminal_; }
  void CountErrors(uint64_t n) { errors_ += n; }

  uint64_t errors() const { return errors_; }
  int ExitCode() const { return errors_ ? kExitSomeInputsFailed : kExitSuccess; }

 private:
  void Write(const std::string& text);  // REQUIRES: mutex_ held

  std::string tool_;
  std::FILE* out_;
  bool terminal_;
  bool progress_shown_ = false;  // a progress line without its newline is on screen
  int verbosity_ = 1;
  std::atomic<uint64_t> errors_{0};
  std::mutex mutex_;
};

}  // namespace toolcommon
