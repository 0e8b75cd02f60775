// The main text of an HTML page (warcshingle's --extract): what is left of
// a page once its template (navigation, headers, footers, sidebars, forms,
// scripts) is taken away, as the text that near-duplicate detection
// shingles. One pass of libxml2's HTML parser in SAX mode (no tree is
// built; bench/html_parse_probe.cpp measured it against gumbo and Modest).
//
// The text is made of blocks (paragraphs, list items, cells, headings, the
// lines that <br> separates), one per line: blocks are separated by '\n',
// whitespace inside a block (also U+00A0) is one space, there is no space
// at either end of a block, and the text neither starts nor ends with '\n'.
// Entities are decoded. Text that is never shown is never taken: script,
// style, noscript, template, svg, math, iframe, object, the head (the title
// is kept apart), and elements with the hidden attribute or display:none.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace neardup {

enum class ExtractMethod {
  // Finn, Kushmerick and Smyth (2001), body text extraction: the page as a
  // sequence of tag tokens and word tokens; the main text is the span of
  // tokens that maximises the tags before it, the words in it and the tags
  // after it (a maximum-sum subarray with words +1 and tags -1, one pass).
  kBte,
  // A DOM filter: drop navigation, header, footer, aside, form, iframe,
  // button and select elements, and elements whose class, id or role names
  // boilerplate (whole words: "site-nav" and "comments" do, "masthead" is
  // listed itself, "shadow" is not "ad"); then judge the blocks left by two
  // shallow features (boilerpipe's): words (a CJK character counts as one)
  // and link density. Kept: blocks of 10 words or more with under 1/3 of
  // them in links; shorter blocks between two kept ones; headings before
  // one. Never kept: copyright lines (blocks of up to 40 words with a
  // copyright sign, "copyright", "all rights reserved"). The headline is
  // the first block (a heading if one matches) whose words begin the
  // <title>'s and make at least half of them ("Headline | Site"); when
  // there is one, it is kept and only blocks in its region
  // count: its element, grown to the parent element as long as the parent
  // adds at least as many words of content blocks as it holds (the story's
  // container, not the page around it with a tagline above and an "about"
  // blurb or a copyright line below). When <article>, <main>, role=main or
  // itemprop=articleBody holds such a block, only blocks inside those
  // count, and there every block but link lists is kept. A page without
  // any such block keeps all its blocks but link lists (an empty text
  // would match every other).
  kDom,
  // All visible text.
  kNone,
};

struct ExtractOptions {
  ExtractMethod method = ExtractMethod::kDom;
  // Only the first max_html bytes are parsed (the cut falls back to the start
  // of a UTF-8 character); a longer page is marked cut.
  size_t max_html = 1 << 20;
};

struct Extracted {
  std::string title;  // of the first <title>, whitespace collapsed, at most kMaxTitle bytes
  std::string text;
  bool cut = false;  // the page was longer than max_html
};

constexpr size_t kMaxTitle = 1024;

// Never fails: any bytes give some text (invalid UTF-8 is read as U+FFFD).
// REQUIRES (for meaningful text): html_utf8 is UTF-8 (neardup::DecodePayload
// gives it); a <meta charset> in it is ignored.
Extracted ExtractMainText(std::string_view html_utf8, const ExtractOptions& options);

// "bte", "dom", "none" (warcshingle's --extract values).
std::string_view ExtractMethodName(ExtractMethod method);
bool ParseExtractMethod(std::string_view name, ExtractMethod* method);

// How well an extracted text matches the true main text: F1 of the two bags
// of tokens (maximal runs of letters and digits, ASCII case-folded, other
// bytes >= 0x80 count as letters; each CJK character, U+3000 to U+DFFF, is a
// token of its own). Two empty texts match (1); one empty text against a
// non-empty one scores 0. The extraction measurement of
// bench/html_parse_probe.cpp and the unit tests.
double TokenF1(std::string_view extracted, std::string_view truth);

}  // namespace neardup
