// TempOutput: the temporary file a rewritten file is written to, beside its
// target (warcrefs' spliced files through dedup::NewFile, warcfilter's
// filtered copies): created by mkstemp(3) at the first write, told to its
// owner (a tool registers it for removal on a signal), synced, and removed
// unless the caller renamed it into place. The first failure is kept: after
// it nothing more is written and the file is gone.
//
//   dedup::TempOutput file({.dir = "d", .name = ".a.warc.gz.warcrefs-XXXXXX",
//                           .created = Register, .removed = Unregister});
//   if (file.Ready() && !file.out()->Write(bytes).ok()) file.Fail("cannot write ...");
//   base::Status s = file.error().empty() ? file.Sync() : base::Status::IOError(file.error());
//   if (s.ok() && ::rename(file.path().c_str(), "d/a.warc.gz") == 0) file.Installed();
//   // otherwise the destructor (or Discard) removes it
//
// FindLeftovers finds the files such a run left when it was killed.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "base/status.h"
#include "dedup/verify.h"

namespace dedup {

struct NewFileOptions {
  std::string dir;   // where the file is created (the target's, so that rename works)
  std::string name;  // a mkstemp(3) template: ends in "XXXXXX"
  // Told the file's path once it exists, and again once it is gone (removed
  // or installed): a tool registers it for removal on a signal. May be empty.
  std::function<void(const std::string&path)> created, removed;
};

class TempOutput {
 public:
  explicit TempOutput(NewFileOptions options) : options_(std::move(options)) {}
  TempOutput(const TempOutput&) = delete;
  TempOutput& operator=(const TempOutput&) = delete;
  ~TempOutput() { Discard(); }

  // Whether more may be written to out(): creates the file at the first
  // call; false once anything failed (error() says what).
  bool Ready();
  // Keeps `why` as the first failure and removes the file.
  void Fail(const std::string& why);
  // The first failure, for people; empty while all went well.
  const std::string& error() const { return error_; }

  // Writes what out() holds and syncs the file. The message says what failed.
  // REQUIRES: Ready() was true.
  base::Status Sync();

  Output* out() const { return out_.get(); }
  uint64_t written() const { return out_ ? out_->written() : 0; }
  int fd() const { return fd_; }
  const std::string& path() const { return tmp_; }
  // The file was renamed into place: closes it; it is no longer removed.
  void Installed();
  // Removes the file, if there is one.
  void Discard();

 private:
  bool Create();
  void Forget();

  NewFileOptions options_;
  int fd_ = -1;
  std::string tmp_;
  std::unique_ptr<Output> out_;
  std::string error_;
};

// The temporary files an interrupted run left in dir for the targets
// `names`: regular files named "." + NAME + tag + mkstemp's six letters and
// digits (tag ".warcfilter-": .a.warc.gz.warcfilter-Ab12Cd); their paths, sorted.
std::vector<std::string> FindLeftovers(const std::string& dir, const std::string& tag,
                                       const std::set<std::string>& names);

}  // namespace dedup
