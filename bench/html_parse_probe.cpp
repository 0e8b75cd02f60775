// html_parse_probe: how fast the HTML parsers on Debian parse the same pages
// in the same run (gumbo; libxml2's HTML parser building a tree and as SAX
// events; Modest's myhtml when built with -DPROBE_MODEST), beside
// neardup::ExtractMainText per method (libxml2 SAX plus the extraction), and
// how well each method finds the main text (token F1 against the truth).
//
//   html_parse_probe [--runs N] [--synthetic N] [FILE.html...]
//
// FILE.html's truth, when there is one, is FILE.txt beside it. --synthetic N
// adds N generated pages of about 30 KB (three templates: HTML5 elements,
// class-named divs, a table layout; scripts, styles, comments, entities,
// unclosed and stray tags) whose main text is known. Times the parse loops
// only (CPU time, best of --runs rounds): pages are read or made first. Not a tool:
// no error handling.
//
// Built with (bench/ has no CMake target for it yet):
//   g++ -O2 -std=c++20 -Ilib/neardup/include bench/html_parse_probe.cpp
//     build/lib/libneardup.a $(pkg-config --cflags --libs gumbo libxml-2.0)
//     [-DPROBE_MODEST -lmodest] -o build/bench/html_parse_probe
#include <gumbo.h>
#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>

#ifdef PROBE_MODEST
#include <myhtml/api.h>
#endif

#include <time.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

#include "neardup/extract.h"

namespace {

struct Page {
  std::string html, truth;
  bool has_truth = false;
};

// --- the synthetic pages -------------------------------------------------

class Words {
 public:
  explicit Words(uint64_t seed) : state_(seed * 0x9E3779B97F4A7C15ull + 1) {}
  uint64_t Next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 7;
    state_ ^= state_ << 17;
    return state_;
  }
  int Below(int n) { return static_cast<int>(Next() % static_cast<uint64_t>(n)); }
  std::string Word() {
    static const char* kSyllables[] = {"ka",  "lo", "mi",   "ten", "ra",  "vel", "su",
                                       "dor", "pa", "quin", "be",  "sho", "tri", "na",
                                       "gal", "fe", "mor",  "di",  "u",   "zen"};
    std::string w;
    for (int n = 1 + Below(3); n > 0; --n) w += kSyllables[Below(20)];
    return w;
  }
  // n words with capitals and full stops; every 9th word a link when links.
  std::string Sentences(int n, std::string* plain, bool links) {
    std::string html;
    for (int i = 0; i < n; ++i) {
      std::string w = Word();
      if (i == 0 || Below(12) == 0) w[0] = static_cast<char>(w[0] - 'a' + 'A');
      const bool end = i + 1 == n || Below(14) == 0;
      std::string shown = w, marked = w;
      if (Below(40) == 0) {
        shown = w + " & co";
        marked = w + " &amp; co";
      }
      if (links && i % 9 == 4) marked = "<a href=\"/w/" + w + "\">" + marked + "</a>";
      if (Below(30) == 0) marked = "<em>" + marked + "</em>";
      html += marked + (end ? "." : "") + (i + 1 < n ? (Below(25) == 0 ? "&nbsp;" : " ") : "");
      *plain += shown + (end ? "." : "") + (i + 1 < n ? " " : "");
    }
    return html;
  }

 private:
  uint64_t state_;
};

std::string Filler(Words& w, int words) {
  std::string ignored;
  return w.Sentences(words, &ignored, false);
}

std::string Script(Words& w) {
  std::string s = "<script>\n(function(){var cfg={id:'" + w.Word() +
                  "',n:" + std::to_string(w.Below(999)) + "};\n";
  for (int i = 0; i < 12; ++i)
    s += "if (a" + std::to_string(i) +
         " < b && c > d) { el.innerHTML = '<div class=\"x\">' + cfg.id + '</div>'; }\n";
  return s + "})();\n</script>\n";
}

std::string Style() {
  std::string s = "<style>\n";
  for (int i = 0; i < 25; ++i)
    s += ".c" + std::to_string(i) + " > a:hover { color: #" + std::to_string(100000 + i * 7) +
         "; margin: 0 4px; }\n";
  return s + "/* <p>not text</p> */\n</style>\n";
}

std::string LinkList(Words& w, int n, const char* item_open, const char* item_close) {
  std::string s;
  for (int i = 0; i < n; ++i)
    s += std::string(item_open) + "<a href=\"/" + w.Word() + "\">" + w.Word() + " " + w.Word() +
         "</a>" + item_close;
  return s;
}

