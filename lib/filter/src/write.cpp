#include "filter/write.h"

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
  if (!file_.Ready()) return;
  base::FdRange range(in_fd_, offset, offset + length, base::FdRange::ShortFile::kError);
  warc::Hasher hasher(warc::DigestAlgorithm::kSha256);
  Copied c{file_.written(), length, {}};
  auto s = gzmulti::CopyRaw(&range, length, [&](std::string_view d) {
    hasher.Update(d);
    return file_.out()->Write(d);
  });
  if (!s.ok())
    return file_.Fail("cannot copy offset " + std::to_string(offset) + ": " + s.message());
  c.sha256 = hasher.Final().bytes;
  copied_.push_back(std::move(c));
}

base::Status FilteredFile::Finish() {
  if (!file_.error().empty()) return base::Status::IOError(file_.error());
  if (auto s = file_.Sync(); !s.ok()) return s;
  if (auto s = ReadBack(); !s.ok())
    return base::Status::Corruption("verification of the new file failed: " + s.message());
  return base::Status::Ok();
}

// Every record at its place, complete, and nothing else; then every record's
// bytes as copied.
base::Status FilteredFile::ReadBack() const {
  base::FdRange whole(file_.fd(), 0, file_.written());
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
    auto sha = Sha256Of(file_.fd(), c.out_offset, c.length);
    if (!sha.ok()) return sha.status();
    if (*sha != c.sha256)
      return base::Status::Corruption("the record at offset " + std::to_string(c.out_offset) +
                                      " does not read back as written");
  }
  return base::Status::Ok();
}

}  // namespace filter
