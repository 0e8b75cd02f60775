// SigFile: a signature file mapped, and checked whole at Open, so that
// record(i) needs no check (layout in sigfile_layout.h).
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "neardup/sigfile.h"
#include "sigfile_layout.h"

namespace neardup {
namespace {

// Bytes as a quoted C string: "GIF89a\x01\x00".
std::string Quote(std::string_view bytes) {
  std::string out = "\"";
  for (char c : bytes) {
    auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f && c != '"' && c != '\\') {
      out += c;
    } else {
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02x", u);
      out += hex;
    }
  }
  return out + "\"";
}

bool IsManifestText(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (static_cast<unsigned char>(c) < 0x21 || static_cast<unsigned char>(c) > 0x7e) return false;
  }
  return true;
}

// Reads what a pipe or other unmappable file holds into words (aligned).
base::Status ReadAll(int fd, const std::string& path, std::vector<uint64_t>* words, size_t* bytes) {
  std::string all;
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return base::Status::IOError(path + ": read error: " + std::strerror(errno));
    if (n == 0) break;
    all.append(buf, static_cast<size_t>(n));
  }
  words->assign(all.size() / 8 + 1, 0);
  std::memcpy(words->data(), all.data(), all.size());
  *bytes = all.size();
  return base::Status::Ok();
}

// Gives a read-only private map's pages back to the kernel behind a pass
// from start to end, in steps of 4 MiB: the pass does not hold the whole
// file in the process's resident memory. The pages are clean copies of the
// file: read again from it (the page cache) if used later.
class PageReleaser {
 public:
  explicit PageReleaser(void* map)
      : map_(static_cast<char*>(map)), page_(static_cast<uint64_t>(::sysconf(_SC_PAGESIZE))) {}
  // Done with every byte before offset.
  void Before(uint64_t offset) {
    const uint64_t done = offset / page_ * page_;
    if (map_ == nullptr || done < released_ + kStep) return;
    ::madvise(map_ + released_, done - released_, MADV_DONTNEED);
    released_ = done;
  }

 private:
  static constexpr uint64_t kStep = uint64_t{4} << 20;
  char* map_;
  uint64_t page_;
  uint64_t released_ = 0;
};

}  // namespace

base::Result<std::unique_ptr<SigFile>> SigFile::Open(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return base::Status::IOError(path + ": cannot open: " + std::strerror(errno));
  std::unique_ptr<SigFile> file(new SigFile());
  file->name_ = path;
  struct stat st;
  base::Status status;
  if (::fstat(fd, &st) != 0) {
    status = base::Status::IOError(path + ": cannot stat: " + std::strerror(errno));
  } else if (!S_ISREG(st.st_mode)) {  // a pipe: read it whole
    status = ReadAll(fd, path, &file->owned_, &file->bytes_);
    file->data_ = reinterpret_cast<const char*>(file->owned_.data());
  } else if (st.st_size == 0) {
    file->data_ = "";
  } else {
    file->bytes_ = static_cast<size_t>(st.st_size);
    void* map = ::mmap(nullptr, file->bytes_, PROT_READ, MAP_PRIVATE, fd, 0);
    if (map == MAP_FAILED) {
      status = base::Status::IOError(path + ": cannot map: " + std::strerror(errno));
    } else {
      file->map_ = map;
      file->data_ = static_cast<const char*>(map);
    }
  }
  ::close(fd);
  if (!status.ok()) return status;
  if (auto s = file->Validate(); !s.ok()) return s;
  return file;
}

base::Result<std::unique_ptr<SigFile>> SigFile::FromBytes(std::string_view bytes,
                                                          const std::string& name) {
  if (reinterpret_cast<uintptr_t>(bytes.data()) % 8 != 0) {
    return base::Status::InvalidArgument(name + ": bytes not 8-byte aligned in memory");
  }
  std::unique_ptr<SigFile> file(new SigFile());
  file->name_ = name;
  file->data_ = bytes.data();
  file->bytes_ = bytes.size();
  if (auto s = file->Validate(); !s.ok()) return s;
  return file;
}

