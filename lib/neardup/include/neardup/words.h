// Words and shingles: what the near-duplicate stage compares.
//
// Words follow Unicode's word boundaries (UAX #29 through ICU's word break
// iterator; Chinese, Japanese, Thai, Lao, Khmer and Burmese by ICU's
// dictionaries, so a CJK sentence is several words, not one token). Only
// tokens ICU tags as letters, numbers, kana or ideographs are kept: no
// punctuation, spaces, symbols or emoji. Each word is NFKC case-folded
// (Unicode's NFKC_Casefold: full case folding, compatibility forms, default
// ignorables such as the soft hyphen removed), so "STRASSE", "Straße" and
// "ｓｔｒａｓｓｅ" are one word, "strasse"; the Turkish dotted capital I is
// not special ("İ" -> "i" + U+0307). A right single quotation mark (U+2019)
// counts as an apostrophe: "don’t" and "don't" are both the word "don't";
// "3.14" and "1,000" are single words.
//
// Shingles are the 64-bit XXH3 hashes (seed 0) of k consecutive words
// joined by single spaces, the set sorted and without repeats. The hash of
// "a b c" is pinned by the unit tests: signature files depend on it.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace neardup {

// The words of a UTF-8 text, in order, as UTF-8. Invalid UTF-8 reads as
// U+FFFD (not a word). Reads at most the first 2^30 bytes (callers cap far
// lower). Thread-safe: each thread keeps its own iterator.
std::vector<std::string> Words(std::string_view utf8);

// Words by ICU alone. Words() gives the same words faster on ASCII text (no
// ICU there); this is what the tests compare it with.
std::vector<std::string> WordsByIcu(std::string_view utf8);

// The sorted, distinct hashes of every k consecutive words. With fewer than
// k words (but some), one shingle of all of them; no words, no shingles.
// REQUIRES: k >= 1.
std::vector<uint64_t> Shingles(const std::vector<std::string>& words, int k);

// The shingles whose hash is 0 modulo p, in order (a fixed sample that two
// documents share exactly where they share shingles). p 0 or 1: all.
std::vector<uint64_t> SelectModP(std::span<const uint64_t> shingles, uint32_t p);

}  // namespace neardup
