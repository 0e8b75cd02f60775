// Writing gzip members: new records are compressed one member each, and
// untouched members are copied raw, byte for byte, without recompression.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "base/source.h"
#include "base/status.h"

namespace gzmulti {

// Compresses a stream of bytes into one gzip member at a time.
class MemberWriter {
 public:
  explicit MemberWriter(int level = 6);
  ~MemberWriter();
  MemberWriter(const MemberWriter&) = delete;
  MemberWriter& operator=(const MemberWriter&) = delete;

  // Appends the compressed form of data to *out.
  void Add(std::string_view data, std::string* out);
  // Ends the current member (deflate end, CRC-32 and ISIZE) and starts the next.
  void Finish(std::string* out);

 private:
  void Run(std::string_view data, int flush, std::string* out);
  void* stream_;  // z_stream*
};

// Compresses whole buffers into one gzip member each, keeping its compressor
// between calls: libdeflate when built in (several times faster than zlib for
// the small records written one at a time), zlib otherwise.
class MemberCompressor {
 public:
  explicit MemberCompressor(int level = 6);
  ~MemberCompressor();
  MemberCompressor(const MemberCompressor&) = delete;
  MemberCompressor& operator=(const MemberCompressor&) = delete;
  // Appends one complete gzip member holding data to *out.
  void Compress(std::string_view data, std::string* out);

 private:
  int level_;
  void* compressor_ = nullptr;  // libdeflate_compressor*, when built in
};

// One complete gzip member holding data.
std::string CompressMember(std::string_view data, int level = 6);

using Sink = std::function<base::Status(std::string_view)>;

// Copies length bytes from source, which is positioned where they start, to
// sink. Fails with Corruption if the source ends early.
base::Status CopyRaw(base::ByteSource* source, uint64_t length, const Sink& sink);

}  // namespace gzmulti
