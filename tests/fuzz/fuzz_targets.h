// The fuzz targets' entry points, callable without libFuzzer.
//
// Each tests/fuzz/*_fuzz.cpp defines one of these functions and, unless
// WARCDEDUP_FUZZ_REPLAY is defined, an LLVMFuzzerTestOneInput that calls it.
// unit_tests compiles the same files with WARCDEDUP_FUZZ_REPLAY and replays
// the committed corpus and the regression inputs through them
// (tests/unit/fuzz_regressions_test.cpp).
//
// A function returns 0 when the code under test kept its contract and aborts,
// after printing which invariant broke, when it did not.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace fuzz {

int SegmentReaderOneInput(const uint8_t* data, size_t size);
int WarcReaderOneInput(const uint8_t* data, size_t size);
int ArcReaderOneInput(const uint8_t* data, size_t size);
int Arc2WarcOneInput(const uint8_t* data, size_t size);
int ManifestOneInput(const uint8_t* data, size_t size);
int HttpOneInput(const uint8_t* data, size_t size);
int DigestOneInput(const uint8_t* data, size_t size);
int HostCatalogOneInput(const uint8_t* data, size_t size);
int DbConfigOneInput(const uint8_t* data, size_t size);
int CoverExprOneInput(const uint8_t* data, size_t size);
int UrlRulesOneInput(const uint8_t* data, size_t size);

// Aborts with `what` on stderr: libFuzzer then saves the input as a crash.
[[noreturn]] inline void Violation(const std::string& what) {
  std::fprintf(stderr, "fuzz invariant violated: %s\n", what.c_str());
  std::abort();
}

inline void Check(bool ok, const std::string& what) {
  if (!ok) Violation(what);
}

// True when message starts "offset N: " (the library's promise for every
// input error), with N stored in *offset.
inline bool HasOffsetPrefix(const std::string& message, uint64_t* offset) {
  const std::string kPrefix = "offset ";
  if (message.compare(0, kPrefix.size(), kPrefix) != 0) return false;
  size_t i = kPrefix.size();
  uint64_t n = 0;
  size_t digits = 0;
  while (i < message.size() && message[i] >= '0' && message[i] <= '9' && digits < 20) {
    n = n * 10 + static_cast<uint64_t>(message[i] - '0');
    ++i;
    ++digits;
  }
  if (digits == 0 || message.compare(i, 2, ": ") != 0) return false;
  *offset = n;
  return true;
}

}  // namespace fuzz
