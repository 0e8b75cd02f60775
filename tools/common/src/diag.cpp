#include "toolcommon/diag.h"

#include <unistd.h>

namespace toolcommon {

Diag::Diag(std::string tool, std::FILE* out)
    : tool_(std::move(tool)), out_(out), terminal_(::isatty(::fileno(out)) == 1) {}

void Diag::Write(const std::string& text) {
  std::fwrite(text.data(), 1, text.size(), out_);
  std::fflush(out_);
}

void Diag::Raw(const std::string& text) {
  std::lock_guard<std::mutex> lock(mutex_);
  // A message starts on a line of its own, not after the progress line.
  if (progress_shown_) Write("\r\x1b[K");
  progress_shown_ = false;
  Write(text);
}

void Diag::ProgressLine(const std::string& line, bool final) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!terminal_) {
    // A file or pipe cannot be drawn over: one whole line per update.
    Write(line + "\n");
    return;
  }
  // \r and the erase-to-end sequence keep the line in place on a terminal.
  Write("\r" + line + "\x1b[K" + (final ? "\n" : ""));
  progress_shown_ = !final;
}

void Diag::Error(const std::string& message) {
  ++errors_;
  Raw(tool_ + ": " + message + "\n");
}

void Diag::Info(const std::string& message) {
  if (verbosity_ >= 1) Raw(tool_ + ": " + message + "\n");
}

void Diag::Verbose(const std::string& message) {
  if (verbosity_ >= 2) Raw(tool_ + ": " + message + "\n");
}

}  // namespace toolcommon
