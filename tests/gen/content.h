// What the synthetic corpus is made of: payloads (HTML made of words, random
// binary, chunk-framed, near-duplicate edits), URLs, hosts, dates and record IDs.
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

// URLs on a fixed set of hosts.
class Web {
 public:
  Web(const Content& content, Rng* rng);
  // A new URL for a payload of this kind: pages end in .html or a query,
  // binary payloads carry their media type's extension.
  std::string NewUrl(const PayloadSpec& spec, Rng* rng) const;

 private:
  const Content& content_;
  std::vector<std::string> hosts_;  // "http://www.example.com"
};

// "www.example.com" from "http://www.example.com/a/b?c".
std::string_view HostOf(std::string_view url);
// "/a/b?c" from "http://www.example.com/a/b?c".
std::string_view PathOf(std::string_view url);
// A stable IPv4 address and Server header for a host.
std::string IpOf(std::string_view host);
const char* ServerOf(std::string_view host);

// The capture clock: starts 2015-03-01T00:00:00Z and only moves forward.
class Clock {
 public:
  void Advance(Rng* rng);
  // "2015-03-01T00:00:07Z", or with microseconds "2015-03-01T00:00:07.123456Z"
  // (WARC 1.1 allows them, and 1.1 writers such as warcio use them).
  std::string Warc(bool micros) const;
  // "Sun, 01 Mar 2015 00:00:07 GMT", optionally days_before earlier.
  std::string Http(int64_t days_before = 0) const;

 private:
  int64_t seconds_ = 1425168000;  // 2015-03-01T00:00:00Z
  uint32_t micros_ = 0;
};

// "<urn:uuid:xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx>" from rng: unlike
// warc::NewRecordId(), reproducible.
std::string NewUuid(Rng* rng);

}  // namespace warcgen
