#include <algorithm>
#include <cctype>
#include <cstring>
#include <string>
#include <string_view>

#include "harvest_internal.h"
#include "warc/record.h"

namespace dedup::harvest_internal {
namespace {

constexpr size_t kMaxLine = 1 << 20;  // the reader's limit for a whole header

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

bool IsFieldOfInterest(std::string_view name) {
  for (auto field : kFields)
    if (EqualsNoCase(name, field)) return true;
  return false;
}

}  // namespace

void Scanner::Feed(const char* data, size_t n) {
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

void Scanner::Finish() {
  if (!skipping_ && !line_.empty()) Line(line_);
  line_.clear();
  FlushField();
  EndBlock();
}

void Scanner::Emit(std::string_view kind, std::string_view a, std::string_view b) {
  out_->Line(kind, a, b);
}

bool Scanner::Folded(std::string_view raw) {
  return !raw.empty() && (raw[0] == ' ' || raw[0] == '\t');
}

// A line longer than any header line may be: say so if it was one we read.
void Scanner::Overflow() {
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

void Scanner::Line(std::string_view raw) {
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

void Scanner::Content(std::string_view line) {
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
void Scanner::ContinueField(std::string_view text) {
  if (text.empty() || field_long_) return;
  if (field_value_.size() + 1 + text.size() > kMaxLine) {
    ++stats_->long_fields;
    field_long_ = true;
    return;
  }
  if (!field_value_.empty()) field_value_ += ' ';
  field_value_.append(text);
}

void Scanner::FlushField() {
  if (!field_open_) return;
  field_open_ = false;
  if (!field_long_) Field(field_name_, field_value_);
}

void Scanner::Field(std::string_view name, std::string_view value) {
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

void Scanner::EndBlock() {
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

bool Scanner::IsRefersTo(std::string_view name) {
  return EqualsNoCase(name, "WARC-Refers-To-Target-URI") || EqualsNoCase(name, "WARC-Refers-To") ||
         EqualsNoCase(name, "WARC-Refers-To-Date");
}

}  // namespace dedup::harvest_internal
