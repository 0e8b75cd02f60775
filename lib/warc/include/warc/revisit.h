// Turning a response record into an identical-payload-digest revisit record
// (WARC 1.1 section 6.7.2; WARC 1.0 section 8.3.1).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "base/status.h"
#include "warc/digest.h"
#include "warc/record.h"

namespace warc {

// "http://netpreserve.org/warc/1.0/revisit/identical-payload-digest" for
// WARC/1.0, ".../warc/1.1/..." for WARC/1.1. REQUIRES: one of those versions.
std::string IdenticalPayloadProfile(std::string_view version);

// The digest spelled like `example` ("sha1:BASE32" or "sha-1:hex" ...): same
// label, and hex if example's value is hex, base32 otherwise.
std::string SpellDigestLike(const Digest& digest, std::string_view example);

// How an original's stored WARC-Payload-Digest spells its sha1. Replay tools
// find a revisit's original by that string (their CDX indexers copy it), so
// a revisit must carry the sha1 spelled the same.
enum class PayloadDigestSpelling : uint8_t {
  kBase32,  // "sha1:BASE32", or no stored digest (indexers compute that)
  kHex,     // "sha1:<lowercase hex>"
};

// The spelling of `stored` (an original's WARC-Payload-Digest, nullopt when
// it has none) whose payload has this sha1; nullopt, with why set (for
// people), when a revisit could not carry the sha1 spelled the same: another
// algorithm or label, upper-case hex, a value that is not the payload's.
std::optional<PayloadDigestSpelling> PayloadDigestSpellingOf(std::optional<std::string_view> stored,
                                                             const Digest& sha1, std::string* why);
// sha1 spelled so: "sha1:BASE32" or "sha1:<lowercase hex>".
std::string SpellPayloadSha1(const Digest& sha1, PayloadDigestSpelling spelling);

struct Revisit {
  std::string version;
  HeaderMap headers;  // without Content-Length (the writer adds it)
  std::string block;  // the response's HTTP header block as stored
};

// Builds the revisit that replaces `response`. It keeps the response's
// WARC-Record-ID, WARC-Target-URI, WARC-Date and every other field that still
// describes it, in order, with its value as written (Content-Type too: the
// block is still an HTTP response message; one is added, spelled
// "application/http; msgtype=response", only when there was none); WARC-Payload-Digest is kept
// exactly as stored (or, if there was none, payload_sha1 as "sha1:BASE32"); WARC-Block-Digest is
// recomputed over the new block when the response had one, in its algorithm
// (sha1, labelled so, when that algorithm is unknown). refers_to_uri and
// refers_to_date are the original's raw values. A non-empty payload_digest
// is the revisit's WARC-Payload-Digest instead (in the stored one's place):
// replay tools match it, as a string, with the original's stored digest.
// Fails (InvalidArgument) for anything that is not a WARC/1.0 or 1.1 response
// with a Record-ID and a complete HTTP header block, or that is segmented,
// and when refers_to_uri or refers_to_date is empty.
base::Result<Revisit> MakeRevisit(const Record& response, std::string_view http_header,
                                  const Digest& payload_sha1, std::string_view refers_to_uri,
                                  std::string_view refers_to_date,
                                  std::string_view payload_digest = {});

}  // namespace warc
