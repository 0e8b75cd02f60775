#include "warc/header_map.h"

namespace warc {

static char Lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (Lower(a[i]) != Lower(b[i])) return false;
  return true;
}

bool StartsWithIgnoreCase(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && EqualsIgnoreCase(s.substr(0, prefix.size()), prefix);
}

void HeaderMap::Replace(std::string_view name, std::string_view value) {
  if (replaced_ < fields_.size()) {
    fields_[replaced_].first.assign(name);
    fields_[replaced_].second.assign(value);
  } else {
    fields_.emplace_back(std::string(name), std::string(value));
  }
  last_ = replaced_++;
}

void HeaderMap::ContinueLast(std::string_view text) {
  if (text.empty()) return;
  std::string& value = fields_[last_].second;
  if (!value.empty()) value += ' ';
  value.append(text);
}

std::optional<std::string_view> HeaderMap::First(std::string_view name) const {
  for (const auto& f : fields_)
    if (EqualsIgnoreCase(f.first, name)) return std::string_view(f.second);
  return std::nullopt;
}

std::optional<std::string_view> HeaderMap::Sole(std::string_view name) const {
  std::optional<std::string_view> found;
  for (const auto& f : fields_) {
    if (!EqualsIgnoreCase(f.first, name)) continue;
    if (found) return std::nullopt;
    found = f.second;
  }
  return found;
}

std::vector<std::string_view> HeaderMap::All(std::string_view name) const {
  std::vector<std::string_view> values;
  for (const auto& f : fields_)
    if (EqualsIgnoreCase(f.first, name)) values.push_back(f.second);
  return values;
}

}  // namespace warc
