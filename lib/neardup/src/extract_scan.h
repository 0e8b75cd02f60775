// The one pass over a page that every extraction method starts from: the
// visible text (ExtractMethod::kNone's output) cut into runs, each with what
// the methods need to know about it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace neardup {

enum RunFlag : uint8_t {
  kRunLink = 1,     // inside <a>
  kRunBoiler = 2,   // inside a template element (relative to the innermost main element)
  kRunMain = 4,     // inside <article>, <main> or role=main
  kRunHeading = 8,  // inside <h1> ... <h6>
};

// A piece of text between two tags, [begin, end) in ScannedPage::text.
struct TextRun {
  uint32_t begin = 0, end = 0;
  uint32_t block = 0;        // runs of one block share it; blocks are '\n'-separated in text
  uint32_t words = 0;        // word tokens (whitespace-separated) that start in it
  uint32_t tags_before = 0;  // tag tokens (start and end tags) since the previous run
  uint32_t element = 0;      // the innermost open block element (ScannedPage::parents), 0: none
  uint8_t flags = 0;
};

struct ScannedPage {
  std::string title;
  std::string text;  // all visible text, blocks separated by '\n'
  std::vector<TextRun> runs;
  // The block elements (div, p, td, ...) in the order they open, numbered
  // from 1: parents[e - 1] is the block element around element e (0: none).
  std::vector<uint32_t> parents;
};

// REQUIRES: html is valid UTF-8 without NUL bytes.
void ScanHtml(std::string_view html, ScannedPage* page);

}  // namespace neardup
