#include "warcsumsplit.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <map>
#include <memory>
#include <unordered_set>

#include "manifest/entry.h"
#include "manifest/order.h"
#include "manifest/reader.h"
#include "toolcommon/progress.h"

namespace warcsumsplit {
namespace {

constexpr size_t kBufferBytes = 1 << 20;

// ---------------------------------------------------------------------------
// Temporary partition files and the interrupt handler. Partitions can be many
// more than toolcommon's registry holds, so the handler rebuilds their names,
// PREFIX.<i>.tmp, from a fixed buffer and a count: it may not allocate.

char g_temp_prefix[4096];
volatile std::sig_atomic_t g_temp_count = 0;
volatile std::sig_atomic_t g_committing = 0;
volatile std::sig_atomic_t g_interrupted = 0;

void OnInterrupt(int) {
  if (g_committing) {  // finish the renames: a partial set is worse than a late exit
    g_interrupted = 1;
    return;
  }
  char path[sizeof g_temp_prefix + 32];
  size_t n = std::strlen(g_temp_prefix);
  if (n == 0) ::_exit(toolcommon::kExitInterrupted);
  std::memcpy(path, g_temp_prefix, n);
  for (int i = 0; i < g_temp_count; ++i) {
    char digits[24];
    int d = 0;
    for (int v = i; d == 0 || v > 0; v /= 10) digits[d++] = static_cast<char>('0' + v % 10);
    size_t m = n;
    path[m++] = '.';
    while (d > 0) path[m++] = digits[--d];
    std::memcpy(path + m, ".tmp", 5);
    ::unlink(path);
  }
  ::_exit(toolcommon::kExitInterrupted);
}

// The partitions while they are written: PREFIX.<i>.tmp, one open at a time
// (inputs in order write each partition in one go), renamed by Commit().
class PartitionFiles {
 public:
  explicit PartitionFiles(std::string prefix) : prefix_(std::move(prefix)) {
    g_temp_count = 0;
    g_temp_prefix[0] = '\0';  // too long a prefix: no file could be created anyway
    if (prefix_.size() < sizeof g_temp_prefix)
      std::memcpy(g_temp_prefix, prefix_.c_str(), prefix_.size() + 1);
  }
  ~PartitionFiles() {
    (void)Close();  // an error here changes nothing: the files are removed
    for (uint64_t i = 0; i < stats_.size() && !committed_; ++i) ::unlink(TempPath(i).c_str());
    g_temp_count = 0;
  }

  std::string TempPath(uint64_t i) const { return prefix_ + "." + std::to_string(i) + ".tmp"; }
  uint64_t count() const { return stats_.size(); }

  // Appends line and a newline to partition i.
  base::Status Append(uint64_t i, std::string_view line) {
    if (i != current_ || fd_ < 0) {
      if (auto s = Switch(i); !s.ok()) return s;
    }
    buffer_.append(line);
    buffer_.push_back('\n');
    ++stats_[i].lines;
    stats_[i].bytes += line.size() + 1;
    return buffer_.size() >= kBufferBytes ? Flush() : base::Status::Ok();
  }

  // Makes sure partitions 0 .. n-1 exist, empty where nothing was written.
  base::Status Extend(uint64_t n) {
    for (uint64_t i = 0; i < n; ++i)
      if (i >= stats_.size() || !created_[i])
        if (auto s = Switch(i); !s.ok()) return s;
    return Close();
  }

  // Renames partition i to names[i] for every i (partitions are synced as
  // they are closed). REQUIRES: names.size() == count().
  base::Result<std::vector<PartitionSummary>> Commit(const std::vector<std::string>& names) {
    if (auto s = Close(); !s.ok()) return s;
    std::vector<PartitionSummary> out;
    g_committing = 1;
    base::Status status;
    for (uint64_t i = 0; i < names.size(); ++i) {
      if (::rename(TempPath(i).c_str(), names[i].c_str()) != 0) {
        status = base::Status::IOError(
            names[i] + ": cannot rename into place: " + base::ErrnoText(errno) + " (" +
            std::to_string(i) + " of " + std::to_string(names.size()) + " partitions were)");
        for (uint64_t j = i; j < names.size(); ++j) ::unlink(TempPath(j).c_str());
        break;
      }
      out.push_back({names[i], stats_[i].lines, stats_[i].bytes});
    }
    for (uint64_t j = names.size(); j < stats_.size(); ++j) ::unlink(TempPath(j).c_str());
    committed_ = true;
    g_temp_count = 0;
    g_committing = 0;
    if (g_interrupted) ::_exit(toolcommon::kExitInterrupted);
    if (!status.ok()) return status;
    return out;
  }

