#include "urlrules/pairwise.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace urlrules {
namespace {

size_t UrlBytes(const UrlTokens& u) {
  size_t n = u.host.size();
  for (const std::string& s : u.segments) n += s.size() + 1;
  for (const QueryArg& a : u.args) n += a.name.size() + a.value.size() + 2;
  return n;
}

// The pieces of one target text: a reference to the source where the
// source holds the same text (a whole component, a deep token, an
// argument's value), a literal otherwise.
class Referencer {
 public:
  Referencer(const UrlTokens& s, const Delimiters& d) : s_(s), d_(d) {
    for (const std::string& c : s.segments) tokens_.push_back(DeepTokens(c, d));
  }

  // A target component; `near` is the source component expected at its place.
  std::vector<Part> Component(const std::string& text, size_t near) const {
    if (int i = FindComponent(text, near); i >= 0) return {Part{Part::Kind::kComponent, "", i, 0}};
    for (const QueryArg& a : s_.args)
      if (a.value == text) return {Part{Part::Kind::kArg, a.name, 0, 0}};
    // Built from the source's deep tokens ("friends" of "friends-k9Xz"), or else a literal.
    std::vector<Part> parts;
    for (std::string_view token : DeepTokens(text, d_))
      if (!Append(token, near, &parts)) return {Part{Part::Kind::kLiteral, text, 0, 0}};
    return parts;
  }

  std::vector<Part> ArgValue(const QueryArg& a) const {
    for (const QueryArg& sa : s_.args)
      if (sa.name == a.name && sa.value == a.value) return {Part{Part::Kind::kArg, a.name, 0, 0}};
    if (a.value.empty()) return {};
    for (const QueryArg& sa : s_.args)
      if (sa.value == a.value) return {Part{Part::Kind::kArg, sa.name, 0, 0}};
    if (int i = FindComponent(a.value, 0); i >= 0) return {Part{Part::Kind::kComponent, "", i, 0}};
    return {Part{Part::Kind::kLiteral, a.value, 0, 0}};
  }

 private:
  int FindComponent(std::string_view text, size_t near) const {
    int best = -1;
    size_t best_distance = 0;
    for (size_t i = 0; i < s_.segments.size(); ++i) {
      if (s_.segments[i] != text) continue;
      size_t distance = i > near ? i - near : near - i;
      if (best < 0 || distance < best_distance)
        best = static_cast<int>(i), best_distance = distance;
    }
    return best;
  }

  // Appends a reference to the source's token; false when it has none.
  bool Append(std::string_view token, size_t near, std::vector<Part>* parts) const {
    if (IsDelimiterToken(token, d_)) {
      parts->push_back(Part{Part::Kind::kLiteral, std::string(token), 0, 0});
      return true;
    }
    for (size_t step = 0; step <= tokens_.size(); ++step)
      for (size_t i : {near + step, near - step}) {
        if (i >= tokens_.size() || (step == 0 && i != near)) continue;
        for (size_t t = 0; t < tokens_[i].size(); ++t)
          if (tokens_[i][t] == token) {
            parts->push_back(
                Part{Part::Kind::kToken, "", static_cast<int>(i), static_cast<int>(t)});
            return true;
          }
      }
    return false;
  }

  const UrlTokens& s_;
  const Delimiters& d_;
  std::vector<std::vector<std::string_view>> tokens_;
};

}  // namespace

size_t SelectTarget(const std::vector<UrlTokens>& urls) {
  auto rank = [&](size_t i) {
    const UrlTokens& u = urls[i];
    return std::make_tuple(u.args.size(), u.segments.size(), UrlBytes(u), Join(u));
  };
  size_t best = 0;
  for (size_t i = 1; i < urls.size(); ++i)
    if (rank(i) < rank(best)) best = i;
  return best;
}

std::string ShapeKey(const UrlTokens& u) {
  std::string key = u.host;
  key.append("\t").append(std::to_string(u.segments.size())).append("\t");
  for (size_t i = 0; i < u.args.size(); ++i) key.append(i ? "," : "").append(u.args[i].name);
  return key;
}

std::vector<size_t> SelectSources(const std::vector<UrlTokens>& urls, size_t target,
                                  size_t max_sources) {
  std::vector<size_t> first, rest;
  std::set<std::string> shapes;
  for (size_t i = 0; i < urls.size(); ++i) {
    if (i == target) continue;
    (shapes.insert(ShapeKey(urls[i])).second ? first : rest).push_back(i);
  }
  first.insert(first.end(), rest.begin(), rest.end());
  if (first.size() > max_sources) first.resize(max_sources);
  return first;
}

Template MakeTemplate(const UrlTokens& s, const UrlTokens& t, const Delimiters& d) {
  Template out;
  if (t.host != s.host) out.host = t.host;
  Referencer ref(s, d);
  // Components are expected at the same distance from the path's end when the
  // source is longer (a prefix dropped), from its start otherwise.
  size_t shift = s.segments.size() > t.segments.size() ? s.segments.size() - t.segments.size() : 0;
  for (size_t i = 0; i < t.segments.size(); ++i)
    out.path.push_back(ref.Component(t.segments[i], i + shift));
  for (const QueryArg& a : t.args) out.args.push_back(TargetArg{a.name, ref.ArgValue(a)});
  return out;
}

}  // namespace urlrules
