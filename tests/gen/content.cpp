#include "content.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <set>

namespace warcgen {
namespace {

constexpr MediaType kMedia[] = {
    {"image/jpeg", "jpg", std::string_view("\xff\xd8\xff\xe0\x00\x10JFIF\x00", 11)},
    {"image/png", "png", std::string_view("\x89PNG\r\n\x1a\n", 8)},
    {"image/gif", "gif", "GIF89a"},
    {"application/pdf", "pdf", "%PDF-1.4\n"},
    {"application/zip", "zip", std::string_view("PK\x03\x04", 4)},
    {"font/woff2", "woff2", "wOF2"},
    {"application/octet-stream", "bin", ""},
};

void AppendNumber(uint64_t n, std::string* out) { out->append(std::to_string(n)); }

void Capitalize(std::string* out, size_t at) {
  if (at < out->size() && (*out)[at] >= 'a' && (*out)[at] <= 'z') (*out)[at] -= 'a' - 'A';
}

}  // namespace

const MediaType& BinaryMedia(uint8_t index) { return kMedia[index % BinaryMediaCount()]; }
uint8_t BinaryMediaCount() { return sizeof kMedia / sizeof kMedia[0]; }

Content::Content() {
  // Pronounceable words from syllables; a fixed seed, whatever --seed says.
  static const char* const kOnsets[] = {"b",  "c",  "d",  "f",  "g",  "h",  "j",  "k",  "l",
                                        "m",  "n",  "p",  "r",  "s",  "t",  "v",  "w",  "z",
                                        "th", "ch", "sh", "st", "br", "pl", "gr", "tr", ""};
  static const char* const kVowels[] = {"a", "e", "i", "o", "u", "ea", "ou", "io"};
  static const char* const kCodas[] = {"", "", "", "n", "r", "s", "l", "t", "nd", "ng"};
  Rng rng(0x776172636765ULL);
  std::set<std::string> seen;
  while (words_.size() < 4096) {
    std::string w;
    int syllables = 1 + static_cast<int>(rng.Below(3)) + (rng.Chance(0.2) ? 1 : 0);
    for (int s = 0; s < syllables; ++s) {
      w += kOnsets[rng.Below(sizeof kOnsets / sizeof *kOnsets)];
      w += kVowels[rng.Below(sizeof kVowels / sizeof *kVowels)];
      w += kCodas[rng.Below(sizeof kCodas / sizeof *kCodas)];
    }
    if (seen.insert(w).second) words_.push_back(w);
  }
  // Frequent words are short, as in natural language.
  std::stable_sort(words_.begin(), words_.end(),
                   [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
  // Zipf (s = 1) over the ranks, tabulated into 65536 equally likely slots.
  std::vector<double> cdf(words_.size());
  double total = 0;
  for (size_t r = 0; r < words_.size(); ++r) cdf[r] = total += 1.0 / static_cast<double>(r + 1);
  zipf_.resize(1 << 16);
  size_t rank = 0;
  for (size_t i = 0; i < zipf_.size(); ++i) {
    double u = (static_cast<double>(i) + 0.5) / static_cast<double>(zipf_.size()) * total;
    while (cdf[rank] < u) ++rank;
    zipf_[i] = static_cast<uint16_t>(rank);
  }
}

void Content::Sentence(Rng* rng, size_t words, std::string* out) const {
  size_t start = out->size();
  for (size_t i = 0; i < words; ++i) {
    if (i) out->append(i > 3 && rng->Chance(0.08) ? ", " : " ");
    out->append(Word(rng));
  }
  Capitalize(out, start);
}

void Content::Link(Rng* rng, std::string* out) const {
  out->append("<a href=\"/").append(Word(rng)).append("/").append(Word(rng)).append("-");
  AppendNumber(rng->Below(10000), out);
  out->append(".html\">");
  Sentence(rng, 1 + rng->Below(4), out);
  out->append("</a>");
}

void Content::Html(uint64_t seed, size_t size, std::string* out) const {
  static constexpr std::string_view kTail =
      "    </div>\n  </main>\n  <footer class=\"site-footer\" role=\"contentinfo\">\n"
      "    <div class=\"site-info\">&copy; 2015. All rights reserved.</div>\n"
      "  </footer>\n</div>\n</body>\n</html>\n";
  // Markup as content management systems write it: repeated classes,
  // indentation, inline CSS and scripts. It makes pages compress about 4:1
  // with gzip, as real HTML does; the text itself is words.
  Rng rng(seed);
  out->clear();
  out->append(
      "<!DOCTYPE html>\n<html lang=\"en-US\">\n<head>\n<meta charset=\"UTF-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
  Sentence(&rng, 3 + rng.Below(6), out);
  out->append("</title>\n<meta name=\"description\" content=\"");
  Sentence(&rng, 10 + rng.Below(15), out);
  out->append("\">\n<link rel=\"stylesheet\" id=\"theme-style-css\" href=\"/wp-content/themes/")
      .append(Word(&rng))
      .append(
          "/style.css?ver=4.1.1\" type=\"text/css\" media=\"all\">\n"
          "<link rel=\"stylesheet\" id=\"fonts-css\" href=\"//fonts.googleapis.com/css?family="
          "Open+Sans%3A400italic%2C700italic%2C400%2C700&amp;subset=latin\" type=\"text/css\" "
          "media=\"all\">\n<script type=\"text/javascript\" src=\"/wp-includes/js/jquery/"
          "jquery.js?ver=1.11.1\"></script>\n<style type=\"text/css\">\n");
  for (uint64_t i = 0, n = 4 + rng.Below(12); i < n; ++i) {
    out->append(".").append(Word(&rng)).append("-").append(Word(&rng));
    out->append(" { margin: 0 0 ");
    AppendNumber(rng.Below(40), out);
    out->append("px; padding: 0; font-size: ");
    AppendNumber(10 + rng.Below(14), out);
    out->append("px; line-height: 1.5; color: #333; }\n");
  }
  out->append(
      "</style>\n<script type=\"text/javascript\">\n"
      "  var _gaq = _gaq || [];\n  _gaq.push(['_setAccount', 'UA-");
  AppendNumber(1000000 + rng.Below(9000000), out);
  out->append(
      "-1']);\n  _gaq.push(['_trackPageview']);\n  (function() {\n"
      "    var ga = document.createElement('script'); ga.type = 'text/javascript'; "
      "ga.async = true;\n    ga.src = ('https:' == document.location.protocol ? "
      "'https://ssl' : 'http://www') + '.google-analytics.com/ga.js';\n"
      "    var s = document.getElementsByTagName('script')[0]; "
      "s.parentNode.insertBefore(ga, s);\n  })();\n</script>\n</head>\n"
      "<body class=\"home blog logged-out\">\n<div id=\"page\" class=\"hfeed site\">\n"
      "  <header id=\"masthead\" class=\"site-header\" role=\"banner\">\n"
      "    <nav id=\"site-navigation\" class=\"main-navigation\" role=\"navigation\">\n"
      "      <ul id=\"menu-main\" class=\"menu\">\n");
  for (uint64_t i = 0, n = 4 + rng.Below(8); i < n; ++i) {
    out->append("        <li id=\"menu-item-");
    AppendNumber(rng.Below(1000), out);
    out->append("\" class=\"menu-item menu-item-type-post_type menu-item-object-page\">");
    Link(&rng, out);
    out->append("</li>\n");
  }
  out->append(
      "      </ul>\n    </nav>\n  </header>\n  <main id=\"main\" class=\"site-main\" "
      "role=\"main\">\n    <div class=\"content-area\">\n");
  while (out->size() + kTail.size() < size) {
    uint64_t r = rng.Below(100);
    if (r < 25) {
      out->append("      <article id=\"post-");
      AppendNumber(rng.Below(100000), out);
      out->append(
          "\" class=\"post type-post status-publish format-standard hentry\">\n"
          "        <header class=\"entry-header\">\n          <h2 class=\"entry-title\">");
      Link(&rng, out);
      out->append(
          "</h2>\n          <div class=\"entry-meta\"><span class=\"posted-on\">Posted on "
          "<time class=\"entry-date published\" datetime=\"2015-0");
      AppendNumber(1 + rng.Below(2), out);
      out->append("-1");
      AppendNumber(rng.Below(10), out);
      out->append("T1");
      AppendNumber(rng.Below(10), out);
      out->append(":00:00+00:00\">February 1");
      AppendNumber(rng.Below(10), out);
      out->append(
          ", 2015</time></span> <span class=\"byline\"><span class=\"author vcard\">"
          "<a class=\"url fn n\" href=\"/author/");
      out->append(Word(&rng)).append("/\">").append(Word(&rng));
      out->append(
          "</a></span></span></div>\n        </header>\n"
          "        <div class=\"entry-summary\">\n          <p>");
      Sentence(&rng, 15 + rng.Below(30), out);
      out->append(" [&hellip;]</p>\n        </div>\n      </article>\n");
    } else if (r < 65) {
      out->append("      <p>");
      for (uint64_t s = 0, n = 1 + rng.Below(4); s < n; ++s) {
        if (s) out->append(" ");
        Sentence(&rng, 6 + rng.Below(15), out);
        if (rng.Chance(0.3)) {
          out->append(" ");
          Link(&rng, out);
        }
        out->append(".");
      }
      out->append("</p>\n");
    } else if (r < 80) {
      out->append(
          "      <aside class=\"widget widget_recent_entries\">\n        <h3 "
          "class=\"widget-title\">");
      Sentence(&rng, 1 + rng.Below(3), out);
      out->append("</h3>\n        <ul>\n");
      for (uint64_t i = 0, n = 3 + rng.Below(6); i < n; ++i) {
        out->append("          <li class=\"cat-item\">");
        Link(&rng, out);
        out->append("</li>\n");
      }
      out->append("        </ul>\n      </aside>\n");
    } else if (r < 92) {
      out->append(
          "      <figure class=\"wp-caption aligncenter\"><img class=\"size-medium "
          "wp-image-");
      AppendNumber(rng.Below(10000), out);
      out->append("\" src=\"/wp-content/uploads/2015/02/").append(Word(&rng)).append("-");
      AppendNumber(rng.Below(100000), out);
      out->append("-300x200.jpg\" width=\"300\" height=\"200\" alt=\"");
      Sentence(&rng, 2 + rng.Below(5), out);
      out->append("\"><figcaption class=\"wp-caption-text\">");
      Sentence(&rng, 4 + rng.Below(8), out);
      out->append("</figcaption></figure>\n");
    } else {
      out->append("      <table class=\"data-table\">\n");
      for (uint64_t i = 0, n = 2 + rng.Below(8); i < n; ++i) {
        out->append("        <tr><td class=\"label\">").append(Word(&rng));
        out->append("</td><td class=\"value\">");
        AppendNumber(rng.Below(1000000), out);
        out->append("</td></tr>\n");
      }
      out->append("      </table>\n");
    }
  }
  // Cut the last element short to hit the size exactly, as truncated real
  // pages are; then close the document.
  out->resize(size > kTail.size() ? size - kTail.size() : 0);
  out->append(kTail);
  out->resize(size);
}

void Content::Payload(const PayloadSpec& spec, std::string* out) const {
  out->clear();
  if (spec.kind == PayloadKind::kEmpty) return;
  std::string body;
  if (spec.kind == PayloadKind::kHtml) {
    Html(spec.seed, spec.size, &body);
  } else {
    Rng rng(spec.seed);
    body.resize(spec.size);
    std::string_view magic = BinaryMedia(spec.media).magic;
    size_t pos = std::min(magic.size(), body.size());
    std::memcpy(body.data(), magic.data(), pos);
    for (; pos < body.size(); pos += 8) {
      uint64_t v = rng.Next();
      std::memcpy(body.data() + pos, &v, std::min<size_t>(8, body.size() - pos));
    }
  }
  if (spec.edit_seed) EditBody(spec.edit_seed, spec.kind == PayloadKind::kHtml, &body);
  if (spec.chunked)
    ChunkFrame(spec.seed, body, out);
  else
    out->swap(body);
}

void EditBody(uint64_t edit_seed, bool text, std::string* body) {
  if (body->empty()) return;
  Rng rng(edit_seed);
  // Distinct positions, so that two edits never cancel out.
  size_t done[4];
  int count = 0;
  for (uint64_t k = 0, n = 1 + rng.Below(4); k < n; ++k) {
    size_t pos = static_cast<size_t>(rng.Below(body->size()));
    if (text) {
      // The next letter or digit from pos (wrapping), replaced by another one.
      for (size_t i = 0; i < body->size(); ++i) {
        size_t p = (pos + i) % body->size();
        char x = (*body)[p];
        if ((x >= 'a' && x <= 'z') || (x >= 'A' && x <= 'Z') || (x >= '0' && x <= '9')) {
          pos = p;
          break;
        }
      }
      if (std::find(done, done + count, pos) != done + count) continue;
      char& t = (*body)[pos];
      char base = t >= 'a' && t <= 'z'   ? 'a'
                  : t >= 'A' && t <= 'Z' ? 'A'
                  : t >= '0' && t <= '9' ? '0'
                                         : 0;
      int range = base == '0' ? 10 : 26;
      if (base)
        t = static_cast<char>(base +
                              (t - base + 1 + static_cast<int>(rng.Below(range - 1))) % range);
      else
        t = t == 'x' ? 'y' : 'x';
    } else {
      if (std::find(done, done + count, pos) != done + count) continue;
      char& c = (*body)[pos];
      c = static_cast<char>(c ^ static_cast<char>(1 + rng.Below(255)));
    }
    done[count++] = pos;
  }
}

void ChunkFrame(uint64_t seed, std::string_view body, std::string* out) {
  Rng rng(seed ^ 0x6368756e6b6564ULL);
  out->clear();
  char size_line[24];
  while (!body.empty()) {
    size_t n = std::min<size_t>(body.size(), rng.Between(256, 16384));
    out->append(size_line, std::snprintf(size_line, sizeof size_line, "%zx\r\n", n));
    out->append(body.substr(0, n)).append("\r\n");
    body.remove_prefix(n);
  }
  out->append("0\r\n\r\n");
}

}  // namespace warcgen
