// neardup/words.h: Unicode words (ICU word breaks, NFKC case folding) and
// k-word shingles.
#include <xxhash.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "neardup/words.h"

using neardup::SelectModP;
using neardup::Shingles;
using neardup::Words;
using List = std::vector<std::string>;

namespace {

uint64_t Hash(const std::string& s) { return XXH3_64bits(s.data(), s.size()); }

}  // namespace

TEST_CASE("neardup words: English, punctuation, numbers, apostrophes", "[neardup]") {
  CHECK(Words("Hello, world! Don't stop: it's 3.14 and 1,000 -- U.S.A. e-mail foo_bar") ==
        List{"hello", "world", "don't", "stop", "it's", "3.14", "and", "1,000", "u.s.a", "e",
             "mail", "foo_bar"});
  // The typographic apostrophe is the ASCII one.
  CHECK(Words("Don\xE2\x80\x99t") == List{"don't"});
  CHECK(Words("'quoted' \"words\" (in) [brackets]") == List{"quoted", "words", "in", "brackets"});
  CHECK(Words("$5, 10% off 2024-01-02").size() == 6);  // 5 10 off 2024 01 02
  CHECK(Words("").empty());
  CHECK(
      Words(" ,.;!? -- \xF0\x9F\x98\x80 \xE2\x98\x83 \n").empty());  // punctuation, emoji, a symbol
  CHECK(Words("ab\xFF"
              "cd") == List{"ab", "cd"});  // invalid UTF-8 splits
}

TEST_CASE("neardup words: case folding and compatibility forms", "[neardup]") {
  // Full case folding: ß is ss, and so is the capital ẞ.
  CHECK(Words("STRASSE") == List{"strasse"});
  CHECK(Words("stra\xC3\x9F"
              "e") == List{"strasse"});
  CHECK(Words("STRA\xE1\xBA\x9E"
              "E") == List{"strasse"});
  // NFKC: full-width letters, ligatures, composed and decomposed accents.
  CHECK(
      Words(
          "\xEF\xBD\x93\xEF\xBD\x94\xEF\xBD\x92\xEF\xBD\x81\xEF\xBD\x93\xEF\xBD\x93\xEF\xBD\x85") ==
      List{"strasse"});
  CHECK(Words("\xEF\xAC\x81nd") == List{"find"});
  CHECK(Words("CAF\xC3\x89 cafe\xCC\x81") == List{"caf\xC3\xA9", "caf\xC3\xA9"});
  // The soft hyphen is ignorable: one word.
  CHECK(Words("Wiki\xC2\xADpedia") == List{"wikipedia"});
  // Turkish dotted and dotless i are not special: İ folds to i + U+0307.
  CHECK(Words("ISTANBUL Istanbul") == List{"istanbul", "istanbul"});
  CHECK(Words("\xC4\xB0stanbul") == List{"i\xCC\x87stanbul"});
  CHECK(Words("\xC4\xB1stanbul") == List{"\xC4\xB1stanbul"});
}

TEST_CASE("neardup words: CJK and Thai by ICU's dictionaries", "[neardup]") {
  // 我们今天去北京大学学习中文。
  CHECK(Words("\xE6\x88\x91\xE4\xBB\xAC\xE4\xBB\x8A\xE5\xA4\xA9\xE5\x8E\xBB\xE5\x8C\x97\xE4\xBA"
              "\xAC\xE5\xA4\xA7\xE5\xAD\xA6\xE5\xAD\xA6\xE4\xB9\xA0\xE4\xB8\xAD\xE6\x96\x87\xE3"
              "\x80\x82") == List{"\xE6\x88\x91\xE4\xBB\xAC", "\xE4\xBB\x8A\xE5\xA4\xA9",
                                  "\xE5\x8E\xBB", "\xE5\x8C\x97\xE4\xBA\xAC",
                                  "\xE5\xA4\xA7\xE5\xAD\xA6", "\xE5\xAD\xA6\xE4\xB9\xA0",
                                  "\xE4\xB8\xAD\xE6\x96\x87"});
  // 私は東京大学で日本語を勉強しています。
  List japanese = Words(
      "\xE7\xA7\x81\xE3\x81\xAF\xE6\x9D\xB1\xE4\xBA\xAC\xE5\xA4\xA7\xE5\xAD\xA6\xE3\x81\xA7\xE6"
      "\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E\xE3\x82\x92\xE5\x8B\x89\xE5\xBC\xB7\xE3\x81\x97\xE3\x81"
      "\xA6\xE3\x81\x84\xE3\x81\xBE\xE3\x81\x99\xE3\x80\x82");
  CHECK(japanese == List{"\xE7\xA7\x81", "\xE3\x81\xAF", "\xE6\x9D\xB1\xE4\xBA\xAC",
                         "\xE5\xA4\xA7\xE5\xAD\xA6", "\xE3\x81\xA7",
                         "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E", "\xE3\x82\x92",
                         "\xE5\x8B\x89\xE5\xBC\xB7", "\xE3\x81\x97", "\xE3\x81\xA6\xE3\x81\x84",
                         "\xE3\x81\xBE\xE3\x81\x99"});
  // Katakana is one kana word.
  CHECK(Words("\xE3\x82\xAB\xE3\x82\xBF\xE3\x82\xAB\xE3\x83\x8A") ==
        List{"\xE3\x82\xAB\xE3\x82\xBF\xE3\x82\xAB\xE3\x83\x8A"});
  // ภาษาไทยเป็นภาษาที่สวยงาม: Thai has no spaces between words.
  CHECK(Words("\xE0\xB8\xA0\xE0\xB8\xB2\xE0\xB8\xA9\xE0\xB8\xB2\xE0\xB9\x84\xE0\xB8\x97\xE0\xB8"
              "\xA2\xE0\xB9\x80\xE0\xB8\x9B\xE0\xB9\x87\xE0\xB8\x99\xE0\xB8\xA0\xE0\xB8\xB2\xE0"
              "\xB8\xA9\xE0\xB8\xB2\xE0\xB8\x97\xE0\xB8\xB5\xE0\xB9\x88\xE0\xB8\xAA\xE0\xB8\xA7"
              "\xE0\xB8\xA2\xE0\xB8\x87\xE0\xB8\xB2\xE0\xB8\xA1") ==
        List{"\xE0\xB8\xA0\xE0\xB8\xB2\xE0\xB8\xA9\xE0\xB8\xB2",
             "\xE0\xB9\x84\xE0\xB8\x97\xE0\xB8\xA2",
             "\xE0\xB9\x80\xE0\xB8\x9B\xE0\xB9\x87\xE0\xB8\x99",
             "\xE0\xB8\xA0\xE0\xB8\xB2\xE0\xB8\xA9\xE0\xB8\xB2",
             "\xE0\xB8\x97\xE0\xB8\xB5\xE0\xB9\x88",
             "\xE0\xB8\xAA\xE0\xB8\xA7\xE0\xB8\xA2\xE0\xB8\x87\xE0\xB8\xB2\xE0\xB8\xA1"});
}

