// Digests: hashing through OpenSSL EVP. The digest value type and its
// spellings ("sha1:3I42..." base32, "sha-1:aa20...fc" hex) are base::Digest
// (base/digest.h), re-exported here as warc::Digest.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "base/digest.h"
#include "base/status.h"

namespace warc {

// The value type and its spellings live in lib/base (base/digest.h); the
// names stay here for the callers that know them as warc::.
using base::AlgorithmName;
using base::Digest;
using base::DigestAlgorithm;
using base::DigestSize;
using base::ParseAlgorithm;
using base::ParseDigest;
using base::ToBase32;
using base::ToHex;

// Incremental hashing. REQUIRES: Final() is called at most once per Reset().
class Hasher {
 public:
  explicit Hasher(DigestAlgorithm algorithm);
  ~Hasher();
  Hasher(const Hasher&) = delete;
  Hasher& operator=(const Hasher&) = delete;

  void Reset();
  void Update(std::string_view data);
  Digest Final();
  DigestAlgorithm algorithm() const { return algorithm_; }

 private:
  DigestAlgorithm algorithm_;
  void* ctx_;  // EVP_MD_CTX*
};

}  // namespace warc
