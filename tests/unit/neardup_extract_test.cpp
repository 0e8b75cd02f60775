// neardup/extract.h: main text of hand-made pages per method, the text rules
// (blocks, whitespace, entities, CJK, the cut), malformed and random input.
#include <catch2/catch.hpp>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "neardup/extract.h"

using neardup::ExtractMainText;
using neardup::ExtractMethod;
using neardup::TokenF1;

namespace {

std::string Text(std::string_view html, ExtractMethod method = ExtractMethod::kNone) {
  return ExtractMainText(html, {method}).text;
}

std::string ReadPage(const std::string& name) {
  std::ifstream in(std::string(WARCDEDUP_TEST_DATA_DIR) + "/neardup/" + name, std::ios::binary);
  REQUIRE(in);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool IsUtf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = s[i];
    const size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += n;
  }
  return true;
}

}  // namespace

TEST_CASE("neardup: visible text in blocks, whitespace collapsed, entities decoded", "[neardup]") {
  CHECK(Text("<p>Tom &amp; Jerry&nbsp;&#8212; friends</p><p>b<br>c</p>") ==
        "Tom & Jerry \u2014 friends\nb\nc");
  CHECK(Text("<div>\n  one\t two  <b>three</b>\n</div>  <div> four </div><p>a</p>\n\n<p></p><p> "
             "&nbsp; </p><p>b</p>") == "one two three\nfour\na\nb");
  CHECK(Text("<p>wor<b>ld</b>, <i>x</i> <i>y</i></p>") == "world, x y");
  CHECK(Text("<p>&lt;tag&gt; &quot;q&quot; &eacute; &#x41;&#66; &unknown; a&b</p>") ==
        "<tag> \"q\" \u00e9 AB &unknown; a&b");
  // Never shown: script, style, noscript, template, svg, hidden elements.
  CHECK(Text("<p>wor<b>ld</b> ok <span hidden>no</span><div style=\"display: "
             "none\">gone</div><script>s</script>"
             "<noscript>ns</noscript><template>t</template><svg><title>st</title><text>svg</text></"
             "svg>z") == "world ok\nz");
  CHECK(Text("<head><style>p{}</style><script>if (a<b) "
             "document.write('<p>x</p>')</script></head><p>y</p>") == "y");
}

TEST_CASE("neardup: the title, apart from the text", "[neardup]") {
  auto e = ExtractMainText("<title> Fish &amp;\n Chips &lt;3 </title><div>x</div>", {});
  CHECK(e.title == "Fish & Chips <3");
  CHECK(Text("<title>T</title><p>x</p>") == "x");
  CHECK(ExtractMainText("<svg><title>S</title></svg><title>One</title><title>Two</title>", {})
            .title == "One");
  // A long title is cut at a character boundary, at most kMaxTitle bytes.
  std::string long_title("<title>");
  for (int i = 0; i < 1000; ++i) long_title += "\u65e5";
  const std::string title = ExtractMainText(long_title, {}).title;
  CHECK(title.size() <= neardup::kMaxTitle);
  CHECK(title.size() > neardup::kMaxTitle - 4);
  CHECK(title.size() % 3 == 0);
}

TEST_CASE("neardup: malformed HTML, no body, empty pages", "[neardup]") {
  CHECK(Text("<div><p>one<p>two<li>three") == "one\ntwo\nthree");
  CHECK(Text("</div></div><p>x</span>y</p></td></table>z") == "xy\nz");
  CHECK(Text("<div><p>one<div>two</div></div></div></span><table><tr><td>a<table><tr><td>b</td></"
             "tr></table>c"
             "</td></tr></table><p>end") == "one\ntwo\na\nb\nc\nend");
  CHECK(Text("<body><p>x</p></body><p>after body</p>") == "x\nafter body");
  for (ExtractMethod m : {ExtractMethod::kNone, ExtractMethod::kBte, ExtractMethod::kDom}) {
    auto head_only = ExtractMainText("<html><head><title>T</title></head></html>", {m});
    CHECK(head_only.title == "T");
    CHECK(head_only.text.empty());
    auto empty = ExtractMainText("", {m});
    CHECK(empty.title.empty());
    CHECK(empty.text.empty());
    CHECK(!empty.cut);
    CHECK(Text("just text", m) == "just text");
  }
}

TEST_CASE("neardup: max_html cuts the page at a character boundary", "[neardup]") {
  auto e = ExtractMainText("<p>one two</p><p>three four</p>", {ExtractMethod::kNone, 20});
  CHECK(e.cut);
  CHECK(e.text == "one two\nthr");
  // \u65e5\u672c is 6 bytes from offset 3: a cut at 7 keeps the first character only.
  e = ExtractMainText("<p>\u65e5\u672c</p>", {ExtractMethod::kNone, 7});
  CHECK(e.cut);
  CHECK(e.text == "\u65e5");
  e = ExtractMainText("<p>x</p>", {ExtractMethod::kNone, 8});
  CHECK(!e.cut);
  CHECK(e.text == "x");
}

