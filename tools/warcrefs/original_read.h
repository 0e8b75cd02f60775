// Reading one original record for warcrefs' verification (originals.h):
// what was found there, and the SHA-256 of its payload.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "base/source.h"
#include "originals.h"
#include "warc/reader.h"

namespace warcrefs {

bool IsFile(const std::string& path);

// Keeps the first read error of a source: a failed fetch is the cause to
// report, not what the reader made of the bytes cut short.
class ErrorKeeping : public base::ByteSource {
 public:
  explicit ErrorKeeping(base::ByteSource* source) : source_(source) {}
  base::Result<size_t> Read(char* buf, size_t n) override {
    auto got = source_->Read(buf, n);
    if (!got.ok() && error.ok()) error = got.status();
    return got;
  }
  base::Status Seek(uint64_t offset) override { return source_->Seek(offset); }
  base::Status error;

 private:
  base::ByteSource* source_;
};

// Counts the problems a reader reports, and keeps the last.
class Problems : public warc::Reporter {
 public:
  void Problem(const base::Status& status) override {
    last = status.message();
    ++count;
  }
  std::string last;
  uint64_t count = 0;
};

// KeyOf the record's URI and date, as the manifest spells them.
uint64_t NamedKey(const warc::Record& record);

// What reading one original found.
struct Outcome {
  enum Kind { kOk, kNotHere, kDamaged, kFetchFailed, kUnusable } kind = kOk;
  std::string why;
  std::array<uint8_t, 32> sha{};
  DigestSpelling spelling = DigestSpelling::kBase32;
};

// Hashes the payload of the record `reader` just returned (`before`: the
// problems reported until then).
Outcome HashPayload(warc::RecordReader* reader, const warc::Record& record,
                    const ErrorKeeping& source, const Problems& problems, uint64_t before);

// Reads the original that should start the range [offset, offset + length):
// a response record (what warcsum lists; not the request before it, say)
// with the URI and date it is named by.
Outcome ReadAt(base::ByteSource* range, uint64_t offset, uint64_t length, uint64_t named);

}  // namespace warcrefs
