// A reporter that keeps the first problem a warc::RecordReader reports (for
// an error message) and counts them. Private to lib/dedup.
#pragma once

#include <cstdint>
#include <string>

#include "warc/reader.h"

namespace dedup {

class FirstProblem : public warc::Reporter {
 public:
  void Problem(const base::Status& status) override {
    if (first.empty()) first = status.message();
    ++count;
  }
  std::string first;
  uint64_t count = 0;
};

}  // namespace dedup
