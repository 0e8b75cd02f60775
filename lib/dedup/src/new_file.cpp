#include "dedup/new_file.h"

namespace dedup {

void NewFile::Add(Conversion c, std::string_view bytes) {
  if (!file_.Ready()) return;
  if (auto s = CopyRange(in_fd_, in_pos_, c.in_offset - in_pos_, file_.out()); !s.ok())
    return file_.Fail("cannot write " + file_.path() + ": " + s.message());
  if (auto s = file_.out()->Write(bytes); !s.ok())
    return file_.Fail("cannot write " + file_.path() + ": " + s.message());
  c.out_offset = file_.written() - bytes.size();
  c.sha256 = Sha256(bytes);
  if (auto s = log_.Append(c); !s.ok()) return file_.Fail(s.message());
  in_pos_ = c.in_offset + c.in_length;
}

base::Status NewFile::Finish(uint64_t in_size, const std::string& file_field,
                             const SumOptions* after_sum, AfterLines* after) {
  if (!file_.error().empty()) return base::Status::IOError(file_.error());
  if (auto s = CopyRange(in_fd_, in_pos_, in_size - in_pos_, file_.out()); !s.ok())
    return base::Status::IOError("cannot write " + file_.path() + ": " + s.message());
  if (auto s = file_.Sync(); !s.ok()) return s;
  if (auto s =
          Verify(in_fd_, in_size, file_.fd(), file_.written(), &log_, file_field, after_sum, after);
      !s.ok())
    return base::Status::Corruption("verification of the new file failed: " + s.message());
  return base::Status::Ok();
}

}  // namespace dedup
