#include "decode_charset.h"

#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <utility>

#include "decode_codings.h"

namespace neardup::internal {

namespace {

// HTML's prescan looks this far for <meta>; a tag begun there may end later.
constexpr size_t kMetaScan = 1024, kMetaTagEnd = 2048;
constexpr const char* kDefaultCharset = "windows-1252";

char Lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }

bool StartsWithNoCase(std::string_view s, size_t pos, std::string_view lit) {
  if (s.size() - pos < lit.size()) return false;
  for (size_t i = 0; i < lit.size(); ++i) {
    if (Lower(s[pos + i]) != lit[i]) return false;
  }
  return true;
}

size_t FindNoCase(std::string_view s, std::string_view lit, size_t from) {
  for (size_t i = from; i + lit.size() <= s.size(); ++i) {
    if (StartsWithNoCase(s, i, lit)) return i;
  }
  return std::string_view::npos;
}

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

// The value of the first "charset = value" in s, unquoted, or empty.
std::string_view CharsetParam(std::string_view s) {
  for (size_t at = FindNoCase(s, "charset", 0); at != std::string_view::npos;
       at = FindNoCase(s, "charset", at + 1)) {
    size_t i = at + 7;
    while (i < s.size() && IsSpace(s[i])) ++i;
    if (i == s.size() || s[i] != '=') continue;
    ++i;
    while (i < s.size() && IsSpace(s[i])) ++i;
    if (i < s.size() && (s[i] == '"' || s[i] == '\'')) ++i;
    size_t end = i;
    while (end < s.size() && !IsSpace(s[end]) && s[end] != '"' && s[end] != '\'' && s[end] != ';' &&
           s[end] != '>' && s[end] != '/') {
      ++end;
    }
    if (end > i) return s.substr(i, end - i);
  }
  return {};
}

struct ConverterCloser {
  void operator()(UConverter* c) const { ucnv_close(c); }
};
using Converter = std::unique_ptr<UConverter, ConverterCloser>;

// Labels the Encoding Standard (what browsers do) reads otherwise than ICU.
std::string WebLabel(std::string_view label) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 17> kOverrides{{
      {"iso-8859-1", "windows-1252"},
      {"iso8859-1", "windows-1252"},
      {"iso_8859-1", "windows-1252"},
      {"latin1", "windows-1252"},
      {"l1", "windows-1252"},
      {"cp819", "windows-1252"},
      {"us-ascii", "windows-1252"},
      {"ascii", "windows-1252"},
      {"iso-8859-9", "windows-1254"},
      {"latin5", "windows-1254"},
      {"iso-8859-11", "windows-874"},
      {"tis-620", "windows-874"},
      {"gb2312", "gb18030"},
      {"gbk", "gb18030"},
      {"x-gbk", "gb18030"},
      {"euc-kr", "windows-949"},
      {"utf-16", "utf-16le"},
  }};
  std::string lower;
  for (char c : label) lower.push_back(Lower(c));
  for (const auto& [from, to] : kOverrides) {
    if (lower == from) return std::string(to);
  }
  return lower;
}

// Every invalid or unmapped byte sequence becomes U+FFFD (ICU's default
// writes U+001A for some single-byte charsets).
void U_CALLCONV ReplaceWithFffd(const void*, UConverterToUnicodeArgs* args, const char*, int32_t,
                                UConverterCallbackReason reason, UErrorCode* err) {
  if (reason > UCNV_IRREGULAR) return;  // reset, close, clone: nothing to write
  static const UChar kReplacement = 0xFFFD;
  *err = U_ZERO_ERROR;
  ucnv_cbToUWriteUChars(args, &kReplacement, 1, 0, err);
}

// A converter for label, or null when ICU knows no such charset.
Converter Open(std::string_view label) {
  if (label.empty() || label.size() > 40) return nullptr;
  for (char c : label) {  // what charset names are made of; ICU would read options after ','
    bool punct = std::string_view("-_.:()+").find(c) != std::string_view::npos;
    if (!isalnum(static_cast<unsigned char>(c)) && !punct) return nullptr;
  }
  UErrorCode err = U_ZERO_ERROR;
  Converter cnv(ucnv_open(WebLabel(label).c_str(), &err));
  if (U_FAILURE(err)) return nullptr;
  ucnv_setToUCallBack(cnv.get(), ReplaceWithFffd, nullptr, nullptr, nullptr, &err);
  return U_FAILURE(err) ? nullptr : std::move(cnv);
}

// The charset's MIME name, else its IANA name, else ICU's.
std::string CharsetName(UConverter* cnv) {
  UErrorCode err = U_ZERO_ERROR;
  const char* name = ucnv_getName(cnv, &err);
  for (const char* standard : {"MIME", "IANA"}) {
    UErrorCode e = U_ZERO_ERROR;
    const char* s = ucnv_getStandardName(name, standard, &e);
    if (s && U_SUCCESS(e)) return s;
  }
  return name;
}

