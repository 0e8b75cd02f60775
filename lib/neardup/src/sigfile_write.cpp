// SigWriter: a signature file as a stream of bytes (layout in sigfile_layout.h).
#include <algorithm>
#include <limits>
#include <string>

#include "neardup/sigfile.h"
#include "sigfile_layout.h"

namespace neardup {
namespace {

bool IsManifestText(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return static_cast<unsigned char>(c) >= 0x21 && static_cast<unsigned char>(c) <= 0x7e;
  });
}

base::Status CheckRecord(const SigRecord& r, const SigHeader& header, uint64_t number) {
  auto bad = [&](const std::string& what) {
    return base::Status::InvalidArgument("record " + std::to_string(number) + ": " + what);
  };
  if (r.minhash.size() != header.num_perm) {
    return bad(std::to_string(r.minhash.size()) + " MinHash values, expected num_perm " +
               std::to_string(header.num_perm));
  }
  for (size_t i = 1; i < r.shingles.size(); ++i) {
    if (r.shingles[i - 1] >= r.shingles[i]) {
      return bad("shingle " + std::to_string(i) + " is not above the one before it");
    }
  }
  const std::pair<const char*, const std::string*> key[] = {
      {"file", &r.key.file}, {"uri", &r.key.uri}, {"date", &r.key.date}, {"digest", &r.key.digest}};
  for (const auto& [name, value] : key) {
    if (!IsManifestText(*value)) {
      return bad(std::string(name) + " field \"" + *value +
                 "\" is not manifest text (non-empty, bytes 0x21-0x7e)");
    }
  }
  for (const std::string* s : {&r.host, &r.mime, &r.title}) {
    if (s->size() > std::numeric_limits<uint32_t>::max()) return bad("a string over 4 GiB");
  }
  return base::Status::Ok();
}

}  // namespace

SigWriter::SigWriter(const SigHeader& header, Sink sink) : header_(header), sink_(std::move(sink)) {
  header_.version = kSigVersion;
}

base::Status SigWriter::Emit(std::string_view bytes) {
  if (!error_.ok()) return error_;
  error_ = sink_(bytes);
  if (error_.ok()) written_ += bytes.size();
  return error_;
}

base::Status SigWriter::Start() {
  if (started_) return error_;
  if (header_.num_perm < 1 || header_.num_perm > static_cast<uint32_t>(kMaxPermutations)) {
    return base::Status::InvalidArgument("num_perm " + std::to_string(header_.num_perm) +
                                         " is not in 1.." + std::to_string(kMaxPermutations));
  }
  if (header_.extract.size() > sig::kMaxHeaderString ||
      header_.creator.size() > sig::kMaxHeaderString) {
    return base::Status::InvalidArgument("extract or creator string over 65535 bytes");
  }
  started_ = true;
  std::string h(sig::Align8(sig::kHeaderFixed + header_.extract.size() + header_.creator.size()),
                '\0');
  h.replace(0, sig::kMagic.size(), sig::kMagic);
  sig::Store32(&h[sig::kHeaderVersion], kSigVersion);
  sig::Store32(&h[sig::kHeaderSize], static_cast<uint32_t>(h.size()));
  sig::Store32(&h[sig::kHeaderK], header_.k);
  sig::Store32(&h[sig::kHeaderNumPerm], header_.num_perm);
  sig::Store32(&h[sig::kHeaderModP], header_.mod_p);
  sig::Store32(&h[sig::kHeaderHashScheme], header_.hash_scheme);
  sig::Store32(&h[sig::kHeaderMinHashScheme], header_.minhash_scheme);
  sig::Store64(&h[sig::kHeaderSeed], header_.minhash_seed);
  sig::Store32(&h[sig::kHeaderExtractLen], static_cast<uint32_t>(header_.extract.size()));
  sig::Store32(&h[sig::kHeaderCreatorLen], static_cast<uint32_t>(header_.creator.size()));
  h.replace(sig::kHeaderFixed, header_.extract.size(), header_.extract);
  h.replace(sig::kHeaderFixed + header_.extract.size(), header_.creator.size(), header_.creator);
  return Emit(h);
}

base::Status SigWriter::Add(const SigRecord& r) {
  if (finished_) return base::Status::InvalidArgument("record after the end of the file");
  if (auto s = Start(); !s.ok()) return s;
  if (auto s = CheckRecord(r, header_, offsets_.size()); !s.ok()) return s;
  const std::string_view strings[sig::kRecStrings] = {
      r.key.file, r.key.uri, r.key.date, r.key.digest, r.host, r.mime, r.title};
  uint64_t string_bytes = 0;
  for (auto s : strings) string_bytes += s.size();
  const uint64_t shingles_at = sig::kRecFixed;
  const uint64_t strings_at = shingles_at + 8 * uint64_t{r.shingles.size()};
  const uint64_t size = strings_at + sig::Align8(string_bytes);
  buffer_.assign(size, '\0');
  char* p = buffer_.data();
  sig::Store64(p + sig::kRecSize, size);
  sig::Store64(p + sig::kRecOffset, r.key.offset);
  sig::Store64(p + sig::kRecLength, r.key.length);
  sig::Store32(p + sig::kRecStatus, static_cast<uint32_t>(r.status));
  sig::Store32(p + sig::kRecTokens, r.tokens);
  for (int i = 0; i < sig::kRecStrings; ++i) {
    sig::Store32(p + sig::kRecStringLens + 4 * i, static_cast<uint32_t>(strings[i].size()));
  }
  // (memcpy from an empty vector's null data() is undefined behaviour)
  if (!r.shingles.empty()) std::memcpy(p + shingles_at, r.shingles.data(), 8 * r.shingles.size());
  char* out = p + strings_at;
  for (auto s : strings) out = std::copy(s.begin(), s.end(), out);

  const uint64_t at = written_;
  if (auto s = Emit(buffer_); !s.ok()) return s;
  offsets_.push_back(at);
  if (buffer_.capacity() > (1u << 20)) buffer_ = std::string();  // a huge record's buffer goes
  SpoolSketch(r);
  return base::Status::Ok();
}

void SigWriter::SpoolSketch(const SigRecord& r) {
  std::string entry(sig::SketchBytes(header_.num_perm), '\0');
  sig::Store64(&entry[sig::kSketchSimhash], r.simhash);
  sig::Store64(&entry[sig::kSketchShingleCount], r.shingles.size());
  std::memcpy(&entry[sig::kSketchFixed], r.minhash.data(), 4 * r.minhash.size());
  sketches_.Append(&entry);
}

base::Status SigWriter::Finish() {
  if (finished_) return base::Status::InvalidArgument("the file was finished already");
  if (auto s = Start(); !s.ok()) return s;
  finished_ = true;
  const uint64_t sketches_at = written_;
  if (auto s = sketches_.Drain([&](const char* data, size_t n) {
        return Emit({data, n});
      });
      !s.ok()) {
    error_ = s;
    return s;
  }
  const uint64_t index_at = written_;
  // The index is offsets_ as it is in memory (little-endian, as the file).
  if (auto s = Emit({reinterpret_cast<const char*>(offsets_.data()), 8 * offsets_.size()});
      !s.ok()) {
    return s;
  }
  char footer[sig::kFooterSize];
  sig::Store64(footer + sig::kFooterSketchOffset, sketches_at);
  sig::Store64(footer + sig::kFooterIndexOffset, index_at);
  sig::Store64(footer + sig::kFooterCount, offsets_.size());
  std::memcpy(footer + sig::kFooterMagic, sig::kEndMagic.data(), sig::kEndMagic.size());
  return Emit({footer, sizeof footer});
}

}  // namespace neardup
