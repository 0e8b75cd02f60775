// neardup_words_bench: the cost of the near-duplicate stage's text steps on
// generated pages, against the stage's target (issue 15: 1,500 pages/s per
// core of 30 KB HTML for decode + extraction + shingles + sketches).
//
//   neardup_words_bench [SECONDS_PER_CASE]
//
// Cases, each timed over repeated runs on the same input:
//   words+shingles   neardup::Words and Shingles(k=5) on 5 KB of English
//   words CJK        neardup::Words on 5 KB of Japanese and Chinese
//   decode gzip      DecodePayload of a 30 KB UTF-8 HTML page, gzip level 6
//   decode chunked   the same page chunked, not compressed
//   decode 1252      the same page in windows-1252, declared by <meta> (ICU)
//   decode detect    a 30 KB windows-1251 page without any charset hint
// Prints MB/s of input text (uncompressed) and pages/s. Not a tool.
#include <zlib.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include "neardup/decode.h"
#include "neardup/words.h"

namespace {

// A deterministic word stream (64-bit LCG): function words and words of one
// to three syllables, about as repetitive as English prose.
class WordStream {
 public:
  std::string Next() {
    static const char* kFunction[] = {"the", "of",   "and",  "a",  "to",   "in",    "is", "was",
                                      "for", "with", "that", "on", "it's", "don't", "by", "2026"};
    static const char* kSyllable[] = {
        "ar", "chive", "re",   "cord", "craw", "ler", "con", "tent", "ser", "ver",   "his", "to",
        "ry", "pay",   "load", "net",  "work", "col", "lec", "tion", "tem", "plate", "sto", "pa"};
    if (Random(5) < 2) return kFunction[Random(16)];
    std::string word;
    for (uint64_t n = 1 + Random(3); n > 0; --n) word += kSyllable[Random(24)];
    return word;
  }

