#include "html_tags.h"

#include <algorithm>
#include <array>
#include <string>
#include <utility>

namespace neardup {

namespace {

using Entry = std::pair<std::string_view, uint8_t>;

constexpr uint8_t kBlockBoiler = kTagBlock | kTagBoiler;

// Sorted by name (checked by a unit test through TagFlags).
constexpr std::array kTags = std::to_array<Entry>({
    {"a", kTagLink},
    {"address", kTagBlock},
    {"article", kTagBlock | kTagMain},
    {"aside", kBlockBoiler},
    {"blockquote", kTagBlock},
    {"body", kTagBlock},
    {"br", kTagBlock},
    {"button", kBlockBoiler},
    {"canvas", kTagSkip},
    {"caption", kTagBlock},
    {"center", kTagBlock},
    {"dd", kTagBlock},
    {"details", kTagBlock},
    {"dialog", kTagBlock},
    {"dir", kTagBlock},
    {"div", kTagBlock},
    {"dl", kTagBlock},
    {"dt", kTagBlock},
    {"fieldset", kTagBlock},
    {"figcaption", kTagBlock},
    {"figure", kTagBlock},
    {"footer", kBlockBoiler},
    {"form", kBlockBoiler},
    {"frameset", kTagBlock},
    {"h1", kTagBlock | kTagHeading},
    {"h2", kTagBlock | kTagHeading},
    {"h3", kTagBlock | kTagHeading},
    {"h4", kTagBlock | kTagHeading},
    {"h5", kTagBlock | kTagHeading},
    {"h6", kTagBlock | kTagHeading},
    {"head", kTagSkip},
    {"header", kBlockBoiler},
    {"hgroup", kTagBlock},
    {"hr", kTagBlock},
    {"html", kTagBlock},
    {"iframe", kTagSkip | kTagBoiler},
    {"legend", kTagBlock},
    {"li", kTagBlock},
    {"main", kTagBlock | kTagMain},
    {"math", kTagSkip},
    {"menu", kBlockBoiler},
    {"nav", kBlockBoiler},
    {"noframes", kTagSkip},
    {"noscript", kTagSkip},
    {"object", kTagSkip},
    {"ol", kTagBlock},
    {"optgroup", kTagBlock},
    {"option", kTagBlock},
    {"p", kTagBlock},
    {"pre", kTagBlock},
    {"script", kTagSkip},
    {"section", kTagBlock},
    {"select", kBlockBoiler},
    {"style", kTagSkip},
    {"summary", kTagBlock},
    {"svg", kTagSkip},
    {"table", kTagBlock},
    {"tbody", kTagBlock},
    {"td", kTagBlock},
    {"template", kTagSkip},
    {"textarea", kTagBlock},
    {"tfoot", kTagBlock},
    {"th", kTagBlock},
    {"thead", kTagBlock},
    {"title", kTagSkip | kTagTitle},
    {"tr", kTagBlock},
    {"ul", kTagBlock},
});
static_assert(std::is_sorted(kTags.begin(), kTags.end()));

// Class, id and role words that name a template's parts.
constexpr std::array kBoilerWords = std::to_array<std::string_view>({
    "ad",          "ads",         "advert",  "advertisement", "adverts",    "banner",
    "breadcrumb",  "breadcrumbs", "byline",  "comment",       "comments",   "complementary",
    "contentinfo", "cookie",      "cookies", "copyright",     "crumbs",     "disclaimer",
    "footer",      "header",      "legal",   "masthead",      "menu",       "menubar",
    "meta",        "modal",       "nav",     "navbar",        "navigation", "newsletter",
    "pager",       "pagination",  "popup",   "promo",         "related",    "share",
    "sharing",     "sidebar",     "signup",  "social",        "sponsor",    "sponsored",
    "submenu",     "subscribe",   "toolbar", "widget",
});
static_assert(std::is_sorted(kBoilerWords.begin(), kBoilerWords.end()));

bool IsWordByte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

char Lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool EqualsFolded(std::string_view a, std::string_view lower) {
  if (a.size() != lower.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (Lower(a[i]) != lower[i]) return false;
  return true;
}

}  // namespace

uint8_t TagFlags(std::string_view name) {
  // Where each first letter's names begin in kTags: a few compares, not a
  // binary search's memcmp calls (this runs for every tag of every page).
  static const auto kFirst = [] {
    std::array<uint8_t, 28> first{};
    for (size_t c = 0, i = 0; c < 27; ++c) {
      while (i < kTags.size() && static_cast<size_t>(kTags[i].first[0] - 'a') < c) ++i;
      first[c] = static_cast<uint8_t>(i);
    }
    first[27] = static_cast<uint8_t>(kTags.size());
    return first;
  }();
  if (name.empty() || name[0] < 'a' || name[0] > 'z') return 0;
  const size_t c = static_cast<size_t>(name[0] - 'a');
  for (size_t i = kFirst[c]; i < kFirst[c + 1]; ++i)
    if (kTags[i].first == name) return kTags[i].second;
  return 0;
}

bool NamesBoilerplate(std::string_view value) {
  char word[16];
  for (size_t i = 0; i < value.size();) {
    if (!IsWordByte(value[i])) {
      ++i;
      continue;
    }
    size_t n = 0;
    for (; i < value.size() && IsWordByte(value[i]); ++i)
      if (n < sizeof word) word[n++] = Lower(value[i]);
    if (n == sizeof word) continue;  // longer than any listed word
    if (std::binary_search(kBoilerWords.begin(), kBoilerWords.end(), std::string_view(word, n)))
      return true;
  }
  return false;
}

bool NamesMainContent(std::string_view value) {
  return EqualsFolded(value, "main") || EqualsFolded(value, "articlebody");
}

bool StyleHides(std::string_view style) {
  std::string squeezed;
  for (char c : style)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') squeezed += Lower(c);
  return squeezed.find("display:none") != std::string::npos;
}

}  // namespace neardup
