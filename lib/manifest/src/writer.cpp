#include "manifest/writer.h"

namespace manifest {

base::Status ManifestWriter::Add(const Entry& entry) {
  size_t before = buffer_.size();
  AppendLine(entry, &buffer_);
  ++lines_;
  bytes_ += buffer_.size() - before;
  return MaybeFlush();
}

base::Status ManifestWriter::AddRaw(std::string_view line) {
  buffer_.append(line);
  buffer_.push_back('\n');
  ++lines_;
  bytes_ += line.size() + 1;
  return MaybeFlush();
}

base::Status ManifestWriter::Flush() {
  if (buffer_.empty()) return base::Status::Ok();
  base::Status s = sink_(buffer_);
  buffer_.clear();
  return s;
}

}  // namespace manifest