TEST_CASE("neardup: CJK text, invalid UTF-8 and NUL bytes, a foreign <meta> charset", "[neardup]") {
  CHECK(Text("<p>\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8\u3002</"
             "p><p>\u4e2d\u6587\u6587\u672c</p>") ==
        "\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8\u3002\n\u4e2d\u6587\u6587\u672c");
  CHECK(Text("<p>caf\xff\xfe</p>") == "caf\uFFFD\uFFFD");
  CHECK(Text(std::string_view("<p>a\0b</p><p>c</p>", 17)) == "a\uFFFDb\nc");
  CHECK(Text("<meta charset=\"windows-1251\"><p>caf\u00e9</p>") == "caf\u00e9");
}

TEST_CASE("neardup: random bytes and random markup never break the extraction", "[neardup]") {
  static const char* const kPieces[] = {
      "<",   ">",         "</",        "<div",  "<p>",     "</p>",   "<table>",  "<td>", "<!--",
      "-->", "<script>",  "</script>", "&amp;", "&#",      "&#x",    "\"",       "=",    " ",
      "\n",  "<![CDATA[", "<?",        "<svg>", "<title>", "\u65e5", "<a href=", "<br>"};
  std::mt19937_64 random(15);
  for (int round = 0; round < 3000; ++round) {
    std::string page;
    const int pieces = static_cast<int>(random() % 120);
    for (int k = 0; k < pieces; ++k) {
      if (random() % 3 == 0)
        page.push_back(static_cast<char>(random()));
      else
        page += kPieces[random() % std::size(kPieces)];
    }
    for (ExtractMethod m : {ExtractMethod::kNone, ExtractMethod::kBte, ExtractMethod::kDom}) {
      auto e = ExtractMainText(page, {m, random() % 200});
      CHECK(IsUtf8(e.text));
      CHECK(IsUtf8(e.title));
      CHECK(e.text.find("\n\n") == std::string::npos);
      CHECK(e.text.find("  ") == std::string::npos);
      if (!e.text.empty()) CHECK((e.text.front() != '\n' && e.text.back() != '\n'));
    }
  }
}

TEST_CASE("neardup: kBte takes the span of most words less tags inside it", "[neardup]") {
  // Words w0, w1, ... and empty <i></i> pairs (two tag tokens each), in one
  // block; the answer is checked against every span by brute force.
  std::mt19937_64 random(2001);
  for (int round = 0; round < 200; ++round) {
    std::string body;
    std::vector<int> tags_before;  // per word: tag tokens since the previous word
    int tags = 0;
    for (int k = 0, n = 1 + static_cast<int>(random() % 40); k < n; ++k) {
      if (random() % 2 == 0) {
        body += " <i></i> ";
        tags += 2;
      } else {
        body += " w" + std::to_string(tags_before.size()) + " ";
        tags_before.push_back(tags);
        tags = 0;
      }
    }
    if (tags_before.empty()) continue;
    const std::string html = "<html><body><div>" + body + "</div></body></html>";
    auto score = [&](size_t i, size_t j) {  // words i..j minus the tags between them
      long s = 0;
      for (size_t k = i; k <= j; ++k) s += 1 - (k > i ? tags_before[k] : 0);
      return s;
    };
    long best = 0;
    for (size_t i = 0; i < tags_before.size(); ++i)
      for (size_t j = i; j < tags_before.size(); ++j) best = std::max(best, score(i, j));
    const std::string text = Text(html, ExtractMethod::kBte);
    REQUIRE(text.size() >= 2);
    const size_t first = std::stoul(text.substr(1)),
                 last = std::stoul(text.substr(text.rfind('w') + 1));
    std::string expected;
    for (size_t k = first; k <= last; ++k) expected += (k > first ? " w" : "w") + std::to_string(k);
    CHECK(text == expected);
    CHECK(score(first, last) == best);
  }
}

