// FdRange: bytes [offset, end) of an open file descriptor, read with pread,
// so that many ranges of one file can be read at once (by several threads)
// without sharing a file position. The descriptor is not owned.
//
// What a file shorter than the range gives is the caller's choice: the end
// of the data (a reader then says what is cut short, in its own words), or
// an error naming where the file ends (a range that must be there whole).
//
//   base::FdRange range(fd, record_offset, record_offset + length);
//   warc::RecordReader reader(&range, options, &reporter);
#pragma once

#include <cstdint>

#include "base/source.h"

namespace base {

class FdRange : public ByteSource {
 public:
  enum class ShortFile {
    kEnd,    // reads as the end of the range (0 bytes)
    kError,  // Corruption "the file ends at offset N"
  };
  FdRange(int fd, uint64_t offset, uint64_t end, ShortFile short_file = ShortFile::kEnd)
      : fd_(fd), pos_(offset), end_(end), short_file_(short_file) {}

  // Up to n bytes, never past `end`; 0 at the end of the range. Read errors
  // (EINTR retried) are IOError "read error: ...".
  Result<size_t> Read(char* buf, size_t n) override;
  // REQUIRES: offset <= end (reads are bounded by `end` only from within
  // the range, as warc::RecordReader with a limit keeps them).
  Status Seek(uint64_t offset) override;

 private:
  int fd_;
  uint64_t pos_, end_;
  ShortFile short_file_;
};

}  // namespace base
