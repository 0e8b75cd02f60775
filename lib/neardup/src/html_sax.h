// One pass of libxml2's HTML parser as events, without a tree: start tags
// (with their attributes), end tags and text, entities decoded. libxml2
// recovers from malformed markup the way it does for its own trees: implied
// elements are opened and auto-closed ones closed, so every start has its
// end, in order.
#pragma once

#include <string_view>

namespace neardup {

class HtmlHandler {
 public:
  virtual ~HtmlHandler() = default;
  // name: lower case. attrs: name, value, name, value, ..., nullptr (a value
  // may be nullptr for an attribute without one); attrs itself may be nullptr.
  virtual void StartElement(std::string_view name, const char* const* attrs) = 0;
  virtual void EndElement(std::string_view name) = 0;
  // Text, in pieces (one text node may come as several calls). The text of
  // script and style elements is not reported.
  virtual void Text(std::string_view text) = 0;
};

// REQUIRES: utf8 is valid UTF-8 (libxml2 would switch to Latin-1 at the
// first invalid byte) without NUL bytes; the document's own encoding
// declaration is ignored.
void ParseHtml(std::string_view utf8, HtmlHandler* handler);

}  // namespace neardup
