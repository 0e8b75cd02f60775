// File handling shared by the tools: input lists, atomic output files,
// ordered output from parallel workers, and the SIGINT clean-up.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "base/spill_buffer.h"
#include "base/status.h"
#include "toolcommon/diag.h"
#include "toolcommon/temp_files.h"

namespace toolcommon {

// Expands the command-line inputs: regular files as given; directories (only
// with recursive, walked in sorted order, hidden entries skipped, symbolic
// links followed); "-" reads one path per line from stdin. Problems are
// reported to diag and skipped. The walk of a directory never lists a file
// twice nor enters a directory twice, whatever links lead there: a directory
// met again from inside itself is a loop, an error; any other second sighting
// of a directory or file is a note (diag->Info). Each argument is expanded on
// its own: one named twice is listed twice, as asked.
std::vector<std::string> ExpandInputs(const std::vector<std::string>& args, bool recursive,
                                      Diag* diag);

// Where a tool writes its main output: stdout for "-", otherwise a file that
// is written as NAME.tmp and renamed into place by Commit() (or appended to
// directly with append). A SIGINT removes the temporary file.
class OutputFile {
 public:
  OutputFile() = default;
  ~OutputFile();
  base::Status Open(const std::string& path, bool append);
  int fd() const { return fd_; }
  base::Status Write(const char* data, size_t n);
  // Syncs and renames the temporary file over the target.
  base::Status Commit();

 private:
  std::string path_, tmp_path_;
  int fd_ = -1;
  bool owned_ = false;
};

// Collects what parallel workers produce for numbered inputs and writes it in
// input order, whatever order the inputs finish in. The input at the head of
// the order writes straight through; others buffer, spilling to a temporary
// file beyond a few MB, so memory stays bounded for any output size.
class OrderedOutput {
 public:
  OrderedOutput(OutputFile* out, Diag* diag, size_t inputs);
  ~OrderedOutput();
  // Output data (manifest lines) of input i.
  void Write(size_t i, std::string* data);
  // A diagnostic line of input i, printed in order with the data.
  void Message(size_t i, const std::string& line);
  // Input i is complete.
  void Done(size_t i);
  // Waits until input i is fewer than `window` inputs ahead of the first one
  // not yet complete, so that a slow input does not leave the inputs after it
  // piling up in memory and temporary files. REQUIRES: every input before i
  // is being worked on.
  void WaitForTurn(size_t i, size_t window);
  const base::Status& status() const { return status_; }

 private:
  struct Slot {
    base::SpillBuffer data;
    std::vector<std::string> messages;
    bool done = false;
  };
  void FlushSlot(Slot* slot);

  OutputFile* out_;
  Diag* diag_;
  std::vector<Slot> slots_;
  size_t head_ = 0;
  std::mutex mutex_;
  std::condition_variable head_moved_;
  base::Status status_;
};

// "1.5 GB", "230 MB", "12 KB" (decimal units, as rates are quoted).
std::string HumanBytes(uint64_t bytes);

bool StderrIsTerminal();

}  // namespace toolcommon
