#include "manifest/references.h"

#include <algorithm>
#include <functional>
#include <unordered_set>

#include "base/timestamp.h"
#include "manifest/entry.h"
#include "manifest/fields.h"
#include "manifest/reader.h"
#include "url/canon.h"

namespace manifest {
namespace {

void AppendReference(std::string_view kind, std::string_view a, std::string_view b,
                     std::string* out) {
  out->append(kind);
  out->push_back(' ');
  out->append(a);
  if (!b.empty()) {
    out->push_back(' ');
    out->append(b);
  }
  out->push_back('\n');
}

std::string_view StripBrackets(std::string_view id) {
  return id.size() >= 2 && id.front() == '<' && id.back() == '>' ? id.substr(1, id.size() - 2) : id;
}

}  // namespace

void AppendCaptureReference(std::string_view uri, std::string_view date, std::string* out) {
  AppendReference("capture", EncodeField(uri), EncodeField(date), out);
}
void AppendPayloadReference(std::string_view uri, std::string_view digest, std::string* out) {
  AppendReference("payload", EncodeField(uri), digest, out);
}
void AppendUriReference(std::string_view uri, std::string* out) {
  AppendReference("uri", EncodeField(uri), {}, out);
}
void AppendRecordReference(std::string_view record_id, std::string* out) {
  AppendReference("record", EncodeField(record_id), {}, out);
}
void AppendDamagedFile(std::string_view path, std::string* out) {
  AppendReference("damaged", EncodeField(path), {}, out);
}
void AppendIncompleteInput(std::string_view path, std::string* out) {
  AppendReference("incomplete", EncodeField(path), {}, out);
}
void AppendIncompleteNote(std::string_view note, std::string* out) {
  AppendReference("incomplete", note, {}, out);
}

bool ParseReferenceLine(std::string_view line, ReferenceLine* out) {
  using Kind = ReferenceLine::Kind;
  *out = ReferenceLine();
  if (line.empty() || line[0] == '#') return true;
  if (line == "incomplete" || line.rfind("incomplete ", 0) == 0) {
    out->kind = Kind::kIncomplete;
    out->a = line.size() > 11 ? line.substr(11) : "?";
    return true;
  }
  auto f = SplitFields(line);
  if (f.size() == 2 && f[0] == "damaged" && !f[1].empty()) {
    out->kind = Kind::kDamaged;
    out->a = DecodeField(f[1]);
    return true;
  }
  if (std::any_of(f.begin(), f.end(), [](auto s) { return s.empty(); })) return false;
  if (f[0] == "capture" && f.size() == 3) {
    out->kind = Kind::kCapture;
  } else if (f[0] == "payload" && f.size() == 3) {
    out->kind = Kind::kPayload;
  } else if (f[0] == "uri" && f.size() == 2) {
    out->kind = Kind::kUri;
  } else if (f[0] == "record" && f.size() == 2) {
    out->kind = Kind::kRecord;
  } else {
    return false;
  }
  out->a = std::string(f[1]);
  if (f.size() == 3) out->b = std::string(f[2]);
  return true;
}

uint64_t KeyOf(std::initializer_list<std::string_view> fields) {
  std::string joined;
  for (std::string_view f : fields) {
    if (!joined.empty()) joined += ' ';
    joined += f;
  }
  return std::hash<std::string>{}(joined);
}

uint64_t ReferenceSet::Key(char kind, std::string_view a, std::string_view b) {
  return KeyOf({std::string_view(&kind, 1), a, b});
}

base::Status ReferenceSet::LoadFile(const std::string& path) {
  auto source = base::FileSource::Open(path);
  if (!source.ok()) return base::Status::IOError(path + ": " + source.status().message());
  base::Status s = Load(source->get(), path);
  Seal();
  return s;
}

std::string ReferenceSet::ToTimestamp(std::string_view date) { return base::ToTimestamp(date); }

void ReferenceSet::Add(char kind, std::string_view a, std::string_view b) {
  keys_.push_back(Key(kind, a, b));
  if (keys_.size() >= std::max<size_t>(2 * unique_, 1 << 16)) {
    Seal();
    unique_ = keys_.size();
  }
}

std::string ReferenceSet::UriKey(std::string_view uri_field) {
  return url::SurtKey(DecodeField(uri_field));
}

bool ReferenceSet::Has(char kind, std::string_view a, std::string_view b) const {
  return std::binary_search(keys_.begin(), keys_.end(), Key(kind, a, b));
}

void ReferenceSet::Seal() {
  std::sort(keys_.begin(), keys_.end());
  keys_.erase(std::unique(keys_.begin(), keys_.end()), keys_.end());
}

bool ReferenceSet::Refers(std::string_view uri, std::string_view date, std::string_view digest,
                          std::string_view record_id) const {
  if (keys_.empty()) return false;
  const std::string key = UriKey(uri);
  return Has('c', key, ToTimestamp(date)) || Has('p', key, digest) || Has('u', key, "") ||
         (!record_id.empty() && Has('r', StripBrackets(record_id), ""));
}

base::Status ReferenceSet::Load(base::ByteSource* source, const std::string& name) {
  LineReader lines(source);
  std::string line;
  ReferenceLine ref;
  while (lines.Next(&line)) {
    if (!ParseReferenceLine(line, &ref))
      return base::Status::Corruption(name + ": line " + std::to_string(lines.line_number()) +
                                      ": expected \"capture URI DATE\", \"payload URI DIGEST\", "
                                      "\"uri URI\", \"record ID\", \"damaged FILE\" or "
                                      "\"incomplete WHAT\", found \"" +
                                      line.substr(0, 80) + "\"");
    switch (ref.kind) {
      case ReferenceLine::Kind::kBlank:
        break;
      case ReferenceLine::Kind::kIncomplete:
        incomplete_.push_back(std::move(ref.a));
        break;
      case ReferenceLine::Kind::kDamaged:
        damaged_.push_back(std::move(ref.a));
        break;
      case ReferenceLine::Kind::kCapture:
        Add('c', UriKey(ref.a), ToTimestamp(ref.b));
        break;
      case ReferenceLine::Kind::kPayload:
        Add('p', UriKey(ref.a), ref.b);
        break;
      case ReferenceLine::Kind::kUri:
        Add('u', UriKey(ref.a), "");
        break;
      case ReferenceLine::Kind::kRecord:
        Add('r', StripBrackets(ref.a), "");
        break;
    }
  }
  if (!lines.status().ok()) return base::Status::IOError(name + ": " + lines.status().message());
  return base::Status::Ok();
}

base::Status ReadUnreadInputs(base::ByteSource* source, const std::string& name,
                              std::vector<std::string>* out) {
  LineReader lines(source);
  std::string line;
  std::unordered_set<std::string> seen;
  while (lines.Next(&line)) {
    std::string_view rest = line;
    if (rest.starts_with("damaged ")) {
      rest.remove_prefix(8);
    } else if (rest.starts_with("incomplete ")) {
      rest.remove_prefix(11);
    } else {
      continue;
    }
    // "-" and "%2D" stay as written: the list has no empty-field marker.
    std::string f = rest.starts_with("(") || rest == "-" || rest == "%2D" ? std::string(rest)
                                                                          : DecodeField(rest);
    if (seen.insert(f).second) out->push_back(std::move(f));
  }
  if (!lines.status().ok()) return base::Status::IOError(name + ": " + lines.status().message());
  return base::Status::Ok();
}

}  // namespace manifest