 private:
  struct Stats {
    uint64_t lines = 0, bytes = 0;
  };

  base::Status Flush() {
    if (buffer_.empty()) return base::Status::Ok();
    auto s = base::WriteAll(fd_, buffer_.data(), buffer_.size());
    buffer_.clear();
    return s.ok() ? s : s.WithPrefix(TempPath(current_));
  }

  base::Status Close() {
    if (fd_ < 0) return base::Status::Ok();
    base::Status s = Flush();
    // Synced here, once per partition, so that Commit() renames complete files.
    if (s.ok() && ::fsync(fd_) != 0)
      s = base::Status::IOError(TempPath(current_) + ": cannot write: " + base::ErrnoText(errno));
    ::close(fd_);
    fd_ = -1;
    return s;
  }

  base::Status Switch(uint64_t i) {
    if (auto s = Close(); !s.ok()) return s;
    if (i >= stats_.size()) {
      stats_.resize(i + 1);
      created_.resize(i + 1, false);
      // Covered by the handler before the file exists.
      g_temp_count = static_cast<std::sig_atomic_t>(std::min<uint64_t>(i + 1, INT32_MAX));
    }
    int flags = O_WRONLY | O_CLOEXEC | (created_[i] ? O_APPEND : O_CREAT | O_TRUNC);
    fd_ = ::open(TempPath(i).c_str(), flags, 0644);
    if (fd_ < 0)
      return base::Status::IOError(TempPath(i) +
                                   ": cannot open for writing: " + base::ErrnoText(errno));
    created_[i] = true;
    current_ = i;
    return base::Status::Ok();
  }

  std::string prefix_;
  std::vector<Stats> stats_;
  std::vector<bool> created_;
  uint64_t current_ = 0;
  int fd_ = -1;
  std::string buffer_;
  bool committed_ = false;
};

// ---------------------------------------------------------------------------
// Input

// A source over a descriptor it owns (the stdin spool).
class FdSource : public base::ByteSource {
 public:
  explicit FdSource(int fd) : fd_(fd) {}
  ~FdSource() override { ::close(fd_); }
  base::Result<size_t> Read(char* buf, size_t n) override {
    for (;;) {
      ssize_t got = ::read(fd_, buf, n);
      if (got >= 0) return static_cast<size_t>(got);
      if (errno != EINTR) return base::Status::IOError("read error: " + base::ErrnoText(errno));
    }
  }
  base::Status Seek(uint64_t offset) override {
    if (::lseek(fd_, static_cast<off_t>(offset), SEEK_SET) < 0)
      return base::Status::IOError("cannot seek: " + base::ErrnoText(errno));
    return base::Status::Ok();
  }

 private:
  int fd_;
};

struct Input {
  std::unique_ptr<base::ByteSource> source;
  std::string name;
  uint64_t size = 0;  // 0: unknown
};

std::string OutputDir(const std::string& prefix) {
  size_t slash = prefix.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : prefix.substr(0, slash);
}

base::Result<Input> OpenInput(const std::string& path) {
  Input in;
  in.name = path == "-" ? "standard input" : path;
  auto source = base::FileSource::Open(path);
  if (!source.ok()) return source.status().WithPrefix(in.name);
  in.size = (*source)->size();
  in.source = std::move(source.value());
  return in;
}

// Copies the input to an unlinked temporary file in dir, so that its size is
// known without holding it in memory, and reads on from there.
base::Status Spool(Input* in, const std::string& dir) {
  std::string path = dir + "/.warcsumsplit-spool-XXXXXX";
  int fd = ::mkstemp(path.data());
  if (fd < 0)
    return base::Status::IOError(
        dir + ": cannot create a temporary file for the input: " + base::ErrnoText(errno));
  ::unlink(path.c_str());
  auto spool = std::make_unique<FdSource>(fd);
  std::vector<char> buf(kBufferBytes);
  uint64_t total = 0;
  for (;;) {
    auto got = in->source->Read(buf.data(), buf.size());
    if (!got.ok()) return got.status().WithPrefix(in->name);
    if (*got == 0) break;
    if (auto s = base::WriteAll(fd, buf.data(), *got); !s.ok())
      return s.WithPrefix(dir + ": temporary copy of the input");
    total += *got;
  }
  if (auto s = spool->Seek(0); !s.ok()) return s.WithPrefix(dir + ": temporary copy of the input");
  in->source = std::move(spool);
  in->size = total;
  return base::Status::Ok();
}

bool IsComment(std::string_view line) { return line.empty() || line[0] == '#'; }

std::string LineText(uint64_t line) { return "line " + std::to_string(line); }

// Counts input bytes for the progress line in batches.
class ByteCounter {
 public:
  explicit ByteCounter(std::atomic<uint64_t>* counter) : counter_(counter) {}
  ~ByteCounter() { *counter_ += pending_; }
  void Add(uint64_t n) {
    if ((pending_ += n) >= kBufferBytes) *counter_ += pending_, pending_ = 0;
  }

