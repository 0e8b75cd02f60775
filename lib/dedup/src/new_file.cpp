#include "dedup/new_file.h"

#include <unistd.h>

#include <cerrno>

namespace dedup {

void NewFile::Add(Conversion c, std::string_view bytes) {
  if (!error_.empty()) return;
  if (fd_ < 0 && !Create()) return;
  if (auto s = CopyRange(in_fd_, in_pos_, c.in_offset - in_pos_, out_.get()); !s.ok())
    return Fail("cannot write " + tmp_ + ": " + s.message());
  if (auto s = out_->Write(bytes); !s.ok())
    return Fail("cannot write " + tmp_ + ": " + s.message());
  c.out_offset = out_->written() - bytes.size();
  c.sha256 = Sha256(bytes);
  if (auto s = log_.Append(c); !s.ok()) return Fail(s.message());
  in_pos_ = c.in_offset + c.in_length;
}

base::Status NewFile::Finish(uint64_t in_size, const std::string& file_field,
                             const SumOptions* after_sum, AfterLines* after) {
  if (!error_.empty()) return base::Status::IOError(error_);
  if (auto s = CopyRange(in_fd_, in_pos_, in_size - in_pos_, out_.get()); !s.ok())
    return base::Status::IOError("cannot write " + tmp_ + ": " + s.message());
  if (auto s = out_->Flush(); !s.ok())
    return base::Status::IOError("cannot write " + tmp_ + ": " + s.message());
  if (::fsync(fd_) != 0)
    return base::Status::IOError("cannot sync " + tmp_ + ": " + base::ErrnoText(errno));
  if (auto s = Verify(in_fd_, in_size, fd_, out_->written(), &log_, file_field, after_sum, after);
      !s.ok())
    return base::Status::Corruption("verification of the new file failed: " + s.message());
  return base::Status::Ok();
}

void NewFile::Installed() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  Forget();
}

void NewFile::Discard() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!tmp_.empty()) {
    ::unlink(tmp_.c_str());
    Forget();
  }
}

void NewFile::Forget() {
  if (tmp_.empty()) return;
  if (options_.removed) options_.removed(tmp_);
  tmp_.clear();
}

bool NewFile::Create() {
  tmp_ = options_.dir + "/" + options_.name;
  fd_ = ::mkstemp(tmp_.data());
  if (fd_ < 0) {
    int err = errno;
    tmp_.clear();
    error_ = "cannot create a temporary file in " + options_.dir + ": " + base::ErrnoText(err);
    return false;
  }
  if (options_.created) options_.created(tmp_);
  out_ = std::make_unique<Output>(fd_);
  return true;
}

void NewFile::Fail(const std::string& why) {
  error_ = why;
  Discard();
}

}  // namespace dedup
