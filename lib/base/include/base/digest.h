// Digest values: an algorithm and its bytes, and their textual spellings
// ("sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ" base32, "sha-1:aa20...fc" hex).
// No hashing here (that is warc::Hasher, through OpenSSL): a CDX or manifest
// reader can compare digests without linking the WARC parser.
//
// Stored digests are compared canonically (algorithm name normalised, value
// decoded to bytes) because crawlers spell both parts differently.
//
//   auto d = base::ParseDigest("SHA-1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ");
//   if (d.ok()) line += d->ToManifestString();  // "sha1:da39a3ee..."
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "base/status.h"

namespace base {

enum class DigestAlgorithm { kMd5, kSha1, kSha256, kSha512 };

// "md5", "sha1", "sha256", "sha512": the canonical names used in manifests.
const char* AlgorithmName(DigestAlgorithm algorithm);
size_t DigestSize(DigestAlgorithm algorithm);
// Accepts labels as crawlers write them: sha1, SHA-1, sha-256, SHA256, md5 ...
std::optional<DigestAlgorithm> ParseAlgorithm(std::string_view label);

std::string ToHex(std::string_view bytes);
std::string ToBase32(std::string_view bytes);  // RFC 4648, upper case, padded

// A digest as algorithm plus raw bytes.
struct Digest {
  DigestAlgorithm algorithm = DigestAlgorithm::kSha1;
  std::string bytes;

  // "sha1:<lowercase hex>", the manifest spelling.
  std::string ToManifestString() const;
  // "sha1:<BASE32>", the spelling most crawlers store.
  std::string ToWarcString() const;
  bool operator==(const Digest& other) const {
    return algorithm == other.algorithm && bytes == other.bytes;
  }
};

// Parses "label:value" where value is base32 (with or without padding, any
// case) or hex of the algorithm's size. Errors name what was found.
base::Result<Digest> ParseDigest(std::string_view text);

}  // namespace base
