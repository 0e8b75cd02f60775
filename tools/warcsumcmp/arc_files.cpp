#include "arc_files.h"

#include <sys/stat.h>

#include "dedup/keep.h"
#include "manifest/entry.h"

namespace warcsumcmp {

// Reads the format of the regular file at path (never a FIFO or a device,
// which could block) by its first record. False when there is no such file.
bool ArcFiles::ReadFormat(const std::string& path, bool* arc) const {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  auto format = dedup::FileFormatOf(path);
  *arc = format.ok() && dedup::KeepArc(*format).has_value();
  return true;
}

bool ArcFiles::IsArc(std::string_view file) {
  if (asked_ && file == last_file_) return last_arc_;
  asked_ = true;
  last_file_ = std::string(file);
  last_arc_ = false;
  const std::string name = manifest::DecodeField(file);
  if (name.empty()) return false;
  if (name.find('/') != std::string::npos || dirs_.empty()) {
    ReadFormat(name, &last_arc_);
    return last_arc_;
  }
  for (const std::string& dir : dirs_)
    if (ReadFormat(dir + "/" + name, &last_arc_)) break;
  return last_arc_;
}

}  // namespace warcsumcmp
