// Named header fields in the order they were stored, as in WARC and HTTP
// headers: names compare case-insensitively, repeated fields are all kept.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace warc {

bool EqualsIgnoreCase(std::string_view a, std::string_view b);
bool StartsWithIgnoreCase(std::string_view s, std::string_view prefix);

class HeaderMap {
 public:
  using Field = std::pair<std::string, std::string>;

  void Add(std::string name, std::string value) {
    fields_.emplace_back(std::move(name), std::move(value));
    last_ = fields_.size() - 1;
  }
  void Clear() { fields_.clear(); }
  // Appends text to the value of the field added last (a folded continuation
  // line). REQUIRES: a field was added.
  void AppendToLast(std::string_view text) { fields_[last_].second.append(text); }
  // Joins a folded continuation (already trimmed) to the last field's value
  // with one space, as WARC 1.1 section 4 reads LWS; nothing is added to an
  // empty value or for an empty continuation. REQUIRES: a field was added.
  void ContinueLast(std::string_view text);

  // For parsers: the fields given to Replace() between BeginReplace() and
  // EndReplace() become the map's, reusing the strings it already holds, so
  // that reading record after record allocates little once warm.
  void BeginReplace() { replaced_ = 0; }
  void Replace(std::string_view name, std::string_view value);
  // The number of fields given to Replace() so far.
  size_t replaced() const { return replaced_; }
  void EndReplace() { fields_.resize(replaced_); }
  // The value of the first field with this name.
  std::optional<std::string_view> First(std::string_view name) const;
  // The value when exactly one field has this name; nullopt when none or several.
  std::optional<std::string_view> Sole(std::string_view name) const;
  std::vector<std::string_view> All(std::string_view name) const;
  const std::vector<Field>& fields() const { return fields_; }

 private:
  std::vector<Field> fields_;
  size_t last_ = 0;
  size_t replaced_ = 0;
};

}  // namespace warc
