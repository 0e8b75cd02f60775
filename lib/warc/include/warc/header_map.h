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
  }
  void Clear() { fields_.clear(); }
  // Appends text to the last field's value (a folded continuation line).
  // REQUIRES: at least one field.
  void AppendToLast(std::string_view text) { fields_.back().second.append(text); }
  // The value of the first field with this name.
  std::optional<std::string_view> First(std::string_view name) const;
  // The value when exactly one field has this name; nullopt when none or several.
  std::optional<std::string_view> Sole(std::string_view name) const;
  std::vector<std::string_view> All(std::string_view name) const;
  const std::vector<Field>& fields() const { return fields_; }

 private:
  std::vector<Field> fields_;
};

}  // namespace warc
