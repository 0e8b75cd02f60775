// Private to decode.cpp: choosing the charset of a decoded body and
// converting it to UTF-8 (ICU).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "neardup/decode.h"

namespace neardup::internal {

// Chooses the charset of body (BOM, Content-Type, <meta>, detection,
// default; see decode.h) and converts body to at most max_bytes of UTF-8.
// Fills out->utf8, charset, charset_from; sets out->cut when the output
// reached the cap; adds to out->note (an unknown label, for instance).
// truncated: body was cut, so its last character may be incomplete.
void ConvertToUtf8(std::string_view body, std::string_view content_type, size_t max_bytes,
                   bool truncated, DecodedPayload* out);

// The charset label of an HTML <meta charset> or http-equiv Content-Type
// in the first 1024 bytes of html, or empty. A byte scan, not a parser.
std::string_view MetaCharset(std::string_view html);

// ICU's best guess at body's charset when it is confident, else empty
// (decode_detect.cpp). html: markup is left out of the guess.
std::string DetectCharset(std::string_view body, bool html);

// The charset parameter of a Content-Type value, unquoted, or empty.
std::string_view ContentTypeCharset(std::string_view content_type);

}  // namespace neardup::internal
