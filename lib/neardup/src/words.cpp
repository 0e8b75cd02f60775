#include "neardup/words.h"

#include <unicode/brkiter.h>
#include <unicode/normalizer2.h>
#include <unicode/unistr.h>
#include <xxhash.h>

#include <algorithm>
#include <cstdlib>
#include <memory>

#include "words_ascii.h"

namespace neardup {

namespace {

// ICU's root word break rules, built once; each thread clones its own
// iterator (an iterator holds per-text state; building one parses rules).
icu::BreakIterator* ThreadWordIterator() {
  static const std::unique_ptr<icu::BreakIterator> prototype = [] {
    UErrorCode err = U_ZERO_ERROR;
    std::unique_ptr<icu::BreakIterator> it(
        icu::BreakIterator::createWordInstance(icu::Locale::getRoot(), err));
    return U_SUCCESS(err) ? std::move(it) : nullptr;
  }();
  if (!prototype) std::abort();  // ICU data missing: libicu is broken, no word is right
  thread_local const std::unique_ptr<icu::BreakIterator> mine(prototype->clone());
  return mine.get();
}

const icu::Normalizer2& NfkcCasefold() {
  static const icu::Normalizer2* folder = [] {
    UErrorCode err = U_ZERO_ERROR;
    const icu::Normalizer2* n = icu::Normalizer2::getNFKCCasefoldInstance(err);
    return U_SUCCESS(err) ? n : nullptr;
  }();
  if (!folder) std::abort();  // as above
  return *folder;
}

// Rule statuses of the tokens kept: UBRK_WORD_NUMBER, _LETTER, _KANA, _IDEO
// (100-499); below are spaces and punctuation.
bool IsWordToken(int32_t status) {
  return status >= UBRK_WORD_NONE_LIMIT && status < UBRK_WORD_IDEO_LIMIT;
}

// Appends the UTF-8 of s[0, n) (ICU's converter is general, and slower on
// the short, mostly ASCII words here). A lone surrogate becomes U+FFFD.
void AppendUtf8(const char16_t* s, int32_t n, std::string* out) {
  for (int32_t i = 0; i < n; ++i) {
    uint32_t c = s[i];
    if (c < 0x80) {
      out->push_back(static_cast<char>(c));
      continue;
    }
    if (c >= 0xD800 && c <= 0xDFFF) {
      bool pair = c <= 0xDBFF && i + 1 < n && s[i + 1] >= 0xDC00 && s[i + 1] <= 0xDFFF;
      c = pair ? 0x10000 + ((c - 0xD800) << 10) + (s[++i] - 0xDC00) : 0xFFFD;
    }
    char b[4];
    int len;
    if (c < 0x800) {
      b[0] = static_cast<char>(0xC0 | c >> 6);
      len = 1;
    } else if (c < 0x10000) {
      b[0] = static_cast<char>(0xE0 | c >> 12);
      b[1] = static_cast<char>(0x80 | (c >> 6 & 0x3F));
      len = 2;
    } else {
      b[0] = static_cast<char>(0xF0 | c >> 18);
      b[1] = static_cast<char>(0x80 | (c >> 12 & 0x3F));
      b[2] = static_cast<char>(0x80 | (c >> 6 & 0x3F));
      len = 3;
    }
    b[len] = static_cast<char>(0x80 | (c & 0x3F));
    out->append(b, len + 1);
  }
}

// Appends the words of utf8 by ICU.
void AppendIcuWords(std::string_view utf8, std::vector<std::string>* words) {
  UErrorCode err = U_ZERO_ERROR;
  icu::UnicodeString text =
      NfkcCasefold().normalize(icu::UnicodeString::fromUTF8(icu::StringPiece(
                                   utf8.data(), static_cast<int32_t>(utf8.size()))),
                               err);
  if (U_FAILURE(err)) return;  // only on allocation failure
  text.findAndReplace(icu::UnicodeString(u'\u2019'), icu::UnicodeString(u'\''));
  icu::BreakIterator* it = ThreadWordIterator();
  it->setText(text);
  int32_t start = it->first();
  for (int32_t end = it->next(); end != icu::BreakIterator::DONE; start = end, end = it->next()) {
    if (!IsWordToken(it->getRuleStatus())) continue;
    words->emplace_back();
    AppendUtf8(text.getBuffer() + start, end - start, &words->back());
  }
}

}  // namespace

std::vector<std::string> Words(std::string_view utf8) {
  // ICU strings count in int32_t: 2^30 bytes of UTF-8 fit as UTF-16.
  utf8 = utf8.substr(0, size_t{1} << 30);
  std::vector<std::string> words;
  words.reserve(utf8.size() / 6);  // about one word per 6 bytes of English
  for (const internal::TextPiece& piece : internal::SplitAscii(utf8)) {
    if (piece.simple)
      internal::AppendSimpleWords(piece.text, &words);
    else
      AppendIcuWords(piece.text, &words);
  }
  return words;
}

std::vector<std::string> WordsByIcu(std::string_view utf8) {
  utf8 = utf8.substr(0, size_t{1} << 30);
  std::vector<std::string> words;
  words.reserve(utf8.size() / 6);
  AppendIcuWords(utf8, &words);
  return words;
}

std::vector<uint64_t> Shingles(const std::vector<std::string>& words, int k) {
  if (words.empty()) return {};
  const size_t n = words.size(), span = std::min<size_t>(std::max(k, 1), n);
  // All words joined by spaces once: each shingle is then a slice of it.
  std::string joined;
  std::vector<size_t> start(n + 1);
  for (size_t i = 0; i < n; ++i) {
    start[i] = joined.size();
    joined.append(words[i]).push_back(' ');
  }
  start[n] = joined.size();
  std::vector<uint64_t> hashes;
  hashes.reserve(n - span + 1);
  for (size_t i = 0; i + span <= n; ++i) {
    size_t end = start[i + span] - 1;  // without the space after the last word
    hashes.push_back(XXH3_64bits(joined.data() + start[i], end - start[i]));
  }
  std::sort(hashes.begin(), hashes.end());
  hashes.erase(std::unique(hashes.begin(), hashes.end()), hashes.end());
  return hashes;
}

std::vector<uint64_t> SelectModP(std::span<const uint64_t> shingles, uint32_t p) {
  if (p <= 1) return {shingles.begin(), shingles.end()};
  std::vector<uint64_t> kept;
  for (uint64_t h : shingles) {
    if (h % p == 0) kept.push_back(h);
  }
  return kept;
}

}  // namespace neardup
