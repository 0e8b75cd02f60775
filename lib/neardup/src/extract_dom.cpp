// The DOM filter: the scan marked runs inside template elements (boiler);
// here the remaining text is judged block by block with two shallow text
// features, as boilerpipe does (Kohlschütter et al., 2010): the number of
// words and the link density (words inside <a> / words).
#include <algorithm>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "extract_methods.h"

namespace neardup {

namespace {

constexpr uint32_t kMinContentWords = 10;

// kLinks: a link list or a legal notice, never kept.
enum class Kind : uint8_t { kContent, kShort, kLinks };

struct Block {
  size_t first_run = 0, end_run = 0;  // [first_run, end_run) in page.runs
  uint32_t element = 0;               // the innermost block element around it
  uint32_t words = 0, link_words = 0;
  bool main = false, heading = false;
  Kind kind = Kind::kLinks;
  bool keep = false;
};

// The blocks that have text outside template elements, in page order.
std::vector<Block> Blocks(const std::vector<TextRun>& runs) {
  std::vector<Block> blocks;
  for (size_t i = 0; i < runs.size();) {
    Block b{i, i};
    for (; b.end_run < runs.size() && runs[b.end_run].block == runs[i].block; ++b.end_run) {
      const TextRun& run = runs[b.end_run];
      if (run.flags & kRunBoiler) continue;
      if (b.words == 0) b.element = run.element;
      b.words += run.words;
      if (run.flags & kRunLink) b.link_words += run.words;
      b.main = b.main || (run.flags & kRunMain);
      b.heading = b.heading || (run.flags & kRunHeading);
    }
    i = b.end_run;
    if (b.words == 0) continue;
    const bool few_links = 3 * b.link_words < b.words;
    b.kind = !few_links                    ? Kind::kLinks
             : b.words >= kMinContentWords ? Kind::kContent
                                           : Kind::kShort;
    blocks.push_back(b);
  }
  return blocks;
}

// Keeps content blocks and, of each stretch of short blocks, the headings
// when a content block follows (after link lists, if any), and all of it when content blocks come
// both before and after it. Inside <article> or <main> (in_main) the page's own markup says what is
// content: every block but link lists is kept.
void Choose(std::vector<Block*>& candidates, bool in_main) {
  for (size_t i = 0; i < candidates.size();) {
    if (candidates[i]->kind != Kind::kShort || in_main) {
      candidates[i]->keep = candidates[i]->kind != Kind::kLinks;
      ++i;
      continue;
    }
    size_t end = i;
    while (end < candidates.size() && candidates[end]->kind == Kind::kShort) ++end;
    const bool content_before = i > 0 && candidates[i - 1]->kind == Kind::kContent;
    const bool content_after = end < candidates.size() && candidates[end]->kind == Kind::kContent;
    // A heading may be followed by a byline of links before its text.
    size_t next = end;
    while (next < candidates.size() && candidates[next]->kind == Kind::kLinks) ++next;
    const bool heads_content = next < candidates.size() && candidates[next]->kind == Kind::kContent;
    for (; i < end; ++i)
      candidates[i]->keep =
          (content_before && content_after) || (candidates[i]->heading && heads_content);
  }
}

// The text of a block without its template runs.
void AppendBlockText(const ScannedPage& page, const Block& b, std::string* out) {
  uint32_t previous_end = 0;
  bool first = true;
  for (size_t r = b.first_run; r < b.end_run; ++r) {
    const TextRun& run = page.runs[r];
    if (run.flags & kRunBoiler) continue;
    // Runs that touched in the text touch here; anything between is a space.
    if (!first && run.begin != previous_end) out->push_back(' ');
    out->append(page.text, run.begin, run.end - run.begin);
    previous_end = run.end;
    first = false;
  }
}

// A copyright line: a block of at most 40 words with a copyright sign,
// "copyright", "all rights reserved" or 著作権 (copyright) in it.
bool IsLegalNotice(const ScannedPage& page, const Block& b) {
  if (b.words > 40) return false;
  std::string text;
  AppendBlockText(page, b, &text);
  for (char& c : text)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  for (std::string_view mark : {"\u00a9", "copyright", "all rights reserved", "\u8457\u4f5c\u6a29"})
    if (text.find(mark) != std::string::npos) return true;
  return false;
}

// The page's headline: the first block (a heading if any is) whose tokens
// begin the title's and make at least half of them ("Headline | Site",
// "Headline - Site"); the site's name alone does not. Null if none.
Block* Headline(const ScannedPage& page, std::vector<Block>& blocks) {
  const std::vector<std::string> title = Tokens(page.title);
  if (title.empty()) return nullptr;
  Block* found = nullptr;
  std::string text;
  for (Block& b : blocks) {
    if (b.words > title.size() || (found != nullptr && !b.heading)) continue;
    text.clear();
    AppendBlockText(page, b, &text);
    const std::vector<std::string> tokens = Tokens(text);
    if (tokens.empty() || 2 * tokens.size() < title.size() || tokens.size() > title.size() ||
        !std::equal(tokens.begin(), tokens.end(), title.begin()))
      continue;
    if (found == nullptr || !found->heading) found = &b;
    if (b.heading) break;
  }
  return found;
}

// The element that holds the main content: from the headline's element up,
// as long as the parent element adds at least as many words of content
// blocks as the element holds (so the story's container, not the page around
// it with a footer's blurb or a teaser). Returns the element numbers
// [first, last] of its subtree (elements are numbered in document order).
std::pair<uint32_t, uint32_t> MainRegion(const ScannedPage& page, const std::vector<Block>& blocks,
                                         const Block& headline) {
  const std::vector<uint32_t>& parents = page.parents;
  std::vector<uint64_t> words(parents.size() + 1, 0);
  std::vector<uint32_t> last(parents.size() + 1, 0);
  for (const Block& b : blocks)
    if (b.kind == Kind::kContent && &b != &headline) words[b.element] += b.words;
  // A parent opens before its children: one pass from the end sums subtrees.
  for (uint32_t e = static_cast<uint32_t>(parents.size()); e > 0; --e) {
    last[e] = std::max(last[e], e);
    words[parents[e - 1]] += words[e];
    last[parents[e - 1]] = std::max(last[parents[e - 1]], last[e]);
  }
  uint32_t region = headline.element;
  while (region != 0 && parents[region - 1] != 0) {
    const uint32_t parent = parents[region - 1];
    if (words[parent] - words[region] < words[region]) break;
    region = parent;
  }
  if (region == 0) return {0, static_cast<uint32_t>(parents.size())};
  return {region, last[region]};
}

}  // namespace

std::string DomText(const ScannedPage& page) {
  std::vector<Block> blocks = Blocks(page.runs);
  for (Block& b : blocks)
    if (IsLegalNotice(page, b)) b.kind = Kind::kLinks;
  // The headline heads the text (even as a link); only its main region counts.
  Block* headline = Headline(page, blocks);
  std::pair<uint32_t, uint32_t> region{0, static_cast<uint32_t>(page.parents.size())};
  if (headline != nullptr) {
    headline->heading = true;
    if (headline->kind == Kind::kLinks) headline->kind = Kind::kShort;
    region = MainRegion(page, blocks, *headline);
  }
  auto in_region = [&](const Block& b) {
    return &b == headline || (b.element >= region.first && b.element <= region.second);
  };
  // <article>/<main> content wins over the rest of the page when it has a
  // content block of its own.
  bool use_main = false;
  for (const Block& b : blocks)
    use_main = use_main || (b.main && b.kind == Kind::kContent && in_region(b));
  std::vector<Block*> candidates;
  for (Block& b : blocks)
    if (in_region(b) && (!use_main || b.main || &b == headline)) candidates.push_back(&b);
  Choose(candidates, use_main);
  // A page without a content block (a short note, a list of specifications)
  // keeps what is not links: empty texts would all look alike to warcnear.
  bool kept = false;
  for (const Block& b : blocks) kept = kept || b.keep;
  if (!kept)
    for (Block& b : blocks) b.keep = b.kind != Kind::kLinks;

  std::string out;
  for (const Block& b : blocks) {
    if (!b.keep) continue;
    if (!out.empty()) out.push_back('\n');
    AppendBlockText(page, b, &out);
  }
  return out;
}

}  // namespace neardup
