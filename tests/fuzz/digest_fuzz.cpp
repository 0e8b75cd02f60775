// Fuzzes the stored-digest decoder, warc::ParseDigest, and the encoders whose
// output it reads back (Digest::ToManifestString, ToWarcString).
//
// The input is the digest text as stored in a WARC-Payload-Digest field or a
// manifest; its bytes are also taken as a digest value of each algorithm.
//
// Invariants: a digest that parses has its algorithm's size and the
// algorithm its label names; it reads back equal from both spellings, and from
// the base32 spelling in lower case and the hex one in upper case; an error
// names the text or label it refused; every value of every algorithm encodes
// to strings that parse back to it.
#include <cctype>
#include <string>
#include <string_view>

#include "fuzz_targets.h"
#include "warc/digest.h"

namespace fuzz {
namespace {

std::string Cased(std::string s, int (*to)(int)) {
  for (char& c : s) c = static_cast<char>(to(static_cast<unsigned char>(c)));
  return s;
}

void CheckRoundTrip(const warc::Digest& digest) {
  const std::string name = warc::AlgorithmName(digest.algorithm);
  const std::string hex = digest.ToManifestString();
  const std::string base32 = digest.ToWarcString();
  Check(hex == name + ":" + warc::ToHex(digest.bytes), "ToManifestString is not name:hex");
  Check(hex.size() == name.size() + 1 + 2 * digest.bytes.size(), "hex of the wrong length");
  Check((base32.size() - name.size() - 1) % 8 == 0, "base32 not padded to 8 characters");
  const std::string label = name + ":";
  for (const std::string& text :
       {hex, base32, label + Cased(hex.substr(label.size()), std::toupper),
        label + Cased(base32.substr(label.size()), std::tolower)}) {
    auto back = warc::ParseDigest(text);
    Check(back.ok(), "\"" + text + "\" does not parse: " + back.status().message());
    Check(*back == digest, "\"" + text + "\" parses to another digest");
  }
}

}  // namespace

int DigestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto parsed = warc::ParseDigest(text);
  if (parsed.ok()) {
    Check(parsed->bytes.size() == warc::DigestSize(parsed->algorithm),
          "parsed digest has the wrong size");
    auto label = warc::ParseAlgorithm(text.substr(0, text.find(':')));
    Check(label && *label == parsed->algorithm, "parsed algorithm is not the label's");
    CheckRoundTrip(*parsed);
  } else {
    const std::string& m = parsed.status().message();
    const size_t colon = text.find(':');
    const std::string_view named = colon == std::string_view::npos ? text : text.substr(0, colon);
    Check(m.find(named) != std::string::npos, "error does not name what it refused: " + m);
  }

  for (auto algorithm : {warc::DigestAlgorithm::kMd5, warc::DigestAlgorithm::kSha1,
                         warc::DigestAlgorithm::kSha256, warc::DigestAlgorithm::kSha512}) {
    std::string bytes(text.substr(0, warc::DigestSize(algorithm)));
    bytes.resize(warc::DigestSize(algorithm), '\0');
    CheckRoundTrip(warc::Digest{algorithm, bytes});
  }
  return 0;
}

}  // namespace fuzz

#ifndef WARCDEDUP_FUZZ_REPLAY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::DigestOneInput(data, size);
}
#endif