TEST_CASE("neardup: kDom drops template elements and link lists, keeps text blocks", "[neardup]") {
  const std::string kept("This block has enough words to count as content, and it stays.");
  const std::string page =
      "<div class=\"site-nav\"><a href=\"/\">Home</a> <a href=\"/a\">About</a></div>"
      "<div class=\"masthead\">The town paper with a long tagline of many words in the "
      "masthead</div>"
      "<div class=\"shadow\">" +
      kept +
      "</div>"
      "<div>Links <a>one</a> <a>two</a> <a>three</a> <a>four</a> <a>five</a> and some more "
      "words</div>"
      "<div id=\"comments\"><p>A long comment with many words in it, content if it were not a "
      "comment.</p></div>"
      "<footer>Copyright and a long list of words that make a block of text in the footer</footer>";
  CHECK(Text(page, ExtractMethod::kDom) == kept);
  // Short blocks stay between content blocks, headings before one.
  const std::string p1("The first paragraph has more than ten words in it, so it is content.");
  const std::string p2("The second paragraph has more than ten words in it, so it is content.");
  CHECK(Text("<h3>Head</h3><p>" + p1 + "</p><p>Line</p><p>" + p2 + "</p><p>Trailing short line</p>",
             ExtractMethod::kDom) == "Head\n" + p1 + "\nLine\n" + p2);
  // <article> wins, inside a wrapper named for a sidebar too; inside it, short
  // blocks stay, link lists go.
  CHECK(Text("<div><p>" + p1 + "</p></div><div class=\"has-sidebar\"><article><h2>Title</h2><p>" +
                 p2 + "</p><p>Short line.</p><p><a>a</a> <a>b</a></p></article></div>",
             ExtractMethod::kDom) == "Title\n" + p2 + "\nShort line.");
  // Each CJK character weighs a word: twelve of them make a content block.
  const std::string cjk("\u65e5\u672c\u8a9e\u306e\u9577\u3044\u6587\u7ae0\u3067\u3059\u3002\u672c");
  CHECK(Text("<p>Short line here</p><p>" + cjk + "</p><p>more short</p>", ExtractMethod::kDom) ==
        cjk);
  // Copyright lines go, however many words they have (up to 40).
  CHECK(Text("<p>" + p1 +
                 "</p><p>\u00a9 2015 The Town Paper, written by and for the people of the "
                 "town.</p><p>Copyright 2015 The Town Paper, written by and for the people of the "
                 "town.</p><p>" +
                 p2 +
                 "</p><p>All rights reserved by the paper and the people who "
                 "write it</p>",
             ExtractMethod::kDom) == p1 + "\n" + p2);
  // A page without a content block keeps its text that is not links.
  CHECK(Text("<p>short note here</p><nav><a href=\"/\">x</a></nav><p><a>y</a></p>",
             ExtractMethod::kDom) == "short note here");
}

TEST_CASE("neardup: kDom keeps the headline's region, found by the title", "[neardup]") {
  const std::string p1(
      "The bridge reopened on Thursday after eleven weeks of repairs to its deck.");
  const std::string p2("Traffic was light at first, and the ferry kept its winter timetable.");
  // A table layout: the site's name and tagline above the story, a blurb
  // longer than the story and a copyright line below it, in other cells.
  const std::string table =
      "<title>Harbour bridge reopens | The Coastal Daily</title><table><tr><td class=\"top\">"
      "<a href=\"/\"><b>The Coastal Daily</b></a> News from the coast for the people who live "
      "by the sea</td></tr><tr><td><div class=\"story\"><b>Harbour bridge reopens</b><br><br>" +
      p1 + "<br><br>" + p2 +
      "</div></td></tr><tr><td class=\"bottom\"><div class=\"blurb\"><p>We are a small "
      "paper, written by the people of the coast since 1921, and we print every Friday and "
      "post the news here every day of the week.</p></div><p>\u00a9 2015 The Coastal Daily. "
      "Written and printed on the coast by the people who live by the sea.</p></td></tr></table>";
  CHECK(Text(table, ExtractMethod::kDom) == "Harbour bridge reopens\n" + p1 + "\n" + p2);
  // The region grows from the headline while the parent adds as many words
  // as it holds: the standfirst's box, then the story, not the blurb beside it.
  const std::string dek("A standfirst of more than ten words under the headline, in its box.");
  const std::string blurb(
      "A blurb about the paper, with more than ten words in it, after the story.");
  const std::string post =
      "<title>Harbour bridge reopens - The Coastal Daily</title><div><div><div>"
      "<h1>Harbour bridge reopens</h1><p>" +
      dek + "</p></div><div><p>" + p1 + "</p><p>" + p2 + "</p></div></div><div><p>" + blurb +
      "</p></div></div>";
  CHECK(Text(post, ExtractMethod::kDom) ==
        "Harbour bridge reopens\n" + dek + "\n" + p1 + "\n" + p2);
  // Without the headline in the title, every block counts as before.
  const std::string other = "<title>The Coastal Daily</title>" + post.substr(post.find("<div>"));
  CHECK(Text(other, ExtractMethod::kDom) ==
        "Harbour bridge reopens\n" + dek + "\n" + p1 + "\n" + p2 + "\n" + blurb);
}

