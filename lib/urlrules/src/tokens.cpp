#include "urlrules/tokens.h"

#include <algorithm>
#include <array>

namespace urlrules {
namespace {

bool IsLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsDigitChar(char c) { return c >= '0' && c <= '9'; }
bool IsAlnumChar(char c) {
  return IsLetter(c) || IsDigitChar(c) || static_cast<unsigned char>(c) >= 0x80;
}

// 1-4 letters then 3 or more digits: "tt0123456", "p123".
bool LooksLikeTypedId(std::string_view t, size_t* letters) {
  size_t i = 0;
  while (i < t.size() && IsLetter(t[i])) ++i;
  if (i == 0 || i > 4 || t.size() - i < 3) return false;
  for (size_t j = i; j < t.size(); ++j)
    if (!IsDigitChar(t[j])) return false;
  *letters = i;
  return true;
}

// Bytes the rules file gives a meaning of its own, or that canonical URLs escape.
bool Reserved(char c) {
  return c == '%' || c == '*' || c == '{' || c == '}' || c == '|' || c == '$' || c == '#' ||
         c == '/' || c == '?' || c == '&' || static_cast<unsigned char>(c) <= 0x20;
}

void SplitArgs(std::string_view query, std::vector<QueryArg>* args) {
  size_t start = 0;
  while (start <= query.size()) {
    size_t amp = query.find('&', start);
    if (amp == std::string_view::npos) amp = query.size();
    std::string_view arg = query.substr(start, amp - start);
    if (!arg.empty()) {
      QueryArg a;
      size_t eq = arg.find('=');
      a.has_eq = eq != std::string_view::npos;
      a.name.assign(arg.substr(0, a.has_eq ? eq : arg.size()));
      if (a.has_eq) a.value.assign(arg.substr(eq + 1));
      args->push_back(std::move(a));
    }
    start = amp + 1;
  }
}

}  // namespace

bool Tokenise(std::string_view url, UrlTokens* out) {
  *out = UrlTokens{};
  size_t colon = url.find("://");
  if (colon == std::string_view::npos || colon == 0) return false;
  out->scheme.assign(url.substr(0, colon));
  std::string_view rest = url.substr(colon + 3);
  size_t path_at = rest.find_first_of("/?");
  out->host.assign(rest.substr(0, path_at));
  if (out->host.empty()) return false;
  if (path_at == std::string_view::npos) return true;
  rest.remove_prefix(path_at);
  size_t q = rest.find('?');
  std::string_view path = rest.substr(0, q);
  size_t start = 1;
  while (start <= path.size() && path.size() > 1) {
    size_t slash = path.find('/', start);
    if (slash == std::string_view::npos) slash = path.size();
    out->segments.emplace_back(path.substr(start, slash - start));
    start = slash + 1;
  }
  if (q != std::string_view::npos) SplitArgs(rest.substr(q + 1), &out->args);
  return true;
}

std::string Join(const UrlTokens& u) {
  std::string s = u.scheme;
  s.append("://").append(u.host).append(1, '/');
  for (size_t i = 0; i < u.segments.size(); ++i) {
    if (i) s.append(1, '/');
    s.append(u.segments[i]);
  }
  for (size_t i = 0; i < u.args.size(); ++i) {
    s.append(1, i ? '&' : '?').append(u.args[i].name);
    if (u.args[i].has_eq) s.append(1, '=').append(u.args[i].value);
  }
  return s;
}

bool IsDelimiterToken(std::string_view t, const Delimiters& d) {
  return t.size() == 1 && d.chars.find(t[0]) != std::string::npos;
}

std::vector<std::string_view> DeepTokens(std::string_view c, const Delimiters& d) {
  std::vector<std::string_view> tokens;
  bool is_delimiter[256] = {};  // one look-up a byte, not a search of d.chars
  for (char ch : d.chars) is_delimiter[static_cast<unsigned char>(ch)] = true;
  size_t start = 0;
  auto word = [&](size_t end) {
    std::string_view w = c.substr(start, end - start);
    size_t letters = 0;
    if (d.letter_digit && LooksLikeTypedId(w, &letters)) {
      tokens.push_back(w.substr(0, letters));
      tokens.push_back(w.substr(letters));
    } else if (!w.empty()) {
      tokens.push_back(w);
    }
  };
  for (size_t i = 0; i < c.size(); ++i) {
    if (!is_delimiter[static_cast<unsigned char>(c[i])]) continue;
    word(i);
    tokens.push_back(c.substr(i, 1));
    start = i + 1;
  }
  word(c.size());
  return tokens;
}

Delimiters LearnDelimiters(const std::vector<std::string>& components, double min_share) {
  std::array<size_t, 256> holders{};
  size_t typed = 0, words = 0;
  for (const std::string& c : components) {
    std::array<bool, 256> seen{};
    for (char ch : c)
      if (!IsAlnumChar(ch)) seen[static_cast<unsigned char>(ch)] = true;
    for (size_t b = 0; b < 256; ++b) holders[b] += seen[b];
  }
  Delimiters d;
  double need = std::max(2.0, min_share * static_cast<double>(components.size()));
  for (size_t b = 0; b < 256; ++b)
    if (holders[b] > 0 && static_cast<double>(holders[b]) >= need &&
        !Reserved(static_cast<char>(b)))
      d.chars.push_back(static_cast<char>(b));
  for (const std::string& c : components)
    for (std::string_view t : DeepTokens(c, d)) {
      size_t letters = 0;
      ++words;
      typed += LooksLikeTypedId(t, &letters);
    }
  d.letter_digit =
      typed >= 2 && static_cast<double>(typed) >= min_share * static_cast<double>(words);
  return d;
}

std::string FormatDelimiters(const Delimiters& d) {
  std::string s = d.chars.empty() ? std::string("none") : d.chars;
  if (d.letter_digit) s.append(1, '#');
  return s;
}

bool ParseDelimiters(std::string_view text, Delimiters* d) {
  *d = Delimiters{};
  if (!text.empty() && text.back() == '#') {
    d->letter_digit = true;
    text.remove_suffix(1);
  }
  if (text == "none" || text.empty()) return true;
  for (char c : text)
    if (IsAlnumChar(c) || Reserved(c)) return false;
  d->chars.assign(text);
  std::sort(d->chars.begin(), d->chars.end());
  return true;
}

}  // namespace urlrules