SigFile::~SigFile() {
  if (map_ != nullptr) ::munmap(map_, bytes_);
}

base::Status SigFile::Corrupt(uint64_t offset, const std::string& what) const {
  return base::Status::Corruption(name_ + ": offset " + std::to_string(offset) + ": " + what);
}

base::Status SigFile::ValidateHeader() {
  std::string_view all(data_, bytes_);
  if (all.substr(0, sig::kMagic.size()) != sig::kMagic) {
    return Corrupt(0, "not a signature file: expected magic " + Quote(sig::kMagic) + ", found " +
                          Quote(all.substr(0, sig::kMagic.size())));
  }
  if (bytes_ < sig::kHeaderFixed) {
    return Corrupt(bytes_, "the header is cut short: expected " +
                               std::to_string(sig::kHeaderFixed) + " bytes, found " +
                               std::to_string(bytes_));
  }
  header_.version = sig::Load32(data_ + sig::kHeaderVersion);
  if (header_.version > kSigVersion) {
    return Corrupt(sig::kHeaderVersion, "version " + std::to_string(header_.version) +
                                            " is newer than this reader's (" +
                                            std::to_string(kSigVersion) + ")");
  }
  if (header_.version < kSigVersion) {
    return Corrupt(sig::kHeaderVersion,
                   "expected version " + std::to_string(kSigVersion) + ", found " +
                       std::to_string(header_.version) +
                       (header_.version == 1 ? " (an earlier layout: run warcshingle again)" : ""));
  }
  header_.k = sig::Load32(data_ + sig::kHeaderK);
  header_.num_perm = sig::Load32(data_ + sig::kHeaderNumPerm);
  header_.mod_p = sig::Load32(data_ + sig::kHeaderModP);
  header_.hash_scheme = sig::Load32(data_ + sig::kHeaderHashScheme);
  header_.minhash_scheme = sig::Load32(data_ + sig::kHeaderMinHashScheme);
  header_.minhash_seed = sig::Load64(data_ + sig::kHeaderSeed);
  if (header_.num_perm < 1 || header_.num_perm > static_cast<uint32_t>(kMaxPermutations)) {
    return Corrupt(sig::kHeaderNumPerm, "expected num_perm 1.." + std::to_string(kMaxPermutations) +
                                            ", found " + std::to_string(header_.num_perm));
  }
  uint32_t reserved = sig::Load32(data_ + sig::kHeaderReserved);
  if (reserved != 0) {
    return Corrupt(sig::kHeaderReserved,
                   "expected 0 (reserved), found " + std::to_string(reserved));
  }
  const uint64_t extract_len = sig::Load32(data_ + sig::kHeaderExtractLen);
  const uint64_t creator_len = sig::Load32(data_ + sig::kHeaderCreatorLen);
  const uint64_t size = sig::Load32(data_ + sig::kHeaderSize);
  const uint64_t expected = sig::Align8(sig::kHeaderFixed + extract_len + creator_len);
  if (size != expected) {
    return Corrupt(sig::kHeaderSize, "expected header size " + std::to_string(expected) +
                                         " (strings of " + std::to_string(extract_len) + " and " +
                                         std::to_string(creator_len) + " bytes), found " +
                                         std::to_string(size));
  }
  if (size > bytes_) {
    return Corrupt(bytes_, "the header is cut short: expected " + std::to_string(size) +
                               " bytes, found " + std::to_string(bytes_));
  }
  header_.extract.assign(data_ + sig::kHeaderFixed, extract_len);
  header_.creator.assign(data_ + sig::kHeaderFixed + extract_len, creator_len);
  records_begin_ = size;
  return base::Status::Ok();
}

