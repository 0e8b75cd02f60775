#include "manifest/order.h"

#include <algorithm>

namespace manifest {
namespace {

int Sign(int v) { return (v > 0) - (v < 0); }
int CompareNumber(uint64_t a, uint64_t b) { return (a > b) - (a < b); }
// std::string_view::compare is memcmp order: unsigned bytes, a prefix first,
// which is what sort does under LC_ALL=C.
int CompareBytes(std::string_view a, std::string_view b) { return Sign(a.compare(b)); }

}  // namespace

int CompareDigestOrder(const Entry& a, const Entry& b) { return CompareBytes(a.digest, b.digest); }

int CompareProcOrder(const Entry& a, const Entry& b) {
  if (int c = CompareBytes(a.digest, b.digest)) return c;
  if (int c = CompareNumber(a.ext, b.ext)) return c;
  if (int c = CompareBytes(a.date, b.date)) return c;
  if (int c = CompareBytes(a.file, b.file)) return c;
  return CompareNumber(a.offset, b.offset);
}

int CompareFileOrder(const Entry& a, const Entry& b) {
  if (int c = CompareBytes(a.file, b.file)) return c;
  return CompareNumber(a.offset, b.offset);
}

}  // namespace manifest
