#include "convert_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "base/source.h"
#include "convert/verify.h"
#include "toolcommon/paths.h"
#include "toolcommon/replace.h"
#include "toolcommon/temp_files.h"

namespace arc2warc {

namespace {

// At most this many messages per file are kept; the rest are counted.
constexpr size_t kMaxMessages = 1000;

class Collector : public warc::Reporter {
 public:
  Collector(std::string name, FileResult* result) : name_(std::move(name)), result_(result) {}
  void Problem(const base::Status& status) override { Add(&result_->errors, status.message()); }
  void Note(const std::string& message) override { Add(&result_->notes, message); }
  void Error(const std::string& message) { Add(&result_->errors, message); }
  void Finish() {
    if (dropped_ > 0)
      result_->errors.push_back(name_ + ": and " + std::to_string(dropped_) +
                                " more problems not shown");
  }

 private:
  void Add(std::vector<std::string>* to, const std::string& message) {
    if (result_->errors.size() + result_->notes.size() >= kMaxMessages) {
      ++dropped_;
      return;
    }
    to->push_back(name_ + ": " + message);
  }
  std::string name_;
  FileResult* result_;
  uint64_t dropped_ = 0;
};

// Writes to a file descriptor through a buffer.
class FdSink {
 public:
  explicit FdSink(int fd) : fd_(fd) {}
  base::Status Write(std::string_view data) {
    buffer_.append(data);
    return buffer_.size() >= (1 << 20) ? Flush() : base::Status::Ok();
  }
  base::Status Flush() {
    std::string_view rest = buffer_;
    while (!rest.empty()) {
      ssize_t n = ::write(fd_, rest.data(), rest.size());
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return base::Status::IOError(std::strerror(errno));
      rest.remove_prefix(static_cast<size_t>(n));
    }
    buffer_.clear();
    return base::Status::Ok();
  }

 private:
  int fd_;
  std::string buffer_;
};

// The conversion of job.input onto fd; false when it could not be written.
bool ConvertOnto(const FileJob& job, int fd, const RunOptions& options, Collector* collector,
                 FileResult* result) {
  auto source = base::FileSource::Open(job.input);
  if (!source.ok()) {
    collector->Error("cannot open: " + source.status().message());
    return false;
  }
  FdSink out(fd);
  std::string base = toolcommon::BaseName(job.input);
  convert::ConvertNames names{base, WarcNameFor(base, options.convert.gzip)};
  base::Status s = convert::ConvertArc(
      source->get(), names, options.convert, [&](std::string_view data) { return out.Write(data); },
      collector, &result->stats);
  if (s.ok()) s = out.Flush();
  if (!s.ok()) collector->Error("cannot write the WARC file: " + s.message());
  return s.ok();
}

bool Verify(const FileJob& job, const std::string& written, Collector* collector) {
  auto arc = base::FileSource::Open(job.input);
  auto warc = base::FileSource::Open(written);
  if (!arc.ok() || !warc.ok()) {
    collector->Error("cannot verify: " + (arc.ok() ? warc : arc).status().message());
    return false;
  }
  convert::VerifyStats stats;
  base::Status s =
      convert::VerifyConversion(arc->get(), warc->get(), toolcommon::BaseName(job.input), &stats);
  if (!s.ok()) collector->Error("verification failed, the WARC file is not kept: " + s.message());
  return s.ok();
}

}  // namespace

FileResult ConvertFile(const FileJob& job, const RunOptions& options) {
  FileResult result;
  Collector collector(toolcommon::InputName(job.input), &result);
  if (job.target == "-") {
    result.written = ConvertOnto(job, STDOUT_FILENO, options, &collector, &result);
    collector.Finish();
    return result;
  }
  // One fixed temporary name per target: a run cut short leaves it, and the
  // next run over the same file truncates and reuses it.
  std::string tmp =
      toolcommon::DirName(job.target) + "/." + toolcommon::BaseName(job.target) + ".arc2warc.tmp";
  toolcommon::RegisterTempFile(tmp);
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    collector.Error(tmp + ": cannot create: " + std::strerror(errno));
  } else {
    bool ok = ConvertOnto(job, fd, options, &collector, &result);
    if (ok && result.stats.records_out == 0 && result.stats.problems > 0) {
      collector.Error("nothing could be converted; no WARC file written");
      ok = false;
    }
    if (ok && options.verify) ok = result.verified = Verify(job, tmp, &collector);
    if (ok) {
      base::Status s = toolcommon::ReplaceFile(fd, tmp, job.target);
      if (!s.ok()) collector.Error(job.target + ": " + s.message());
      result.written = s.ok();
    }
    ::close(fd);
  }
  if (!result.written) ::unlink(tmp.c_str());
  toolcommon::UnregisterTempFile(tmp);
  collector.Finish();
  return result;
}

}  // namespace arc2warc