base::Status SigFile::ValidateFooter() {
  std::string_view all(data_, bytes_);
  if (bytes_ < records_begin_ + sig::kFooterSize ||
      all.substr(bytes_ - sig::kEndMagic.size()) != sig::kEndMagic) {
    uint64_t at = bytes_ >= records_begin_ + 8 ? bytes_ - 8 : records_begin_;
    return Corrupt(at, "no footer (a writer that did not finish, or a file cut short): expected " +
                           Quote(sig::kEndMagic) + " at the end, found " +
                           Quote(all.substr(at, 8)));
  }
  const uint64_t footer_at = bytes_ - sig::kFooterSize;
  const uint64_t sketches_at = sig::Load64(data_ + footer_at + sig::kFooterSketchOffset);
  const uint64_t index_at = sig::Load64(data_ + footer_at + sig::kFooterIndexOffset);
  const uint64_t count = sig::Load64(data_ + footer_at + sig::kFooterCount);
  // The index fills the bytes between the sketches and the footer exactly.
  if (index_at < records_begin_ || index_at > footer_at || index_at % 8 != 0 ||
      (footer_at - index_at) / 8 != count || (footer_at - index_at) % 8 != 0) {
    return Corrupt(footer_at, "footer: expected an index of " + std::to_string(count) +
                                  " records ending at offset " + std::to_string(footer_at) +
                                  ", found it starting at " + std::to_string(index_at));
  }
  // And the sketches the bytes between the records and the index.
  sketch_bytes_ = sig::SketchBytes(header_.num_perm);
  if (sketches_at < records_begin_ || sketches_at > index_at || sketches_at % 8 != 0 ||
      index_at - sketches_at != count * sketch_bytes_) {
    return Corrupt(footer_at, "footer: expected a sketch section of " + std::to_string(count) +
                                  " x " + std::to_string(sketch_bytes_) +
                                  " bytes ending at offset " + std::to_string(index_at) +
                                  ", found it starting at " + std::to_string(sketches_at));
  }
  index_ = reinterpret_cast<const uint64_t*>(data_ + index_at);
  sketches_ = data_ + sketches_at;
  count_ = static_cast<size_t>(count);
  records_end_ = sketches_at;
  return base::Status::Ok();
}

base::Status SigFile::ValidateIndex() {
  const uint64_t records_end = records_end_;  // (the sketch section's start)
  const uint64_t index_at = static_cast<uint64_t>(reinterpret_cast<const char*>(index_) - data_);
  uint64_t expected = records_begin_;
  PageReleaser release(map_);
  for (size_t i = 0; i < count_; ++i) {
    release.Before(expected);
    const uint64_t at = index_[i];
    if (at != expected) {
      return Corrupt(index_at + 8 * i, "index entry " + std::to_string(i) +
                                           ": expected record offset " + std::to_string(expected) +
                                           ", found " + std::to_string(at));
    }
    if (at + sig::kRecFixed > records_end) {
      return Corrupt(at, "record " + std::to_string(i) +
                             " is cut short by the sketch section at offset " +
                             std::to_string(records_end));
    }
    const uint64_t size = sig::Load64(data_ + at + sig::kRecSize);
    if (size < sig::kRecFixed || size % 8 != 0 || size > records_end - at) {
      return Corrupt(at, "record " + std::to_string(i) + ": expected a size of " +
                             std::to_string(sig::kRecFixed) + " to " +
                             std::to_string(records_end - at) + " bytes (a multiple of 8), found " +
                             std::to_string(size));
    }
    if (auto s = ValidateRecord(i, at, size); !s.ok()) return s;
    expected = at + size;
  }
  if (expected != records_end) {
    return Corrupt(expected,
                   "expected the sketch section after the last record, found it at offset " +
                       std::to_string(records_end));
  }
  return base::Status::Ok();
}

