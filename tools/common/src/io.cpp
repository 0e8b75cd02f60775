#include "toolcommon/io.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <map>
#include <utility>

#include "base/source.h"
#include "toolcommon/paths.h"
#include "toolcommon/replace.h"

namespace toolcommon {
namespace {

// A file or directory as the kernel knows it, whatever path led to it.
using FileId = std::pair<dev_t, ino_t>;

// What the walk of one directory argument has met: symbolic links (and hard
// links) can lead to a directory or file more than once, and to a directory
// from inside itself, which would never end.
struct Walk {
  struct Dir {
    std::string path;  // the first path that led to it
    bool open;         // still being walked: met again from inside, a loop
  };
  std::map<FileId, Dir> dirs;
  std::map<FileId, size_t> files;  // index in *out of the first path
  std::vector<std::string>* out;
  Diag* diag;
};

void WalkDirectory(const std::string& dir, const struct stat& dir_st, Walk* walk) {
  Diag* diag = walk->diag;
  auto [self, first] =
      walk->dirs.try_emplace(FileId{dir_st.st_dev, dir_st.st_ino}, Walk::Dir{dir, true});
  if (!first) {
    // A loop is an error (as in find -L): the tree is not what its owner
    // meant. A second link to a directory walked already may well be meant
    // ("latest -> 2024-05"), so only a note. Either way nothing is lost.
    if (self->second.open)
      diag->Error(dir + ": skipped: a directory loop (the same directory as " + self->second.path +
                  ")");
    else
      diag->Info(dir + ": skipped: the same directory as " + self->second.path + ", already read");
    return;
  }
  DIR* d = ::opendir(dir.c_str());
  if (!d) {
    diag->Error(dir + ": cannot read directory: " + base::ErrnoText(errno));
    self->second.open = false;
    return;
  }
  std::vector<std::string> names;
  while (dirent* e = ::readdir(d))
    if (e->d_name[0] != '.') names.emplace_back(e->d_name);
  ::closedir(d);
  std::sort(names.begin(), names.end());
  for (const auto& name : names) {
    std::string path = dir + (dir.back() == '/' ? "" : "/") + name;
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) {
      diag->Error(path + ": " + base::ErrnoText(errno));
    } else if (S_ISDIR(st.st_mode)) {
      WalkDirectory(path, st, walk);
    } else if (S_ISREG(st.st_mode)) {
      // Listed twice, a file's records would look like copies of themselves.
      auto [it, added] = walk->files.try_emplace(FileId{st.st_dev, st.st_ino}, walk->out->size());
      if (added)
        walk->out->push_back(path);
      else
        diag->Info(path + ": skipped: the same file as " + (*walk->out)[it->second] +
                   ", already listed");
    }
  }
  self->second.open = false;  // std::map iterators survive the insertions above
}

void AddInput(const std::string& path, bool recursive, std::vector<std::string>* out, Diag* diag) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    diag->Error(path + ": cannot open: " + base::ErrnoText(errno));
  } else if (S_ISDIR(st.st_mode)) {
    if (recursive) {
      Walk walk{{}, {}, out, diag};
      WalkDirectory(path, st, &walk);
    } else {
      diag->Error(path + ": is a directory (use -r to read the files in it)");
    }
  } else {
    out->push_back(path);
  }
}

}  // namespace

std::vector<std::string> ExpandInputs(const std::vector<std::string>& args, bool recursive,
                                      Diag* diag) {
  std::vector<std::string> out;
  for (const auto& arg : args) {
    if (arg != "-") {
      AddInput(arg, recursive, &out, diag);
      continue;
    }
    std::string line;
    while (std::getline(std::cin, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!line.empty()) AddInput(line, recursive, &out, diag);
    }
  }
  return out;
}

OutputFile::~OutputFile() {
  if (owned_ && fd_ >= 0) ::close(fd_);
  if (!tmp_path_.empty()) {
    ::unlink(tmp_path_.c_str());
    UnregisterTempFile(tmp_path_);
  }
}

