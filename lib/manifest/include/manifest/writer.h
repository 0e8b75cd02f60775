// Writing manifests: the writer beside ManifestReader (manifest/reader.h).
// Lines are made by AppendLine (manifest/entry.h), the one place that spells
// a manifest line, and handed to a sink in blocks of about flush_bytes.
//
//   manifest::ManifestWriter writer([&](std::string_view block) {
//     return out.Write(block.data(), block.size());
//   });
//   for (const manifest::Entry& e : entries)
//     if (auto s = writer.Add(e); !s.ok()) return s;
//   if (auto s = writer.Flush(); !s.ok()) return s;
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "base/status.h"
#include "manifest/entry.h"

namespace manifest {

class ManifestWriter {
 public:
  using Sink = std::function<base::Status(std::string_view block)>;
  explicit ManifestWriter(Sink sink, size_t flush_bytes = size_t{1} << 16)
      : sink_(std::move(sink)), flush_bytes_(flush_bytes) {}
  // Whatever is still buffered is lost: call Flush() first.
  ~ManifestWriter() = default;
  ManifestWriter(const ManifestWriter&) = delete;
  ManifestWriter& operator=(const ManifestWriter&) = delete;

  // The entry's line (REQUIRES as for AppendLine).
  base::Status Add(const Entry& entry);
  // A line as it is, without its newline: a comment ("# ...") or a line
  // read and passed on unchanged.
  base::Status AddRaw(std::string_view line);
  // Hands the buffered lines to the sink.
  base::Status Flush();

  uint64_t lines() const { return lines_; }
  uint64_t bytes() const { return bytes_; }

 private:
  base::Status MaybeFlush() {
    return buffer_.size() >= flush_bytes_ ? Flush() : base::Status::Ok();
  }

  Sink sink_;
  size_t flush_bytes_;
  std::string buffer_;
  uint64_t lines_ = 0, bytes_ = 0;
};

}  // namespace manifest
