// Streaming inflate of one gzip member at a time, behind one interface so that
// ISA-L (fast) and zlib (always available) are interchangeable.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace gzmulti {

class StreamInflater {
 public:
  enum class Step { kProgress, kMemberEnd, kError };
  virtual ~StreamInflater() = default;
  // Prepares for a new gzip member (header included).
  virtual void Reset() = 0;
  // Consumes input and produces output. On kMemberEnd, *in_used excludes any
  // bytes after the member trailer. On kError, error() says why.
  virtual Step Inflate(const uint8_t* in, size_t in_len, size_t* in_used, uint8_t* out,
                       size_t out_len, size_t* out_made) = 0;
  const std::string& error() const { return error_; }

 protected:
  std::string error_;
};

std::unique_ptr<StreamInflater> NewZlibInflater();
// nullptr when ISA-L is not built in.
std::unique_ptr<StreamInflater> NewIsalInflater();

}  // namespace gzmulti
