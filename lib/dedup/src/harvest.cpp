#include "dedup/harvest.h"

#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <functional>
#include <memory>
#include <vector>

#include "manifest/entry.h"
#include "warc/record.h"

namespace dedup {
namespace {

constexpr size_t kChunk = 256 << 10;
constexpr size_t kMaxLine = 1 << 20;  // the reader's limit for a whole header
constexpr size_t kBatch = 1 << 20;
constexpr size_t kMaxInflaters = 8;        // member starts inflated at once
constexpr uint64_t kMaxBytes = 256 << 20;  // of reference lines from one file
constexpr size_t kRecent = 8192;           // slots of recently made lines
constexpr size_t kMaxRecent = 512;         // longer lines are not remembered

bool EqualsNoCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// "WARC/1.0" and the like: a record's first line.
bool IsVersion(std::string_view s) {
  if (s.size() < 6 || s.size() > 12 || s.substr(0, 5) != "WARC/") return false;
  for (char c : s.substr(5))
    if (!(c == '.' || (c >= '0' && c <= '9'))) return false;
  return true;
}

const std::string_view kFields[] = {
    "WARC-Type",           "WARC-Target-URI", "WARC-Refers-To-Target-URI",
    "WARC-Refers-To-Date", "WARC-Refers-To",  "WARC-Profile"};

// The reference lines of one file: batched for emit, a line repeated soon
// after itself dropped (a bomb of one line stays one line), and capped.
class Output {
 public:
  Output(const std::function<void(std::string*)>& emit, uint64_t max_lines, HarvestStats* stats)
      : emit_(emit), max_lines_(max_lines), stats_(stats), recent_(kRecent) {}

  bool full() const { return stats_->over_limit; }

  void Line(std::string_view kind, std::string_view a, std::string_view b) {
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

  void Flush() {
    if (buf_.empty()) return;
    emit_(&buf_);
    buf_.clear();
  }

 private:
  const std::function<void(std::string*)>& emit_;
  uint64_t max_lines_;
  HarvestStats* stats_;
  std::vector<std::string> recent_;
  std::string buf_, line_;
  uint64_t bytes_ = 0;
};

bool IsFieldOfInterest(std::string_view name) {
  for (auto field : kFields)
    if (EqualsNoCase(name, field)) return true;
  return false;
}

// Splits one stream of bytes (the file, or one member's output) into lines
// and header blocks, and makes reference lines from them.
class Scanner {
 public:
  Scanner(Output* out, HarvestStats* stats) : out_(out), stats_(stats) {}

  bool full() const { return out_->full(); }

  void Feed(const char* data, size_t n) {
    while (n > 0) {
      const char* nl = static_cast<const char*>(std::memchr(data, '\n', n));
      size_t len = nl ? static_cast<size_t>(nl - data) : n;
      if (!skipping_) {
        if (line_.size() + len > kMaxLine) {
          line_.append(data, std::min(len, size_t{1}));  // to tell a folded line
          Overflow();
          line_.clear();
          skipping_ = true;
        } else {
          line_.append(data, len);
        }
      }
      if (!nl) return;
      if (!skipping_) Line(line_);
      line_.clear();
      skipping_ = false;
      data += len + 1;
      n -= len + 1;
    }
  }

  // The end of the stream: whatever block was open ends here.
  void Finish() {
    if (!skipping_ && !line_.empty()) Line(line_);
    line_.clear();
    FlushField();
    EndBlock();
  }

 private:
  struct Block {
    bool any = false;          // some field of interest was seen
    bool typed = false;        // a WARC-Type line was seen
    bool revisit = false;      // WARC-Type: revisit
    bool may_revisit = false;  // a Refers-To field or a revisit profile
    bool named = false;        // a WARC-Refers-To was seen
    std::string target, ref_target, ref_date;
  };

  void Emit(std::string_view kind, std::string_view a, std::string_view b = {}) {
    out_->Line(kind, a, b);
  }

  static bool Folded(std::string_view raw) {
    return !raw.empty() && (raw[0] == ' ' || raw[0] == '\t');
  }

  // A line longer than any header line may be: say so if it was one we read.
  void Overflow() {
    if (Folded(line_) && field_open_) {
      if (!field_long_) ++stats_->long_fields;
      field_long_ = true;
      return;
    }
    FlushField();
    for (auto field : kFields)
      if (line_.size() > field.size() && EqualsNoCase(line_.substr(0, field.size()), field) &&
          line_[field.size()] == ':')
        ++stats_->long_fields;
  }

