// The fast path of neardup::Words: the same words ICU finds, without ICU,
// on the stretches of a text that are ASCII or a few simple non-ASCII
// characters (Latin-1 letters, common quotes, dashes and symbols): most of
// the main text of English and western European pages.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace neardup::internal {

struct TextPiece {
  std::string_view text;
  bool simple;  // ASCII and simple characters only: AppendSimpleWords
};

// The text cut into consecutive pieces, each simple or not, at places
// where neither ICU's word breaks nor NFKC_Casefold look across: after a
// space or line feed that an ASCII byte other than a space follows. So the
// words of the text are the words of its pieces, in order.
std::vector<TextPiece> SplitAscii(std::string_view text);

// Appends the words of a simple piece, as neardup::Words gives them.
// REQUIRES: text is a piece SplitAscii found simple.
void AppendSimpleWords(std::string_view text, std::vector<std::string>* words);

}  // namespace neardup::internal