namespace {

std::vector<std::string> Lines(std::string_view text) {
  std::vector<std::string> lines;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    lines.emplace_back(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
  }
  return lines;
}

std::string Join(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += (text.empty() ? "" : "\n") + line;
  return text;
}

const char* const kPages[] = {"news", "blog", "forum", "product", "bignav", "divs"};

}  // namespace

TEST_CASE("neardup: kDom and kBte on the hand-made pages, line by line", "[neardup]") {
  auto truth = [](const std::string& page) { return Lines(ReadPage(page + ".txt")); };
  auto dom = [](const std::string& page) {
    return Text(ReadPage(page + ".html"), ExtractMethod::kDom);
  };
  // The story and its headline, without the byline the article holds.
  CHECK(dom("news") == Join(truth("news")));
  CHECK(ExtractMainText(ReadPage("news.html"), {}).title ==
        "Harbour bridge reopens after repairs \u2014 The Coastal Daily");
  // The last line of the post, nine words after a <br>, is too short to stand alone.
  auto blog = truth("blog");
  blog.pop_back();
  CHECK(dom("blog") == Join(blog));
  // Inside <main>, the price line counts as content; the reviews' <section>
  // is outside the headline's region.
  auto product = truth("product");
  product.insert(product.begin() + 1, "\u20ac 49.90 \u20ac 59.90");
  CHECK(dom("product") == Join(product));
  // A headline in a plain <div> is found by the title.
  CHECK(dom("divs") == Join(truth("divs")));
  // The story beats 144 menu links either way.
  CHECK(dom("bignav") == Join(truth("bignav")));
  CHECK(Text(ReadPage("bignav.html"), ExtractMethod::kBte) == Join(truth("bignav")));
}

TEST_CASE("neardup: token F1 of each method on the hand-made pages", "[neardup]") {
  // Measured: none 0.717, bte 0.889, dom 0.961 (mean over the six pages).
  double mean[3] = {0, 0, 0};
  const ExtractMethod methods[3] = {ExtractMethod::kNone, ExtractMethod::kBte, ExtractMethod::kDom};
  for (const char* page : kPages) {
    const std::string html = ReadPage(std::string(page) + ".html"),
                      truth = ReadPage(std::string(page) + ".txt");
    for (int m = 0; m < 3; ++m)
      mean[m] += TokenF1(Text(html, methods[m]), truth) / std::size(kPages);
    CHECK(TokenF1(Text(html, ExtractMethod::kDom), truth) >= 0.84);
  }
  CHECK(mean[0] < mean[1]);
  CHECK(mean[1] < mean[2]);
  CHECK(mean[2] >= 0.94);
}

TEST_CASE("neardup: TokenF1 and the method names", "[neardup]") {
  CHECK(TokenF1("a b c", "a b d") == Approx(2.0 / 3));
  CHECK(TokenF1("The cat, the CAT.", "the cat") == Approx(2 * 0.5 * 1 / 1.5));
  CHECK(TokenF1("", "") == 1);
  CHECK(TokenF1("", "x") == 0);
  CHECK(TokenF1("x", "") == 0);
  CHECK(TokenF1("\u65e5\u672c x", "x \u65e5\u672c") == 1);
  // Each CJK character is a token: 2 of 3 extracted, 2 of 2 true.
  CHECK(TokenF1("\u65e5\u672c\u8a9e", "\u65e5\u672c") == Approx(0.8));
  neardup::ExtractMethod m = ExtractMethod::kNone;
  CHECK(neardup::ParseExtractMethod("bte", &m));
  CHECK(m == ExtractMethod::kBte);
  CHECK(neardup::ParseExtractMethod("dom", &m));
  CHECK(m == ExtractMethod::kDom);
  CHECK(!neardup::ParseExtractMethod("DOM", &m));
  CHECK(neardup::ExtractMethodName(ExtractMethod::kNone) == "none");
}

TEST_CASE("neardup: extraction from several threads at once gives the same text", "[neardup]") {
  // warcshingle -j N extracts in N threads: libxml2's set-up and parser
  // contexts must not be shared between them.
  std::vector<std::string> pages, expected;
  for (const char* page : kPages) {
    pages.push_back(ReadPage(std::string(page) + ".html"));
    expected.push_back(Text(pages.back(), ExtractMethod::kDom));
  }
  std::vector<int> mismatches(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < 50; ++round)
        for (size_t i = 0; i < pages.size(); ++i)
          if (Text(pages[i], ExtractMethod::kDom) != expected[i]) ++mismatches[t];
    });
  for (auto& thread : threads) thread.join();
  CHECK(mismatches == std::vector<int>(4, 0));
}
