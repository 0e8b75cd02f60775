#include "filter/write.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>

#include "base/fd_range.h"
#include "gzmulti/member_writer.h"
#include "warc/digest.h"
#include "warc/reader.h"

namespace filter {
namespace {

class FirstProblem : public warc::Reporter {
 public:
  void Problem(const base::Status& status) override {
    if (first.empty()) first = status.message();
  }
  std::string first;
};

// The SHA-256 of the file's bytes [offset, offset + length).
base::Result<std::string> Sha256Of(int fd, uint64_t offset, uint64_t length) {
  base::FdRange range(fd, offset, offset + length, base::FdRange::ShortFile::kError);
  warc::Hasher hasher(warc::DigestAlgorithm::kSha256);
  auto s = gzmulti::CopyRaw(&range, length, [&](std::string_view d) {
    hasher.Update(d);
    return base::Status::Ok();
  });
  if (!s.ok()) return s;
  return hasher.Final().bytes;
}

}  // namespace

void FilteredFile::Add(uint64_t offset, uint64_t length) {
  if (!error_.empty()) return;
  if (fd_ < 0 && !Create()) return;
  base::FdRange range(in_fd_, offset, offset + length, base::FdRange::ShortFile::kError);
  warc::Hasher hasher(warc::DigestAlgorithm::kSha256);
  Copied c{out_->written(), length, {}};
  auto s = gzmulti::CopyRaw(&range, length, [&](std::string_view d) {
    hasher.Update(d);
    return out_->Write(d);
  });
  if (!s.ok()) return Fail("cannot copy offset " + std::to_string(offset) + ": " + s.message());
  c.sha256 = hasher.Final().bytes;
  copied_.push_back(std::move(c));
}

base::Status FilteredFile::Finish() {
  if (!error_.empty()) return base::Status::IOError(error_);
  if (auto s = out_->Flush(); !s.ok())
    return base::Status::IOError("cannot write " + tmp_ + ": " + s.message());
  if (::fsync(fd_) != 0)
    return base::Status::IOError("cannot sync " + tmp_ + ": " + base::ErrnoText(errno));
  if (auto s = ReadBack(); !s.ok())
    return base::Status::Corruption("verification of the new file failed: " + s.message());
  return base::Status::Ok();
}

// Every record at its place, complete, and nothing else; then every record's
// bytes as copied.
base::Status FilteredFile::ReadBack() const {
  base::FdRange whole(fd_, 0, out_->written());
  FirstProblem problems;
  warc::RecordReader reader(&whole, {}, &problems);
  warc::Record record;
  size_t n = 0;
  for (; reader.Next(&record); ++n) {
    uint64_t length = 0;
    bool complete = reader.Finish(&length);
    if (n >= copied_.size())
      return base::Status::Corruption("a record at offset " + std::to_string(record.offset) +
                                      " that was not written");
    const Copied& c = copied_[n];
    if (record.offset != c.out_offset || !complete || length != c.length)
      return base::Status::Corruption(
          "record " + std::to_string(n + 1) + " does not read back at offset " +
          std::to_string(c.out_offset) + " with its " + std::to_string(c.length) + " bytes" +
          (problems.first.empty() ? "" : ": " + problems.first));
  }
  if (!problems.first.empty()) return base::Status::Corruption(problems.first);
  if (n != copied_.size())
    return base::Status::Corruption(std::to_string(copied_.size()) + " records written, " +
                                    std::to_string(n) + " read back");
  for (const Copied& c : copied_) {
    auto sha = Sha256Of(fd_, c.out_offset, c.length);
    if (!sha.ok()) return sha.status();
    if (*sha != c.sha256)
      return base::Status::Corruption("the record at offset " + std::to_string(c.out_offset) +
                                      " does not read back as written");
  }
  return base::Status::Ok();
}

void FilteredFile::Installed() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  Forget();
}

void FilteredFile::Discard() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!tmp_.empty()) {
    ::unlink(tmp_.c_str());
    Forget();
  }
}

void FilteredFile::Forget() {
  if (tmp_.empty()) return;
  if (options_.removed) options_.removed(tmp_);
  tmp_.clear();
}

bool FilteredFile::Create() {
  tmp_ = options_.dir + "/" + options_.name;
  fd_ = ::mkstemp(tmp_.data());
  if (fd_ < 0) {
    int err = errno;
    tmp_.clear();
    error_ = "cannot create a temporary file in " + options_.dir + ": " + base::ErrnoText(err);
    return false;
  }
  if (options_.created) options_.created(tmp_);
  out_ = std::make_unique<dedup::Output>(fd_);
  return true;
}

void FilteredFile::Fail(const std::string& why) {
  error_ = why;
  Discard();
}

namespace {

// Whether `name` is .NAME.warcfilter-XXXXXX for one of `names` (mkstemp's
// six letters and digits).
bool IsLeftover(const std::string& name, const std::set<std::string>& names) {
  static const std::string kTag = ".warcfilter-";
  if (name.size() < 1 + kTag.size() + 6 + 1 || name[0] != '.') return false;
  size_t tag = name.size() - 6 - kTag.size();
  if (name.compare(tag, kTag.size(), kTag) != 0) return false;
  for (size_t i = name.size() - 6; i < name.size(); ++i)
    if (!std::isalnum(static_cast<unsigned char>(name[i]))) return false;
  return names.count(name.substr(1, tag - 1)) > 0;
}

}  // namespace

std::vector<std::string> FindLeftovers(const std::string& dir, const std::set<std::string>& names) {
  std::vector<std::string> found;
  DIR* d = ::opendir(dir.c_str());
  if (!d) return found;
  while (struct dirent* ent = ::readdir(d)) {
    if (!IsLeftover(ent->d_name, names)) continue;
    std::string path = dir + "/" + ent->d_name;
    struct stat st;
    if (::lstat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) found.push_back(path);
  }
  ::closedir(d);
  std::sort(found.begin(), found.end());
  return found;
}

}  // namespace filter
