#include "neardup/extract.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <utility>

#include "extract_methods.h"
#include "extract_scan.h"

namespace neardup {

namespace {

// The length of the valid UTF-8 sequence at s[i] (not NUL, not a surrogate,
// not overlong), or 0.
size_t ValidSequenceAt(std::string_view s, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = byte(i);
  if (c >= 0x01 && c < 0x80) return 1;
  size_t n;
  unsigned char low = 0x80, high = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) low = 0xA0;
    if (c == 0xED) high = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) low = 0x90;
    if (c == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (i + n > s.size() || byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (size_t k = 2; k < n; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  return n;
}

// The page as libxml2 must get it: NUL and invalid bytes become U+FFFD
// (libxml2 would read the rest of the page as Latin-1). Returns false, and
// leaves *fixed alone, when the page is fine as it is (the usual case).
bool RepairUtf8(std::string_view html, std::string* fixed) {
  size_t i = 0;
  // Eight ASCII bytes at a time, none of them NUL (most of any page).
  constexpr uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
  for (uint64_t v; i + 8 <= html.size(); i += 8) {
    std::memcpy(&v, html.data() + i, 8);
    if (((v | ((v - kOnes) & ~v)) & kHigh) != 0) break;
  }
  while (i < html.size()) {
    const size_t n = ValidSequenceAt(html, i);
    if (n == 0) break;
    i += n;
  }
  if (i == html.size()) return false;
  fixed->assign(html.substr(0, i));
  while (i < html.size()) {
    const size_t n = ValidSequenceAt(html, i);
    if (n == 0) {
      fixed->append("\xEF\xBF\xBD");
      ++i;
    } else {
      fixed->append(html.substr(i, n));
      i += n;
    }
  }
  return true;
}

// The longest prefix of at most max bytes that ends on a character boundary.
std::string_view CutAt(std::string_view html, size_t max) {
  if (html.size() <= max) return html;
  size_t end = max;
  for (int back = 0; back < 3 && end > 0; ++back) {
    if ((static_cast<unsigned char>(html[end]) & 0xC0) != 0x80) break;
    --end;
  }
  if ((static_cast<unsigned char>(html[end]) & 0xC0) == 0x80) end = max;  // not UTF-8 here anyway
  return html.substr(0, end);
}

}  // namespace

Extracted ExtractMainText(std::string_view html_utf8, const ExtractOptions& options) {
  Extracted out;
  std::string_view html = CutAt(html_utf8, options.max_html);
  out.cut = html.size() < html_utf8.size();
  std::string repaired;
  if (RepairUtf8(html, &repaired)) html = repaired;

  ScannedPage page;
  ScanHtml(html, &page);
  switch (options.method) {
    case ExtractMethod::kNone:
      out.text = std::move(page.text);
      break;
    case ExtractMethod::kBte:
      out.text = BteText(page);
      break;
    case ExtractMethod::kDom:
      out.text = DomText(page);  // (it reads the title)
      break;
  }
  out.title = std::move(page.title);
  return out;
}

std::string_view ExtractMethodName(ExtractMethod method) {
  switch (method) {
    case ExtractMethod::kBte:
      return "bte";
    case ExtractMethod::kDom:
      return "dom";
    case ExtractMethod::kNone:
      return "none";
  }
  return "?";
}

bool ParseExtractMethod(std::string_view name, ExtractMethod* method) {
  for (ExtractMethod m : {ExtractMethod::kBte, ExtractMethod::kDom, ExtractMethod::kNone}) {
    if (name == ExtractMethodName(m)) {
      *method = m;
      return true;
    }
  }
  return false;
}

}  // namespace neardup
