// The signature file's text side: DumpRecord and DumpHeader (warcsig(5)),
// KeyOf, and CheckCompatible.
#include <cinttypes>
#include <cstdio>
#include <string>

#include "neardup/sigfile.h"

namespace neardup {
namespace {

void AppendHex(uint64_t value, int digits, std::string* out) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%0*" PRIx64, digits, value);
  out->append(buf, static_cast<size_t>(digits));
}

template <typename T>
void AppendHexList(std::span<const T> values, int digits, std::string* out) {
  if (values.empty()) {
    *out += '-';
    return;
  }
  out->reserve(out->size() + values.size() * (digits + 1));
  for (size_t i = 0; i < values.size(); ++i) {
    if (i > 0) *out += ',';
    AppendHex(values[i], digits, out);
  }
}

template <typename T>
base::Status Differs(const char* what, const T& here, const T& there) {
  return base::Status::InvalidArgument(std::string(what) + " is " + here + " here, " + there +
                                       " there");
}

}  // namespace

manifest::Entry KeyOf(const SigRecordView& r) {
  manifest::Entry e;
  e.file = std::string(r.file);
  e.offset = r.offset;
  e.length = r.length;
  e.uri = std::string(r.uri);
  e.date = std::string(r.date);
  e.digest = std::string(r.digest);
  return e;
}

std::string DumpRecord(const SigRecordView& r, DumpShingles shingles) {
  std::string line;
  manifest::AppendLine(KeyOf(r), &line);
  line.back() = ' ';  // AppendLine ends the line with '\n'
  line += std::to_string(r.status);
  for (std::string_view raw : {r.host, r.mime, r.title}) {
    line += ' ';
    line += manifest::EncodeField(raw);
  }
  line += ' ';
  line += std::to_string(r.tokens);
  line += ' ';
  AppendHex(r.simhash, 16, &line);
  line += ' ';
  line += std::to_string(r.shingles.size());
  line += ' ';
  AppendHexList(r.minhash, 8, &line);
  if (shingles == DumpShingles::kList) {
    line += ' ';
    AppendHexList(r.shingles, 16, &line);
  }
  return line;
}

std::string DumpHeader(const SigHeader& h) {
  std::string seed;
  AppendHex(h.minhash_seed, 16, &seed);
  return "#warcsig " + std::to_string(h.version) + " k=" + std::to_string(h.k) +
         " num_perm=" + std::to_string(h.num_perm) + " mod_p=" + std::to_string(h.mod_p) +
         " hash=" + std::to_string(h.hash_scheme) + " minhash=" + std::to_string(h.minhash_scheme) +
         "/" + seed + " extract=" + manifest::EncodeField(h.extract) +
         " creator=" + manifest::EncodeField(h.creator);
}

base::Status CheckCompatible(const SigHeader& a, const SigHeader& b) {
  auto num = [](uint64_t v) { return std::to_string(v); };
  if (a.k != b.k) return Differs("k (words per shingle)", num(a.k), num(b.k));
  if (a.mod_p != b.mod_p) return Differs("mod_p", num(a.mod_p), num(b.mod_p));
  if (a.num_perm != b.num_perm) return Differs("num_perm", num(a.num_perm), num(b.num_perm));
  if (a.hash_scheme != b.hash_scheme) {
    return Differs("the hash scheme", num(a.hash_scheme), num(b.hash_scheme));
  }
  if (a.minhash_scheme != b.minhash_scheme) {
    return Differs("the MinHash scheme", num(a.minhash_scheme), num(b.minhash_scheme));
  }
  if (a.minhash_seed != b.minhash_seed) {
    std::string here, there;
    AppendHex(a.minhash_seed, 16, &here);
    AppendHex(b.minhash_seed, 16, &there);
    return Differs("the MinHash seed", here, there);
  }
  if (a.extract != b.extract) {
    return Differs("the extraction method", "\"" + a.extract + "\"", "\"" + b.extract + "\"");
  }
  return base::Status::Ok();
}

}  // namespace neardup
