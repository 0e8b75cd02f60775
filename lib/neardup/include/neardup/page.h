// One page of warcshingle(1): a text response record's manifest key, its
// HTTP facts and its payload as transmitted (up to a cap), and what the
// stage makes of it: decoded text, main text, words, shingles, sketches.
//
// Pages come from the exact chain's record reading (dedup::Summariser's
// payload callbacks), so that a signature's key is warcsum's manifest line
// for the record, byte for byte:
//
//   neardup::PageCollector pages(filter, [&](neardup::Page&& p) { Queue(p); });
//   sink.payload_start = [&](auto& record) { pages.Start(record); };
//   sink.payload_piece = [&](auto& stream, auto piece) { pages.Piece(stream, piece); };
//   sink.listed = [&](auto& entry) { pages.Listed(entry); };
//   ...
//   neardup::PageSigner signer(options);   // one per thread
//   signer.Sign(page, &sig_record, &notes);
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "manifest/entry.h"
#include "neardup/decode.h"
#include "neardup/extract.h"
#include "neardup/sigfile.h"
#include "neardup/sketch.h"
#include "warc/payload.h"
#include "warc/record.h"

namespace neardup {

struct Page {
  manifest::Entry key;  // 6 fields, as warcsum lists the record
  int status = 0;       // HTTP status code
  std::string mime;     // the HTTP Content-Type's media type, lower case
  std::string content_type, content_encoding, transfer_encoding;  // as sent
  std::string payload;  // as transmitted, its first max_payload bytes
  bool payload_cut = false;
};

struct PageFilter {
  // Media types whose records are pages (the HTTP Content-Type's type).
  std::vector<std::string> mime_types{"text/html", "application/xhtml+xml", "text/plain"};
  size_t max_payload = 8 << 20;  // bytes of payload held; the rest is read, not kept
};

// The lower-case media type of a Content-Type value ("text/html" of
// "Text/HTML; charset=utf-8").
std::string MediaType(std::string_view content_type);

// The lower-case host of a URL, "-" when it has none.
std::string HostOf(std::string_view url);

// Gathers pages from the payload callbacks of one file's reading.
class PageCollector {
 public:
  PageCollector(const PageFilter& filter, std::function<void(Page&&)> emit);
  void Start(const warc::Record& record);
  void Piece(const warc::PayloadStream& stream, std::string_view piece);
  void Listed(const manifest::Entry& entry);

 private:
  const PageFilter& filter_;
  std::function<void(Page&&)> emit_;
  Page page_;
  bool head_seen_ = false;
  bool wanted_ = false;
};

struct SignOptions {
  DecodeOptions decode;
  ExtractOptions extract;
  int k = 5;           // words per shingle
  uint32_t mod_p = 0;  // keep only shingles = 0 mod p (0: all)
  int num_perm = 128;  // MinHash values
};

// What the stage makes of a page. Not thread-safe: one per thread.
class PageSigner {
 public:
  explicit PageSigner(const SignOptions& options);
  ~PageSigner();

  // The page's signature (all but nothing: the key is the page's); notes say
  // what was cut or could not be decoded ("offset N: ..." is the caller's).
  void Sign(const Page& page, SigRecord* out, std::vector<std::string>* notes);
  // The title and main text (warcshingle --text).
  Extracted MainText(const Page& page, std::vector<std::string>* notes);

 private:
  SignOptions options_;
  std::unique_ptr<MinHasher> minhasher_;
};

}  // namespace neardup