base::Status OutputFile::Open(const std::string& path, bool append) {
  path_ = path;
  if (path == "-") {
    fd_ = 1;
    return base::Status::Ok();
  }
  owned_ = true;
  // A device or a pipe (/dev/null, a FIFO) is written as it is: renaming a
  // temporary file over it would replace /dev/null for the whole machine.
  struct stat st;
  // /dev/stdout and /dev/fd/N are symbolic links to wherever the descriptor
  // points, a regular file too: a rename would replace the link itself.
  bool special = (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) ||
                 path.starts_with("/dev/") || path.starts_with("/proc/");
  if (append || special) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  } else {
    tmp_path_ = path + ".tmp";
    RegisterTempFile(tmp_path_);
    fd_ = ::open(tmp_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  }
  if (fd_ < 0) {
    int err = errno;
    if (!tmp_path_.empty()) UnregisterTempFile(tmp_path_), tmp_path_.clear();
    return base::Status::IOError(path + ": cannot open for writing: " + base::ErrnoText(err));
  }
  return base::Status::Ok();
}

base::Status OutputFile::Write(const char* data, size_t n) {
  auto s = base::WriteAll(fd_, data, n);
  if (!s.ok()) return s.WithPrefix(path_ == "-" ? "standard output" : path_);
  return s;
}

base::Status OutputFile::Commit() {
  if (tmp_path_.empty()) return base::Status::Ok();
  if (::fsync(fd_) != 0 || ::close(fd_) != 0) {
    fd_ = -1;
    return base::Status::IOError(path_ + ": cannot write: " + base::ErrnoText(errno));
  }
  fd_ = -1;
  if (::rename(tmp_path_.c_str(), path_.c_str()) != 0)
    return base::Status::IOError(path_ + ": cannot rename into place: " + base::ErrnoText(errno));
  UnregisterTempFile(tmp_path_);
  tmp_path_.clear();
  // The rename survives a crash only once its directory is synced.
  return SyncDirectory(DirName(path_));
}

OrderedOutput::OrderedOutput(OutputFile* out, Diag* diag, size_t inputs)
    : out_(out), diag_(diag), slots_(inputs) {}

OrderedOutput::~OrderedOutput() = default;

void OrderedOutput::FlushSlot(Slot* slot) {
  for (const auto& m : slot->messages) diag_->Raw(m);
  slot->messages.clear();
  auto s = slot->data.Drain([&](const char* data, size_t n) { return out_->Write(data, n); });
  if (!s.ok() && status_.ok()) status_ = s;
}

void OrderedOutput::Write(size_t i, std::string* data) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (i == head_) {
    auto s = out_->Write(data->data(), data->size());
    if (!s.ok() && status_.ok()) status_ = s;
    data->clear();
  } else {
    slots_[i].data.Append(data);
  }
}

void OrderedOutput::Message(size_t i, const std::string& line) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (i == head_)
    diag_->Raw(line);
  else
    slots_[i].messages.push_back(line);
}

void OrderedOutput::WaitForTurn(size_t i, size_t window) {
  std::unique_lock<std::mutex> lock(mutex_);
  head_moved_.wait(lock, [&] { return i < head_ + window; });
}

void OrderedOutput::Done(size_t i) {
  std::lock_guard<std::mutex> lock(mutex_);
  head_moved_.notify_all();
  slots_[i].done = true;
  while (head_ < slots_.size() && slots_[head_].done) {
    FlushSlot(&slots_[head_]);
    ++head_;
    // The new head may have buffered while it waited: write that out now.
    if (head_ < slots_.size()) FlushSlot(&slots_[head_]);
  }
}

std::string HumanBytes(uint64_t bytes) {
  const char* units[] = {"B", "KB", "MB", "GB", "TB", "PB"};
  double v = static_cast<double>(bytes);
  int u = 0;
  while (v >= 1000 && u < 5) v /= 1000, ++u;
  char buf[32];
  std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", v, units[u]);
  return buf;
}

bool StderrIsTerminal() { return ::isatty(2) == 1; }

}  // namespace toolcommon
