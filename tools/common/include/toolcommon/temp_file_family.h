// Beside the registry of toolcommon/temp_files.h (and served by the same
// SIGINT/SIGTERM handler): numbered families of temporary files, and commit
// sections that an interrupt waits for. In a header of its own so that the
// many files that include temp_files.h (through io.h) need not change.
#pragma once

#include <cstdint>
#include <string>

namespace toolcommon {

// A numbered family of temporary files, PREFIX.0.tmp, PREFIX.1.tmp, ...,
// registered at once: the handler removes the first count() of them. For a
// tool that writes many files of one pattern (warcsumsplit: up to a million
// partitions), where registering each path would cost. A prefix too long
// for a path registers nothing (no such file can be created anyway).
//
//   toolcommon::TempFileFamily family("out/part");
//   family.set_count(3);  // before creating out/part.2.tmp
//   ... create, write, rename ...
//   family.set_count(0);  // once renamed or removed
class TempFileFamily {
 public:
  explicit TempFileFamily(const std::string& prefix);
  ~TempFileFamily();  // unregisters; removes no file
  TempFileFamily(const TempFileFamily&) = delete;
  TempFileFamily& operator=(const TempFileFamily&) = delete;

  // PREFIX.<i>.tmp
  std::string Path(uint64_t i) const;
  void set_count(uint64_t count);

 private:
  std::string prefix_;
  void* slot_;  // the handler's view; null when the prefix is too long
};

// Between BeginCommit() and EndCommit() an interrupt does not stop the
// process: the handler notes it, and EndCommit() then removes what is still
// registered and exits with status 130. For a set of renames that must not
// stop half-way (a partial set of outputs is worse than a late exit).
void BeginCommit();
void EndCommit();

}  // namespace toolcommon
