// The temporary file that replaces a target: written as the lines are
// decided, verified, synced and renamed (see RewriteFile).
#pragma once

#include <sys/stat.h>

#include <memory>
#include <string>
#include <string_view>

#include "dedup/verify.h"
#include "rewrite.h"
#include "toolcommon/paths.h"

namespace warcrefs {

// The writing and verify helpers, from lib/dedup.
using dedup::AfterLines;
using dedup::Conversion;
using dedup::ConversionLog;
using dedup::CopyRange;
using dedup::FdRange;
using dedup::FirstProblem;
using dedup::Output;
using dedup::Sha256;
using dedup::Verify;

base::Status SyncDirectory(const std::string& dir);

// The temporary file that becomes the target: each revisit is written to it
// as soon as it is decided, with the input's bytes before it, so that
// neither the revisits nor the manifest lines are held in memory. It is
// created at the first Add.
class NewFile {
 public:
  NewFile(int in_fd, const RewriteOptions& options) : in_fd_(in_fd), options_(options) {}
  NewFile(const NewFile&) = delete;
  NewFile& operator=(const NewFile&) = delete;
  ~NewFile() { Discard(); }
  // The revisit `bytes` replaces c's record; c's out_offset and sha256 are
  // set here. After a failure nothing more is written (Finish says why).
  void Add(Conversion c, std::string_view bytes);
  // Copies the input's tail, syncs and verifies the file; empty on success,
  // else why not.
  std::string Finish(uint64_t in_size, const std::string& input, AfterLines* after);
  // Gives the file the owner and mode of `st` and renames it over the
  // target; empty on success, else why not (the file is then removed).
  std::string Install(const struct stat& st);
  // Removes the file, if there is one.
  void Discard();

 private:
  bool Create();
  void Fail(const std::string& why);

  int in_fd_;
  const RewriteOptions& options_;
  int fd_ = -1;
  std::string tmp_;
  std::unique_ptr<Output> out_;
  ConversionLog log_;
  uint64_t in_pos_ = 0;  // input bytes up to here are in the file
  std::string error_;    // the first failure: nothing more is written
};

}  // namespace warcrefs
