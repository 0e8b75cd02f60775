// neardup_pages_bench: warcshingle's per-page work against the HTML
// parser's parse-only rate, on the same pages, in the same run.
//
//   neardup_pages_bench [--runs N] FILE.warc.gz...
//
// Reads the text pages of the files as warcshingle does (dedup::SumSource
// and neardup::PageCollector, untimed), keeps them in memory, then times on
// this thread's CPU clock, best of --runs (default 3) passes over all pages:
//   parse       libxml2's HTML SAX parser over the decoded UTF-8 (callbacks
//               that only count: the parse-only rate, as
//               bench/html_parse_probe measures it)
//   decode      neardup::DecodePayload (chunked, Content-Encoding, charset)
//   extract     neardup::ExtractMainText (dom) of the decoded UTF-8
//   words       neardup::Words + Shingles(k=5) of the main text
//   sketch      SimHash + MinHasher(128)
//   sign        neardup::PageSigner::Sign: all of the above, as warcshingle
// Prints one line per case: "NAME pages/s MB/s(decoded HTML)".
#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include "base/source.h"
#include "dedup/summarise.h"
#include "neardup/decode.h"
#include "neardup/extract.h"
#include "neardup/page.h"
#include "neardup/sketch.h"
#include "neardup/words.h"

namespace {

double CpuSeconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

constexpr int kXmlOptions = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
                            HTML_PARSE_NONET | HTML_PARSE_COMPACT | HTML_PARSE_IGNORE_ENC;
long sink_count = 0;
void CountStart(void*, const xmlChar*, const xmlChar**) { ++sink_count; }
void CountText(void*, const xmlChar*, int n) { sink_count += n; }

void ParseSax(const std::string& html) {
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

std::vector<neardup::Page> ReadPages(const std::vector<std::string>& paths) {
  std::vector<neardup::Page> pages;
  neardup::PageFilter filter;
  for (const auto& path : paths) {
    auto source = base::FileSource::Open(path);
    if (!source.ok()) {
      std::fprintf(stderr, "%s\n", source.status().message().c_str());
      continue;
    }
    neardup::PageCollector collect(filter,
                                   [&](neardup::Page&& p) { pages.push_back(std::move(p)); });
    dedup::FileSink sink;
    sink.lines = [](std::string* lines) { lines->clear(); };
    sink.message = [&](const std::string& m) {
      std::fprintf(stderr, "%s: %s\n", path.c_str(), m.c_str());
    };
    sink.payload_start = [&](const warc::Record& r) { collect.Start(r); };
    sink.payload_piece = [&](const warc::PayloadStream& s, std::string_view piece) {
      collect.Piece(s, piece);
    };
    sink.listed = [&](const manifest::Entry& e) { collect.Listed(e); };
    dedup::SumSource(source->get(), path, dedup::SumOptions(), sink);
  }
  return pages;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 3;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
      runs = std::atoi(argv[++i]);
    else
      paths.push_back(argv[i]);
  }
  xmlInitParser();
  auto pages = ReadPages(paths);
  std::vector<std::string> html(pages.size()), text(pages.size());
  std::vector<std::vector<std::string>> words(pages.size());
  std::vector<std::vector<uint64_t>> shingles(pages.size());
  neardup::DecodeOptions decode_options;
  neardup::ExtractOptions extract_options;
  double html_bytes = 0;
  for (size_t i = 0; i < pages.size(); ++i) {
    neardup::DecodedPayload d;
    const auto& p = pages[i];
    (void)neardup::DecodePayload(
        p.payload, {p.transfer_encoding, p.content_encoding, p.content_type}, decode_options, &d);
    html[i] = std::move(d.utf8);
    html_bytes += html[i].size();
    text[i] = neardup::ExtractMainText(html[i], extract_options).text;
    words[i] = neardup::Words(text[i]);
    shingles[i] = neardup::Shingles(words[i], 5);
  }
  neardup::MinHasher minhasher(128);
  neardup::PageSigner signer(neardup::SignOptions{});
  std::vector<std::pair<const char*, std::function<void(size_t)>>> cases = {
      {"parse", [&](size_t i) { ParseSax(html[i]); }},
      {"decode",
       [&](size_t i) {
         neardup::DecodedPayload d;
         const auto& p = pages[i];
         (void)neardup::DecodePayload(p.payload,
                                      {p.transfer_encoding, p.content_encoding, p.content_type},
                                      decode_options, &d);
       }},
      {"extract", [&](size_t i) { (void)neardup::ExtractMainText(html[i], extract_options); }},
      {"words", [&](size_t i) { (void)neardup::Shingles(neardup::Words(text[i]), 5); }},
      {"sketch",
       [&](size_t i) {
         std::vector<uint32_t> sketch(128);
         sink_count += static_cast<long>(neardup::SimHash(words[i]) & 1);
         minhasher.Sketch(shingles[i], sketch);
       }},
      {"sign",
       [&](size_t i) {
         neardup::SigRecord record;
         std::vector<std::string> notes;
         signer.Sign(pages[i], &record, &notes);
       }},
  };
  std::printf("pages %zu decoded_html_MB %.1f avg_KB %.1f\n", pages.size(), html_bytes / 1e6,
              pages.empty() ? 0.0 : html_bytes / 1e3 / pages.size());
  for (auto& [name, work] : cases) {
    double best = 1e30;
    for (int r = 0; r < runs; ++r) {
      double start = CpuSeconds();
      for (size_t i = 0; i < pages.size(); ++i) work(i);
      best = std::min(best, CpuSeconds() - start);
    }
    std::printf("%s %.1f %.1f\n", name, pages.size() / best, html_bytes / 1e6 / best);
  }
  return sink_count == -1;
}
