#include "warc/revisit.h"

namespace warc {
namespace {

// A label from a file, safe to print.
std::string Printable(std::string_view text) {
  std::string out;
  for (char c : text) out += c > ' ' && c < 127 ? c : '?';
  return out;
}

// How a digest value looks, for people (no digest itself: the reasons are
// few and shared).
std::string Shape(std::string_view value) {
  auto only = [&](const char* chars) {
    return value.find_first_not_of(chars) == std::string_view::npos;
  };
  if (only("0123456789abcdef")) return "lower-case hex";
  if (only("0123456789ABCDEF")) return "upper-case hex";
  if (only("0123456789abcdefABCDEF")) return "mixed-case hex";
  if (only("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567=")) return "base32";
  if (only("abcdefghijklmnopqrstuvwxyz234567=")) return "lower-case base32";
  return "other text";
}

}  // namespace

std::optional<PayloadDigestSpelling> PayloadDigestSpellingOf(std::optional<std::string_view> stored,
                                                             const Digest& sha1, std::string* why) {
  if (!stored) return PayloadDigestSpelling::kBase32;
  size_t colon = stored->find(':');
  std::string_view label = colon == std::string_view::npos ? "" : stored->substr(0, colon);
  std::string_view value = colon == std::string_view::npos ? *stored : stored->substr(colon + 1);
  if (label == "sha1" && value == ToBase32(sha1.bytes)) return PayloadDigestSpelling::kBase32;
  if (label == "sha1" && value == ToHex(sha1.bytes)) return PayloadDigestSpelling::kHex;
  auto parsed = ParseDigest(*stored);
  bool other_sha1 =
      parsed.ok() && parsed->algorithm == DigestAlgorithm::kSha1 && !(*parsed == sha1);
  *why = "the original's stored digest is spelled " + Printable(label.substr(0, 16)) + ":<" +
         Shape(value) + ">" + (other_sha1 ? " (not its payload's sha1)" : "") +
         "; a revisit could not name it as replay tools index it";
  return std::nullopt;
}

std::string SpellPayloadSha1(const Digest& sha1, PayloadDigestSpelling spelling) {
  return spelling == PayloadDigestSpelling::kHex ? "sha1:" + ToHex(sha1.bytes)
                                                 : sha1.ToWarcString();
}

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
                                  std::string_view refers_to_date,
                                  std::string_view payload_digest) {
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
    } else if (EqualsIgnoreCase(name, "WARC-Payload-Digest") && !payload_digest.empty()) {
      r.headers.Add(name, std::string(payload_digest));
    } else if (EqualsIgnoreCase(name, "WARC-Block-Digest")) {
      block_digest_example = value;  // recomputed below
    } else if (EqualsIgnoreCase(name, "Content-Length") ||
               EqualsIgnoreCase(name, "WARC-Truncated") || EqualsIgnoreCase(name, "WARC-Profile") ||
               StartsWithIgnoreCase(name, "WARC-Refers-To")) {
      // Replaced below.
    } else {
      r.headers.Add(name, value);
    }
  }
  if (!response.headers.First("Content-Type"))
    r.headers.Add("Content-Type", "application/http; msgtype=response");
  if (!response.headers.First("WARC-Payload-Digest"))
    r.headers.Add("WARC-Payload-Digest", payload_digest.empty() ? payload_sha1.ToWarcString()
                                                                : std::string(payload_digest));
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
