// The filtered copy of one file (warcfilter(1)): chosen records copied raw
// (whole gzip members as they are; a plain file's record bytes), in file
// order, to a temporary file that is synced and read back before the caller
// renames it into place, as warcrefs' new files are (dedup::TempOutput owns
// the temporary file's life for both).
//
//   filter::FilteredFile out(in_fd, {.dir = "out", .name = ".a.warc.gz.warcfilter-XXXXXX",
//                                    .created = Register, .removed = Unregister});
//   for (...) out.Add(record.offset, record.length);  // in file order
//   base::Status s = out.Finish();
//   if (s.ok() && ReplaceFile(out.fd(), out.path(), "out/a.warc.gz").ok()) out.Installed();
//   // otherwise the destructor (or Discard) removes it
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "base/status.h"
#include "dedup/temp_output.h"

namespace filter {

class FilteredFile {
 public:
  FilteredFile(int in_fd, dedup::NewFileOptions options)
      : in_fd_(in_fd), file_(std::move(options)) {}

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

  int fd() const { return file_.fd(); }
  const std::string& path() const { return file_.path(); }
  uint64_t written() const { return file_.written(); }
  // The file was renamed into place: closes it; it is no longer removed.
  void Installed() { file_.Installed(); }
  // Removes the file, if there is one.
  void Discard() { file_.Discard(); }

 private:
  struct Copied {
    uint64_t out_offset, length;
    std::string sha256;
  };
  base::Status ReadBack() const;

  int in_fd_;
  dedup::TempOutput file_;      // removed when FilteredFile goes, unless installed
  std::vector<Copied> copied_;  // 48 bytes per record written
};

// The temporary files (.NAME.warcfilter-XXXXXX) an interrupted run left in
// dir for the targets `names`: their paths, sorted.
inline std::vector<std::string> FindLeftovers(const std::string& dir,
                                              const std::set<std::string>& names) {
  return dedup::FindLeftovers(dir, ".warcfilter-", names);
}

}  // namespace filter