base::Status SigFile::ValidateRecord(size_t i, uint64_t at, uint64_t size) const {
  const char* p = data_ + at;
  auto bad = [&](const std::string& what) {
    return Corrupt(at, "record " + std::to_string(i) + ": " + what);
  };
  const uint64_t count = sig::Load64(sketch(i) + sig::kSketchShingleCount);
  if (count > (size - sig::kRecFixed) / 8) {
    return bad("shingle count " + std::to_string(count) + " does not fit its size " +
               std::to_string(size));
  }
  uint64_t string_bytes = 0;
  for (int s = 0; s < sig::kRecStrings; ++s)
    string_bytes += sig::Load32(p + sig::kRecStringLens + 4 * s);
  const uint64_t expected = sig::kRecFixed + 8 * count + sig::Align8(string_bytes);
  if (expected != size) {
    return bad("expected a size of " + std::to_string(expected) + " from its counts, found " +
               std::to_string(size));
  }
  if (uint32_t reserved = sig::Load32(p + sig::kRecReserved); reserved != 0) {
    return bad("expected 0 (reserved), found " + std::to_string(reserved));
  }
  SigRecordView view = record(i);
  const std::string_view key[] = {view.file, view.uri, view.date, view.digest};
  const char* names[] = {"file", "uri", "date", "digest"};
  for (int k = 0; k < sig::kRecKeyStrings; ++k) {
    if (!IsManifestText(key[k])) {
      return bad("expected manifest text (bytes 0x21-0x7e) in the " + std::string(names[k]) +
                 " field, found " + Quote(key[k].substr(0, 64)));
    }
  }
  for (size_t s = 1; s < view.shingles.size(); ++s) {
    if (view.shingles[s - 1] >= view.shingles[s]) {
      return bad("expected shingles in ascending order, found shingle " + std::to_string(s) +
                 " not above the one before it");
    }
  }
  return base::Status::Ok();
}

base::Status SigFile::Validate() {
  if (auto s = ValidateHeader(); !s.ok()) return s;
  if (auto s = ValidateFooter(); !s.ok()) return s;
  return ValidateIndex();
}

uint64_t SigFile::record_offset(size_t i) const { return index_[i]; }

std::span<const uint32_t> SigFile::minhash(size_t i) const {
  return {reinterpret_cast<const uint32_t*>(sketch(i) + sig::kSketchFixed), header_.num_perm};
}

std::span<const uint64_t> SigFile::shingles(size_t i) const {
  const uint64_t count = sig::Load64(sketch(i) + sig::kSketchShingleCount);
  return {reinterpret_cast<const uint64_t*>(data_ + index_[i] + sig::kRecFixed),
          static_cast<size_t>(count)};
}

uint64_t SigFile::simhash(size_t i) const { return sig::Load64(sketch(i) + sig::kSketchSimhash); }

SigRecordView SigFile::record(size_t i) const {
  const char* p = data_ + index_[i];
  SigRecordView v;
  v.offset = sig::Load64(p + sig::kRecOffset);
  v.length = sig::Load64(p + sig::kRecLength);
  v.status = static_cast<int32_t>(sig::Load32(p + sig::kRecStatus));
  v.tokens = sig::Load32(p + sig::kRecTokens);
  v.simhash = simhash(i);
  v.minhash = minhash(i);
  v.shingles = shingles(i);
  const char* at = p + sig::kRecFixed + 8 * v.shingles.size();
  std::string_view* strings[sig::kRecStrings] = {&v.file, &v.uri,  &v.date, &v.digest,
                                                 &v.host, &v.mime, &v.title};
  for (int s = 0; s < sig::kRecStrings; ++s) {
    uint32_t len = sig::Load32(p + sig::kRecStringLens + 4 * s);
    *strings[s] = std::string_view(at, len);
    at += len;
  }
  return v;
}

void SigFile::ReleaseRecords() const {
  const uint64_t page = static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
  if (map_ != nullptr) ::madvise(map_, records_end_ / page * page, MADV_DONTNEED);
}

void SigFile::Scan(const std::function<void(size_t, const SigRecordView&)>& visit) const {
  PageReleaser release(map_);
  for (size_t i = 0; i < count_; ++i) {
    visit(i, record(i));
    release.Before(index_[i]);
  }
}

}  // namespace neardup
