#include "dedup/temp_output.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>

namespace dedup {

bool TempOutput::Ready() {
  if (!error_.empty()) return false;
  return fd_ >= 0 || Create();
}

void TempOutput::Fail(const std::string& why) {
  if (error_.empty()) error_ = why;
  Discard();
}

base::Status TempOutput::Sync() {
  if (auto s = out_->Flush(); !s.ok())
    return base::Status::IOError("cannot write " + tmp_ + ": " + s.message());
  if (::fsync(fd_) != 0)
    return base::Status::IOError("cannot sync " + tmp_ + ": " + base::ErrnoText(errno));
  return base::Status::Ok();
}

void TempOutput::Installed() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  Forget();
}

void TempOutput::Discard() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!tmp_.empty()) {
    ::unlink(tmp_.c_str());
    Forget();
  }
}

void TempOutput::Forget() {
  if (tmp_.empty()) return;
  if (options_.removed) options_.removed(tmp_);
  tmp_.clear();
}

bool TempOutput::Create() {
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

namespace {

// Whether `name` is .NAME`tag`XXXXXX for one of `names` (mkstemp's six
// letters and digits).
bool IsLeftover(const std::string& name, const std::string& tag,
                const std::set<std::string>& names) {
  if (name.size() < 1 + tag.size() + 6 + 1 || name[0] != '.') return false;
  size_t at = name.size() - 6 - tag.size();
  if (name.compare(at, tag.size(), tag) != 0) return false;
  for (size_t i = name.size() - 6; i < name.size(); ++i)
    if (!std::isalnum(static_cast<unsigned char>(name[i]))) return false;
  return names.count(name.substr(1, at - 1)) > 0;
}

}  // namespace

std::vector<std::string> FindLeftovers(const std::string& dir, const std::string& tag,
                                       const std::set<std::string>& names) {
  std::vector<std::string> found;
  DIR* d = ::opendir(dir.c_str());
  if (!d) return found;
  while (struct dirent* ent = ::readdir(d)) {
    if (!IsLeftover(ent->d_name, tag, names)) continue;
    std::string path = dir + "/" + ent->d_name;
    struct stat st;
    if (::lstat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) found.push_back(path);
  }
  ::closedir(d);
  std::sort(found.begin(), found.end());
  return found;
}

}  // namespace dedup
