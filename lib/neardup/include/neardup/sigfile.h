// The signature file: what warcshingle(1) writes and warcnear(1) reads.
// For every text record: its manifest key, HTTP status, host, MIME type,
// title, token count, simhash, MinHash sketch and sorted shingle set. The
// layout, byte by byte, is in warcsig(5): binary, little-endian, versioned;
// a header with the settings, records (key, strings, shingles) one after
// another, then the sketch section (every record's simhash, shingle count
// and MinHash values, together, so that a pass over every sketch reads
// only them), an index of record offsets and a footer. A file without its
// footer (a writer that never finished) is refused.
//
//   SigWriter writer(header, [&](std::string_view bytes) { return out.Write(bytes); });
//   for (...) if (auto s = writer.Add(record); !s.ok()) return s;
//   if (auto s = writer.Finish(); !s.ok()) return s;
//
//   auto file = SigFile::Open("crawl.sig");   // mapped; every bound checked
//   if (!file.ok()) return file.status();
//   for (size_t i = 0; i < (*file)->size(); ++i) Use((*file)->record(i));
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/spill_buffer.h"
#include "base/status.h"
#include "manifest/entry.h"
#include "neardup/sketch.h"

namespace neardup {

// The format version this library writes, and the newest it reads.
inline constexpr uint32_t kSigVersion = 2;
// The hash scheme of shingles and simhash (words.h, sketch.h): 1 is
// XXH3_64bits of the k words joined by ' ' (shingles) and of each word
// (simhash), with the words of neardup::Words.
inline constexpr uint32_t kSigHashScheme = 1;

// The settings a file was written with. Files are combined (compared with
// each other) only when CheckCompatible says so.
struct SigHeader {
  uint32_t version = kSigVersion;  // set by the reader; the writer writes kSigVersion
  uint32_t k = 5;                  // words per shingle
  uint32_t num_perm = 128;         // MinHash slots per record
  uint32_t mod_p = 0;              // 0: every shingle stored; P: only those with h % P == 0
  uint32_t hash_scheme = kSigHashScheme;
  uint32_t minhash_scheme = kMinHashScheme;
  uint64_t minhash_seed = kMinHashSeed;
  std::string extract;  // main-text method: "bte", "dom" or "none" (any text, < 64 KiB)
  std::string creator;  // e.g. "warcshingle 0.1.0" (any text, < 64 KiB)
};

// OK when records of a and b may be compared: the same k, num_perm, mod_p,
// hash scheme, MinHash scheme and seed, and extraction method. Otherwise
// InvalidArgument naming the first difference: "mod_p is 0 here, 7 there".
base::Status CheckCompatible(const SigHeader& a, const SigHeader& b);

// One record, as the writer takes it.
struct SigRecord {
  // The 6 fields of the manifest line (manifest encoding: non-empty, bytes
  // 0x21-0x7e only; see manifest::EncodeField).
  manifest::Entry key;
  int status = 0;  // HTTP status; 0 when there is none
  // Raw values (any bytes; DumpRecord encodes them): the URI's host, the
  // MIME type without parameters, the page title.
  std::string host, mime, title;
  uint32_t tokens = 0;  // words in the main text
  uint64_t simhash = 0;
  std::vector<uint32_t> minhash;   // REQUIRES: num_perm values
  std::vector<uint64_t> shingles;  // REQUIRES: sorted ascending, no repeats
};

// One record of a mapped file. Views into the map: valid while the SigFile
// lives. The spans are aligned (uint32_t and uint64_t).
struct SigRecordView {
  std::string_view file, uri, date, digest;  // manifest encoding
  std::string_view host, mime, title;        // raw
  uint64_t offset = 0, length = 0;
  int status = 0;
  uint32_t tokens = 0;
  uint64_t simhash = 0;
  std::span<const uint32_t> minhash;   // header().num_perm values
  std::span<const uint64_t> shingles;  // sorted ascending, no repeats
};

// The record's manifest key as an Entry (6 fields).
manifest::Entry KeyOf(const SigRecordView& record);

// Writes a signature file as a stream of bytes to sink (a file, a pipe, a
// string). Memory: one record's bytes, plus 8 bytes per record for the index
// written at the end; the sketches wait in a SpillBuffer (a few MB in
// memory, the rest in an anonymous temporary file) until Finish. The header goes out with the first
// Add (or Finish). A sink error is returned as it is, and every later call returns it again. The
// caller makes the output whole: write to a temporary file, and rename it only after Finish
// returned OK.
class SigWriter {
 public:
  using Sink = std::function<base::Status(std::string_view)>;
  SigWriter(const SigHeader& header, Sink sink);
  SigWriter(const SigWriter&) = delete;
  SigWriter& operator=(const SigWriter&) = delete;

  // InvalidArgument (nothing written) for a record the format cannot hold:
  // the wrong number of MinHash values, shingles out of order, an empty key
  // field or one with a byte outside 0x21-0x7e, a string over 4 GiB; or for
  // a header it cannot hold (num_perm 0 or over kMaxPermutations, long
  // strings).
  base::Status Add(const SigRecord& record);
  // Writes the sketch section, the index and the footer. Called once, last: a later Add or Finish
  // is InvalidArgument.
  base::Status Finish();

