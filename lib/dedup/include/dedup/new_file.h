// NewFile: the temporary file that replaces a file whose records are turned
// into revisits (warcrefs(1); arc2warc and warcfilter splice the same way).
// It is written as the records are decided: the input's bytes up to each
// converted record, copied raw (gzip members as they are), then the record
// that replaces it; Finish copies the tail, syncs and verifies the whole
// (dedup/verify.h). Neither the revisits nor their checks are held in memory.
//
// Renaming it over the target is the caller's (with the target's owner and
// mode, a check that the input did not change, a sync of the directory):
// NewFile gives its descriptor and path and is told when it is installed.
// The temporary file's life (creation, registration, removal) is
// dedup::TempOutput's.
//
//   dedup::NewFile file(in_fd, {.dir = "d", .name = ".a.warc.gz.warcrefs-XXXXXX",
//                               .created = Register, .removed = Unregister});
//   file.Add(conversion, revisit_bytes);  // per converted record, in file order
//   base::Status s = file.Finish(in_size, "a.warc.gz", nullptr, nullptr);
//   if (s.ok() && ::rename(file.path().c_str(), "d/a.warc.gz") == 0) file.Installed();
//   // otherwise the destructor (or Discard) removes it
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "base/status.h"
#include "dedup/summarise.h"
#include "dedup/temp_output.h"
#include "dedup/verify.h"

namespace dedup {

class NewFile {
 public:
  NewFile(int in_fd, NewFileOptions options) : in_fd_(in_fd), file_(std::move(options)) {}

  // The record `bytes` replaces c's (c.in_offset, c.in_length); c's
  // out_offset and sha256 are set here. The file is created at the first
  // Add. After a failure nothing more is written (Finish says why).
  void Add(Conversion c, std::string_view bytes);
  // Copies the input's tail (up to in_size), syncs and verifies the file
  // (`file_field`, `after_sum` and `after` as for Verify). The error's
  // message says what failed, for people.
  // REQUIRES: at least one Add.
  base::Status Finish(uint64_t in_size, const std::string& file_field, const SumOptions* after_sum,
                      AfterLines* after);

  int fd() const { return file_.fd(); }
  const std::string& path() const { return file_.path(); }
  // The file was renamed into place: closes it; it is no longer removed.
  void Installed() { file_.Installed(); }
  // Removes the file, if there is one.
  void Discard() { file_.Discard(); }

 private:
  int in_fd_;
  TempOutput file_;  // removed when NewFile goes, unless installed
  ConversionLog log_;
  uint64_t in_pos_ = 0;  // input bytes up to here are in the file
};

}  // namespace dedup
