#include "extract_scan.h"

#include <vector>

#include "html_sax.h"
#include "html_tags.h"
#include "neardup/extract.h"

namespace neardup {

namespace {

// Appends text to a page with whitespace collapsed: a space, or '\n' across
// a block boundary, goes in only before the next visible character.
class TextBuilder {
 public:
  explicit TextBuilder(std::string* out) : out_(out) {}

  void BreakBlock() {
    if (block_has_text_) need_newline_ = true;
    block_has_text_ = false;
    pending_space_ = false;
  }
  bool need_newline() const { return need_newline_; }

  // Appends text; returns how many words start in it, and where its
  // visible part begins and ends in the output (begin == end: none).
  uint32_t Append(std::string_view text, uint32_t* begin, uint32_t* end) {
    uint32_t words = 0;
    *begin = *end = static_cast<uint32_t>(out_->size());
    bool first = true;
    for (size_t i = 0; i < text.size();) {
      const size_t space = SpaceAt(text, i);
      if (space > 0) {
        pending_space_ = block_has_text_;
        i += space;
        continue;
      }
      size_t j = i + 1;
      while (j < text.size() && SpaceAt(text, j) == 0) ++j;
      bool starts_word = true;
      if (need_newline_) {
        out_->push_back('\n');
        need_newline_ = false;
      } else if (pending_space_) {
        out_->push_back(' ');
      } else if (block_has_text_) {
        starts_word = !continues_word_;  // (only the first piece can follow without a space)
      }
      words += WordsIn(text.substr(i, j - i), starts_word);
      if (first) *begin = static_cast<uint32_t>(out_->size());
      first = false;
      pending_space_ = false;
      block_has_text_ = true;
      out_->append(text.data() + i, j - i);
      i = j;
    }
    *end = static_cast<uint32_t>(out_->size());
    continues_word_ = !pending_space_;
    return words;
  }

  // A tag between two pieces of text: "wor<b>d</b>" counts two words.
  void Tag() { continues_word_ = false; }

 private:
  // Words in a piece of text without spaces: one, or none when it goes on
  // with the word before; each CJK character (3-byte UTF-8 from U+3000 to
  // U+DFFF: kana, ideographs, Hangul, CJK punctuation) is a word of its own,
  // as text without spaces would otherwise weigh one word per sentence.
  static uint32_t WordsIn(std::string_view piece, bool starts_word) {
    uint32_t cjk = 0;
    for (unsigned char c : piece) cjk += (c >= 0xE3 && c <= 0xED) ? 1 : 0;
    const bool starts_cjk = static_cast<unsigned char>(piece[0]) >= 0xE3 &&
                            static_cast<unsigned char>(piece[0]) <= 0xED;
    return cjk + (starts_word && !starts_cjk ? 1 : 0);
  }

  // The length of the whitespace at text[i] (ASCII or U+00A0), or 0.
  static size_t SpaceAt(std::string_view text, size_t i) {
    const unsigned char c = text[i];
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f') return 1;
    if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xA0)
      return 2;
    return 0;
  }

  std::string* out_;
  bool block_has_text_ = false;
  bool need_newline_ = false;
  bool pending_space_ = false;
  bool continues_word_ = false;
};

struct OpenElement {
  std::string_view name;
  uint8_t counted = 0;   // the TagFlag counters this element raised
  uint32_t element = 0;  // its number in ScannedPage::parents if a block element
  bool hidden = false;
  bool main = false;
};

class Scanner : public HtmlHandler {
 public:
  explicit Scanner(ScannedPage* page) : page_(page), builder_(&page->text) {}

  void StartElement(std::string_view name, const char* const* attrs) override {
    OpenElement open{name};
    uint8_t flags = TagFlags(name);
    ReadAttributes(attrs, &flags, &open);
    open.main = (flags & kTagMain) != 0;
    if (skip_ > 0 || (flags & kTagSkip) || open.hidden) {
      if ((flags & kTagTitle) && skip_ == head_ && !title_seen_) in_title_ = title_seen_ = true;
      if (name == "head") ++head_;
      if (skip_ == 0 && (flags & kTagBlock)) builder_.BreakBlock();  // a hidden <div>
      open.counted = kTagSkip;
      ++skip_;
      stack_.push_back(open);
      return;
    }
    Count(flags, +1);
    open.counted = flags;
    if ((flags & kTagBlock) && name != "br" && name != "hr") {
      page_->parents.push_back(element_);
      open.element = element_ = static_cast<uint32_t>(page_->parents.size());
    }
    if (open.main) boiler_at_main_.push_back(boiler_);
    stack_.push_back(open);
    OnTag(flags);
  }

