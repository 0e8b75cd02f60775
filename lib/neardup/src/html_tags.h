// What an HTML element means to text extraction, by its tag name.
#pragma once

#include <cstdint>
#include <string_view>

namespace neardup {

enum TagFlag : uint8_t {
  kTagBlock = 1,     // starts and ends a text block (also <br>)
  kTagSkip = 2,      // its content is never shown (script, style, head, ...)
  kTagBoiler = 4,    // template, not main text (nav, header, footer, aside, form, ...)
  kTagLink = 8,      // <a>
  kTagMain = 16,     // <article>, <main>
  kTagHeading = 32,  // <h1> ... <h6>
  kTagTitle = 64,    // <title>
};

// The flags of a lower-case tag name; 0 for inline and unknown elements.
uint8_t TagFlags(std::string_view name);

// Whether a class, id or role value names boilerplate: one of its words
// (split at anything but ASCII letters and digits, case-folded) is in the
// list (nav, menu, footer, sidebar, comments, ad, banner, share, cookie, ...).
// Whole words only: "masthead" is not "header" (it is in the list itself),
// "shadow" is not "ad".
bool NamesBoilerplate(std::string_view value);

// Whether a role or itemprop value marks the main content ("main",
// "articleBody").
bool NamesMainContent(std::string_view value);

// Whether a style attribute hides the element (display:none, any spacing).
bool StyleHides(std::string_view style);

}  // namespace neardup
