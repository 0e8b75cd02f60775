#include "new_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "toolcommon/io.h"
#include "toolcommon/paths.h"

namespace warcrefs {
using toolcommon::BaseName;
using toolcommon::DirName;
using toolcommon::RealPath;

base::Status SyncDirectory(const std::string& dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return base::Status::IOError(dir + ": " + base::ErrnoText(errno));
  int rc = ::fsync(fd);
  ::close(fd);
  if (rc != 0) return base::Status::IOError(dir + ": fsync: " + base::ErrnoText(errno));
  return base::Status::Ok();
}

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

std::string NewFile::Finish(uint64_t in_size, const std::string& input, AfterLines* after) {
  if (!error_.empty()) return error_;
  if (auto s = CopyRange(in_fd_, in_pos_, in_size - in_pos_, out_.get()); !s.ok())
    return "cannot write " + tmp_ + ": " + s.message();
  if (auto s = out_->Flush(); !s.ok()) return "cannot write " + tmp_ + ": " + s.message();
  if (::fsync(fd_) != 0) return "cannot sync " + tmp_ + ": " + base::ErrnoText(errno);
  if (auto s = Verify(in_fd_, in_size, fd_, out_->written(), &log_, BaseName(input),
                      after ? &options_.after_sum : nullptr, after);
      !s.ok())
    return "verification of the new file failed: " + s.message();
  return "";
}

std::string NewFile::Install(const struct stat& st) {
  // The new file takes the old one's owner and mode (the owner only where we may).
  if (::fchown(fd_, st.st_uid, st.st_gid) != 0) {
  }
  ::fchmod(fd_, st.st_mode & 07777);
  ::close(fd_);
  fd_ = -1;
  if (::rename(tmp_.c_str(), options_.target.c_str()) != 0) {
    int err = errno;
    Discard();
    return "cannot rename the new file into place: " + base::ErrnoText(err);
  }
  toolcommon::UnregisterTempFile(tmp_);
  tmp_.clear();
  return "";
}

void NewFile::Discard() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!tmp_.empty()) {
    ::unlink(tmp_.c_str());
    toolcommon::UnregisterTempFile(tmp_);
    tmp_.clear();
  }
}

bool NewFile::Create() {
  std::string dir = DirName(options_.target);
  tmp_ = dir + "/." + BaseName(options_.target) + ".warcrefs-XXXXXX";
  fd_ = ::mkstemp(tmp_.data());
  if (fd_ < 0) {
    int err = errno;
    tmp_.clear();
    error_ = "cannot create a temporary file in " + dir + ": " + base::ErrnoText(err);
    return false;
  }
  toolcommon::RegisterTempFile(tmp_);
  out_ = std::make_unique<Output>(fd_);
  return true;
}

void NewFile::Fail(const std::string& why) {
  error_ = why;
  Discard();
}

}  // namespace warcrefs