 private:
  uint64_t Random(uint64_t n) {
    state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
    return (state_ >> 33) % n;
  }
  uint64_t state_ = 42;
};

std::string EnglishText(WordStream* words, size_t bytes) {
  std::string text;
  for (int n = 1; text.size() < bytes; ++n) {
    std::string w = words->Next();
    if (n % 12 == 1) w[0] = static_cast<char>(toupper(w[0]));
    text += w;
    text += n % 12 == 0 ? ". " : n % 5 == 0 ? ", " : " ";
  }
  return text;
}

// A page of about `bytes`: head, navigation, paragraphs, footer.
std::string HtmlPage(size_t bytes, const std::string& meta) {
  std::string page = "<!DOCTYPE html><html><head>" + meta +
                     "<title>A page</title></head><body><nav><a href=\"/\">Home</a></nav>\n";
  WordStream words;
  while (page.size() < bytes) page += "<p>" + EnglishText(&words, 300) + "</p>\n";
  return page + "<footer>Footer</footer></body></html>\n";
}

std::string Gzip(const std::string& in) {
  z_stream z{};
  deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&z, in.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = in.size();
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = out.size();
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

std::string Chunked(const std::string& in) {
  std::string out;
  for (size_t at = 0; at < in.size(); at += 4096) {
    std::string piece = in.substr(at, 4096);
    char size[32];
    snprintf(size, sizeof size, "%zx\r\n", piece.size());
    out += size + piece + "\r\n";
  }
  return out + "0\r\n\r\n";
}

double CpuSeconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

// Runs fn repeatedly for about `seconds` of this thread's CPU time (other
// work on the machine then counts less); prints throughput over `bytes`.
void Time(const char* name, double seconds, size_t bytes, const std::function<size_t()>& fn) {
  size_t runs = 0, sink = 0;
  double start = CpuSeconds(), elapsed = 0;
  while (elapsed < seconds) {
    for (int i = 0; i < 20; ++i, ++runs) sink += fn();
    elapsed = CpuSeconds() - start;
  }
  printf("%-16s %7zu bytes  %8.1f MB/s  %9.0f pages/s  %7.1f us/page  (%zu)\n", name, bytes,
         runs * bytes / elapsed / 1e6, runs / elapsed, elapsed / runs * 1e6, sink % 10);
}

// Russian in windows-1251: a few sentences, repeated to `bytes` in paragraphs.
std::string Cyrillic1251Page(size_t bytes) {
  const std::string sentences =
      "\xCF\xF0\xE8\xE2\xE5\xF2, \xEC\xE8\xF0! \xDD\xF2\xEE \xF2\xE5\xEA\xF1\xF2 \xED\xE0 "
      "\xF0\xF3\xF1\xF1\xEA\xEE\xEC \xFF\xE7\xFB\xEA\xE5 \xE4\xEB\xFF \xEF\xF0\xEE\xE2\xE5"
      "\xF0\xEA\xE8 \xEE\xEF\xF0\xE5\xE4\xE5\xEB\xE5\xED\xE8\xFF \xEA\xEE\xE4\xE8\xF0\xEE"
      "\xE2\xEA\xE8. ";
  std::string page = "<!DOCTYPE html><html><head><title>Page</title></head><body>\n";
  while (page.size() < bytes) page += "<p>" + sentences + sentences + "</p>\n";
  return page + "</body></html>\n";
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = argc > 1 ? atof(argv[1]) : 2.0;
  WordStream words;
  std::string text = EnglishText(&words, 5000);
  Time("words", seconds, text.size(), [&] { return neardup::Words(text).size(); });
  Time("words+shingles", seconds, text.size(),
       [&] { return neardup::Shingles(neardup::Words(text), 5).size(); });

  // 私は東京大学で日本語を勉強しています。 and 我们今天去北京大学学习中文。, repeated.
  std::string cjk;
  while (cjk.size() < 5000) {
    cjk +=
        "\xE7\xA7\x81\xE3\x81\xAF\xE6\x9D\xB1\xE4\xBA\xAC\xE5\xA4\xA7\xE5\xAD\xA6\xE3\x81\xA7\xE6"
        "\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E\xE3\x82\x92\xE5\x8B\x89\xE5\xBC\xB7\xE3\x81\x97\xE3\x81"
        "\xA6\xE3\x81\x84\xE3\x81\xBE\xE3\x81\x99\xE3\x80\x82\xE6\x88\x91\xE4\xBB\xAC\xE4\xBB\x8A"
        "\xE5\xA4\xA9\xE5\x8E\xBB\xE5\x8C\x97\xE4\xBA\xAC\xE5\xA4\xA7\xE5\xAD\xA6\xE5\xAD\xA6\xE4"
        "\xB9\xA0\xE4\xB8\xAD\xE6\x96\x87\xE3\x80\x82";
  }
  Time("words CJK", seconds, cjk.size(), [&] { return neardup::Words(cjk).size(); });

  std::string page = HtmlPage(30000, "<meta charset=\"utf-8\">");
  std::string gz = Gzip(page), chunked = Chunked(page);
  neardup::DecodeOptions options;
  neardup::DecodedPayload out;
  auto decode = [&](const std::string& body, neardup::HttpFacts http) {
    return [&, http] {
      (void)neardup::DecodePayload(body, http, options, &out);
      return out.utf8.size();
    };
  };
  printf("(the gzip page: %zu bytes, %zu compressed)\n", page.size(), gz.size());
  Time("decode gzip", seconds, page.size(), decode(gz, {"", "gzip", "text/html"}));
  Time("decode chunked", seconds, page.size(), decode(chunked, {"chunked", "", "text/html"}));
  std::string latin = HtmlPage(30000, "<meta charset=\"windows-1252\">");
  for (size_t i = 200; i < latin.size(); i += 97) {
    if (latin[i] == 'e') latin[i] = '\xe9';
  }
  Time("decode 1252", seconds, latin.size(), decode(latin, {"", "", "text/html"}));
  std::string cyrillic = Cyrillic1251Page(30000);
  Time("decode detect", seconds, cyrillic.size(), decode(cyrillic, {"", "", "text/html"}));
  for (auto [name, body] : {std::pair{"1252", &latin}, std::pair{"detect", &cyrillic}}) {
    (void)neardup::DecodePayload(*body, {"", "", "text/html"}, options, &out);
    printf("%s: %s (%s)\n", name, out.charset.c_str(), out.charset_from.c_str());
  }
}
