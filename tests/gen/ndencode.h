// How the near-duplicate corpus's pages travel: the charset their bytes are
// in, and the Content-Encoding applied to them (chunked framing is
// content.h's ChunkFrame). Done with the libraries a server uses: iconv
// (glibc), zlib and libbrotlienc.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "base/status.h"

namespace warcgen {

enum class Coding : uint8_t { kIdentity, kGzip, kDeflate, kDeflateRaw, kBrotli };

// "identity", "gzip", "deflate", "deflate-raw" (raw RFC 1951 data sent as
// "deflate", as some servers do) or "br".
const char* CodingName(Coding coding);
// The Content-Encoding header's value: deflate for both deflates.
const char* CodingHeader(Coding coding);

// UTF-8 text in `charset` (an iconv name: "utf-8", "windows-1252",
// "iso-8859-1", "shift_jis", "euc-jp"). A character the charset lacks is an
// error: the generator only writes what each charset holds.
base::Status Transcode(std::string_view utf8, const std::string& charset, std::string* out);

// body compressed as coding says: gzip and deflate at zlib level 1 (nginx's
// default gzip_comp_level), brotli at quality 4, as servers compress on the
// fly (and fast enough for the generator to keep up with the stage).
void Encode(Coding coding, std::string_view body, std::string* out);

}  // namespace warcgen
