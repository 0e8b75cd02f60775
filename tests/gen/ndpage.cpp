// A page: the site's template around the main text, with the page's own
// related links, ads, comments, timestamp and view counter.
#include <cstdio>

#include "ndlabels.h"
#include "ndsite.h"

namespace warcgen {
namespace {

// Distinct streams for the parts a PageView seeds.
constexpr uint64_t kMarkup = 0x6d61726b7570ULL, kComments = 0x636f6d6d656e74ULL;

void Num(uint64_t n, std::string* out) { out->append(std::to_string(n)); }

// "2015-03-01 07:04" (Japanese: "2015年3月1日 07:04"), H. Hinnant's civil date.
void AppendDate(int64_t seconds, Script script, std::string* out) {
  int64_t z = seconds / 86400 + 719468, era = (z >= 0 ? z : z - 146096) / 146097;
  int64_t doe = z - era * 146097, yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
  int d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1),
      m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  int y = static_cast<int>(yoe + era * 400 + (m <= 2));
  int hh = static_cast<int>(seconds % 86400 / 3600), mm = static_cast<int>(seconds % 3600 / 60);
  char buf[48];
  if (script == Script::kJapanese)
    std::snprintf(buf, sizeof buf, "%d年%d月%d日 %02d:%02d", y, m, d, hh, mm);
  else
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d %02d:%02d", y, m, d, hh, mm);
  out->append(buf);
}

// The Latin-1 letters of the accented words, and their entity names.
const char* EntityName(std::string_view utf8) {
  static const std::pair<std::string_view, const char*> kNames[] = {
      {"é", "&eacute;"}, {"à", "&agrave;"}, {"ö", "&ouml;"},
      {"ü", "&uuml;"},   {"ñ", "&ntilde;"}, {"ç", "&ccedil;"}};
  for (const auto& [letter, name] : kNames)
    if (utf8 == letter) return name;
  return nullptr;
}

// One Latin word (with any "," or "." after it) with noise: upper or title
// case, a letter as a character reference, an accented letter by its name.
void NoisyWord(std::string_view word, Rng* noise, std::string* out) {
  int mode = static_cast<int>(noise->Below(40));
  size_t entity_at = mode == 2 ? noise->Below(word.size()) : word.size();
  for (size_t i = 0; i < word.size(); ++i) {
    char c = word[i];
    if (static_cast<unsigned char>(c) >= 0x80 && i + 1 < word.size()) {
      const char* name = mode < 8 ? EntityName(word.substr(i, 2)) : nullptr;
      out->append(name ? std::string_view(name) : word.substr(i, 2));
      ++i;
      continue;
    }
    if (c >= 'a' && c <= 'z' && (mode == 0 || (mode == 1 && i == 0))) c -= 'a' - 'A';
    if (i >= entity_at && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
      char ref[16];
      std::snprintf(ref, sizeof ref, noise->Chance(0.5) ? "&#%d;" : "&#x%x;", c);
      out->append(ref);
      entity_at = word.size();
      continue;
    }
    out->push_back(c);
  }
}

// A block of main text as HTML: inline elements around a few whole words
// (Latin), and the view's noise if any.
void AppendBlock(std::string_view plain, Script script, Rng* markup, Rng* noise, std::string* out) {
  if (script == Script::kJapanese) {
    for (size_t i = 0; i < plain.size();) {
      size_t n = (plain[i] & 0xf0) == 0xe0 ? 3 : 1;  // the vocabulary's kana and kanji
      std::string_view ch = plain.substr(i, n);
      i += n;
      if (noise && n == 3 && noise->Chance(0.04)) {
        unsigned cp = (ch[0] & 0x0fu) << 12 | (ch[1] & 0x3fu) << 6 | (ch[2] & 0x3fu);
        out->append("&#").append(std::to_string(cp)).append(";");
      } else {
        out->append(ch);
      }
      if (noise && ch == "。" && noise->Chance(0.3)) out->append(noise->Chance(0.5) ? "\n" : " ");
    }
    return;
  }
  static const char* const kOpen[] = {"<em>", "<strong>", "<a href=\"/tag/"};
  static const char* const kClose[] = {"</em>", "</strong>", "</a>"};
  int open = -1;
  uint64_t left = 0;
  for (size_t start = 0; start < plain.size();) {
    size_t end = plain.find(' ', start);
    if (end == std::string_view::npos) end = plain.size();
    std::string_view word = plain.substr(start, end - start);
    if (start) {
      static const char* const kSpaces[] = {"  ", "\n        ", "\t", "&nbsp;", " \n"};
      out->append(noise && noise->Chance(0.08) ? kSpaces[noise->Below(5)] : " ");
    }
    if (open < 0 && markup->Chance(0.02)) {
      open = static_cast<int>(markup->Below(3));
      left = 1 + markup->Below(3);
      out->append(kOpen[open]);
      if (open == 2) out->append(std::to_string(markup->Below(10000))).append("/\">");
    }
    if (noise && noise->Chance(0.15))
      NoisyWord(word, noise, out);
    else
      out->append(word);
    if (open >= 0 && (--left == 0 || end == plain.size())) {
      out->append(kClose[open]);
      open = -1;
    }
    start = end + 1;
  }
}

void Ads(const Vocabulary& v, const Site& site, const Labels& l, Rng* rng, std::string* out) {
  for (uint64_t i = 0, n = 1 + rng->Below(2); i < n; ++i) {
    char id[20];
    std::snprintf(id, sizeof id, "%012llx", static_cast<unsigned long long>(rng->Next() >> 16));
    out->append("<div class=\"").append(site.prefix).append("ad\" data-slot=\"");
    Num(rng->Below(100), out);
    out->append("\"><span class=\"label\">").append(l.ad).append("</span>\n");
    out->append("<a href=\"http://ads.adserver.example.net/click?c=").append(id);
    out->append("\" rel=\"nofollow sponsored\"><img src=\"http://ads.adserver.example.net/i/");
    out->append(id).append(".jpg\" width=\"300\" height=\"250\" alt=\"");
    AppendWords(v, site.script, rng, 3 + rng->Below(5), out);
    out->append("\"></a>\n<p class=\"ad-text\">");
    AppendWords(v, site.script, rng, 6 + rng->Below(10), out);
    out->append("</p>\n<script>googletag.cmd.push(function(){googletag.display('ad-");
    out->append(id).append("');});</script></div>\n");
  }
}

void Comments(const Vocabulary& v, const Site& site, const Labels& l, const PageView& view,
              std::string* out) {
  Rng rng(view.seed ^ kComments);
  out->append(site.layout == 0 ? "<section class=\"" : "<div class=\"").append(site.prefix);
  out->append("comments\" id=\"comments\">\n<h3>");
  Num(view.comments, out);
  out->append(" ").append(l.comments).append("</h3>\n<ol class=\"comment-list\">\n");
  for (uint32_t i = 0; i < view.comments; ++i) {
    out->append("<li class=\"comment\" id=\"comment-");
    Num(rng.Below(1000000), out);
    out->append("\"><div class=\"comment-author\"><b>");
    AppendWords(v, Script::kLatin, &rng, 1, out);
    out->append("</b> ");
    AppendDate(view.published + static_cast<int64_t>(rng.Below(86400 * 5)), site.script, out);
    out->append("</div>\n<div class=\"comment-body\"><p>");
    AppendWords(v, site.script, &rng, 8 + rng.Below(35), out);
    out->append(l.sentence_end).append("</p></div>\n<a class=\"reply\" href=\"#respond\">");
    out->append(l.reply).append("</a></li>\n");
  }
  out->append("</ol>\n<form id=\"respond\" method=\"post\" action=\"/comment\">");
  out->append("<textarea name=\"comment\" rows=\"6\"></textarea><button>");
  out->append(l.reply).append("</button></form>\n");
  out->append(site.layout == 0 ? "</section>\n" : "</div>\n");
}

void Sidebar(const Vocabulary& v, const Site& site, const Labels& l, const PageView& view,
             Rng* markup, std::string* out) {
  out->append(site.layout == 0 ? "<aside class=\"" : "<div id=\"sidebar\" class=\"");
  out->append(site.prefix).append("sidebar\">\n<h3>").append(l.most_read).append("</h3>\n<ul>\n");
  for (uint64_t i = 0, n = 6 + markup->Below(7); i < n; ++i) {
    out->append("<li><a href=\"/").append(v.Spelling(v.DrawWord(markup, Script::kLatin, false)));
    out->append("/").append(std::to_string(markup->Below(1000000))).append(".html\">");
    AppendWords(v, site.script, markup, 3 + markup->Below(6), out);
    out->append("</a></li>\n");
  }
  out->append("</ul>\n");
  Rng ads(view.ad_seed);
  Ads(v, site, l, &ads, out);
  out->append(site.tags);
  out->append(site.layout == 0 ? "</aside>\n" : "</div>\n");
}

}  // namespace

