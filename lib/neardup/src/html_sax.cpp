#include "html_sax.h"

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>

#include <algorithm>
#include <climits>
#include <cstring>

namespace neardup {

namespace {

// IGNORE_ENC: the input is UTF-8 already, whatever its <meta> says.
constexpr int kOptions = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
                         HTML_PARSE_NONET | HTML_PARSE_COMPACT | HTML_PARSE_IGNORE_ENC;

HtmlHandler* HandlerOf(void* ctx) {
  auto* parser = static_cast<htmlParserCtxtPtr>(ctx);
  return static_cast<HtmlHandler*>(parser->_private);
}

void OnStart(void* ctx, const xmlChar* name, const xmlChar** attrs) {
  HandlerOf(ctx)->StartElement(reinterpret_cast<const char*>(name),
                               reinterpret_cast<const char* const*>(attrs));
}

void OnEnd(void* ctx, const xmlChar* name) {
  HandlerOf(ctx)->EndElement(reinterpret_cast<const char*>(name));
}

void OnText(void* ctx, const xmlChar* text, int len) {
  HandlerOf(ctx)->Text(std::string_view(reinterpret_cast<const char*>(text), len));
}

// Script and style content comes here: dropped.
void OnRawText(void*, const xmlChar*, int) {}

htmlSAXHandler MakeSax() {
  htmlSAXHandler sax;
  std::memset(&sax, 0, sizeof sax);
  sax.startElement = OnStart;
  sax.endElement = OnEnd;
  sax.characters = OnText;
  // Whitespace between elements still separates words.
  sax.ignorableWhitespace = OnText;
  sax.cdataBlock = OnRawText;
  return sax;
}

const htmlSAXHandler kSax = MakeSax();

}  // namespace

void ParseHtml(std::string_view utf8, HtmlHandler* handler) {
  // libxml2's global set-up is not safe to race: once, for every thread.
  static const bool initialised = (xmlInitParser(), true);
  (void)initialised;
  if (utf8.empty()) return;  // libxml2 makes no context for 0 bytes
  const int size = static_cast<int>(std::min<size_t>(utf8.size(), INT_MAX));
  htmlParserCtxtPtr parser = htmlCreateMemoryParserCtxt(utf8.data(), size);
  if (parser == nullptr) return;
  htmlCtxtUseOptions(parser, kOptions);
  // The callbacks get the parser as their context and find the handler in it.
  xmlSAXHandlerPtr own_sax = parser->sax;
  parser->sax = const_cast<htmlSAXHandler*>(&kSax);
  parser->_private = handler;
  parser->userData = parser;
  xmlSwitchEncoding(parser, XML_CHAR_ENCODING_UTF8);
  htmlParseDocument(parser);
  parser->sax = own_sax;
  if (parser->myDoc != nullptr) xmlFreeDoc(parser->myDoc);
  htmlFreeParserCtxt(parser);
}

}  // namespace neardup
