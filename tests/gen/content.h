// What the synthetic corpus is made of: payloads (HTML made of words, random
// binary, chunk-framed, near-duplicate edits). URLs, hosts, dates and record
// IDs are in web.h.
//
// A payload is described by a small PayloadSpec and rebuilt from it on demand,
// so a duplicate written much later costs no memory: the generator keeps the
// specs of earlier captures, never their bytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rng.h"

namespace warcgen {

enum class PayloadKind : uint8_t { kHtml, kBinary, kEmpty };

// Everything needed to rebuild a payload (and its HTTP header) byte for byte.
struct PayloadSpec {
  PayloadKind kind = PayloadKind::kHtml;
  uint16_t status = 200;   // 200 or 404 with a payload; 204 or 304 when empty
  uint8_t media = 0;       // binary payloads: index into the media types
  bool chunked = false;    // stored with Transfer-Encoding: chunked framing
  uint32_t size = 0;       // entity body bytes, before chunk framing
  uint64_t seed = 0;       // the body's content
  uint64_t edit_seed = 0;  // nonzero: a near-duplicate, 1-4 bytes of the body changed
};

// Binary media types with the magic bytes their payloads start with.
struct MediaType {
  const char* content_type;
  const char* extension;
  std::string_view magic;
};
const MediaType& BinaryMedia(uint8_t index);
uint8_t BinaryMediaCount();

class Content {
 public:
  // Builds the vocabulary. It is fixed (not derived from --seed), so that
  // corpora made with different seeds still look alike.
  Content();

  // The payload exactly as stored after the HTTP header block: the body
  // (edited for a near-duplicate), chunk-framed when spec.chunked.
  void Payload(const PayloadSpec& spec, std::string* out) const;

  // A word drawn from a Zipf-like distribution (frequent words are short).
  const std::string& Word(Rng* rng) const { return words_[zipf_[rng->Next() >> 48]]; }

 private:
  void Html(uint64_t seed, size_t size, std::string* out) const;
  void Sentence(Rng* rng, size_t words, std::string* out) const;
  void Link(Rng* rng, std::string* out) const;

  std::vector<std::string> words_;
  std::vector<uint16_t> zipf_;  // 65536 slots -> word index
};

// Changes 1-4 bytes of body, chosen by edit_seed (letters stay letters).
void EditBody(uint64_t edit_seed, bool text, std::string* body);
// Wraps body in chunked transfer coding with chunk sizes drawn from seed.
void ChunkFrame(uint64_t seed, std::string_view body, std::string* out);

}  // namespace warcgen
