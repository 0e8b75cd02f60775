// neardup::Words' ASCII fast path (lib/neardup/src/words_ascii.cpp) against
// ICU (neardup::WordsByIcu): the same words on every text tried.
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "neardup/words.h"

using neardup::Words;
using neardup::WordsByIcu;
using List = std::vector<std::string>;

namespace {

// A deterministic random text over `alphabet` (64-bit LCG).
std::string RandomText(uint64_t* state, const std::string& alphabet, size_t length) {
  std::string text;
  for (size_t i = 0; i < length; ++i) {
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    text.push_back(alphabet[(*state >> 33) % alphabet.size()]);
  }
  return text;
}

// A deterministic random text of the given pieces (words, spaces, marks).
std::string RandomMix(uint64_t* state, const std::vector<std::string>& parts, size_t count) {
  std::string text;
  for (size_t i = 0; i < count; ++i) {
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    text += parts[(*state >> 33) % parts.size()];
  }
  return text;
}

}  // namespace

TEST_CASE("neardup words ascii: the rules' corner cases, as ICU", "[neardup]") {
  // Joined: letters by . and ', digits by . ' , and ;, anything by _.
  const List cases = {"a.b",
                      "a'b",
                      "1.2",
                      "1'2",
                      "1,2",
                      "1;2",
                      "a:b",
                      "a;b",
                      "1,a",
                      "a.1",
                      "1.a",
                      "_",
                      "__",
                      "_a",
                      "a_",
                      "_1",
                      "1_",
                      "a._",
                      "a..b",
                      "a.b.c",
                      "_._",
                      "1._",
                      "a.'b",
                      "'a",
                      "a'",
                      "a1.2",
                      "x.y_1",
                      "A.B",
                      "Don't",
                      "U.S.A.",
                      "3.14",
                      "1,000",
                      "a\tb",
                      "a\r\nb",
                      "a\x0b"
                      "b",
                      "",
                      " ",
                      "e-mail",
                      "foo_bar",
                      "a.b:c",
                      "a@b",
                      "@",
                      "x@1.2",
                      "@.@"};
  for (const auto& text : cases) {
    INFO(text);
    CHECK(Words(text) == WordsByIcu(text));
  }
  CHECK(Words("Hello, U.S.A. don't 1,000.5 foo_bar a_ _ __") ==
        List{"hello", "u.s.a", "don't", "1,000.5", "foo_bar", "a_", "__"});
}

TEST_CASE("neardup words ascii: random texts give ICU's words", "[neardup]") {
  // Every class of the fast path, dense in the characters that join.
  const std::string joiners = "aZ09_.',;: \t\r\n";
  const std::string mixed = "abcXYZ0123456789_.',;:!?-\"()[]{}<>/\\@#$%^&*+=~`| \t\r\n\x0b\x0c";
  std::string all;
  for (int c = 1; c < 128; ++c) all.push_back(static_cast<char>(c));
  uint64_t state = 15;
  int compared = 0;
  for (const std::string* alphabet : std::vector<const std::string*>{&joiners, &mixed, &all}) {
    for (int i = 0; i < 3000; ++i) {
      std::string text = RandomText(&state, *alphabet, 1 + i % 40);
      INFO(text);
      REQUIRE(Words(text) == WordsByIcu(text));
      ++compared;
    }
  }
  CHECK(compared == 9000);
}

TEST_CASE("neardup words ascii: ASCII beside other text gives ICU's words", "[neardup]") {
  // Where the text is cut matters: spaces and line feeds next to combining
  // marks, no-break and other spaces, CJK and Thai runs (ICU's
  // dictionaries), invalid UTF-8, ligatures and full-width letters
  // (NFKC_Casefold), the typographic apostrophe, the soft hyphen.
  const std::vector<std::string> parts = {" ",
                                          " ",
                                          " ",
                                          "\n",
                                          "\r\n",
                                          "\t",
                                          "a",
                                          "Word",
                                          "don't",
                                          "3.14",
                                          "_",
                                          ".",
                                          ",",
                                          "@",
                                          "\xCC\x81",
                                          "\xC3\xA9",
                                          "\xC2\xA0",
                                          "\xE2\x80\x83",
                                          "\xE2\x80\x99",
                                          "\xC2\xAD",
                                          "\xEF\xAC\x81",
                                          "\xEF\xBC\xA1",
                                          "\xE5\xAD\xA6\xE6\xA0\xA1",
                                          "\xE3\x81\xA8",
                                          "\xE0\xB8\x81\xE0\xB8\xB2\xE0\xB8\xA3",
                                          "\xFF",
                                          "\xE2\x80\x8D",
                                          "\xF0\x9F\x98\x80",
                                          "\xC2\xA8",
                                          "\xE2\x80\xA8",
                                          "\xC2\x85",
                                          "\xD7\x90"};
  // And mostly English, so that long ASCII stretches lie between the rest.
  std::vector<std::string> mostly_ascii = parts;
  for (int i = 0; i < 40; ++i) mostly_ascii.insert(mostly_ascii.end(), {" ", "Word", "an", "."});
  uint64_t state = 7;
  for (int i = 0; i < 8000; ++i) {
    std::string text = RandomMix(&state, i % 2 ? parts : mostly_ascii, 1 + i % 120);
    INFO(text);
    REQUIRE(Words(text) == WordsByIcu(text));
  }
}

TEST_CASE("neardup words ascii: a non-ASCII byte goes to ICU", "[neardup]") {
  CHECK(Words("\xC3\x80 la CAF\xC3\x89 \xE2\x80\x9Cna\xC3\xAFve\xE2\x80\x9D \xC3\x97 \xC3\x9F") ==
        List{"\xC3\xA0", "la", "caf\xC3\xA9", "na\xC3\xAFve", "ss"});
  CHECK(Words("Stra\xC3\x9F"
              "e don\xE2\x80\x99t") == List{"strasse", "don't"});
  CHECK(Words("caf\xC3\xA9 CAFE\xCC\x81") == List{"caf\xC3\xA9", "caf\xC3\xA9"});
}
