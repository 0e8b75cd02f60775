#include "cover/overlap.h"

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

}  // namespace cover