TEST_CASE("neardup words: threads each use their own iterator", "[neardup]") {
  const std::string english = "The same words, in two threads at once: 1,000 times over. ";
  const std::string chinese =  // 我们今天去北京大学学习中文。
      "\xE6\x88\x91\xE4\xBB\xAC\xE4\xBB\x8A\xE5\xA4\xA9\xE5\x8E\xBB\xE5\x8C\x97\xE4\xBA\xAC\xE5\xA4"
      "\xA7\xE5\xAD\xA6\xE5\xAD\xA6\xE4\xB9\xA0\xE4\xB8\xAD\xE6\x96\x87\xE3\x80\x82";
  const List want_english = Words(english), want_chinese = Words(chinese);
  REQUIRE(want_english.size() == 11);
  REQUIRE(want_chinese.size() == 7);
  int wrong[2] = {0, 0};
  auto run = [&](int t) {
    for (int i = 0; i < 300; ++i) {
      if (Words(english) != want_english || Words(chinese) != want_chinese) ++wrong[t];
    }
  };
  std::thread a(run, 0), b(run, 1);
  a.join();
  b.join();
  CHECK(wrong[0] == 0);
  CHECK(wrong[1] == 0);
}

TEST_CASE("neardup words: shingles of k words", "[neardup]") {
  const List words{"the", "cat", "sat", "on", "the", "mat"};
  // The format, pinned: XXH3-64, seed 0, of the words joined by one space.
  CHECK(Shingles({"a", "b", "c"}, 3) == std::vector<uint64_t>{0x4f801377e3437ecbULL});
  CHECK(Hash("the cat sat on the") == 0x48d5f89963c3e174ULL);
  std::vector<uint64_t> k1{Hash("the"), Hash("cat"), Hash("sat"), Hash("on"), Hash("mat")};
  std::sort(k1.begin(), k1.end());
  CHECK(Shingles(words, 1) == k1);  // "the" twice: once
  std::vector<uint64_t> k3{Hash("the cat sat"), Hash("cat sat on"), Hash("sat on the"),
                           Hash("on the mat")};
  std::sort(k3.begin(), k3.end());
  CHECK(Shingles(words, 3) == k3);
  std::vector<uint64_t> k5{Hash("the cat sat on the"), Hash("cat sat on the mat")};
  std::sort(k5.begin(), k5.end());
  CHECK(Shingles(words, 5) == k5);
  // Fewer words than k: one shingle of them all; none: no shingle.
  CHECK(Shingles({"a", "b", "c"}, 5) == Shingles({"a", "b", "c"}, 3));
  CHECK(Shingles({}, 5).empty());
  // Repeats collapse.
  std::vector<uint64_t> ab{Hash("a b"), Hash("b a")};
  std::sort(ab.begin(), ab.end());
  CHECK(Shingles({"a", "b", "a", "b", "a", "b"}, 2) == ab);
  // Word boundaries matter: "ab c" is not "a bc".
  CHECK(Shingles({"ab", "c"}, 2) != Shingles({"a", "bc"}, 2));
}

TEST_CASE("neardup words: 0 mod p selection", "[neardup]") {
  const std::vector<uint64_t> all{2, 3, 4, 9, 10, 12};
  CHECK(SelectModP(all, 0) == all);
  CHECK(SelectModP(all, 1) == all);
  CHECK(SelectModP(all, 2) == std::vector<uint64_t>{2, 4, 10, 12});
  CHECK(SelectModP(all, 3) == std::vector<uint64_t>{3, 9, 12});
  CHECK(SelectModP({}, 3).empty());
}
