#include "warc/digest.h"

#include <openssl/evp.h>

namespace warc {
namespace {

const EVP_MD* Md(DigestAlgorithm algorithm) {
  // Fetched once: an explicit fetch avoids OpenSSL 3's per-call lookup.
  static const EVP_MD* md5 = EVP_MD_fetch(nullptr, "MD5", nullptr);
  static const EVP_MD* sha1 = EVP_MD_fetch(nullptr, "SHA1", nullptr);
  static const EVP_MD* sha256 = EVP_MD_fetch(nullptr, "SHA256", nullptr);
  static const EVP_MD* sha512 = EVP_MD_fetch(nullptr, "SHA512", nullptr);
  switch (algorithm) {
    case DigestAlgorithm::kMd5:
      return md5;
    case DigestAlgorithm::kSha1:
      return sha1;
    case DigestAlgorithm::kSha256:
      return sha256;
    case DigestAlgorithm::kSha512:
      return sha512;
  }
  return sha1;
}

}  // namespace

Hasher::Hasher(DigestAlgorithm algorithm) : algorithm_(algorithm), ctx_(EVP_MD_CTX_new()) {
  Reset();
}

Hasher::~Hasher() { EVP_MD_CTX_free(static_cast<EVP_MD_CTX*>(ctx_)); }

void Hasher::Reset() { EVP_DigestInit_ex(static_cast<EVP_MD_CTX*>(ctx_), Md(algorithm_), nullptr); }

void Hasher::Update(std::string_view data) {
  EVP_DigestUpdate(static_cast<EVP_MD_CTX*>(ctx_), data.data(), data.size());
}

Digest Hasher::Final() {
  unsigned char buf[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  EVP_DigestFinal_ex(static_cast<EVP_MD_CTX*>(ctx_), buf, &len);
  return Digest{algorithm_, std::string(reinterpret_cast<char*>(buf), len)};
}

}  // namespace warc
