// Fetching records: the bytes [offset, offset+length) of an archive file,
// wherever the file lives (a local directory, an HTTP data store found by URL
// prefix or through a MySQL path index).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/source.h"
#include "base/status.h"

namespace fetch {

struct RecordLocation {
  std::string file;  // as in the manifest's file field
  uint64_t offset = 0;
  uint64_t length = 0;
};

// The file's real name behind a manifest's file field (percent-decoded, see
// warcmanifest(5)). Only the field warcsum writes for that name is accepted:
// two spellings of one name must never reach the same file (a record listed
// twice could become a copy of itself), and no name holds a NUL byte.
base::Result<std::string> FileNameOf(const std::string& field);

class RangeSource {
 public:
  virtual ~RangeSource() = default;
  // A source that yields exactly the bytes of the range and then ends. A
  // source must never end early: if fewer bytes can be had, Read() fails.
  virtual base::Result<std::unique_ptr<base::ByteSource>> Open(const RecordLocation& where) = 0;
  // Hint: these ranges are about to be opened, in this order. Sources with
  // latency (HTTP) start fetching the small ones now.
  virtual void Prefetch(const std::vector<RecordLocation>& upcoming) { (void)upcoming; }
  // How many ranges may be open and read at the same time without waiting on
  // each other (HTTP: the number of concurrent transfers).
  virtual size_t max_open() const { return 64; }
  // Bytes of archive files read (local) or received (HTTP) so far: ranges
  // read again, retried or prefetched count each time. Not thread-safe: read
  // it on the thread that uses the source, or after that thread has ended.
  virtual uint64_t bytes_fetched() const = 0;
};

// Finds files by name in a list of directories; a name found in more than
// one of them is an error (its records are never read from a guessed file).
// REQUIRES: the ranges opened do not outlive the source (they count into it).
class LocalRangeSource : public RangeSource {
 public:
  explicit LocalRangeSource(std::vector<std::string> dirs) : dirs_(std::move(dirs)) {}
  base::Result<std::unique_ptr<base::ByteSource>> Open(const RecordLocation& where) override;
  uint64_t bytes_fetched() const override { return bytes_; }

 private:
  base::Result<std::string> Find(const std::string& file);
  std::vector<std::string> dirs_;
  std::unordered_map<std::string, std::string> found_;
  uint64_t bytes_ = 0;
};

}  // namespace fetch
