// The near-duplicate corpus's sites and pages: each site has its own HTML
// template (one of three layouts: HTML5 elements, a soup of divs, a table;
// its class names, navigation, tag cloud, footer and inline CSS), and a page
// is the site's template around a main text, with what changes from page to
// page and visit to visit (related links, ads, comments, a timestamp, a
// view counter) drawn from a PageView.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "ndtext.h"
#include "rng.h"

namespace warcgen {

struct Site {
  int id = 0;
  std::string host;  // "www.plintor-daily.com"
  std::string name;  // shown in the header and the title
  Script script = Script::kLatin;
  std::string charset;   // its pages' bytes: utf-8, windows-1252, iso-8859-1, shift_jis, euc-jp
  bool accents = false;  // its new texts have accented words now and then
  uint8_t layout = 0;    // 0 HTML5 elements, 1 divs, 2 a table
  std::string prefix;    // its class names' prefix
  // Rendered once, UTF-8: after <title> to </head>; <body> to the main
  // content; the tag cloud; the footer to </html>.
  std::string head, top, tags, footer;
};

// What a page shows besides its main text; changing any of it keeps the main text.
struct PageView {
  uint64_t seed = 0;      // related links, breadcrumbs, inline markup, comments
  uint32_t comments = 0;  // number of comments under the article
  uint64_t ad_seed = 0;   // the ads' creatives
  int64_t published = 0;  // the timestamp shown (seconds since 1970)
  uint32_t views = 0;     // the view counter shown
  uint64_t noise = 0;     // nonzero: entity, case and whitespace noise in the main text
};

// A site whose template (without main text) comes to about template_bytes.
Site MakeSite(const Vocabulary& vocabulary, int id, Script script, uint32_t template_bytes,
              Rng* rng);

// The page's HTML (UTF-8; Transcode() puts it in the site's charset).
// meta_charset: the <meta> element declaring the charset, or empty.
void RenderPage(const Vocabulary& vocabulary, const Site& site, const MainText& text,
                const PageView& view, std::string_view meta_charset, std::string* html);

// Template text: n words (Latin: the first capitalised), n >= 1.
void AppendWords(const Vocabulary& vocabulary, Script script, Rng* rng, size_t n, std::string* out);

}  // namespace warcgen
