#include "toolcommon/archive_inputs.h"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <set>
#include <unordered_set>
#include <utility>

namespace toolcommon {
namespace {

// The path of `name` in directory `dir`, joined as find joins them (no
// second '/' after one the directory ends with).
std::string Join(const std::string& dir, const char* name) {
  return dir.ends_with('/') ? dir + name : dir + "/" + name;
}

// realpath -e: the path with every link resolved; empty when it leads to
// nothing.
std::string RealPath(const std::string& path) {
  char* r = ::realpath(path.c_str(), nullptr);
  if (r == nullptr) return "";
  std::string out(r);
  std::free(r);
  return out;
}

struct Walk {
  std::vector<std::string>* files;
  std::vector<std::string>* links;
  std::vector<std::string>* errors;
  // The directories being walked (device, inode): a bind mount that leads
  // back into one is not entered again.
  std::set<std::pair<dev_t, ino_t>> open;
};

// find -P below dir: regular files with archive names and links, hidden
// names left out, in directory order, depth first.
void WalkDirectory(const std::string& dir, Walk* walk) {
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) {
    walk->errors->push_back(dir + ": " + std::strerror(errno));
    return;
  }
  struct stat self;
  if (::fstat(::dirfd(d), &self) != 0 || !walk->open.insert({self.st_dev, self.st_ino}).second) {
    walk->errors->push_back(dir + ": a file system loop");
    ::closedir(d);
    return;
  }
  // Read whole before going down, as find does: one directory open at a time.
  std::vector<std::string> names;
  errno = 0;
  while (struct dirent* e = ::readdir(d)) {
    if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0)
      names.emplace_back(e->d_name);
    errno = 0;
  }
  if (errno != 0) walk->errors->push_back(dir + ": " + std::strerror(errno));
  ::closedir(d);
  for (const auto& name : names) {
    std::string path = Join(dir, name.c_str());
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0) {
      walk->errors->push_back(path + ": " + std::strerror(errno));
      continue;
    }
    bool hidden = name[0] == '.';
    if (S_ISDIR(st.st_mode)) {
      WalkDirectory(path, walk);
    } else if (S_ISREG(st.st_mode) && !hidden && HasArchiveName(name)) {
      walk->files->push_back(path);
    } else if (S_ISLNK(st.st_mode) && !hidden) {
      walk->links->push_back(path);
    }
  }
  walk->open.erase({self.st_dev, self.st_ino});
}

bool IsDirectory(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// The links' problems: see ArchiveInputs::link_problems.
void CheckLinks(const std::vector<std::string>& links, const std::vector<std::string>& dirs,
                const std::unordered_set<std::string>& listed, std::vector<std::string>* out) {
  if (links.empty()) return;
  std::vector<std::string> named_dirs;
  for (const auto& d : dirs) named_dirs.push_back(RealPath(d) + "/");
  for (const auto& l : links) {
    std::string t = RealPath(l);
    if (t.empty()) {
      if (HasArchiveName(l)) out->push_back(l + ": a link to nothing (an unmounted disk?)");
    } else if (IsDirectory(t)) {
      std::string inner = t + "/";
      bool inside = std::any_of(named_dirs.begin(), named_dirs.end(),
                                [&](const std::string& d) { return inner.starts_with(d); });
      if (!inside) out->push_back(l + ": a link to a directory outside the inputs (" + t + ")");
    } else if (!listed.contains(t) && (HasArchiveName(l) || HasArchiveName(t))) {
      out->push_back(l + ": a link to a file outside the inputs (" + t + ")");
    }
  }
}

}  // namespace

bool HasArchiveName(std::string_view name) {
  for (std::string_view ext : {".warc", ".warc.gz", ".arc", ".arc.gz"}) {
    if (name.ends_with(ext)) return true;
  }
  return false;
}

bool ListArchiveInputs(const std::vector<std::string>& args, ArchiveInputs* out) {
  std::vector<std::string> links, dirs;
  Walk walk{&out->files, &links, &out->errors, {}};
  for (const auto& arg : args) {
    if (IsDirectory(arg)) {
      dirs.push_back(arg);
      WalkDirectory(arg, &walk);
    } else {
      out->files.push_back(arg);
    }
  }
  if (!out->errors.empty()) return false;
  std::sort(out->files.begin(), out->files.end());
  std::vector<std::string> real;
  for (const auto& f : out->files) {
    std::string r = RealPath(f);
    if (!r.empty()) real.push_back(std::move(r));
  }
  std::sort(real.begin(), real.end());
  for (size_t i = 1; i < real.size(); ++i) {
    if (real[i] == real[i - 1] && (out->twice.empty() || out->twice.back() != real[i]))
      out->twice.push_back(real[i]);
  }
  CheckLinks(links, dirs, std::unordered_set<std::string>(real.begin(), real.end()),
             &out->link_problems);
  return true;
}

}  // namespace toolcommon
