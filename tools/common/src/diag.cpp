#include "toolcommon/diag.h"

#include <cstdio>

namespace toolcommon {

void Diag::Raw(const std::string& text) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::fwrite(text.data(), 1, text.size(), stderr);
  std::fflush(stderr);
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