// A byte order mark: the charset and the mark's length, or {nullptr, 0}.
std::pair<const char*, size_t> ByteOrderMark(std::string_view b) {
  if (b.substr(0, 3) == "\xEF\xBB\xBF") return {"UTF-8", 3};
  if (b.substr(0, 4) == std::string_view("\xFF\xFE\0\0", 4)) return {"UTF-32LE", 4};
  if (b.substr(0, 4) == std::string_view("\0\0\xFE\xFF", 4)) return {"UTF-32BE", 4};
  if (b.substr(0, 2) == "\xFF\xFE") return {"UTF-16LE", 2};
  if (b.substr(0, 2) == "\xFE\xFF") return {"UTF-16BE", 2};
  return {nullptr, 0};
}

// Whether b, shorter than the character it starts, is a start of one.
bool WellFormedStart(std::string_view b) {
  for (size_t k = 1; k < b.size(); ++k) {
    if ((static_cast<unsigned char>(b[k]) & 0xC0) != 0x80) return false;
  }
  return true;
}

// Whether b is well-formed UTF-8 (ASCII included) without ESC, the mark of
// ISO-2022 charsets, which are 7-bit. A truncated b may end inside a
// character.
bool IsPlainUtf8(std::string_view b, bool truncated) {
  size_t i = 0, n = b.size();
  while (i < n) {
    // Eight ASCII bytes at a time: no high bit, no ESC.
    constexpr uint64_t kHigh = 0x8080808080808080ULL, kOnes = 0x0101010101010101ULL;
    for (uint64_t w; i + 8 <= n; i += 8) {
      memcpy(&w, b.data() + i, 8);
      uint64_t esc = w ^ (kOnes * 0x1B);
      if ((w & kHigh) || ((esc - kOnes) & ~esc & kHigh)) break;
    }
    if (i == n) break;
    unsigned char c = b[i];
    if (c < 0x80) {
      if (c == 0x1B) return false;
      ++i;
      continue;
    }
    size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
    if (len == 0 || c > 0xF4) return false;
    if (i + len > n) return truncated && WellFormedStart(b.substr(i));
    unsigned char c1 = b[i + 1];
    if ((c1 & 0xC0) != 0x80) return false;
    if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 > 0x9F) || (c == 0xF0 && c1 < 0x90) ||
        (c == 0xF4 && c1 > 0x8F)) {
      return false;  // overlong, surrogate or above U+10FFFF
    }
    for (size_t k = 2; k < len; ++k) {
      if ((static_cast<unsigned char>(b[i + k]) & 0xC0) != 0x80) return false;
    }
    i += len;
  }
  return true;
}

bool HasNonAscii(std::string_view b) {
  return std::any_of(b.begin(), b.end(), [](char c) { return c & 0x80; });
}

// The bytes of an incomplete character at the end of b, or 0.
size_t IncompleteTail(std::string_view b) {
  for (size_t back = 1; back <= 3 && back <= b.size(); ++back) {
    unsigned char c = b[b.size() - back];
    if ((c & 0xC0) == 0x80) continue;
    size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    return len > back ? back : 0;
  }
  return 0;
}

bool IsHtml(std::string_view body, std::string_view content_type) {
  if (!content_type.empty()) return FindNoCase(content_type, "html", 0) != std::string_view::npos;
  size_t i = 0;
  while (i < body.size() && IsSpace(body[i])) ++i;
  return i < body.size() && body[i] == '<';
}

struct Choice {
  Converter cnv;  // null: the bytes are UTF-8 already
  std::string charset, from;
  size_t skip = 0;  // a byte order mark
};

Choice Choose(std::string_view body, std::string_view content_type, bool truncated,
              std::string* note) {
  if (auto [bom, len] = ByteOrderMark(body); bom) {
    return {Open(bom), bom, "bom", len};
  }
  bool html = IsHtml(body, content_type);
  std::pair<std::string_view, const char*> declared[] = {
      {ContentTypeCharset(content_type), "http"},
      {html ? MetaCharset(body) : std::string_view(), "meta"}};
  for (auto [label, from] : declared) {
    if (label.empty()) continue;
    std::string name(label);
    // A <meta> read as ASCII cannot be in UTF-16: the Encoding Standard reads UTF-8.
    if (std::string_view(from) == "meta" && StartsWithNoCase(name, 0, "utf-16")) name = "utf-8";
    Converter cnv = Open(name);
    if (!cnv) {
      AddNote(note, "unknown charset \"" + std::string(label) + "\" (" + from + ")");
      continue;
    }
    // Declared legacy text that is valid UTF-8 beyond ASCII is UTF-8: a
    // chance match is rare, a server's wrong default is not.
    std::string charset = CharsetName(cnv.get());
    if (charset != "UTF-8" && HasNonAscii(body) && IsPlainUtf8(body, truncated)) {
      AddNote(note, "declared " + charset + " (" + from + "), but the bytes are UTF-8");
      return {nullptr, "UTF-8", "detected"};
    }
    return {std::move(cnv), "", from};
  }
  if (IsPlainUtf8(body, truncated)) return {nullptr, "UTF-8", "detected"};
  if (Converter cnv = Open(DetectCharset(body, html))) return {std::move(cnv), "", "detected"};
  return {Open(kDefaultCharset), "", "default"};
}

