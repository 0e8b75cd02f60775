#include "cover/cover_file.h"

#include <charconv>
#include <vector>

#include "manifest/fields.h"

namespace cover {

namespace {

double Ratio(uint64_t num, uint64_t den) {
  return den == 0 ? 0 : static_cast<double>(num) / static_cast<double>(den);
}

// num/den rounded down to 4 decimals, as "0.8125" (exact: integers only).
void AppendFloor4(uint64_t num, uint64_t den, std::string* out) {
  if (den == 0) num = 0, den = 1;
  const uint64_t scaled = num * 10000 / den;  // num <= 2 den: no overflow below 2^49
  *out += std::to_string(scaled / 10000);
  *out += '.';
  const std::string frac = std::to_string(scaled % 10000);
  out->append(4 - frac.size(), '0');
  *out += frac;
}

bool ParseUint(std::string_view text, uint64_t* value) {
  if (text.empty()) return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *value);
  return ec == std::errc() && end == text.data() + text.size();
}

bool Empty(const Overlap& o) { return o.size_a == 0 || o.size_b == 0; }

}  // namespace

double Overlap::containment() const { return Empty(*this) ? 0 : Ratio(common, size_a); }
double Overlap::jaccard() const {
  return Empty(*this) ? 0 : Ratio(common, size_a + size_b - common);
}
double Overlap::dice() const { return Empty(*this) ? 0 : Ratio(2 * common, size_a + size_b); }

std::string MeasuresText(const Overlap& o) {
  std::string out;
  const bool empty = Empty(o);
  AppendFloor4(empty ? 0 : o.common, o.size_a, &out);
  out += ' ';
  AppendFloor4(empty ? 0 : o.common, o.size_a + o.size_b - o.common, &out);
  out += ' ';
  AppendFloor4(empty ? 0 : 2 * o.common, o.size_a + o.size_b, &out);
  return out;
}

std::string FormatCoverLine(const CoverLine& line) {
  std::string out = manifest::FormatLine(line.key);
  if (line.keep) return out + " keep";
  out += " covered-by ";
  out += line.by_file;
  out += ' ';
  out += std::to_string(line.by_offset);
  out += ' ';
  out += MeasuresText(line.overlap);
  return out;
}

base::Result<CoverLine> ParseCoverLine(std::string_view text) {
  const std::vector<std::string_view> f = manifest::SplitFields(text);
  if (f.size() != 7 && f.size() != 12) {
    return base::Status::InvalidArgument(
        "expected 7 fields (... keep) or 12 (... covered-by FILE "
        "OFFSET CONTAINMENT JACCARD DICE), found " +
        std::to_string(f.size()));
  }
  std::string six;
  manifest::JoinFields({f[0], f[1], f[2], f[3], f[4], f[5]}, &six);
  auto key = manifest::ParseLine(six);
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
    line.measures_text = std::string(f[9]) + ' ' + std::string(f[10]) + ' ' + std::string(f[11]);
    return line;
  }
  return base::Status::InvalidArgument(
      "field 7: expected keep (7 fields) or covered-by (12 "
      "fields), found \"" +
      std::string(f[6]) + "\"");
}

}  // namespace cover
