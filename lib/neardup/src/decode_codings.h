// Private to decode.cpp: undoing one transfer or content coding.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "base/status.h"

namespace neardup::internal {

// Appends "; text" (or text, when *note is empty) to *note.
void AddNote(std::string* note, std::string_view text);

// True when the first bytes are text, not compressed data: no control bytes
// but tab, newline, form feed and carriage return.
bool LooksLikeText(std::string_view bytes);

// Removes chunked transfer coding. Returns false, touching nothing, when
// the body does not start with a chunk-size line (then it is not chunked).
// Past the first chunk it is tolerant: a bad size, a missing CRLF or an end
// before the last chunk keeps what was read and says so in *note.
bool Dechunk(std::string_view in, std::string* out, std::string* note);

enum class Compression { kGzip, kDeflate, kBrotli };

// The coding's name in messages ("gzip", "deflate", "br").
const char* CompressionName(Compression c);

struct Decompressed {
  std::string data;
  bool cut = false;  // stopped at max_bytes with more to come
  base::Status status;
  std::string note;  // bytes after the compressed stream, what was kept
};

// Decompresses at most max_bytes of output, streaming (a bomb stops at the
// cap). gzip: several members in a row are one stream; deflate: zlib-wrapped
// or raw, told by the zlib header. On corrupt or cut-short data, status is
// Corruption and data holds what came before the damage.
Decompressed Decompress(std::string_view in, Compression c, size_t max_bytes);

}  // namespace neardup::internal
