// The ASCII fast path of neardup::Words: the same words ICU finds, without
// ICU, on the ASCII stretches of a text (most of extracted English, and the
// markup-free spaces between words elsewhere).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace neardup::internal {

struct TextPiece {
  std::string_view text;
  bool ascii;  // all bytes below 0x80
};

// The text cut into consecutive pieces, each all ASCII or not, at places
// where neither ICU's word breaks nor NFKC_Casefold look across: after a
// space or line feed that an ASCII byte other than a space follows. So the
// words of the text are the words of its pieces, in order.
std::vector<TextPiece> SplitAscii(std::string_view text);

// Appends the words of an ASCII text, as neardup::Words gives them.
// REQUIRES: every byte of text is below 0x80.
void AppendAsciiWords(std::string_view text, std::vector<std::string>* words);

}  // namespace neardup::internal
