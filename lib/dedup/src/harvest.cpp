#include "dedup/harvest.h"

#include <zlib.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "harvest_internal.h"
#include "manifest/entry.h"

namespace dedup {
namespace harvest_internal {
namespace {

constexpr size_t kBatch = 1 << 20;
constexpr uint64_t kMaxBytes = 256 << 20;  // of reference lines from one file
constexpr size_t kRecent = 8192;           // slots of recently made lines
constexpr size_t kMaxRecent = 512;         // longer lines are not remembered

}  // namespace

Output::Output(const std::function<void(std::string*)>& emit, uint64_t max_lines,
               HarvestStats* stats)
    : emit_(emit), max_lines_(max_lines), stats_(stats), recent_(kRecent) {}

void Output::Line(std::string_view kind, std::string_view a, std::string_view b) {
  if (full()) return;
  line_.assign(kind);
  line_ += ' ';
  line_ += manifest::EncodeField(a);
  if (!b.empty()) {
    line_ += ' ';
    line_ += manifest::EncodeField(b);
  }
  line_ += '\n';
  // Whole lines are compared: a hash alone could drop a reference.
  std::string* slot = nullptr;
  if (line_.size() <= kMaxRecent) {
    slot = &recent_[std::hash<std::string>{}(line_) % kRecent];
    if (*slot == line_) return;
  }
  if (stats_->lines >= max_lines_ || bytes_ + line_.size() > kMaxBytes) {
    stats_->over_limit = true;
    return;
  }
  if (slot) *slot = line_;
  buf_ += line_;
  bytes_ += line_.size();
  ++stats_->lines;
  if (buf_.size() >= kBatch) Flush();
}

void Output::Flush() {
  if (buf_.empty()) return;
  emit_(&buf_);
  buf_.clear();
}

}  // namespace harvest_internal

using harvest_internal::Output;
using harvest_internal::Scanner;

namespace {

constexpr size_t kChunk = 256 << 10;
constexpr size_t kMaxInflaters = 8;  // member starts inflated at once

// One gzip member start, inflated as far as it goes.
class Member {
 public:
  Member(Output* out, HarvestStats* stats) : scanner_(out, stats), stats_(stats) {
    std::memset(&zs_, 0, sizeof zs_);
    ok_ = inflateInit2(&zs_, 16 + MAX_WBITS) == Z_OK;
    done_ = !ok_;
  }
  ~Member() {
    if (ok_) inflateEnd(&zs_);
  }
  Member(const Member&) = delete;
  Member& operator=(const Member&) = delete;

  bool done() const { return done_; }

  void Feed(const unsigned char* data, size_t n) {
    if (done_) return;
    zs_.next_in = const_cast<unsigned char*>(data);
    zs_.avail_in = static_cast<uInt>(n);
    while (!done_) {
      zs_.next_out = reinterpret_cast<unsigned char*>(buf_);
      zs_.avail_out = sizeof buf_;
      int ret = inflate(&zs_, Z_NO_FLUSH);
      scanner_.Feed(buf_, sizeof buf_ - zs_.avail_out);
      if (scanner_.full()) {
        Stop();  // past the limit: the rest is not read
      } else if (ret == Z_STREAM_END) {
        ++stats_->members;
        Stop();
      } else if (ret != Z_OK && ret != Z_BUF_ERROR) {
        ++stats_->broken_members;
        Stop();
      } else if (zs_.avail_in == 0 && zs_.avail_out != 0) {
        return;  // wants more input
      }
    }
  }

  // The file ended first: a cut member.
  void End() {
    if (done_) return;
    ++stats_->broken_members;
    Stop();
  }

 private:
  void Stop() {
    done_ = true;
    scanner_.Finish();
  }

  z_stream zs_;
  bool ok_ = false;
  bool done_ = false;
  Scanner scanner_;
  HarvestStats* stats_;
  char buf_[64 << 10];
};

}  // namespace

base::Status HarvestReferences(base::ByteSource* source,
                               const std::function<void(std::string* lines)>& emit,
                               HarvestStats* stats, uint64_t max_lines) {
  Output out(emit, max_lines, stats);
  Scanner raw(&out, stats);
  std::vector<std::unique_ptr<Member>> members;
  std::vector<unsigned char> chunk(kChunk);
  static const unsigned char kMagic[] = {0x1f, 0x8b, 0x08};
  unsigned char last[2] = {0, 0};  // the two bytes before the chunk
  base::Status status;
  while (true) {
    auto got = source->Read(reinterpret_cast<char*>(chunk.data()), chunk.size());
    if (!got.ok()) {
      status = got.status();
      break;
    }
    size_t n = *got;
    if (n == 0) break;
    stats->bytes += n;
    raw.Feed(reinterpret_cast<const char*>(chunk.data()), n);
    for (auto& m : members) m->Feed(chunk.data(), n);
    // Every "1f 8b 08" starts an inflater, fed from its own start.
    for (size_t i = 0; i < n; ++i) {
      if (chunk[i] != 0x08) continue;
      unsigned char b1 = i >= 1 ? chunk[i - 1] : last[1];
      unsigned char b0 = i >= 2 ? chunk[i - 2] : (i == 1 ? last[1] : last[0]);
      if (b0 != 0x1f || b1 != 0x8b) continue;
      std::erase_if(members, [](const auto& m) { return m->done(); });
      if (members.size() >= kMaxInflaters) {
        ++stats->members_not_tried;
        continue;
      }
      members.push_back(std::make_unique<Member>(&out, stats));
      members.back()->Feed(kMagic, sizeof kMagic);
      members.back()->Feed(chunk.data() + i + 1, n - i - 1);
    }
    if (n >= 2) {
      last[0] = chunk[n - 2];
      last[1] = chunk[n - 1];
    } else {
      last[0] = last[1];
      last[1] = chunk[0];
    }
    std::erase_if(members, [](const auto& m) { return m->done(); });
    if (out.full()) break;
  }
  for (auto& m : members) m->End();
  raw.Finish();
  out.Flush();
  return status;
}

}  // namespace dedup
