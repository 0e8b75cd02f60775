// The site-level parts of the templates; ndpage.cpp renders pages in them.
#include "ndsite.h"

#include <algorithm>

#include "ndlabels.h"

namespace warcgen {
namespace {

constexpr const char* kTlds[] = {".com", ".org", ".net", ".de", ".fr", ".co.uk", ".info", ".jp"};

void Num(uint64_t n, std::string* out) { out->append(std::to_string(n)); }

// <a href="/section/word-word/">Words</a>
void Link(const Vocabulary& v, Script script, Rng* rng, size_t words, std::string* out) {
  out->append("<a href=\"/");
  out->append(v.Spelling(v.DrawWord(rng, Script::kLatin, false))).append("/");
  out->append(v.Spelling(v.DrawWord(rng, Script::kLatin, false))).append("-");
  Num(rng->Below(100000), out);
  out->append("/\">");
  AppendWords(v, script, rng, words, out);
  out->append("</a>");
}

void Head(const Vocabulary& v, const Labels& l, Site* site, Rng* rng, size_t css_rules) {
  std::string& h = site->head;
  const std::string& p = site->prefix;
  h.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
  h.append("<meta name=\"generator\" content=\"").append(l.generator).append("\">\n");
  h.append("<link rel=\"stylesheet\" href=\"/static/").append(p).append("main.css?v=");
  Num(rng->Below(1000), &h);
  h.append("\">\n<link rel=\"alternate\" type=\"application/rss+xml\" href=\"/feed/\">\n");
  h.append("<style type=\"text/css\">\n");
  for (size_t i = 0; i < css_rules; ++i) {
    h.append(".").append(p).append(v.Spelling(v.DrawWord(rng, Script::kLatin, false)));
    h.append(" .").append(v.Spelling(v.DrawWord(rng, Script::kLatin, false)));
    h.append(" { margin: ");
    Num(rng->Below(24), &h);
    h.append("px ");
    Num(rng->Below(24), &h);
    h.append("px; font-size: ");
    Num(10 + rng->Below(14), &h);
    h.append("px; color: #");
    Num(100000 + rng->Below(800000), &h);
    h.append("; }\n");
  }
  h.append(
      "</style>\n<script type=\"text/javascript\">\n"
      "  window.dataLayer = window.dataLayer || [];\n"
      "  function gtag(){dataLayer.push(arguments);}\n  gtag('js', new Date());\n"
      "  gtag('config', 'UA-");
  Num(1000000 + rng->Below(9000000), &h);
  h.append("-1', {'anonymize_ip': true, 'site': '").append(site->host).append("'});\n");
  h.append("</script>\n</head>\n");
}

void Top(const Vocabulary& v, const Labels& l, Site* site, Rng* rng, size_t nav_links) {
  std::string& t = site->top;
  const std::string& p = site->prefix;
  const Script s = site->script;
  t.append("<body class=\"").append(p).append("page\">\n");
  if (site->layout == 2) {
    t.append("<table width=\"100%\" cellpadding=\"0\" border=\"0\"><tr><td colspan=\"2\" class=\"");
    t.append(p).append("top\"><a href=\"/\"><b>").append(site->name).append("</b></a> ");
    AppendWords(v, s, rng, 4 + rng->Below(6), &t);
    t.append("</td></tr>\n<tr><td class=\"")
        .append(p)
        .append("nav\" width=\"180\" valign=\"top\">\n");
    for (size_t i = 0; i < nav_links; ++i) {
      Link(v, s, rng, 1 + rng->Below(3), &t);
      t.append("<br>\n");
    }
    t.append("</td><td class=\"").append(p).append("content\" valign=\"top\">\n");
    return;
  }
  bool html5 = site->layout == 0;
  t.append(html5 ? "<header class=\"" : "<div id=\"header\" class=\"").append(p);
  t.append("header\">\n  <div class=\"").append(p).append("logo\"><a href=\"/\">");
  t.append(site->name).append("</a></div>\n  <p class=\"").append(p).append("tagline\">");
  AppendWords(v, s, rng, 5 + rng->Below(8), &t);
  t.append("</p>\n  <form class=\"").append(p).append("search\" action=\"/search\">");
  t.append("<input type=\"text\" name=\"q\" placeholder=\"").append(l.search);
  t.append("\"><button>").append(l.search).append("</button></form>\n");
  t.append(html5 ? "</header>\n<nav class=\"" : "</div>\n<div id=\"menu\" class=\"").append(p);
  t.append("menu\">\n<ul>\n  <li><a href=\"/\">").append(l.home).append("</a></li>\n");
  for (size_t i = 0; i < nav_links; ++i) {
    t.append("  <li class=\"").append(p).append("item\">");
    Link(v, s, rng, 1 + rng->Below(2), &t);
    if (rng->Chance(0.2)) {
      t.append("\n    <ul class=\"sub-menu\">\n");
      for (uint64_t j = 0, n = 2 + rng->Below(5); j < n; ++j, ++i) {
        t.append("      <li>");
        Link(v, s, rng, 1 + rng->Below(3), &t);
        t.append("</li>\n");
      }
      t.append("    </ul>\n  ");
    }
    t.append("</li>\n");
  }
  t.append(html5 ? "</ul>\n</nav>\n" : "</ul>\n</div>\n");
  t.append("<div class=\"").append(p).append("wrap\">\n");
}

void Tags(const Vocabulary& v, const Labels& l, Site* site, Rng* rng, size_t tags) {
  std::string& t = site->tags;
  t.append(site->layout == 0 ? "<section class=\"" : "<div class=\"").append(site->prefix);
  t.append("tags\"><h3>").append(l.tags).append("</h3>\n");
  for (size_t i = 0; i < tags; ++i) {
    t.append("<a class=\"tag-");
    Num(1 + rng->Below(5), &t);
    t.append("\" href=\"/tag/");
    std::string_view word = v.Spelling(v.DrawWord(rng, site->script, false));
    t.append(word).append("/\">").append(word).append("</a>\n");
  }
  t.append(site->layout == 0 ? "</section>\n" : "</div>\n");
}

void Footer(const Vocabulary& v, const Labels& l, Site* site, Rng* rng, size_t links) {
  std::string& f = site->footer;
  const std::string& p = site->prefix;
  if (site->layout == 2) {
    f.append("</td></tr>\n<tr><td colspan=\"2\" class=\"").append(p).append("bottom\">");
  } else {
    f.append("</div>\n");
    f.append(site->layout == 0 ? "<footer class=\"" : "<div id=\"footer\" class=\"").append(p);
    f.append("footer\">\n");
  }
  for (size_t i = 0; i < links; ++i) {
    Link(v, site->script, rng, 1 + rng->Below(3), &f);
    f.append(i % 6 == 5 ? "<br>\n" : " | ");
  }
  // An "about us" blurb: boilerplate that reads like prose.
  f.append("\n<div class=\"").append(p).append("about\"><p>");
  for (uint64_t i = 0, n = 5 + rng->Below(8); i < n; ++i) {
    AppendWords(v, site->script, rng, 6 + rng->Below(12), &f);
    f.append(l.sentence_end).append(" ");
  }
  f.append("</p></div>\n<p>").append(l.copyright).append(" 2015 ").append(site->name);
  f.append(". ");
  AppendWords(v, site->script, rng, 8 + rng->Below(10), &f);
  f.append(l.sentence_end).append(" ").append(l.special).append("</p>\n");
  f.append(site->layout == 2   ? "</td></tr></table>\n"
           : site->layout == 0 ? "</footer>\n"
                               : "</div>\n");
  f.append("<script src=\"/static/").append(p).append("app.js\" async></script>\n");
  f.append("</body>\n</html>\n");
}

}  // namespace

void AppendWords(const Vocabulary& v, Script script, Rng* rng, size_t n, std::string* out) {
  for (size_t i = 0; i < n; ++i) {
    if (i && script == Script::kLatin) out->push_back(' ');
    size_t at = out->size();
    out->append(v.Spelling(v.DrawWord(rng, script, false)));
    if (i == 0 && script == Script::kLatin && (*out)[at] >= 'a' && (*out)[at] <= 'z')
      (*out)[at] -= 'a' - 'A';
  }
}

Site MakeSite(const Vocabulary& v, int id, Script script, uint32_t template_bytes, Rng* rng) {
  Site site;
  site.id = id;
  site.script = script;
  site.layout = static_cast<uint8_t>(rng->Below(3));
  std::string a(v.Spelling(v.DrawWord(rng, Script::kLatin, false)));
  std::string b(v.Spelling(v.DrawWord(rng, Script::kLatin, false)));
  site.host = (rng->Chance(0.6) ? "www." : "news.") + a + "-" + b + "-" + std::to_string(id);
  site.host += script == Script::kJapanese ? ".jp" : kTlds[rng->Below(std::size(kTlds) - 1)];
  site.prefix = a.substr(0, 3) + "-";
  if (script == Script::kJapanese) {
    // Japanese sites (ids 3, 23, 43, ...) take the three charsets in turn.
    static const char* const kCharsets[] = {"shift_jis", "euc-jp", "utf-8"};
    site.charset = kCharsets[id / 20 % 3];
    AppendWords(v, script, rng, 2, &site.name);
    site.name += "ニュース";
  } else {
    static const char* const kCharsets[] = {"utf-8", "utf-8", "utf-8", "windows-1252",
                                            "iso-8859-1"};
    site.charset = kCharsets[rng->Below(std::size(kCharsets))];
    site.accents = rng->Chance(0.5);
    AppendWords(v, script, rng, 1, &site.name);
    std::string second = b;
    second[0] = static_cast<char>(second[0] - 'a' + 'A');
    site.name.append(" ").append(second).append(" Daily");
  }
  const Labels& l = LabelsFor(script, site.charset);
  // A page comes to about 9/8 of budget + 6.5 KB: the parts below, the
  // page-level parts (related links, ads, comments, meta) and an average
  // main text (measured: --page-size 30K gives pages of 29-30 KB).
  size_t budget = template_bytes > 8500 ? (template_bytes - 6500) * 8 / 9 : 2000;
  Top(v, l, &site, rng, std::max<size_t>(8, budget / 450));
  Tags(v, l, &site, rng, std::max<size_t>(10, budget / 400));
  Footer(v, l, &site, rng, std::max<size_t>(6, budget / 350));
  size_t fixed = site.top.size() + site.tags.size() + site.footer.size() + 900;
  Head(v, l, &site, rng, budget > fixed ? (budget - fixed) / 70 : 0);
  return site;
}

}  // namespace warcgen
