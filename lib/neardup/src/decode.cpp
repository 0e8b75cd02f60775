#include "neardup/decode.h"

#include <string>
#include <vector>

#include "decode_charset.h"
#include "decode_codings.h"

namespace neardup {

namespace {

using internal::AddNote;

struct Coding {
  std::string name;    // lower case
  const char* header;  // where it was named
};

// Appends the codings of a header value ("gzip, chunked"), in order.
void AddCodings(std::string_view value, const char* header, std::vector<Coding>* codings) {
  size_t start = 0;
  while (start <= value.size()) {
    size_t comma = value.find(',', start);
    if (comma == std::string_view::npos) comma = value.size();
    std::string name;
    for (char c : value.substr(start, comma - start)) {
      if (c == ' ' || c == '\t') continue;
      name.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c);
    }
    if (!name.empty()) codings->push_back({name, header});
    start = comma + 1;
  }
}

bool CompressionOf(const std::string& name, internal::Compression* c) {
  if (name == "gzip" || name == "x-gzip") {
    *c = internal::Compression::kGzip;
  } else if (name == "deflate") {
    *c = internal::Compression::kDeflate;
  } else if (name == "br") {
    *c = internal::Compression::kBrotli;
  } else {
    return false;
  }
  return true;
}

std::string NotCoded(const Coding& coding) {
  return std::string(coding.header) + " " + coding.name + ", but the body is not " + coding.name +
         ": used as is";
}

// Undoes the codings, last applied first. Leaves the result in *body
// (*buffer owns its bytes when a coding was undone). After damage, the
// codings below are still undone on what came before it.
base::Status Undo(const std::vector<Coding>& codings, size_t max_bytes, std::string_view* body,
                  std::string* buffer, DecodedPayload* out) {
  base::Status status;
  bool incomplete = false;  // an earlier step cut or lost the end: later ones end early
  for (auto it = codings.rbegin(); it != codings.rend(); ++it) {
    internal::Compression compression;
    if (it->name == "identity") continue;
    if (it->name == "chunked") {
      std::string plain;
      if (!internal::Dechunk(*body, &plain, &out->note)) {
        AddNote(&out->note, NotCoded(*it));
        continue;
      }
      *buffer = std::move(plain);
      *body = *buffer;
      continue;
    }
    if (!CompressionOf(it->name, &compression)) {
      std::string what = std::string(it->header) + " \"" + it->name + "\"";
      if (!internal::LooksLikeText(*body)) return base::Status::Unsupported("unsupported " + what);
      AddNote(&out->note, "unknown " + what + " on a text body: used as is");
      continue;
    }
    internal::Decompressed d = internal::Decompress(*body, compression, max_bytes);
    if (!d.status.ok() && d.data.empty() && !incomplete && internal::LooksLikeText(*body)) {
      AddNote(&out->note, NotCoded(*it));
      continue;
    }
    bool damaged = !d.status.ok() && !incomplete;
    if (!d.note.empty() && (d.status.ok() || damaged)) AddNote(&out->note, d.note);
    if (damaged) status = d.status;
    incomplete = incomplete || d.cut || !d.status.ok();
    out->cut = out->cut || d.cut;
    *buffer = std::move(d.data);
    *body = *buffer;
  }
  return status;
}

}  // namespace

base::Status DecodePayload(std::string_view payload, const HttpFacts& http,
                           const DecodeOptions& options, DecodedPayload* out) {
  *out = DecodedPayload();
  // Content codings were applied first, then transfer codings.
  std::vector<Coding> codings;
  AddCodings(http.content_encoding, "Content-Encoding", &codings);
  AddCodings(http.transfer_encoding, "Transfer-Encoding", &codings);
  std::string buffer;
  std::string_view body = payload;
  base::Status status = Undo(codings, options.max_bytes, &body, &buffer, out);
  if (status.code() == base::Status::Code::kUnsupported) {
    AddNote(&out->note, status.message());
    return status;
  }
  if (body.size() > options.max_bytes) {
    body = body.substr(0, options.max_bytes);
    out->cut = true;
  }
  // Cut or damaged: the last character may be incomplete.
  bool cut = out->cut, truncated = cut || !status.ok();
  internal::ConvertToUtf8(body, http.content_type, options.max_bytes, truncated, out);
  out->cut = out->cut || cut;
  return status;
}

}  // namespace neardup
