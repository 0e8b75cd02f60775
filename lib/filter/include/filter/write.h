// The filtered copy of one file (warcfilter(1)): chosen records copied raw
// (whole gzip members as they are; a plain file's record bytes), in file
// order, to a temporary file that is synced and read back before the caller
// renames it into place, as warcrefs' new files are (dedup/new_file.h, whose
// options and output helpers it shares).
//
//   filter::FilteredFile out(in_fd, {.dir = "out", .name = ".a.warc.gz.warcfilter-XXXXXX",
//                                    .created = Register, .removed = Unregister});
//   for (...) out.Add(record.offset, record.length);  // in file order
//   base::Status s = out.Finish();
//   if (s.ok() && ReplaceFile(out.fd(), out.path(), "out/a.warc.gz").ok()) out.Installed();
//   // otherwise the destructor (or Discard) removes it
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "base/status.h"
#include "dedup/new_file.h"
#include "dedup/verify.h"

namespace filter {

class FilteredFile {
 public:
  FilteredFile(int in_fd, dedup::NewFileOptions options)
      : in_fd_(in_fd), options_(std::move(options)) {}
  FilteredFile(const FilteredFile&) = delete;
  FilteredFile& operator=(const FilteredFile&) = delete;
  ~FilteredFile() { Discard(); }

  // Copies the input's bytes [offset, offset + length), one whole record.
  // The file is created at the first Add. After a failure nothing more is
  // written (Finish says why). REQUIRES: records in file order.
  void Add(uint64_t offset, uint64_t length);
  // Syncs the file and reads it back: it holds exactly the records added, in
  // order, each at its place and complete (read with the project's record
  // reader), each byte for byte the input's (by SHA-256 of its bytes as
  // copied and as read back). The message says what failed, for people.
  // REQUIRES: at least one Add.
  base::Status Finish();

  int fd() const { return fd_; }
  const std::string& path() const { return tmp_; }
  uint64_t written() const { return out_ ? out_->written() : 0; }
  // The file was renamed into place: closes it; it is no longer removed.
  void Installed();
  // Removes the file, if there is one.
  void Discard();

 private:
  struct Copied {
    uint64_t out_offset, length;
    std::string sha256;
  };
  bool Create();
  void Fail(const std::string& why);
  void Forget();
  base::Status ReadBack() const;

  int in_fd_;
  dedup::NewFileOptions options_;
  int fd_ = -1;
  std::string tmp_;
  std::unique_ptr<dedup::Output> out_;
  std::vector<Copied> copied_;  // 48 bytes per record written
  std::string error_;           // the first failure: nothing more is written
};

// The temporary files (.NAME.warcfilter-XXXXXX) an interrupted run left in
// dir for the targets `names`: their paths, sorted.
std::vector<std::string> FindLeftovers(const std::string& dir, const std::set<std::string>& names);

}  // namespace filter
