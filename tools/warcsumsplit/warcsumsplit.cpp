#include "warcsumsplit.h"

#include <dirent.h>

#include <algorithm>

#include "sumsplit_files.h"
#include "sumsplit_input.h"
#include "sumsplit_modes.h"
#include "toolcommon/progress.h"

namespace warcsumsplit {
namespace {

std::string Padded(uint64_t i, size_t width) {
  std::string digits = std::to_string(i);
  return std::string(width > digits.size() ? width - digits.size() : 0, '0') + digits;
}

// Files named PREFIX.<digits> that this run did not write (say, part.12 of
// an earlier split into more partitions) would join a `cat PREFIX.*`.
void WarnAboutStalePartitions(const std::string& prefix, const std::vector<std::string>& written,
                              toolcommon::Diag* diag) {
  size_t slash = prefix.rfind('/');
  std::string dir_part = slash == std::string::npos ? "" : prefix.substr(0, slash + 1);
  std::string base = prefix.substr(dir_part.size()) + ".";
  DIR* d = ::opendir(dir_part.empty() ? "." : dir_part.c_str());
  if (!d) return;
  std::vector<std::string> stale;
  while (dirent* e = ::readdir(d)) {
    std::string_view name = e->d_name;
    if (name.size() <= base.size() || name.substr(0, base.size()) != base) continue;
    std::string_view rest = name.substr(base.size());
    if (!std::all_of(rest.begin(), rest.end(), [](char c) { return c >= '0' && c <= '9'; }))
      continue;
    std::string path = dir_part + std::string(name);
    if (std::find(written.begin(), written.end(), path) == written.end()) stale.push_back(path);
  }
  ::closedir(d);
  std::sort(stale.begin(), stale.end());
  for (const auto& path : stale)
    diag->Info(path + ": not written by this run (left from an earlier one?)");
}

}  // namespace

// ---------------------------------------------------------------------------

uint64_t DigestPrefix64(std::string_view digest) {
  std::string_view hex = digest.substr(digest.find(':') + 1);
  uint64_t v = 0;
  for (size_t i = 0; i < 16; ++i) {
    int nibble = 0;
    if (i < hex.size()) {
      char c = hex[i];
      nibble = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : 0;
    }
    v = v << 4 | static_cast<uint64_t>(nibble);
  }
  return v;
}

uint64_t DigestRangeIndex(std::string_view digest, uint64_t n) {
  // The high 64 bits of the 128-bit product prefix * n, from 32-bit halves
  // (unsigned __int128 is not standard C++).
  uint64_t a = DigestPrefix64(digest);
  uint64_t a_hi = a >> 32, a_lo = a & 0xffffffff, n_hi = n >> 32, n_lo = n & 0xffffffff;
  uint64_t lo_lo = a_lo * n_lo, hi_lo = a_hi * n_lo, lo_hi = a_lo * n_hi, hi_hi = a_hi * n_hi;
  uint64_t middle = (lo_lo >> 32) + (hi_lo & 0xffffffff) + (lo_hi & 0xffffffff);
  return hi_hi + (hi_lo >> 32) + (lo_hi >> 32) + (middle >> 32);
}

SizeCutter SizeCutter::BySize(uint64_t size) { return SizeCutter(0, size, 0); }
SizeCutter SizeCutter::ByCount(uint64_t n, uint64_t total_bytes) {
  return SizeCutter(std::max<uint64_t>(n, 1), 0, total_bytes);
}

uint64_t SizeCutter::Target() const {
  if (limit_ == 0) return size_;
  uint64_t left = total_ > start_ ? total_ - start_ : 0;
  uint64_t parts = limit_ - current_;
  return std::max<uint64_t>(1, left / parts + (left % parts != 0));
}

uint64_t SizeCutter::Place(std::string_view digest, uint64_t bytes) {
  bool room = limit_ == 0 || current_ + 1 < limit_;
  if (has_line_ && room && bytes_ >= Target() && digest != last_digest_) {
    ++current_;
    start_ += bytes_;
    bytes_ = 0;
  }
  bytes_ += bytes;
  has_line_ = true;
  last_digest_.assign(digest);
  return current_;
}

base::Result<std::vector<PartitionSummary>> Split(const Options& options, toolcommon::Diag* diag) {
  manifest::HostCatalog catalog;
  if (options.mode == Mode::kByHost) {
    auto source = base::FileSource::Open(options.catalog);
    if (!source.ok()) return source.status().WithPrefix(options.catalog);
    auto read = manifest::ReadHostCatalog(source->get());
    if (!read.ok()) return read.status().WithPrefix(options.catalog);
    catalog = std::move(read.value());
  }
  auto opened = OpenInput(options.input);
  if (!opened.ok()) return opened.status();
  Input in = std::move(opened.value());
  if (options.mode == Mode::kCount && in.size == 0)
    if (auto s = Spool(&in, OutputDir(options.prefix)); !s.ok()) return s;

  PartitionFiles files(options.prefix);
  toolcommon::Progress progress(diag, options.progress, 1, in.size);
  uint64_t count = 0;
  base::Status status;
  {
    ByteCounter counter(progress.bytes_counter());
    if (options.mode == Mode::kByHost) {
      status = SplitByHost(options, catalog, &in, &files, &counter, diag);
      count = catalog.hosts.size();
    } else {
      status = SplitSorted(options, &in, &files, &counter, &count);
    }
  }
  progress.FileDone();
  progress.Finish();
  if (!status.ok()) return status;  // files' destructor removes the temporary files
  if (auto s = files.Extend(count); !s.ok()) return s;

  std::vector<std::string> names;
  size_t width = std::to_string(count > 0 ? count - 1 : 0).size();
  for (uint64_t i = 0; i < count; ++i)
    names.push_back(options.prefix + "." +
                    (options.mode == Mode::kByHost ? catalog.hosts[i] : Padded(i, width)));
  auto committed = files.Commit(names);
  if (committed.ok() && options.mode != Mode::kByHost)
    WarnAboutStalePartitions(options.prefix, names, diag);
  return committed;
}

int Run(const Options& options, toolcommon::Diag* diag) {
  auto result = Split(options, diag);
  if (!result.ok()) {
    diag->Error(result.status().message());
    return toolcommon::kExitSomeInputsFailed;
  }
  uint64_t lines = 0, bytes = 0;
  for (const auto& p : *result) {
    diag->Info(p.path + ": " + std::to_string(p.lines) + " lines, " + std::to_string(p.bytes) +
               " bytes");
    lines += p.lines;
    bytes += p.bytes;
  }
  diag->Verbose(std::to_string(result->size()) + " partitions, " + std::to_string(lines) +
                " lines, " + std::to_string(bytes) + " bytes");
  return diag->ExitCode();
}

}  // namespace warcsumsplit