  uint64_t records() const { return offsets_.size(); }
  uint64_t bytes_written() const { return written_; }

 private:
  base::Status Start();
  base::Status Emit(std::string_view bytes);
  void SpoolSketch(const SigRecord& record);

  SigHeader header_;
  Sink sink_;
  bool started_ = false, finished_ = false;
  base::Status error_;
  uint64_t written_ = 0;
  std::vector<uint64_t> offsets_;
  std::string buffer_;  // the record being written; capacity reused
  base::SpillBuffer sketches_;
};

// A signature file, mapped read-only. Open checks the whole structure
// (header, footer, index, every record's bounds, key fields, shingle order),
// so record(i) cannot read outside the map whatever the file holds.
// Messages name the file and the offset: "a.sig: offset 0: expected magic
// \"WARCSIG\\x00\", found \"GIF89a\\x01\"". A pipe is read whole into memory;
// a regular file is mapped (as with any mapping, a file cut short by
// another process while mapped ends the process with SIGBUS). Requires a
// little-endian machine.
class SigFile {
 public:
  static base::Result<std::unique_ptr<SigFile>> Open(const std::string& path);
  // The same over bytes the caller keeps alive and unchanged while the
  // SigFile lives (tests, data already in memory); name is used in messages.
  // REQUIRES: bytes.data() is 8-byte aligned (else InvalidArgument).
  static base::Result<std::unique_ptr<SigFile>> FromBytes(std::string_view bytes,
                                                          const std::string& name);
  ~SigFile();
  SigFile(const SigFile&) = delete;
  SigFile& operator=(const SigFile&) = delete;

  const std::string& name() const { return name_; }
  const SigHeader& header() const { return header_; }
  size_t size() const { return count_; }
  // REQUIRES: i < size(). O(1).
  SigRecordView record(size_t i) const;
  // Parts of record i alone, for loops that need only them (LSH, joins):
  // minhash, simhash and the shingle count read the sketch section only;
  // shingles(i) reads no byte until its values are used.
  // REQUIRES: i < size().
  std::span<const uint32_t> minhash(size_t i) const;
  std::span<const uint64_t> shingles(size_t i) const;
  uint64_t simhash(size_t i) const;
  // Calls visit(i, record(i)) for every record in order, reading the
  // records once from start to end and letting the kernel take back the
  // pages read (a mapped file's pages are then not held in the process's
  // resident memory): a pass over every record's key without holding the
  // whole file. The views are valid as record(i)'s are.
  void Scan(const std::function<void(size_t, const SigRecordView&)>& visit) const;
  // Gives the pages of the records read so far back to the kernel (a map's
  // clean pages: read again from the file when used), for a caller that
  // reads scattered records' shingles and wants them not all held; the
  // kernel maps more than the bytes read (neighbouring pages, large
  // folios). Safe while other threads read the records. No-op for bytes
  // not mapped.
  void ReleaseRecords() const;
  // Where record i starts in the file (for messages).
  uint64_t record_offset(size_t i) const;

 private:
  SigFile() = default;
  base::Status Validate();
  base::Status ValidateHeader();
  base::Status ValidateFooter();
  base::Status ValidateIndex();
  base::Status ValidateRecord(size_t i, uint64_t at, uint64_t size) const;
  const char* sketch(size_t i) const { return sketches_ + sketch_bytes_ * i; }
  base::Status Corrupt(uint64_t offset, const std::string& what) const;

  std::string name_;
  const char* data_ = nullptr;
  size_t bytes_ = 0;
  void* map_ = nullptr;          // owned mapping, or null
  std::vector<uint64_t> owned_;  // what a pipe held
  SigHeader header_;
  const uint64_t* index_ = nullptr;
  const char* sketches_ = nullptr;  // the sketch section
  uint64_t sketch_bytes_ = 0;       // per record
  size_t count_ = 0;
  uint64_t records_begin_ = 0, records_end_ = 0;
};

// How DumpRecord prints the shingle set.
enum class DumpShingles { kCount, kList };

// The record as one text line without a newline (warcsig(5), what
// `warcshingle --dump` prints), fields separated by one space:
//   file offset length uri date digest status host mime title tokens
//   simhash shingle-count minhash [shingles]
// host, mime and title in manifest encoding (manifest::EncodeField);
// simhash 16 hex digits; minhash its values as 8 hex digits each, joined by
// ','; shingles (with kList) 16 hex digits each joined by ',', "-" if none.
std::string DumpRecord(const SigRecordView& record, DumpShingles shingles = DumpShingles::kCount);
// The header as one comment line: "#warcsig 1 k=5 num_perm=128 mod_p=0
// hash=1 minhash=1/5741524353494731 extract=dom creator=warcshingle%200.1.0".
std::string DumpHeader(const SigHeader& header);

}  // namespace neardup