 private:
  std::atomic<uint64_t>* counter_;
  uint64_t pending_ = 0;
};

// ---------------------------------------------------------------------------
// The modes

// -c, -s, --digest-range: lines go out as they are, in input order, which
// must be digest order. Sets *count to the number of partitions.
base::Status SplitSorted(const Options& options, Input* in, PartitionFiles* files,
                         ByteCounter* progress, uint64_t* count) {
  manifest::LineReader lines(in->source.get());
  SizeCutter cutter = options.mode == Mode::kSize
                          ? SizeCutter::BySize(options.size)
                          : SizeCutter::ByCount(options.partitions, in->size);
  bool by_range = options.mode == Mode::kDigestRange;
  std::string line, previous_digest;
  uint64_t previous_line = 0, current = 0;
  while (lines.Next(&line)) {
    progress->Add(line.size() + 1);
    if (IsComment(line)) {
      cutter.PlaceOther(line.size() + 1);
      if (auto s = files->Append(current, line); !s.ok()) return s;
      continue;
    }
    auto where = [&] { return in->name + ": " + LineText(lines.line_number()); };
    auto entry = manifest::ParseLine(line);
    if (!entry.ok()) return entry.status().WithPrefix(where());
    if (previous_line && entry->digest < previous_digest)
      return base::Status::InvalidArgument(where() + ": input not sorted by digest (digest \"" +
                                           entry->digest + "\" after \"" + previous_digest +
                                           "\" on " + LineText(previous_line) + ")");
    current = by_range ? DigestRangeIndex(entry->digest, options.partitions)
                       : cutter.Place(entry->digest, line.size() + 1);
    if (auto s = files->Append(current, line); !s.ok()) return s;
    previous_digest.swap(entry->digest);
    previous_line = lines.line_number();
  }
  if (!lines.status().ok()) return lines.status().WithPrefix(in->name);
  *count = options.mode == Mode::kSize ? cutter.current() + 1 : options.partitions;
  return base::Status::Ok();
}

// --by-host: each line is keyed by (host, file, offset) and sorted
// externally; the merged stream then fills the hosts' files one after the
// other. The key is the host index (4 bytes, big-endian) and the file-order
// key of manifest::AppendFileOrderKey, followed by the line itself.
base::Status SplitByHost(const Options& options, const Catalog& catalog, Input* in,
                         PartitionFiles* files, ByteCounter* progress, toolcommon::Diag* diag) {
  manifest::ExternalSorter::Options sort_options;
  sort_options.temp_dir = OutputDir(options.prefix);
  sort_options.run_bytes = options.sort_buffer;
  sort_options.fan_in = options.sort_fan_in;
  manifest::ExternalSorter sorter(sort_options);
  manifest::LineReader lines(in->source.get());
  std::unordered_set<std::string> missing;
  uint64_t missing_lines = 0;
  std::string line, record;
  while (lines.Next(&line)) {
    progress->Add(line.size() + 1);
    if (IsComment(line)) continue;
    auto where = [&] { return in->name + ": " + LineText(lines.line_number()); };
    auto entry = manifest::ParseLine(line);
    if (!entry.ok()) return entry.status().WithPrefix(where());
    if (options.duplicates_only) {
      if (entry->fields_count != 10)
        return base::Status::InvalidArgument(
            where() + ": --duplicates-only needs 10-field lines (from warcsumproc), found " +
            std::to_string(entry->fields_count) + " fields");
      if (entry->copy < 2) continue;
    }
    int64_t host = catalog.Find(entry->file);
    if (host < 0) {
      ++missing_lines;
      if (missing.insert(entry->file).second)
        diag->Error(where() + ": file \"" + entry->file + "\" is not in the catalog " +
                    options.catalog + "; its lines are not written to any partition");
      continue;
    }
    record.clear();
    for (int shift = 24; shift >= 0; shift -= 8)
      record.push_back(static_cast<char>((static_cast<uint64_t>(host) >> shift) & 0xff));
    manifest::AppendFileOrderKey(*entry, &record);
    record.append(line);
    if (auto s = sorter.Add(record); !s.ok()) return s;
  }
  if (!lines.status().ok()) return lines.status().WithPrefix(in->name);
  if (auto s = sorter.Finish(); !s.ok()) return s;
  while (sorter.Next(&record)) {
    uint32_t host = 0;
    for (int i = 0; i < 4; ++i) host = host << 8 | static_cast<unsigned char>(record[i]);
    size_t line_start = record.find('\0', 4) + 1 + 8;
    if (auto s = files->Append(host, std::string_view(record).substr(line_start)); !s.ok())
      return s;
  }
  if (!sorter.status().ok()) return sorter.status();
  if (missing_lines)
    diag->Error(std::to_string(missing_lines) + " lines of " + std::to_string(missing.size()) +
                " files missing from the catalog were not written");
  diag->Verbose("sorted " + std::to_string(sorter.records()) + " lines in " +
                std::to_string(std::max<uint64_t>(sorter.runs_written(), 1)) + " runs");
  return base::Status::Ok();
}

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

int64_t Catalog::Find(const std::string& file) const {
  auto it = files.find(file);
  return it == files.end() ? -1 : static_cast<int64_t>(it->second);
}

base::Result<Catalog> ReadCatalog(base::ByteSource* source) {
  manifest::LineReader lines(source);
  std::map<std::string, std::pair<std::string, uint64_t>> host_of;  // file -> (host, line)
  std::string line;
  while (lines.Next(&line)) {
    const std::string where = LineText(lines.line_number());
    std::vector<std::string> fields;
    size_t pos = 0;
    auto blank = [](char c) {
      return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
    };
    for (;;) {
      while (pos < line.size() && blank(line[pos])) ++pos;
      if (pos == line.size() || line[pos] == '#') break;
      size_t end = pos;
      while (end < line.size() && !blank(line[end])) ++end;
      fields.push_back(line.substr(pos, end - pos));
      pos = end;
    }
    if (fields.empty()) continue;
    if (fields.size() != 2)
      return base::Status::InvalidArgument(where + ": expected \"filename host\", found " +
                                           std::to_string(fields.size()) + " fields");
    const std::string& host = fields[1];
    // A NUL would end the file name early: "a\0x" and "a\0y" both write "PREFIX.a".
    if (host.find('\0') != std::string::npos)
      return base::Status::InvalidArgument(where +
                                           ": host holds a NUL byte (cannot be in a file name)");
    if (host.find('/') != std::string::npos || host[0] == '.' ||
        (host.size() >= 4 && host.compare(host.size() - 4, 4, ".tmp") == 0))
      return base::Status::InvalidArgument(
          where + ": host \"" + host +
          "\" cannot end an output file name (no '/', no leading '.', no \".tmp\" ending)");
    auto [it, fresh] = host_of.emplace(fields[0], std::make_pair(host, lines.line_number()));
    if (!fresh && it->second.first != host)
      return base::Status::InvalidArgument(where + ": file \"" + fields[0] + "\" has host \"" +
                                           host + "\" here and \"" + it->second.first + "\" on " +
                                           LineText(it->second.second));
  }
  if (!lines.status().ok()) return lines.status();
  if (host_of.empty()) return base::Status::InvalidArgument("no \"filename host\" lines");
  Catalog catalog;
  for (const auto& [file, host] : host_of) catalog.hosts.push_back(host.first);
  std::sort(catalog.hosts.begin(), catalog.hosts.end());
  catalog.hosts.erase(std::unique(catalog.hosts.begin(), catalog.hosts.end()), catalog.hosts.end());
  for (const auto& [file, host] : host_of) {
    auto at = std::lower_bound(catalog.hosts.begin(), catalog.hosts.end(), host.first);
    catalog.files.emplace(file, static_cast<uint32_t>(at - catalog.hosts.begin()));
  }
  return catalog;
}

base::Result<std::vector<PartitionSummary>> Split(const Options& options, toolcommon::Diag* diag) {
  Catalog catalog;
  if (options.mode == Mode::kByHost) {
    auto source = base::FileSource::Open(options.catalog);
    if (!source.ok()) return source.status().WithPrefix(options.catalog);
    auto read = ReadCatalog(source->get());
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

void InstallInterruptHandler() {
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = OnInterrupt;
  ::sigaction(SIGINT, &sa, nullptr);
  ::sigaction(SIGTERM, &sa, nullptr);
}

}  // namespace warcsumsplit
