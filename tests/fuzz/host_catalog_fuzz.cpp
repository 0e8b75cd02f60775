// Fuzzes the host catalog parser (warcsumsplit --by-host CATALOG),
// manifest::ReadHostCatalog.
//
// The first input byte is the most bytes the source gives per read (0: all at
// once), the rest is the catalog.
//
// Invariants: the result does not depend on how the source delivers its
// bytes; an error names a line of the input ("line N: ", 1 <= N <= lines) or
// is the "no lines" error; a catalog has sorted, unique hosts, each used by a
// file and each fit to end an output file name (no '/', no NUL byte, no
// leading '.', no ".tmp" ending); Find() gives each file's host and -1 for a
// name not listed; the catalog written back as "file host" lines reads back
// equal.
#include <algorithm>
#include <string>
#include <string_view>

#include "base/source.h"
#include "fuzz_targets.h"
#include "manifest/host_catalog.h"

namespace fuzz {
namespace {

// Gives at most `most` bytes per Read(), as a pipe may.
class TrickleSource : public base::ByteSource {
 public:
  TrickleSource(std::string_view data, size_t most) : data_(data), most_(most) {}
  base::Result<size_t> Read(char* buf, size_t n) override {
    n = std::min({n, most_, data_.size() - pos_});
    std::copy_n(data_.data() + pos_, n, buf);
    pos_ += n;
    return n;
  }
  base::Status Seek(uint64_t offset) override {
    pos_ = std::min<uint64_t>(offset, data_.size());
    return base::Status::Ok();
  }

 private:
  std::string_view data_;
  size_t most_;
  size_t pos_ = 0;
};

base::Result<manifest::HostCatalog> Read(std::string_view text, size_t most) {
  TrickleSource source(text, most);
  return manifest::ReadHostCatalog(&source);
}

bool SameCatalog(const manifest::HostCatalog& a, const manifest::HostCatalog& b) {
  return a.hosts == b.hosts && a.files == b.files;
}

void CheckCatalog(const manifest::HostCatalog& catalog) {
  Check(!catalog.hosts.empty() && !catalog.files.empty(), "an empty catalog was accepted");
  Check(std::is_sorted(catalog.hosts.begin(), catalog.hosts.end()) &&
            std::adjacent_find(catalog.hosts.begin(), catalog.hosts.end()) == catalog.hosts.end(),
        "hosts are not sorted and unique");
  std::vector<bool> used(catalog.hosts.size());
  for (const auto& [file, host] : catalog.files) {
    Check(host < catalog.hosts.size(), "a file's host index is out of range");
    Check(catalog.Find(file) == host, "Find() does not give the file's host");
    used[host] = true;
  }
  Check(std::find(used.begin(), used.end(), false) == used.end(), "a host holds no file");
  for (const std::string& host : catalog.hosts) {
    Check(!host.empty(), "an empty host name");
    Check(host.find('/') == std::string::npos && host.find('\0') == std::string::npos &&
              host[0] != '.' && !(host.size() >= 4 && host.ends_with(".tmp")),
          "host \"" + host + "\" cannot end an output file name");
  }
  Check(catalog.Find(" not a field") == -1, "Find() of a name not listed is not -1");
}

}  // namespace

int HostCatalogOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const size_t most = data[0] == 0 ? SIZE_MAX : data[0];
  std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);

  auto whole = Read(text, SIZE_MAX);
  auto trickled = Read(text, most);
  Check(whole.ok() == trickled.ok(), "the result depends on the read size");
  if (!whole.ok()) {
    const std::string& m = whole.status().message();
    Check(m == trickled.status().message(), "the error depends on the read size");
    if (m == "no \"filename host\" lines") return 0;
    uint64_t line = 0;
    size_t i = 5;
    while (i < m.size() && m[i] >= '0' && m[i] <= '9' && i < 25) line = line * 10 + (m[i++] - '0');
    const uint64_t lines = std::count(text.begin(), text.end(), '\n') + 1;
    Check(m.compare(0, 5, "line ") == 0 && i > 5 && m.compare(i, 2, ": ") == 0 && line >= 1 &&
              line <= lines,
          "error does not name a line of the input: " + m);
    return 0;
  }
  Check(SameCatalog(*whole, *trickled), "the catalog depends on the read size");
  CheckCatalog(*whole);

  std::string written;
  for (const auto& [file, host] : whole->files) written += file + " " + whole->hosts[host] + "\n";
  auto again = Read(written, SIZE_MAX);
  Check(again.ok(), "the catalog written back does not read: " + again.status().message());
  Check(SameCatalog(*whole, *again), "the catalog written back reads as another");
  return 0;
}

}  // namespace fuzz

#ifndef WARCDEDUP_FUZZ_REPLAY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::HostCatalogOneInput(data, size);
}
#endif
