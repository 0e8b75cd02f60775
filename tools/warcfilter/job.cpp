#include "job.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "filter/write.h"
#include "toolcommon/paths.h"
#include "toolcommon/replace.h"
#include "toolcommon/temp_files.h"

namespace warcfilter {
namespace {

// The open input, closed when it goes.
struct Input {
  int fd = -1;
  struct stat st = {};
  ~Input() {
    if (fd >= 0) ::close(fd);
  }
  int64_t mtime_ns() const {
    return static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
  }
  uint64_t size() const { return static_cast<uint64_t>(st.st_size); }
};

// Opens the input; empty, or why not. A file that changed since the first
// scan (a crawler still appending) is not filtered: its offsets may have moved.
std::string Open(const FileJob& job, Input* in) {
  in->fd = ::open(job.path.c_str(), O_RDONLY | O_CLOEXEC);
  if (in->fd < 0) return "cannot open: " + base::ErrnoText(errno);
  if (::fstat(in->fd, &in->st) != 0) return "cannot stat: " + base::ErrnoText(errno);
  if (job.mtime_ns >= 0 && (in->size() != job.size || in->mtime_ns() != job.mtime_ns))
    return "the input changed during the run";
  return "";
}

std::string Unchanged(const Input& in) {
  struct stat now;
  if (::fstat(in.fd, &now) != 0) return "cannot stat: " + base::ErrnoText(errno);
  if (now.st_size != in.st.st_size || now.st_mtim.tv_sec != in.st.st_mtim.tv_sec ||
      now.st_mtim.tv_nsec != in.st.st_mtim.tv_nsec)
    return "the input changed while it was being read";
  return "";
}

// The temporary file beside the target, removed on SIGINT/SIGTERM.
dedup::NewFileOptions NewFileOf(const std::string& target) {
  dedup::NewFileOptions o;
  o.dir = toolcommon::DirName(target);
  o.name = std::string(".").append(toolcommon::BaseName(target)).append(".warcfilter-XXXXXX");
  o.created = toolcommon::RegisterTempFile;
  o.removed = toolcommon::UnregisterTempFile;
  return o;
}

void Count(filter::Why why, WriteResult* r) {
  switch (why) {
    case filter::Why::kListed:
      ++r->listed;
      break;
    case filter::Why::kUnlisted:
      ++r->unlisted;
      break;
    case filter::Why::kBelongs:
      ++r->belongs;
      break;
    case filter::Why::kOriginal:
      ++r->originals;
      break;
    case filter::Why::kDropped:
      break;
  }
}

// Nothing to write: the target holds no earlier run's output either.
void RemoveOld(const std::string& target, WriteResult* r) {
  struct stat st;
  if (::lstat(target.c_str(), &st) != 0) return;
  if (S_ISDIR(st.st_mode) || ::unlink(target.c_str()) != 0) {
    r->error = "nothing to write, and " + target + " (an earlier output?) cannot be removed";
    return;
  }
  r->removed_old = true;
  if (auto s = toolcommon::SyncDirectory(toolcommon::DirName(target)); !s.ok())
    r->note = s.message();
}

// Copies the written records, verifies, renames into place.
void Install(const Input& in, const filter::FileScan& scan, const filter::Selection& sel,
             const std::string& target, WriteResult* r) {
  filter::FilteredFile file(in.fd, NewFileOf(target));
  for (size_t i = 0; i < scan.records.size(); ++i)
    if (sel.why[i] != filter::Why::kDropped)
      file.Add(scan.records[i].offset, scan.records[i].length);
  auto s = file.Finish();
  std::string why = s.ok() ? Unchanged(in) : s.message();
  if (why.empty() && ::fchmod(file.fd(), in.st.st_mode & 0777) != 0)
    why = "cannot set the mode of " + file.path() + ": " + base::ErrnoText(errno);
  if (why.empty()) {
    r->bytes_out = file.written();
    if (auto replaced = toolcommon::ReplaceFile(file.fd(), file.path(), target); !replaced.ok())
      why = replaced.message();
  }
  if (!why.empty()) {
    r->error = why;
    r->bytes_out = 0;
    return;  // the destructor removes the temporary file
  }
  file.Installed();
  r->written = true;
}

}  // namespace

ScanResult ScanJob(const FileJob& job, const JobContext& context) {
  ScanResult result;
  Input in;
  if (result.error = Open(job, &in); !result.error.empty()) return result;
  result.size = in.size();
  result.mtime_ns = in.mtime_ns();
  filter::FileScan scan;
  if (auto s = filter::ScanFile(in.fd, in.size(), &scan, context.bytes); !s.ok()) {
    result.error = s.message();
    return result;
  }
  result.wanted = filter::Select(scan.records, job.judged, *context.needed, context.select).wanted;
  return result;
}

WriteResult WriteJob(const FileJob& job, const JobContext& context) {
  WriteResult result;
  Input in;
  if (result.error = Open(job, &in); !result.error.empty()) return result;
  result.bytes_in = in.size();
  filter::FileScan scan;
  if (auto s = filter::ScanFile(in.fd, in.size(), &scan, context.bytes); !s.ok()) {
    result.error = s.message();
    return result;
  }
  filter::Selection sel = filter::Select(scan.records, job.judged, *context.needed, context.select);
  result.errors = std::move(sel.errors);
  result.found = std::move(sel.found);
  result.wanted = std::move(sel.wanted);
  result.records = scan.records.size();
  for (filter::Why why : sel.why) Count(why, &result);
  if (result.written_records() == 0) {
    RemoveOld(job.target, &result);
    return result;
  }
  Install(in, scan, sel, job.target, &result);
  return result;
}

}  // namespace warcfilter
