// Private to RecordReader, whose member functions are spread over
// reader.cpp (reading: segments, header blocks, blocks, damage),
// reader_header.cpp (parsing WARC and ARC headers) and reader_ending.cpp
// (what must follow a block): the helpers more than one of them uses.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>

#include "warc/header_map.h"

namespace warc::reader_internal {

// Shows up to 40 bytes of input in a message, with unprintable bytes escaped.
std::string Quote(std::string_view s);

inline std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// "WARC/" as far as the chunk goes, in any case: readers in the field take
// "warc/1.0" (noted, see ParseWarcHeader).
inline bool MayStartWithWarc(std::string_view chunk) {
  size_t n = std::min<size_t>(chunk.size(), 5);
  return EqualsIgnoreCase(chunk.substr(0, n), std::string_view("WARC/").substr(0, n));
}

// The chunk starts with a whole ARC record line ("url ip date mime length",
// or version 2's ten fields) with a valid date and length: where a gzip
// member starts with one, an ARC record starts.
bool StartsWithArcRecordLine(std::string_view chunk);

}  // namespace warc::reader_internal
