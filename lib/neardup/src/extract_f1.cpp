// TokenF1: the extraction measurement (neardup/extract.h).
#include <string>
#include <unordered_map>

#include "extract_methods.h"
#include "neardup/extract.h"

namespace neardup {

namespace {

bool IsTokenByte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80;
}

// A CJK character (3-byte UTF-8 from U+3000 to U+DFFF) is a token of its own.
bool IsCjkLead(unsigned char c) { return c >= 0xE3 && c <= 0xED; }

// Calls f(token) for each maximal run of token bytes, ASCII lower-cased, and
// for each CJK character.
template <typename F>
size_t ForEachToken(std::string_view text, F f) {
  size_t count = 0;
  std::string token;
  for (size_t i = 0; i < text.size();) {
    if (!IsTokenByte(text[i])) {
      ++i;
      continue;
    }
    token.clear();
    if (IsCjkLead(text[i])) {
      token.assign(text.substr(i, 3));
      i += 3;
      f(token);
      ++count;
      continue;
    }
    for (; i < text.size() && IsTokenByte(text[i]) && !IsCjkLead(text[i]); ++i) {
      const char c = text[i];
      token.push_back((c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c);
    }
    f(token);
    ++count;
  }
  return count;
}

}  // namespace

std::vector<std::string> Tokens(std::string_view text) {
  std::vector<std::string> tokens;
  ForEachToken(text, [&](const std::string& t) { tokens.push_back(t); });
  return tokens;
}

double TokenF1(std::string_view extracted, std::string_view truth) {
  std::unordered_map<std::string, long> bag;
  const size_t truth_tokens = ForEachToken(truth, [&](const std::string& t) { ++bag[t]; });
  long common = 0;
  const size_t extracted_tokens = ForEachToken(extracted, [&](const std::string& t) {
    auto it = bag.find(t);
    if (it != bag.end() && it->second > 0) {
      --it->second;
      ++common;
    }
  });
  if (truth_tokens == 0 && extracted_tokens == 0) return 1;
  if (common == 0) return 0;
  const double precision = static_cast<double>(common) / extracted_tokens;
  const double recall = static_cast<double>(common) / truth_tokens;
  return 2 * precision * recall / (precision + recall);
}

}  // namespace neardup
