#include "arc_files.h"

#include <sys/stat.h>

#include <memory>

#include "base/source.h"
#include "manifest/entry.h"
#include "warc/reader.h"

namespace warcsumcmp {
namespace {

// Problems are not reported: a file that cannot be read is simply not ARC.
class SilentReporter : public warc::Reporter {
 public:
  void Problem(const base::Status&) override {}
};

}  // namespace

// Reads the first record's header of the regular file at path (never a
// FIFO or a device, which could block). False when there is no such file.
bool ArcFiles::ReadFormat(const std::string& path, bool* arc) const {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  *arc = false;
  auto source = base::FileSource::Open(path);
  if (!source.ok()) return true;
  gzmulti::ReaderOptions options;
  options.input_buffer_size = 64 << 10;
  SilentReporter reporter;
  warc::RecordReader reader(source->get(), options, &reporter);
  warc::Record record;
  *arc = reader.Next(&record) && record.format == warc::FileFormat::kArc;
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
