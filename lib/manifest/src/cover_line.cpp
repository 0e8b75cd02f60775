#include "manifest/cover_line.h"

#include <charconv>
#include <vector>

#include "manifest/fields.h"

namespace manifest {

namespace {

bool ParseUint(std::string_view text, uint64_t* value) {
  if (text.empty()) return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *value);
  return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

std::string FormatCoverLine(const CoverLine& line) {
  std::string out = FormatLine(line.key);
  if (line.keep) return out + " keep";
  out += " covered-by ";
  out += line.by_file;
  out += ' ';
  out += std::to_string(line.by_offset);
  out += ' ';
  out += line.measures;
  return out;
}

bool IsCoverLine(std::string_view line) {
  std::vector<std::string_view> f;
  SplitFields(line, &f);
  return f.size() >= 7 && (f[6] == "keep" || f[6] == "covered-by");
}

base::Result<CoverLine> ParseCoverLine(std::string_view text) {
  const std::vector<std::string_view> f = SplitFields(text);
  if (f.size() != 7 && f.size() != 12) {
    return base::Status::InvalidArgument(
        "expected 7 fields (... keep) or 12 (... covered-by FILE "
        "OFFSET CONTAINMENT JACCARD DICE), found " +
        std::to_string(f.size()));
  }
  std::string six;
  JoinFields({f[0], f[1], f[2], f[3], f[4], f[5]}, &six);
  auto key = ParseLine(six);
  if (!key.ok()) return key.status();
  CoverLine line;
  line.key = std::move(*key);
  if (f.size() == 7 && f[6] == "keep") return line;
  if (f.size() == 12 && f[6] == "covered-by") {
    line.keep = false;
    line.by_file = std::string(f[7]);
    if (line.by_file.empty()) {
      return base::Status::InvalidArgument("field 8 (covering file): empty");
    }
    if (!ParseUint(f[8], &line.by_offset)) {
      return base::Status::InvalidArgument(
          "field 9 (covering offset): expected a decimal number, found \"" + std::string(f[8]) +
          "\"");
    }
    JoinFields({f[9], f[10], f[11]}, &line.measures);
    return line;
  }
  return base::Status::InvalidArgument(
      "field 7: expected keep (7 fields) or covered-by (12 "
      "fields), found \"" +
      std::string(f[6]) + "\"");
}

}  // namespace manifest
