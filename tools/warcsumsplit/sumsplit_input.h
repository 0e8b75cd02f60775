// warcsumsplit's input: the manifest (a file or standard input), its size
// when it can be known (-c needs it: standard input is spooled to an
// unlinked temporary file first), and progress counting.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "base/source.h"
#include "base/status.h"

namespace warcsumsplit {

constexpr size_t kBufferBytes = 1 << 20;

struct Input {
  std::unique_ptr<base::ByteSource> source;
  std::string name;   // toolcommon::InputName: "standard input" for "-"
  uint64_t size = 0;  // 0: unknown
};

// The directory PREFIX's files go to: "out/part" -> "out", "part" -> ".".
std::string OutputDir(const std::string& prefix);

base::Result<Input> OpenInput(const std::string& path);

// Copies the input to an unlinked temporary file in dir, so that its size is
// known without holding it in memory, and reads on from there.
base::Status Spool(Input* in, const std::string& dir);

// Counts input bytes for the progress line in batches.
class ByteCounter {
 public:
  explicit ByteCounter(std::atomic<uint64_t>* counter) : counter_(counter) {}
  ~ByteCounter() { *counter_ += pending_; }
  void Add(uint64_t n) {
    if ((pending_ += n) >= kBufferBytes) *counter_ += pending_, pending_ = 0;
  }

 private:
  std::atomic<uint64_t>* counter_;
  uint64_t pending_ = 0;
};

inline bool IsComment(std::string_view line) { return line.empty() || line[0] == '#'; }

inline std::string LineText(uint64_t line) { return "line " + std::to_string(line); }

}  // namespace warcsumsplit
