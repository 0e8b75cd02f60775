// Charset detection of decode_charset.cpp: ICU's detector, with a check of
// Japanese text that ICU's n-grams may take for Korean or Chinese.
#include <unicode/ucnv.h>
#include <unicode/ucsdet.h>

#include <algorithm>
#include <array>
#include <iterator>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "decode_charset.h"

namespace neardup::internal {

namespace {

// ICU's detector reads this much, from a little before the first non-ASCII
// byte (a page's ASCII head tells it nothing). It costs about 0.17 us a
// byte (n-gram tables of each language); its confidence on Russian is the
// same from 256 bytes to 4 KB.
constexpr size_t kDetectBytes = 1 << 10, kDetectLead = 256;
// Below this confidence (0-100), detection is a guess: the default wins.
constexpr int kMinConfidence = 30;

struct ConverterCloser {
  void operator()(UConverter* c) const { ucnv_close(c); }
};

struct DetectorCloser {
  void operator()(UCharsetDetector* d) const { ucsdet_close(d); }
};

// Up to kDetectBytes of the non-ASCII bytes in body's first kKanaScan
// bytes, a space between two runs: the text, without the markup and
// style sheets that can fill ICU's sample (a page's title and then CSS).
std::string NonAsciiRuns(std::string_view body) {
  constexpr size_t kKanaScan = 64 << 10;
  auto high = [](char c) { return (c & 0x80) != 0; };
  std::string runs;
  body = body.substr(0, kKanaScan);
  for (auto it = std::find_if(body.begin(), body.end(), high);
       it != body.end() && runs.size() < kDetectBytes; it = std::find_if(it, body.end(), high)) {
    auto end = std::find_if_not(it, body.end(), high);
    if (!runs.empty()) runs.push_back(' ');
    runs.append(it, it + std::min<size_t>(end - it, kDetectBytes - runs.size()));
    it = end;
  }
  return runs;
}

// Kana are Japanese only: Japanese prose is a third or more kana (menus and
// titles of kanji bring a page down to a sixth); a Korean or Chinese text
// read as EUC-JP has few (their charsets' kana rows are little used: Hangul
// jamo, Greek). Japanese in EUC-JP read as EUC-KR gives Hangul syllables
// for kanji, jamo and Greek for kana: ICU's n-grams may prefer that.
bool ReadsAsJapanese(std::string_view body) {
  constexpr size_t kMinKana = 8, kMinShareInverse = 10;  // and a tenth of the non-ASCII
  std::string runs = NonAsciiRuns(body);
  UErrorCode open_err = U_ZERO_ERROR;
  std::unique_ptr<UConverter, ConverterCloser> euc_jp(ucnv_open("EUC-JP", &open_err));
  if (!euc_jp || U_FAILURE(open_err)) return false;
  std::array<UChar, kDetectBytes + 64> text;  // a byte or a space gives at most one UChar
  UErrorCode err = U_ZERO_ERROR;
  int32_t n = ucnv_toUChars(euc_jp.get(), text.data(), text.size(), runs.data(),
                            static_cast<int32_t>(runs.size()), &err);
  if (U_FAILURE(err)) return false;
  size_t kana = 0, wide = 0;
  for (UChar c : std::span(text.data(), n)) {
    wide += c >= 0x80;
    // Kana letters, not the marks (long vowel, middle dot) that punctuate.
    kana += (c >= 0x3041 && c <= 0x3096) || (c >= 0x30A1 && c <= 0x30FA) ||
            (c >= 0xFF66 && c <= 0xFF9D);
  }
  return kana >= kMinKana && kana * kMinShareInverse >= wide;
}

// ICU's best guess when confident, else empty. Where ICU prefers another
// CJK charset but EUC-JP matches too, text that reads as Japanese is EUC-JP.
}  // namespace

std::string DetectCharset(std::string_view body, bool html) {
  thread_local std::unique_ptr<UCharsetDetector, DetectorCloser> detector;
  UErrorCode err = U_ZERO_ERROR;
  if (!detector) detector.reset(ucsdet_open(&err));
  if (!detector || U_FAILURE(err)) return {};
  ucsdet_enableInputFilter(detector.get(), html);  // ignore markup
  size_t first =
      std::find_if(body.begin(), body.end(), [](char c) { return c & 0x80; }) - body.begin();
  std::string_view sample =
      body.substr(first > kDetectLead ? first - kDetectLead : 0, kDetectBytes);
  ucsdet_setText(detector.get(), sample.data(), static_cast<int32_t>(sample.size()), &err);
  int32_t count = 0;
  const UCharsetMatch** matches = ucsdet_detectAll(detector.get(), &count, &err);
  if (U_FAILURE(err) || count < 1 || ucsdet_getConfidence(matches[0], &err) < kMinConfidence) {
    return {};
  }
  const char* best = ucsdet_getName(matches[0], &err);
  if (U_FAILURE(err) || !best) return {};
  static constexpr std::string_view kOtherCjk[] = {"EUC-KR", "GB18030", "Big5", "Shift_JIS"};
  if (std::find(std::begin(kOtherCjk), std::end(kOtherCjk), best) == std::end(kOtherCjk)) {
    return best;
  }
  for (int32_t i = 1; i < count; ++i) {
    const char* name = ucsdet_getName(matches[i], &err);
    if (U_SUCCESS(err) && name && std::string_view(name) == "EUC-JP" && ReadsAsJapanese(body)) {
      return name;
    }
  }
  return best;
}

}  // namespace neardup::internal
