// The verify pass of a rewritten file (warcrefs(1)), and the parts that write
// the new file (dedup/new_file.h puts them together): the conversions made
// (kept in a temporary file, so that memory does not grow with their number),
// and Verify, which reads the new file back before it replaces the target. Its one sequential read
// is warcsum's (dedup/summarise.h): the records it does not check itself go to a Summariser, so
// that the after-manifest comes from the same pass.
//
//   dedup::ConversionLog log;             // one Append per revisit written
//   dedup::AfterLines after;
//   base::Status s = dedup::Verify(in_fd, in_size, out_fd, out_size, &log,
//                                  "a.warc.gz", &sum_options, &after);
//   if (!s.ok()) ...                      // the new file must not replace the input
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "base/source.h"
#include "base/spill_buffer.h"
#include "base/status.h"
#include "dedup/summarise.h"

namespace dedup {

// How many problems a sequential read of the file reports before it reaches
// a record that starts at or after `end`.
uint64_t ProblemsBefore(int fd, uint64_t file_size, uint64_t end);

// One record replaced by a revisit, with what the verify pass checks.
struct Conversion {
  uint64_t in_offset = 0, in_length = 0, out_offset = 0, out_length = 0;
  std::string sha256;  // of the revisit's bytes as written (raw digest)
  std::string record_id, payload_digest, version, content_type;  // the revisit's fields
  std::string uri, date;          // the record's, as the manifest has them (encoded)
  std::string ref_uri, ref_date;  // the original's, raw
};

// The SHA-256 of bytes, raw (for Conversion::sha256).
std::string Sha256(std::string_view bytes);

// Conversions in file order, held in an anonymous temporary file (in
// base::DefaultTempDir()): a few hundred bytes each would otherwise add up
// with the copies in one file.
class ConversionLog {
 public:
  ConversionLog() = default;
  ConversionLog(const ConversionLog&) = delete;
  ConversionLog& operator=(const ConversionLog&) = delete;
  ~ConversionLog();
  base::Status Append(const Conversion& c);
  // Reading, from the first conversion: Rewind() once per pass, then Next()
  // until it returns false (the end, or an error in status()).
  base::Status Rewind();
  bool Next(Conversion* c);
  const base::Status& status() const { return status_; }
  uint64_t size() const { return count_; }
  const Conversion& last() const { return last_; }  // REQUIRES: size() > 0

 private:
  std::FILE* file_ = nullptr;
  uint64_t count_ = 0, read_ = 0;
  Conversion last_;
  base::Status status_;
};

// Appends to a file descriptor through a buffer.
class Output {
 public:
  explicit Output(int fd) : fd_(fd) {}
  base::Status Write(std::string_view data) {
    written_ += data.size();
    if (buffer_.size() + data.size() > (1 << 20)) {
      if (auto s = Flush(); !s.ok()) return s;
      if (data.size() >= (1 << 20)) return base::WriteAll(fd_, data.data(), data.size());
    }
    buffer_.append(data);
    return base::Status::Ok();
  }
  base::Status Flush() {
    auto s = base::WriteAll(fd_, buffer_.data(), buffer_.size());
    buffer_.clear();
    return s;
  }
  uint64_t written() const { return written_; }

 private:
  int fd_;
  std::string buffer_;
  uint64_t written_ = 0;
};

base::Status CopyRange(int in_fd, uint64_t offset, uint64_t length, Output* out);

// The after-manifest of a new file, held back until the file is verified
// and renamed.
struct AfterLines {
  base::SpillBuffer lines;
  std::vector<std::string> problems;  // damaged records (as in the input), not listed
};

// Re-reads the new file: untouched ranges are byte-identical to the input,
// and one sequential read of the whole file finds every revisit at its place
// with the fields it must have. That read is warcsum's: with `after` set, its
// manifest lines (the after-manifest) come from the same pass.
// REQUIRES: conversions->size() > 0.
base::Status Verify(int in_fd, uint64_t in_size, int out_fd, uint64_t out_size,
                    ConversionLog* conversions, const std::string& file_field,
                    const SumOptions* after_sum, AfterLines* after);

}  // namespace dedup