// One page of template t (0: HTML5 elements, 1: class-named divs, 2: tables).
Page Synthetic(uint64_t seed) {
  Words w(seed);
  const int t = static_cast<int>(seed % 3);
  Page page;
  page.has_truth = true;
  std::string title_plain, body;
  const std::string headline = w.Sentences(6, &title_plain, false);
  page.truth = title_plain;
  const int paragraphs = 7 + w.Below(6);
  for (int p = 0; p < paragraphs; ++p) {
    std::string plain;
    const std::string text = w.Sentences(45 + w.Below(50), &plain, true);
    page.truth += "\n" + plain;
    // Every fourth paragraph is left unclosed (the parser closes it).
    body += (p % 4 == 3) ? "<p>" + text + "\n" : "<p>" + text + "</p>\n";
    if (p == 2)
      body += "<div class=\"ad-slot\"><span>Advertisement</span> <a href=\"/ad\">" + Filler(w, 8) +
              "</a></div>\n";
  }
  std::string comments;
  for (int c = w.Below(5); c > 0; --c)
    comments += "<div class=\"comment\"><b>" + w.Word() + "</b> <p>" + Filler(w, 20 + w.Below(40)) +
                "</p></div>\n";
  std::string html = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + headline +
                     " | " + w.Word() + "</title>\n" + Style() + Script(w) + Script(w) +
                     "</head>\n<body>\n<!-- " + Filler(w, 20) + " -->\n";
  const std::string nav = LinkList(w, 60 + w.Below(40), "<li>", "</li>");
  const std::string side = "<h3>Most read</h3><ul>" + LinkList(w, 12, "<li>", "</li>") +
                           "</ul><p>" + Filler(w, 30) +
                           "</p><form><input name=e><button>Subscribe</button></form>";
  const std::string foot = LinkList(w, 20, " ", " |") + "<p>&copy; 2024 " + Filler(w, 15) + "</p>";
  if (t == 0) {
    html +=
        "<header><a href=\"/\">" + w.Word() + "</a></header>\n<nav><ul>" + nav + "</ul></nav>\n";
    html += "<main><article><h1>" + headline + "</h1>\n<p class=\"byline\">By " + w.Word() + " " +
            w.Word() + "</p>\n" + body + "</article>\n<section class=\"comments\">" + comments +
            "</section></main>\n";
    html += "<aside>" + side + "</aside>\n<footer>" + foot + "</footer>\n";
  } else if (t == 1) {
    html += "<div id=\"top\"><div class=\"site-menu\"><ul>" + nav + "</ul></div></div>\n";
    html += "<div id=\"page\"><div class=\"content\"><h2>" + headline + "</h2>\n" + body +
            "</div></div></div>\n";
    html +=
        "<div class=\"sidebar\">" + side + "</div>\n<div id=\"comments\">" + comments + "</div>\n";
    html += "<div class=\"footer\">" + foot + "</div>\n";
  } else {
    html += "<table width=100%><tr><td colspan=2>" + nav +
            "</td></tr>\n<tr><td valign=top width=200>" + side + "\n<td valign=top><b>" + headline +
            "</b><br>\n" + body + "<table><tr><td>" + comments +
            "</table></td></tr>\n<tr><td colspan=2>" + foot + "</td></tr></table>\n";
  }
  while (html.size() < 28000) html += Script(w);
  page.html = html + "</body></html>\n";
  return page;
}

// --- the parsers ----------------------------------------------------------

constexpr int kXmlOptions = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
                            HTML_PARSE_NONET | HTML_PARSE_COMPACT | HTML_PARSE_IGNORE_ENC;

long sink_count = 0;  // keeps the SAX callbacks from being optimised away
void CountStart(void*, const xmlChar*, const xmlChar**) { ++sink_count; }
void CountText(void*, const xmlChar*, int n) { sink_count += n; }

void ParseGumbo(const std::string& html) {
  GumboOutput* out = gumbo_parse_with_options(&kGumboDefaultOptions, html.data(), html.size());
  gumbo_destroy_output(&kGumboDefaultOptions, out);
}

void ParseLibxml2Tree(const std::string& html) {
  xmlFreeDoc(
      htmlReadMemory(html.data(), static_cast<int>(html.size()), nullptr, "UTF-8", kXmlOptions));
}

void ParseLibxml2Sax(const std::string& html) {
  htmlSAXHandler sax;
  std::memset(&sax, 0, sizeof sax);
  sax.startElement = CountStart;
  sax.characters = CountText;
  htmlParserCtxtPtr ctxt = htmlCreateMemoryParserCtxt(html.data(), static_cast<int>(html.size()));
  htmlCtxtUseOptions(ctxt, kXmlOptions);
  xmlSAXHandlerPtr own = ctxt->sax;
  ctxt->sax = &sax;
  xmlSwitchEncoding(ctxt, XML_CHAR_ENCODING_UTF8);
  htmlParseDocument(ctxt);
  ctxt->sax = own;
  htmlFreeParserCtxt(ctxt);
}

