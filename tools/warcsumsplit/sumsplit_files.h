// warcsumsplit's outputs while they are written: PREFIX.<i>.tmp, one open at
// a time (inputs in order write each partition in one go), synced as they
// are closed, and renamed into place all together by Commit(). The
// temporary names are one toolcommon::TempFileFamily, so that an interrupt
// removes them however many there are, and Commit() is a commit section:
// an interrupt during the renames lets them finish first.
//
//   PartitionFiles files("out/part");
//   files.Append(0, line); ...
//   files.Extend(count);                  // empty partitions too
//   auto written = files.Commit(names);   // names[i] for partition i
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "toolcommon/temp_file_family.h"
#include "warcsumsplit.h"

namespace warcsumsplit {

class PartitionFiles {
 public:
  explicit PartitionFiles(std::string prefix) : prefix_(std::move(prefix)), family_(prefix_) {}
  // Removes the temporary files unless they were committed.
  ~PartitionFiles();
  PartitionFiles(const PartitionFiles&) = delete;
  PartitionFiles& operator=(const PartitionFiles&) = delete;

  std::string TempPath(uint64_t i) const { return family_.Path(i); }
  uint64_t count() const { return stats_.size(); }

  // Appends line and a newline to partition i.
  base::Status Append(uint64_t i, std::string_view line);
  // Makes sure partitions 0 .. n-1 exist, empty where nothing was written.
  base::Status Extend(uint64_t n);
  // Renames partition i to names[i] for every i (partitions are synced as
  // they are closed). REQUIRES: names.size() == count().
  base::Result<std::vector<PartitionSummary>> Commit(const std::vector<std::string>& names);

 private:
  struct Stats {
    uint64_t lines = 0, bytes = 0;
  };

  base::Status Flush();
  base::Status Close();
  base::Status Switch(uint64_t i);

  std::string prefix_;
  toolcommon::TempFileFamily family_;
  std::vector<Stats> stats_;
  std::vector<bool> created_;
  uint64_t current_ = 0;
  int fd_ = -1;
  std::string buffer_;
  bool committed_ = false;
};

}  // namespace warcsumsplit
