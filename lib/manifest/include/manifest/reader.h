// Reading manifests line by line from any byte source, with line numbers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/source.h"
#include "manifest/entry.h"

namespace manifest {

// Splits a source into lines without holding more than one line (plus a
// buffer) in memory.
class LineReader {
 public:
  explicit LineReader(base::ByteSource* source) : source_(source), buffer_(1 << 16) {}
  // Reads the next line without its '\n' (a final line without '\n' counts).
  // Returns false at the end or on a read error (status()).
  bool Next(std::string* line);
  uint64_t line_number() const { return line_number_; }
  // Where the last line read starts, in bytes from where the source was
  // when reading began.
  uint64_t line_offset() const { return line_offset_; }
  const base::Status& status() const { return status_; }

 private:
  base::ByteSource* source_;
  uint64_t base_ = 0;  // source bytes before buffer_
  uint64_t line_offset_ = 0;
  std::vector<char> buffer_;
  size_t pos_ = 0, len_ = 0;
  bool eof_ = false;
  uint64_t line_number_ = 0;
  base::Status status_;
};

class ManifestReader {
 public:
  explicit ManifestReader(base::ByteSource* source) : lines_(source) {}
  enum class Outcome { kEntry, kEnd, kBadLine, kReadError };
  // Reads the next entry, skipping blank and '#' lines. On kBadLine, error()
  // is "line N: field ...: ..." and reading may go on with the next call; on
  // kReadError reading is over.
  Outcome Next(Entry* entry);
  const base::Status& error() const { return error_; }
  uint64_t line_number() const { return lines_.line_number(); }
  // Where the line of the last entry (or bad line) starts (LineReader::line_offset).
  uint64_t line_offset() const { return line_offset_; }
  const std::string& line() const { return line_; }

 private:
  LineReader lines_;
  uint64_t line_offset_ = 0;
  std::string line_;
  base::Status error_;
};

}  // namespace manifest
