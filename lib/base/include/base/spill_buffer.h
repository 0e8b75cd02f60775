// Bytes kept in order, in memory up to a few MB and beyond that in an
// anonymous temporary file, so that memory stays bounded for any amount.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "base/status.h"

namespace base {

class SpillBuffer {
 public:
  // temp_dir: where the spill file goes (DefaultTempDir() when empty).
  explicit SpillBuffer(std::string temp_dir = "") : temp_dir_(std::move(temp_dir)) {}
  SpillBuffer(const SpillBuffer&) = delete;
  SpillBuffer& operator=(const SpillBuffer&) = delete;
  ~SpillBuffer();

  // Appends *data and clears it.
  void Append(std::string* data);
  // Hands everything kept to `to`, in order, and empties the buffer. An error
  // means some of it was lost (a full disk, say): what was handed out is then
  // incomplete.
  Status Drain(const std::function<Status(const char* data, size_t n)>& to);

 private:
  std::string temp_dir_;
  std::string pending_;
  int spill_fd_ = -1;
  uint64_t spilled_ = 0;  // bytes written to the spill file
  Status status_;
};

}  // namespace base