  void EndElement(std::string_view name) override {
    size_t i = stack_.size();
    // libxml2 interns names: the same pointer is the usual match.
    while (i > 0 && stack_[i - 1].name.data() != name.data() && stack_[i - 1].name != name) --i;
    if (i == 0) return;  // never opened: nothing to close
    while (stack_.size() >= i) Close();
  }

  void Text(std::string_view text) override {
    if (in_title_) return AppendTitle(text);
    if (skip_ > 0) return;
    uint32_t begin, end;
    const uint32_t block = block_ + (builder_.need_newline() ? 1 : 0);
    const uint32_t words = builder_.Append(text, &begin, &end);
    if (begin == end) return;
    block_ = block;
    const uint8_t flags = RunFlags();
    auto& runs = page_->runs;
    if (tags_ == 0 && !runs.empty() && runs.back().block == block && runs.back().flags == flags &&
        runs.back().end == begin && runs.back().element == element_) {
      runs.back().end = end;
      runs.back().words += words;
      return;
    }
    runs.push_back({begin, end, block, words, tags_, element_, flags});
    tags_ = 0;
  }

 private:
  void Close() {
    OpenElement open = stack_.back();
    stack_.pop_back();
    if (open.counted == kTagSkip) {
      --skip_;
      if (open.name == "head") --head_;
      if (open.name == "title") in_title_ = false;
      return;
    }
    if (open.main) boiler_at_main_.pop_back();
    if (open.element != 0) element_ = page_->parents[open.element - 1];
    Count(open.counted, -1);
    OnTag(open.counted);
  }

  void OnTag(uint8_t flags) {
    ++tags_;
    builder_.Tag();
    if (flags & kTagBlock) builder_.BreakBlock();
  }

  void ReadAttributes(const char* const* attrs, uint8_t* flags, OpenElement* open) {
    if (attrs == nullptr) return;
    for (; attrs[0] != nullptr; attrs += 2) {
      const std::string_view name = attrs[0];
      const std::string_view value = attrs[1] != nullptr ? attrs[1] : "";
      if (name == "hidden") {
        open->hidden = true;
      } else if (name == "style") {
        open->hidden = open->hidden || StyleHides(value);
      } else if (name == "class" || name == "id" || name == "role") {
        if (NamesBoilerplate(value)) *flags |= kTagBoiler;
        if (name == "role" && NamesMainContent(value)) *flags |= kTagMain;
      } else if (name == "itemprop" && NamesMainContent(value)) {
        *flags |= kTagMain;
      }
    }
  }

  void Count(uint8_t flags, int delta) {
    if (flags & kTagLink) link_ += delta;
    if (flags & kTagBoiler) boiler_ += delta;
    if (flags & kTagMain) main_ += delta;
    if (flags & kTagHeading) heading_ += delta;
  }

  uint8_t RunFlags() const {
    uint8_t flags = 0;
    if (link_ > 0) flags |= kRunLink;
    if (boiler_ > (boiler_at_main_.empty() ? 0 : boiler_at_main_.back())) flags |= kRunBoiler;
    if (main_ > 0) flags |= kRunMain;
    if (heading_ > 0) flags |= kRunHeading;
    return flags;
  }

  void AppendTitle(std::string_view text) {
    std::string& title = page_->title;
    for (char c : text) {
      const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f';
      if (space) {
        title_space_ = !title.empty();
        continue;
      }
      if (title.size() + 2 > kMaxTitle) return;
      if (title_space_) title.push_back(' ');
      title_space_ = false;
      title.push_back(c);
    }
  }

  ScannedPage* page_;
  TextBuilder builder_;
  std::vector<OpenElement> stack_;
  std::vector<int> boiler_at_main_;  // boiler_ where each open main element began
  int skip_ = 0, head_ = 0, link_ = 0, boiler_ = 0, main_ = 0, heading_ = 0;
  uint32_t block_ = 0, tags_ = 0;
  uint32_t element_ = 0;  // the innermost open block element
  bool in_title_ = false, title_seen_ = false, title_space_ = false;
};

}  // namespace

void ScanHtml(std::string_view html, ScannedPage* page) {
  Scanner scanner(page);
  ParseHtml(html, &scanner);
  // A title cut at kMaxTitle ends with a whole character.
  std::string& title = page->title;
  size_t keep = title.size();
  while (keep > 0 && (static_cast<unsigned char>(title[keep - 1]) & 0xC0) == 0x80) --keep;
  if (keep > 0 && static_cast<unsigned char>(title[keep - 1]) >= 0xC0) {
    const unsigned char lead = title[keep - 1];
    const size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
    if (title.size() - (keep - 1) < length) title.resize(keep - 1);
  }
}

}  // namespace neardup
