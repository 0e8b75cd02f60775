#include "words_ascii.h"

#include <cstdint>
#include <cstring>

// On ASCII and the simple characters (see SimpleAt), NFKC_Casefold is only
// upper to lower case (+ 0x20 in ASCII and in the Latin-1 letters' trail
// byte), and UAX #29 (as ICU's root word rules apply it) reduces to these
// classes and rules:
//   letter a-z, a Latin-1 letter, or '@' (ICU's root makes it ALetter),
//   digit 0-9, '_' (ExtendNumLet): any two of them join
//     (WB5, WB8, WB9, WB10, WB13a, WB13b);
//   letter (. or ') letter join (WB6, WB7: MidNumLet, Single_Quote; ICU's
//     root leaves ':' out of MidLetter);
//   digit (. or ' or , or ;) digit join (WB11, WB12: MidNum, MidNumLet);
//   everything else breaks on both sides (spaces, controls, punctuation,
//     the simple symbols).
// Tokens of joined word characters carry a letter or number rule status,
// except a lone '_', which has none. words_ascii_test compares this with
// ICU on many random texts over exactly these characters.
namespace neardup::internal {

namespace {

enum Class : uint8_t { kOther, kLetter, kDigit, kUnderscore, kMidNumLet, kMidNum, kTrail };

struct Classes {
  Class of[256];
  constexpr Classes() : of() {
    for (int c = 0x80; c < 0xC0; ++c) of[c] = kTrail;  // its lead byte's class
    of[0xC3] = kLetter;                                // the Latin-1 letters kept
    for (int c = 0; c < 128; ++c) {
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '@')
        of[c] = kLetter;
      else if (c >= '0' && c <= '9')
        of[c] = kDigit;
      else if (c == '_')
        of[c] = kUnderscore;
      else if (c == '.' || c == '\'')
        of[c] = kMidNumLet;
      else if (c == ',' || c == ';')
        of[c] = kMidNum;
      else
        of[c] = kOther;
    }
  }
};
constexpr Classes kClasses;

// The class of byte i of a simple piece (see SplitAscii).
Class ClassAt(std::string_view s, size_t i) {
  if (i >= s.size()) return kOther;
  Class c = kClasses.of[static_cast<unsigned char>(s[i])];
  if (c != kTrail) return c;
  return static_cast<unsigned char>(s[i - 1]) == 0xC3 ? kLetter : kOther;
}

bool IsWordChar(Class c) { return c == kLetter || c == kDigit || c == kUnderscore; }

// The end of the word that starts at `start` (a word character).
size_t WordEnd(std::string_view s, size_t start) {
  size_t last = start;  // the word's last character
  for (;;) {
    Class here = ClassAt(s, last), next = ClassAt(s, last + 1);
    if (IsWordChar(next)) {
      last += 1;
      continue;
    }
    Class after = ClassAt(s, last + 2);
    bool letters = here == kLetter && next == kMidNumLet && after == kLetter;
    bool digits = here == kDigit && (next == kMidNumLet || next == kMidNum) && after == kDigit;
    if (!letters && !digits) return last + 1;
    last += 2;
  }
}

bool IsAsciiByte(char c) { return static_cast<unsigned char>(c) < 0x80; }

// The length of the simple non-ASCII character at text[i], 0 when it is
// not one: a Latin-1 letter that NFKC_Casefold maps to itself or its
// lower case (not the sharp s, which becomes "ss", nor the signs for times
// and division), or one of a few common symbols and punctuation marks that
// it leaves alone and that UAX #29 breaks on both sides (class Other).
size_t SimpleAt(std::string_view text, size_t i) {
  static constexpr std::string_view kOthers[] = {"\xC2\xA9",     "\xC2\xAB",     "\xC2\xBB",
                                                 "\xE2\x80\x93", "\xE2\x80\x94", "\xE2\x80\x9C",
                                                 "\xE2\x80\x9D", "\xE2\x80\xA2", "\xE2\x86\x92",
                                                 "\xE2\x98\x85", "\xE2\x9C\x93"};
  std::string_view rest = text.substr(i);
  if (rest.size() >= 2 && rest[0] == '\xC3') {
    auto trail = static_cast<unsigned char>(rest[1]);
    bool letter = trail >= 0x80 && trail < 0xC0 && trail != 0x97 && trail != 0x9F && trail != 0xB7;
    return letter ? 2 : 0;
  }
  for (std::string_view other : kOthers)
    if (rest.substr(0, other.size()) == other) return other.size();
  return 0;
}

// The first byte at or after `from` that is neither ASCII nor starts a
// simple character (text.size(): none).
size_t NextNonAscii(std::string_view text, size_t from) {
  size_t i = from;
  for (;;) {
    for (; i + 8 <= text.size(); i += 8) {
      uint64_t block;
      std::memcpy(&block, text.data() + i, 8);
      if (block & 0x8080808080808080ull) break;
    }
    while (i < text.size() && IsAsciiByte(text[i])) ++i;
    size_t simple = i < text.size() ? SimpleAt(text, i) : 0;
    if (simple == 0) return i;
    i += simple;
  }
}

// Whether the text may be cut before byte i: after a space or line feed
// (UAX #29 breaks after both; no rule looks across them) and before an
// ASCII byte other than a space (WB3d joins spaces, WB4 a combining mark to
// the space; ASCII bytes start a normalisation segment and a UTF-8
// sequence).
bool IsCut(std::string_view text, size_t i) {
  if (i == 0 || i >= text.size()) return true;
  char before = text[i - 1], here = text[i];
  return (before == ' ' || before == '\n') && IsAsciiByte(here) && here != ' ';
}

// The first cut after byte i.
size_t NextCut(std::string_view text, size_t i) {
  do ++i;
  while (!IsCut(text, i));
  return i;
}

constexpr size_t kMergeGap = 64;

}  // namespace

std::vector<TextPiece> SplitAscii(std::string_view text) {
  std::vector<TextPiece> pieces;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t other = NextNonAscii(text, pos);
    if (other == text.size()) {
      pieces.push_back({text.substr(pos), true});
      break;
    }
    size_t start = other;
    while (start > pos && !IsCut(text, start)) --start;
    if (start > pos) pieces.push_back({text.substr(pos, start - pos), true});
    // Other characters close together go to ICU at once (a call costs more
    // than the few simple words between them).
    size_t end = NextCut(text, other);
    for (size_t next; end < text.size(); end = NextCut(text, next)) {
      next = NextNonAscii(text, end);
      if (next == text.size() || next - end >= kMergeGap) break;
    }
    pieces.push_back({text.substr(start, end - start), false});
    pos = end;
  }
  return pieces;
}

void AppendSimpleWords(std::string_view text, std::vector<std::string>* words) {
  for (size_t i = 0; i < text.size();) {
    if (!IsWordChar(ClassAt(text, i))) {
      ++i;
      continue;
    }
    size_t end = WordEnd(text, i);
    if (end - i > 1 || text[i] != '_') {
      std::string& word = words->emplace_back(text.substr(i, end - i));
      for (char& c : word) {
        auto b = static_cast<unsigned char>(c);
        // A-Z, and the capital Latin-1 letters (the trail byte after 0xC3).
        if ((b >= 'A' && b <= 'Z') || (b >= 0x80 && b <= 0x9E)) c = static_cast<char>(b + 0x20);
      }
    }
    i = end;
  }
}

}  // namespace neardup::internal