void RenderPage(const Vocabulary& v, const Site& site, const MainText& text, const PageView& view,
                std::string_view meta_charset, std::string* html) {
  const Labels& l = LabelsFor(site.script, site.charset);
  const std::string& p = site.prefix;
  Rng markup(view.seed ^ kMarkup), noise_rng(view.noise);
  Rng* noise = view.noise ? &noise_rng : nullptr;
  std::string plain;
  html->clear();
  html->append("<!DOCTYPE html>\n<html lang=\"");
  html->append(site.script == Script::kJapanese ? "ja" : "en").append("\">\n<head>\n");
  html->append(meta_charset).append("<title>");
  v.Spell(text.script, text.headline, &plain);
  html->append(plain).append(" | ").append(site.name).append("</title>\n");
  html->append(site.head).append(site.top);

  std::string sidebar;
  Sidebar(v, site, l, view, &markup, &sidebar);
  if (site.layout != 2 && site.id % 2) html->append(sidebar);  // a sidebar on the left
  html->append("<div class=\"").append(p).append("crumbs\"><a href=\"/\">").append(l.home);
  html->append("</a> ").append(l.separator).append(" ");
  AppendWords(v, site.script, &markup, 1 + markup.Below(2), html);
  html->append("</div>\n");
  static const char* const kArticle[] = {"<main><article class=\"", "<div id=\"content\" class=\"",
                                         "<div class=\""};
  static const char* const kHeadline[][2] = {{"<h1 class=\"entry-title\">", "</h1>\n"},
                                             {"<h2 class=\"title\">", "</h2>\n"},
                                             {"<b class=\"headline\">", "</b><br><br>\n"}};
  html->append(kArticle[site.layout]).append(p).append("article\">\n");
  html->append(kHeadline[site.layout][0]);
  AppendBlock(plain, text.script, &markup, noise, html);
  html->append(kHeadline[site.layout][1]);
  html->append("<div class=\"").append(p).append("meta\">").append(l.posted).append(" ");
  AppendDate(view.published, site.script, html);
  html->append(" &middot; <span class=\"views\">");
  Num(view.views, html);
  html->append(" ").append(l.views).append("</span></div>\n<div class=\"").append(p);
  html->append("entry\">\n");
  for (const auto& para : text.paragraphs) {
    plain.clear();
    v.Spell(text.script, para, &plain);
    if (plain.empty()) continue;
    if (site.layout != 2) html->append("<p>");
    AppendBlock(plain, text.script, &markup, noise, html);
    html->append(site.layout != 2 ? "</p>\n" : "<br><br>\n");
  }
  html->append("</div>\n<div class=\"").append(p).append("share\">").append(l.share);
  for (const char* net : {"facebook", "twitter", "linkedin"})
    html->append(" <a href=\"https://")
        .append(net)
        .append(".com/share?u=/")
        .append("\">")
        .append(net)
        .append("</a>");
  html->append("</div>\n");
  html->append(site.layout == 0 ? "</article>\n" : "</div>\n");
  Comments(v, site, l, view, html);
  if (site.layout == 0) html->append("</main>\n");
  if (site.layout == 2 || site.id % 2 == 0) html->append(sidebar);
  html->append(site.footer);
}

}  // namespace warcgen
