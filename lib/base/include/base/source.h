// Byte sources: where readers get their input from.
//
// Readers take a ByteSource so that tests can feed a std::string and tools a
// file descriptor, and so that stdin works wherever a file does.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "base/status.h"

namespace base {

class ByteSource {
 public:
  virtual ~ByteSource() = default;
  // Reads up to n bytes into buf. Returns 0 only at end of input.
  virtual Result<size_t> Read(char* buf, size_t n) = 0;
  // Moves to an absolute offset; sources that cannot seek return Unsupported.
  virtual Status Seek(uint64_t offset) = 0;
};

// A file opened for reading; "-" is standard input.
class FileSource : public ByteSource {
 public:
  static Result<std::unique_ptr<FileSource>> Open(const std::string& path);
  ~FileSource() override;
  FileSource(const FileSource&) = delete;
  FileSource& operator=(const FileSource&) = delete;

  Result<size_t> Read(char* buf, size_t n) override;
  Status Seek(uint64_t offset) override;
  // Size in bytes for a regular file, 0 when unknown (pipes).
  uint64_t size() const { return size_; }

 private:
  FileSource(int fd, bool owned, uint64_t size) : fd_(fd), owned_(owned), size_(size) {}
  int fd_;
  bool owned_;
  uint64_t size_;
};

// An in-memory source, for tests and fuzzers.
class StringSource : public ByteSource {
 public:
  explicit StringSource(std::string data) : data_(std::move(data)) {}
  Result<size_t> Read(char* buf, size_t n) override;
  Status Seek(uint64_t offset) override;

 private:
  std::string data_;
  size_t pos_ = 0;
};

// "strerror(err)" in a form fit for messages.
std::string ErrnoText(int err);

// Writes all of [data, data+n) to fd, retrying short writes and EINTR.
Status WriteAll(int fd, const char* data, size_t n);

}  // namespace base