  void Line(std::string_view raw) {
    std::string_view line = Trim(raw);
    // A cut line may run into the next record's version line.
    bool version = false;
    if (size_t v = line.rfind("WARC/");
        v != std::string_view::npos && v > 0 && IsVersion(line.substr(v))) {
      line = Trim(line.substr(0, v));
      version = true;
    }
    if (Folded(raw) && field_open_) {
      ContinueField(line);
    } else {
      FlushField();
      Content(line);
    }
    if (version) {
      FlushField();
      EndBlock();
    }
  }

  void Content(std::string_view line) {
    if (line.empty() || IsVersion(line)) {
      EndBlock();
      return;
    }
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) return;
    std::string_view name = Trim(line.substr(0, colon));
    if (!IsFieldOfInterest(name)) return;
    // Held until the next line shows whether the value goes on there.
    field_open_ = true;
    field_long_ = false;
    field_name_.assign(name);
    field_value_.assign(Trim(line.substr(colon + 1)));
  }

  // A folded line: appended as the reader does (header_map.cc ContinueLast).
  void ContinueField(std::string_view text) {
    if (text.empty() || field_long_) return;
    if (field_value_.size() + 1 + text.size() > kMaxLine) {
      ++stats_->long_fields;
      field_long_ = true;
      return;
    }
    if (!field_value_.empty()) field_value_ += ' ';
    field_value_.append(text);
  }

  void FlushField() {
    if (!field_open_) return;
    field_open_ = false;
    if (!field_long_) Field(field_name_, field_value_);
  }

  void Field(std::string_view name, std::string_view value) {
    if (value.empty() && !IsRefersTo(name)) return;
    // A field met twice means a new record began where a cut one ended.
    auto once = [&](bool seen) {
      if (seen) EndBlock();
      block_.any = true;
    };
    if (EqualsNoCase(name, "WARC-Type")) {
      once(block_.typed);
      block_.typed = true;
      block_.revisit = EqualsNoCase(value, "revisit");
    } else if (EqualsNoCase(name, "WARC-Target-URI")) {
      once(!block_.target.empty());
      block_.target = warc::StripAngleBrackets(value);
    } else if (EqualsNoCase(name, "WARC-Refers-To-Target-URI")) {
      once(!block_.ref_target.empty());
      block_.ref_target = warc::StripAngleBrackets(value);
      block_.may_revisit = true;
      // No value: the original it names is unknown.
      if (block_.ref_target.empty())
        ++stats_->empty_refers;
      else
        Emit("uri", block_.ref_target);
    } else if (EqualsNoCase(name, "WARC-Refers-To-Date")) {
      once(!block_.ref_date.empty());
      block_.ref_date = value;
      block_.may_revisit = true;  // an empty one loses nothing: its URIs are given
    } else if (EqualsNoCase(name, "WARC-Refers-To")) {
      block_.any = true;
      block_.may_revisit = true;
      block_.named = true;
      if (warc::StripAngleBrackets(value).empty())
        ++stats_->empty_refers;
      else
        Emit("record", value);
    } else if (EqualsNoCase(name, "WARC-Profile")) {
      block_.any = true;
      if (value.find("revisit") != std::string_view::npos) block_.may_revisit = true;
    }
  }

  void EndBlock() {
    Block b = std::move(block_);
    block_ = Block();
    if (!b.any) return;
    // Without a WARC-Type line we cannot tell it is no revisit.
    bool revisit = b.revisit || b.may_revisit || !b.typed;
    if (revisit && !b.target.empty()) Emit("uri", b.target);
    const std::string& uri = b.ref_target.empty() ? b.target : b.ref_target;
    if ((b.revisit || b.may_revisit) && !uri.empty() && !b.ref_date.empty())
      Emit("capture", uri, b.ref_date);
    // A revisit whose URIs were never written (a cut header, a page quoting
    // one): no replay tool can index it, so it resolves to nothing.
    if (b.revisit && uri.empty() && !b.named) ++stats_->revisits_without_uri;
  }

  static bool IsRefersTo(std::string_view name) {
    return EqualsNoCase(name, "WARC-Refers-To-Target-URI") ||
           EqualsNoCase(name, "WARC-Refers-To") || EqualsNoCase(name, "WARC-Refers-To-Date");
  }

  Output* out_;
  HarvestStats* stats_;
  std::string line_;
  bool skipping_ = false;
  bool field_open_ = false;  // a field of interest waits for its folded lines
  bool field_long_ = false;  // ... and grew too long: dropped, counted
  std::string field_name_, field_value_;
  Block block_;
};

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
