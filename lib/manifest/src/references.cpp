#include "manifest/references.h"

#include <algorithm>
#include <functional>

#include "manifest/entry.h"
#include "manifest/reader.h"
#include "url/canon.h"

namespace manifest {
namespace {

std::vector<std::string_view> SplitSpaces(std::string_view line) {
  std::vector<std::string_view> fields;
  size_t pos = 0;
  while (pos <= line.size()) {
    size_t space = line.find(' ', pos);
    if (space == std::string_view::npos) space = line.size();
    fields.push_back(line.substr(pos, space - pos));
    pos = space + 1;
  }
  return fields;
}

std::string_view StripBrackets(std::string_view id) {
  return id.size() >= 2 && id.front() == '<' && id.back() == '>' ? id.substr(1, id.size() - 2) : id;
}

}  // namespace

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

std::string ReferenceSet::ToTimestamp(std::string_view date) {
  std::string digits;
  for (char c : date) {
    if (digits.size() == 14) break;
    if (c >= '0' && c <= '9') digits += c;
  }
  digits.resize(14, '0');
  return digits;
}

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
  while (lines.Next(&line)) {
    if (line.empty() || line[0] == '#') continue;
    if (line == "incomplete" || line.rfind("incomplete ", 0) == 0) {
      incomplete_.push_back(line.size() > 11 ? line.substr(11) : "?");
      continue;
    }
    auto f = SplitSpaces(line);
    if (f.size() == 2 && f[0] == "damaged" && !f[1].empty()) {
      damaged_.push_back(DecodeField(f[1]));
      continue;
    }
    bool ok = !f.empty() && std::none_of(f.begin(), f.end(), [](auto s) { return s.empty(); });
    if (ok && f[0] == "capture" && f.size() == 3) {
      Add('c', UriKey(f[1]), ToTimestamp(f[2]));
    } else if (ok && f[0] == "payload" && f.size() == 3) {
      Add('p', UriKey(f[1]), f[2]);
    } else if (ok && f[0] == "uri" && f.size() == 2) {
      Add('u', UriKey(f[1]), "");
    } else if (ok && f[0] == "record" && f.size() == 2) {
      Add('r', StripBrackets(f[1]), "");
    } else {
      return base::Status::Corruption(name + ": line " + std::to_string(lines.line_number()) +
                                      ": expected \"capture URI DATE\", \"payload URI DIGEST\", "
                                      "\"uri URI\", \"record ID\", \"damaged FILE\" or "
                                      "\"incomplete WHAT\", found \"" +
                                      line.substr(0, 80) + "\"");
    }
  }
  if (!lines.status().ok()) return base::Status::IOError(name + ": " + lines.status().message());
  return base::Status::Ok();
}

}  // namespace manifest
