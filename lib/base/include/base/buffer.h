// A byte buffer that, unlike std::vector<char>, leaves what it allocates
// uninitialised: readers allocate megabytes per record and must not pay for
// zero-filling them.
#pragma once

#include <cstddef>
#include <memory>

namespace base {

class RawBuffer {
 public:
  char* data() { return data_.get(); }
  const char* data() const { return data_.get(); }
  size_t size() const { return size_; }
  // Makes the buffer at least n bytes; the contents are lost when it grows.
  void EnsureSize(size_t n) {
    if (n <= size_) return;
    data_.reset(new char[n]);
    size_ = n;
  }

 private:
  std::unique_ptr<char[]> data_;
  size_t size_ = 0;
};

}  // namespace base
