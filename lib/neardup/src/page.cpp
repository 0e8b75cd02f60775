#include "neardup/page.h"

#include <curl/curl.h>

#include <algorithm>
#include <utility>

#include "neardup/words.h"
#include "warc/http.h"

namespace neardup {

namespace {

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool IsHtml(std::string_view mime) {
  return mime == "text/html" || mime == "application/xhtml+xml";
}

}  // namespace

std::string MediaType(std::string_view content_type) {
  return Lower(Trim(content_type.substr(0, content_type.find(';'))));
}

// libcurl's URL parser (the one lib/fetch already links) rather than another
// hand-written one.
std::string HostOf(std::string_view url) {
  std::string host = "-";
  CURLU* handle = curl_url();
  if (!handle) return host;
  std::string text(url);
  char* part = nullptr;
  if (curl_url_set(handle, CURLUPART_URL, text.c_str(), CURLU_NON_SUPPORT_SCHEME) == CURLUE_OK &&
      curl_url_get(handle, CURLUPART_HOST, &part, 0) == CURLUE_OK && part && *part) {
    host = Lower(part);
  }
  curl_free(part);
  curl_url_cleanup(handle);
  return host;
}

PageCollector::PageCollector(const PageFilter& filter, std::function<void(Page&&)> emit)
    : filter_(filter), emit_(std::move(emit)) {}

void PageCollector::Start(const warc::Record& /*record*/) {
  page_ = Page();
  head_seen_ = false;
  wanted_ = false;
}

void PageCollector::Piece(const warc::PayloadStream& stream, std::string_view piece) {
  if (!head_seen_) {
    head_seen_ = true;
    if (!stream.has_http_header()) return;
    auto head = warc::ParseHttpResponseHead(stream.splitter().header());
    if (!head.ok()) return;
    auto field = [&](std::string_view name) {
      auto value = head.value().headers.First(name);
      return value ? std::string(*value) : std::string();
    };
    page_.status = head.value().status_code;
    page_.content_type = field("Content-Type");
    page_.content_encoding = field("Content-Encoding");
    page_.transfer_encoding = field("Transfer-Encoding");
    page_.mime = MediaType(page_.content_type);
    const auto& types = filter_.mime_types;
    wanted_ = std::find(types.begin(), types.end(), page_.mime) != types.end();
  }
  if (!wanted_) return;
  size_t room = filter_.max_payload - std::min(filter_.max_payload, page_.payload.size());
  if (piece.size() > room) page_.payload_cut = true;
  page_.payload.append(piece.substr(0, room));
}

void PageCollector::Listed(const manifest::Entry& entry) {
  if (!wanted_) return;
  page_.key = entry;
  wanted_ = false;
  emit_(std::move(page_));
}

PageSigner::PageSigner(const SignOptions& options)
    : options_(options), minhasher_(std::make_unique<MinHasher>(options.num_perm)) {}

PageSigner::~PageSigner() = default;

Extracted PageSigner::MainText(const Page& page, std::vector<std::string>* notes) {
  if (page.payload_cut)
    notes->push_back("payload over " + std::to_string(page.payload.size()) +
                     " bytes: only those are read");
  DecodedPayload decoded;
  base::Status status = DecodePayload(
      page.payload, {page.transfer_encoding, page.content_encoding, page.content_type},
      options_.decode, &decoded);
  if (!status.ok()) notes->push_back(status.message());
  if (!decoded.note.empty()) notes->push_back(decoded.note);
  if (decoded.cut)
    notes->push_back("decoded text cut at " + std::to_string(decoded.utf8.size()) + " bytes");
  if (!IsHtml(page.mime)) return Extracted{"", std::move(decoded.utf8), false};
  Extracted text = ExtractMainText(decoded.utf8, options_.extract);
  if (text.cut)
    notes->push_back("HTML cut at " + std::to_string(options_.extract.max_html) +
                     " bytes (--max-html)");
  return text;
}

void PageSigner::Sign(const Page& page, SigRecord* out, std::vector<std::string>* notes) {
  Extracted text = MainText(page, notes);
  std::vector<std::string> words = Words(text.text);
  std::vector<uint64_t> shingles = Shingles(words, options_.k);
  out->key = page.key;
  out->status = page.status;
  out->host = HostOf(manifest::DecodeField(page.key.uri));
  out->mime = page.mime;
  out->title = std::move(text.title);
  out->tokens = static_cast<uint32_t>(words.size());
  out->simhash = SimHash(words);
  out->minhash.resize(static_cast<size_t>(options_.num_perm));
  minhasher_->Sketch(shingles, out->minhash);
  out->shingles = options_.mod_p ? SelectModP(shingles, options_.mod_p) : std::move(shingles);
}

}  // namespace neardup
