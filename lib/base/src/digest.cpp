#include "base/digest.h"

#include <cctype>

namespace base {
namespace {

const char kBase32[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

std::optional<std::string> FromHex(std::string_view s) {
  if (s.size() % 2) return std::nullopt;
  std::string out;
  for (size_t i = 0; i < s.size(); i += 2) {
    int v = 0;
    for (size_t j = i; j < i + 2; ++j) {
      char c = static_cast<char>(std::tolower(static_cast<unsigned char>(s[j])));
      int d = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
      if (d < 0) return std::nullopt;
      v = v * 16 + d;
    }
    out += static_cast<char>(v);
  }
  return out;
}

std::optional<std::string> FromBase32(std::string_view s) {
  while (!s.empty() && s.back() == '=') s.remove_suffix(1);
  std::string out;
  uint64_t buffer = 0;
  int bits = 0;
  for (char c : s) {
    char u = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    int v = (u >= 'A' && u <= 'Z') ? u - 'A' : (u >= '2' && u <= '7') ? u - '2' + 26 : -1;
    if (v < 0) return std::nullopt;
    buffer = (buffer << 5) | static_cast<uint64_t>(v);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((buffer >> bits) & 0xff);
    }
  }
  return out;
}

}  // namespace

const char* AlgorithmName(DigestAlgorithm algorithm) {
  switch (algorithm) {
    case DigestAlgorithm::kMd5:
      return "md5";
    case DigestAlgorithm::kSha1:
      return "sha1";
    case DigestAlgorithm::kSha256:
      return "sha256";
    case DigestAlgorithm::kSha512:
      return "sha512";
  }
  return "sha1";
}

size_t DigestSize(DigestAlgorithm algorithm) {
  switch (algorithm) {
    case DigestAlgorithm::kMd5:
      return 16;
    case DigestAlgorithm::kSha1:
      return 20;
    case DigestAlgorithm::kSha256:
      return 32;
    case DigestAlgorithm::kSha512:
      return 64;
  }
  return 20;
}

std::optional<DigestAlgorithm> ParseAlgorithm(std::string_view label) {
  std::string canon;
  for (char c : label)
    if (c != '-' && c != '_')
      canon += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (canon == "md5") return DigestAlgorithm::kMd5;
  if (canon == "sha1" || canon == "sha") return DigestAlgorithm::kSha1;
  if (canon == "sha256") return DigestAlgorithm::kSha256;
  if (canon == "sha512") return DigestAlgorithm::kSha512;
  return std::nullopt;
}

std::string ToHex(std::string_view bytes) {
  static const char kHex[] = "0123456789abcdef";
  std::string s(bytes.size() * 2, '0');
  for (size_t i = 0; i < bytes.size(); ++i) {
    s[2 * i] = kHex[static_cast<uint8_t>(bytes[i]) >> 4];
    s[2 * i + 1] = kHex[static_cast<uint8_t>(bytes[i]) & 15];
  }
  return s;
}

std::string ToBase32(std::string_view bytes) {
  std::string out;
  uint64_t buffer = 0;
  int bits = 0;
  for (char c : bytes) {
    buffer = (buffer << 8) | static_cast<uint8_t>(c);
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += kBase32[(buffer >> bits) & 31];
    }
  }
  if (bits > 0) out += kBase32[(buffer << (5 - bits)) & 31];
  while (out.size() % 8) out += '=';
  return out;
}

std::string Digest::ToManifestString() const {
  return std::string(AlgorithmName(algorithm)) + ":" + ToHex(bytes);
}

std::string Digest::ToWarcString() const {
  return std::string(AlgorithmName(algorithm)) + ":" + ToBase32(bytes);
}

base::Result<Digest> ParseDigest(std::string_view text) {
  size_t colon = text.find(':');
  if (colon == std::string_view::npos)
    return base::Status::InvalidArgument("digest \"" + std::string(text) +
                                         "\" has no \"algorithm:\" label");
  auto algorithm = ParseAlgorithm(text.substr(0, colon));
  if (!algorithm)
    return base::Status::Unsupported("unknown digest algorithm \"" +
                                     std::string(text.substr(0, colon)) + "\"");
  std::string_view value = text.substr(colon + 1);
  size_t size = DigestSize(*algorithm);
  std::optional<std::string> hex = value.size() == 2 * size ? FromHex(value) : std::nullopt;
  std::optional<std::string> bytes = hex ? hex : FromBase32(value);
  if (!bytes || bytes->size() != size)
    return base::Status::InvalidArgument("digest \"" + std::string(text) +
                                         "\" is neither base32 nor hex of a " +
                                         AlgorithmName(*algorithm) + " digest");
  return Digest{*algorithm, std::move(*bytes)};
}

}  // namespace base
