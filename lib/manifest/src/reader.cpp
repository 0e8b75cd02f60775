#include "manifest/reader.h"

#include <cstring>

namespace manifest {

bool LineReader::Next(std::string* line) {
  line->clear();
  line_offset_ = base_ + pos_;
  for (;;) {
    if (pos_ < len_) {
      const char* start = buffer_.data() + pos_;
      const char* nl = static_cast<const char*>(std::memchr(start, '\n', len_ - pos_));
      if (nl) {
        line->append(start, static_cast<size_t>(nl - start));
        pos_ += static_cast<size_t>(nl - start) + 1;
        ++line_number_;
        return true;
      }
      line->append(start, len_ - pos_);
      pos_ = len_;
    }
    if (eof_) {
      if (line->empty()) return false;
      ++line_number_;
      return true;
    }
    auto got = source_->Read(buffer_.data(), buffer_.size());
    if (!got.ok()) {
      status_ = got.status();
      return false;
    }
    base_ += len_;
    pos_ = 0;
    len_ = *got;
    if (len_ == 0) eof_ = true;
  }
}

ManifestReader::Outcome ManifestReader::Next(Entry* entry) {
  while (lines_.Next(&line_)) {
    if (line_.empty() || line_[0] == '#') continue;
    line_offset_ = lines_.line_offset();
    auto parsed = ParseLine(line_);
    if (!parsed.ok()) {
      error_ = parsed.status().WithPrefix("line " + std::to_string(lines_.line_number()));
      return Outcome::kBadLine;
    }
    *entry = std::move(parsed.value());
    return Outcome::kEntry;
  }
  if (!lines_.status().ok()) {
    error_ = lines_.status();
    return Outcome::kReadError;
  }
  return Outcome::kEnd;
}

}  // namespace manifest
