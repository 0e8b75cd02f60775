#include "warc/revisit.h"

namespace warc {

std::string IdenticalPayloadProfile(std::string_view version) {
  std::string v = version == "WARC/1.1" ? "1.1" : "1.0";
  return "http://netpreserve.org/warc/" + v + "/revisit/identical-payload-digest";
}

std::string SpellDigestLike(const Digest& digest, std::string_view example) {
  size_t colon = example.find(':');
  std::string label = colon == std::string_view::npos ? AlgorithmName(digest.algorithm)
                                                      : std::string(example.substr(0, colon));
  std::string_view value = colon == std::string_view::npos ? "" : example.substr(colon + 1);
  bool hex = value.size() == 2 * DigestSize(digest.algorithm) &&
             value.find_first_not_of("0123456789abcdefABCDEF") == std::string_view::npos;
  return label + ":" + (hex ? ToHex(digest.bytes) : ToBase32(digest.bytes));
}

base::Result<Revisit> MakeRevisit(const Record& response, std::string_view http_header,
                                  const Digest& payload_sha1, std::string_view refers_to_uri,
                                  std::string_view refers_to_date) {
  auto refuse = [](const std::string& why) { return base::Status::InvalidArgument(why); };
  if (response.format != FileFormat::kWarc) return refuse("ARC records cannot become revisits");
  if (response.version != "WARC/1.0" && response.version != "WARC/1.1")
    return refuse("only WARC/1.0 and WARC/1.1 records are converted, not " + response.version);
  if (response.type != kResponse) return refuse("not a response record");
  if (!response.headers.Sole("WARC-Record-ID")) return refuse("no single WARC-Record-ID");
  if (response.headers.First("WARC-Segment-Number")) return refuse("segmented record");
  if (http_header.empty()) return refuse("no complete HTTP header block");
  // A revisit that names no original resolves to nothing.
  if (refers_to_uri.empty()) return refuse("the original's URI is empty");
  if (refers_to_date.empty()) return refuse("the original's date is empty");

  Revisit r;
  r.version = response.version;
  r.block = std::string(http_header);
  std::string block_digest_example;
  for (const auto& [name, value] : response.headers.fields()) {
    if (EqualsIgnoreCase(name, "WARC-Type")) {
      r.headers.Add(name, "revisit");
    } else if (EqualsIgnoreCase(name, "WARC-Block-Digest")) {
      block_digest_example = value;  // recomputed below
    } else if (EqualsIgnoreCase(name, "Content-Length") || EqualsIgnoreCase(name, "WARC-Truncated") ||
               EqualsIgnoreCase(name, "WARC-Profile") ||
               StartsWithIgnoreCase(name, "WARC-Refers-To")) {
      // Replaced below.
    } else {
      r.headers.Add(name, value);
    }
  }
  if (!response.headers.First("Content-Type"))
    r.headers.Add("Content-Type", "application/http; msgtype=response");
  if (!response.headers.First("WARC-Payload-Digest"))
    r.headers.Add("WARC-Payload-Digest", payload_sha1.ToWarcString());
  r.headers.Add("WARC-Profile", IdenticalPayloadProfile(response.version));
  r.headers.Add("WARC-Refers-To-Target-URI", std::string(refers_to_uri));
  r.headers.Add("WARC-Refers-To-Date", std::string(refers_to_date));
  r.headers.Add("WARC-Truncated", "length");
  if (!block_digest_example.empty()) {
    // Spelled like the original's, in its algorithm; an algorithm we cannot
    // compute ("sha3-256:...") gives "sha1:BASE32", never sha1 bytes under
    // another label.
    size_t colon = block_digest_example.find(':');
    auto algorithm = colon == std::string::npos
                         ? std::nullopt
                         : ParseAlgorithm(std::string_view(block_digest_example).substr(0, colon));
    Hasher hasher(algorithm.value_or(DigestAlgorithm::kSha1));
    hasher.Update(r.block);
    Digest digest = hasher.Final();
    r.headers.Add("WARC-Block-Digest", algorithm ? SpellDigestLike(digest, block_digest_example)
                                                 : digest.ToWarcString());
  }
  return r;
}

}  // namespace warc