// --- the measurement ------------------------------------------------------

// CPU seconds of this process (the machine is shared: wall time would count
// the others' work too).
double CpuSeconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

// CPU seconds of one pass over the pages.
double Seconds(const std::vector<Page>& pages,
               const std::function<void(const std::string&)>& parse) {
  const double start = CpuSeconds();
  for (const Page& p : pages) parse(p.html);
  return CpuSeconds() - start;
}

struct Variant {
  std::string name;
  std::function<void(const std::string&)> parse;
  double best = 0;
};

std::string ReadFile(const std::string& path, bool* found) {
  std::ifstream in(path, std::ios::binary);
  *found = static_cast<bool>(in);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 3, synthetic = 0;
  std::vector<Page> pages;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if ((arg == "--runs" || arg == "--synthetic") && i + 1 < argc) {
      (arg == "--runs" ? runs : synthetic) = std::atoi(argv[++i]);
      continue;
    }
    Page p;
    bool found;
    p.html = ReadFile(arg, &found);
    const size_t dot = arg.rfind(".htm");
    if (dot != std::string::npos) p.truth = ReadFile(arg.substr(0, dot) + ".txt", &p.has_truth);
    pages.push_back(std::move(p));
  }
  for (int s = 0; s < synthetic; ++s) pages.push_back(Synthetic(static_cast<uint64_t>(s) + 1));
  if (pages.empty()) {
    std::fprintf(stderr, "usage: html_parse_probe [--runs N] [--synthetic N] [FILE.html...]\n");
    return 2;
  }
  double bytes = 0;
  for (const Page& p : pages) bytes += static_cast<double>(p.html.size());
  std::printf("%zu pages, %.1f KB on average, best of %d runs, CPU time\n", pages.size(),
              bytes / pages.size() / 1e3, runs);
  xmlInitParser();

  std::vector<Variant> variants = {
      {"gumbo", ParseGumbo}, {"libxml2-tree", ParseLibxml2Tree}, {"libxml2-sax", ParseLibxml2Sax}};
#ifdef PROBE_MODEST
  myhtml_t* myhtml = myhtml_create();
  myhtml_init(myhtml, MyHTML_OPTIONS_PARSE_MODE_SINGLE, 1, 0);
  myhtml_tree_t* tree = myhtml_tree_create();
  myhtml_tree_init(tree, myhtml);
  variants.push_back({"modest-myhtml", [&](const std::string& html) {
                        myhtml_parse(tree, MyENCODING_UTF_8, html.data(), html.size());
                      }});
#endif
  using neardup::ExtractMethod;
  for (ExtractMethod m : {ExtractMethod::kNone, ExtractMethod::kBte, ExtractMethod::kDom}) {
    variants.push_back(
        {"extract-" + std::string(neardup::ExtractMethodName(m)), [m](const std::string& html) {
           sink_count += static_cast<long>(neardup::ExtractMainText(html, {m}).text.size());
         }});
  }
  // Rounds of every variant in turn, the best round of each: on a shared
  // machine the others' load then falls on all variants alike.
  for (int r = 0; r < runs; ++r)
    for (Variant& v : variants) {
      const double seconds = Seconds(pages, v.parse);
      if (r == 0 || seconds < v.best) v.best = seconds;
    }
  const double sax = variants[2].best;
  for (const Variant& v : variants) {
    std::printf("%-22s %7.1f MB/s %7.0f pages/s", v.name.c_str(), bytes / v.best / 1e6,
                pages.size() / v.best);
    if (v.name.rfind("extract-", 0) == 0) std::printf("  %.2f of libxml2-sax", sax / v.best);
    std::printf("\n");
  }
#ifdef PROBE_MODEST
  myhtml_tree_destroy(tree);
  myhtml_destroy(myhtml);
#endif

  // Token F1 against the truth, per method: mean and worst page.
  for (ExtractMethod m : {ExtractMethod::kNone, ExtractMethod::kBte, ExtractMethod::kDom}) {
    double sum = 0, worst = 1;
    int n = 0;
    for (const Page& p : pages) {
      if (!p.has_truth) continue;
      const double f1 = neardup::TokenF1(neardup::ExtractMainText(p.html, {m}).text, p.truth);
      sum += f1;
      worst = std::min(worst, f1);
      ++n;
    }
    if (n > 0)
      std::printf("F1 %-5s mean %.3f  worst %.3f  over %d pages\n",
                  std::string(neardup::ExtractMethodName(m)).c_str(), sum / n, worst, n);
  }
  std::fprintf(stderr, "(%ld)\n", sink_count);
  return 0;
}
