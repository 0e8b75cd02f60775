#include "toolcommon/size.h"

#include <charconv>

namespace toolcommon {

std::optional<uint64_t> ParseSize(std::string_view text) {
  size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits == 0) return std::nullopt;
  uint64_t value = 0;
  auto res = std::from_chars(text.data(), text.data() + digits, value);
  if (res.ec != std::errc()) return std::nullopt;  // too large
  std::string_view suffix = text.substr(digits);
  int shift = 0;
  if (!suffix.empty()) {
    switch (suffix[0]) {
      case 'k':
      case 'K':
        shift = 10;
        break;
      case 'm':
      case 'M':
        shift = 20;
        break;
      case 'g':
      case 'G':
        shift = 30;
        break;
      case 't':
      case 'T':
        shift = 40;
        break;
      case 'b':
      case 'B':
        shift = -1;
        break;
      default:
        return std::nullopt;
    }
    suffix.remove_prefix(1);
    if (shift < 0) {
      shift = 0;
      if (!suffix.empty()) return std::nullopt;  // "8B" only
    } else if (!(suffix.empty() || suffix == "B" || suffix == "iB")) {
      return std::nullopt;
    }
  }
  if (shift && value > (UINT64_MAX >> shift)) return std::nullopt;
  return value << shift;
}

}  // namespace toolcommon
