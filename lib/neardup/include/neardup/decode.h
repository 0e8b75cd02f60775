// Payload decoding for the near-duplicate stage: from an HTTP response body
// as transmitted (warc::PayloadStream: transfer and content codings still
// applied) to UTF-8 text.
//
// In order: Transfer-Encoding (chunked, tolerant: a body that claims chunked
// but does not start with a chunk-size line is used as is, with a note);
// Content-Encoding gzip, x-gzip, deflate (zlib-wrapped or raw), br, identity,
// several codings undone in reverse order of application; then the charset,
// found from (first hit wins)
//   "bom"       a UTF-8, UTF-16 or UTF-32 byte order mark (removed),
//   "http"      the charset parameter of the HTTP Content-Type,
//   "meta"      <meta charset> or <meta http-equiv content="...charset=">
//               in the first 1024 bytes of HTML (a byte scan, not a parser),
//   "detected"  valid UTF-8 (the common case, checked first; also when a
//               declared charset meets bytes that are valid UTF-8 beyond
//               ASCII: a server's wrong default, noted), else ICU's charset
//               detector when it is confident (it reads 1 KB),
//   "default"   windows-1252, the web's legacy default,
// and converted to UTF-8 with ICU: invalid or unmapped bytes become U+FFFD.
// Labels go through ICU's alias table after the Encoding Standard's
// overrides (iso-8859-1, latin1 and us-ascii mean windows-1252; gb2312
// means gb18030). An unknown label is skipped with a note.
//
// Bounded: content decoding streams and stops at max_bytes, and the UTF-8
// output is cut to max_bytes at a character boundary; either sets cut.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "base/status.h"

namespace neardup {

// The response's header values (empty when absent).
struct HttpFacts {
  std::string_view transfer_encoding, content_encoding, content_type;
};

struct DecodeOptions {
  size_t max_bytes = 1 << 20;  // cap on decoded bytes (and on the UTF-8 output)
};

struct DecodedPayload {
  std::string utf8;
  std::string charset;       // the charset converted from ("UTF-8", "windows-1252", ...)
  std::string charset_from;  // "bom", "http", "meta", "detected", "default"
  bool cut = false;          // decoding stopped at max_bytes
  std::string note;          // what was odd or not decodable, "; "-separated
};

// Fills *out (cleared first). Not ok when a coding is unsupported
// (Unsupported; out->utf8 empty) or the compressed data is corrupt or cut
// short (Corruption; out holds the text decoded before the damage and the
// note says so). Oddities that do not lose text (a body that is not chunked,
// an unknown charset label, bytes after a gzip stream) are ok with a note.
base::Status DecodePayload(std::string_view payload, const HttpFacts& http,
                           const DecodeOptions& options, DecodedPayload* out);

}  // namespace neardup