// The length of the longest prefix of s[0, max) that ends on a whole
// UTF-8 character.
size_t Utf8Boundary(std::string_view s, size_t max) {
  if (s.size() <= max) return s.size();
  size_t end = max;
  while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) --end;
  return end;
}

// Converts with ICU, through UTF-16, streaming: stops at max_bytes. A
// character cut at the end of a truncated input is dropped.
void Convert(std::string_view in, UConverter* from, size_t max_bytes, bool truncated,
             DecodedPayload* out) {
  UErrorCode err = U_ZERO_ERROR;
  Converter utf8(ucnv_open("UTF-8", &err));
  if (U_FAILURE(err)) {
    AddNote(&out->note, "no UTF-8 converter (ICU data missing?)");
    return;
  }
  std::array<UChar, 1024> pivot;
  UChar *pivot_source = pivot.data(), *pivot_target = pivot.data();
  const char* source = in.data();
  std::string& text = out->utf8;
  constexpr size_t kStep = 64 << 10;
  // A little room past the cap, so that the cut can fall on a character boundary.
  const size_t limit = max_bytes + 4;
  for (bool reset = true;; reset = false) {
    size_t used = text.size(), room = std::min(kStep, limit - used);
    text.resize(used + room);
    char* target = text.data() + used;
    err = U_ZERO_ERROR;
    ucnv_convertEx(utf8.get(), from, &target, target + room, &source, in.data() + in.size(),
                   pivot.data(), &pivot_source, &pivot_target, pivot.data() + pivot.size(), reset,
                   /*flush=*/!truncated, &err);
    text.resize(target - text.data());
    if (err == U_BUFFER_OVERFLOW_ERROR && text.size() < limit) continue;
    if (U_FAILURE(err) && err != U_BUFFER_OVERFLOW_ERROR) {
      AddNote(&out->note, std::string("conversion stopped: ") + u_errorName(err));
    }
    break;
  }
  if (text.size() > max_bytes) {
    text.resize(Utf8Boundary(text, max_bytes));
    out->cut = true;
  }
}

}  // namespace

std::string_view ContentTypeCharset(std::string_view content_type) {
  size_t semicolon = content_type.find(';');
  if (semicolon == std::string_view::npos) return {};
  return CharsetParam(content_type.substr(semicolon + 1));
}

std::string_view MetaCharset(std::string_view html) {
  std::string_view head = html.substr(0, kMetaTagEnd);
  for (size_t i = head.find('<'); i != std::string_view::npos && i < kMetaScan;
       i = head.find('<', i + 1)) {
    if (head.substr(i, 4) == "<!--") {  // a commented-out <meta> does not count
      i = head.find("-->", i + 4);
      if (i == std::string_view::npos) return {};
      continue;
    }
    if (!StartsWithNoCase(head, i, "<meta") || i + 5 >= head.size() ||
        !(IsSpace(head[i + 5]) || head[i + 5] == '/')) {
      continue;
    }
    size_t end = head.find('>', i);
    if (end == std::string_view::npos) return {};
    std::string_view label = CharsetParam(head.substr(i + 5, end - i - 5));
    if (!label.empty()) return label;
  }
  return {};
}

void ConvertToUtf8(std::string_view body, std::string_view content_type, size_t max_bytes,
                   bool truncated, DecodedPayload* out) {
  Choice choice = Choose(body, content_type, truncated, &out->note);
  body.remove_prefix(choice.skip);
  if (choice.cnv) {
    out->charset = CharsetName(choice.cnv.get());
    if (out->charset == "UTF-8" && IsPlainUtf8(body, truncated)) choice.cnv.reset();
  } else {
    out->charset = choice.charset;
  }
  out->charset_from = choice.from;
  if (choice.cnv) {
    Convert(body, choice.cnv.get(), max_bytes, truncated, out);
    return;
  }
  if (truncated) body.remove_suffix(IncompleteTail(body));
  size_t keep = Utf8Boundary(body, max_bytes);
  out->cut = keep < body.size();
  out->utf8.assign(body.substr(0, keep));
}

}  // namespace neardup::internal
