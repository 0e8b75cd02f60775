// The urlcanon vectors (../shared/urlcanon, iipc/urlcanon testdata) as the
// URL tests read them: a small JSON reader and the folder's files. Shared by
// url_test.cpp and url_urlcanon_test.cpp.
#pragma once

#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace urlcanon_test {

// Just enough JSON for the vectors: objects (members in file order, repeats
// kept), arrays, strings, null. \u00XX is the byte XX, as urlcanon reads it.
struct Json {
  enum Kind { kNull, kString, kArray, kObject } kind = kNull;
  std::string str;
  std::vector<Json> items;
  std::vector<std::pair<std::string, Json>> members;
};

class JsonReader {
 public:
  explicit JsonReader(std::string text) : s_(std::move(text)) {}
  Json Value() {
    Space();
    Json v;
    if (Eat('{')) {
      v.kind = Json::kObject;
      while (Space(), !Eat('}')) {
        Eat(',');
        Space();
        std::string key = String();
        Space();
        Expect(':');
        v.members.emplace_back(std::move(key), Value());
        Space();
      }
    } else if (Eat('[')) {
      v.kind = Json::kArray;
      while (Space(), !Eat(']')) {
        Eat(',');
        v.items.push_back(Value());
        Space();
      }
    } else if (s_.compare(pos_, 4, "null") == 0) {
      pos_ += 4;
    } else {
      v.kind = Json::kString;
      v.str = String();
    }
    return v;
  }

 private:
  void Space() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  bool Eat(char c) {
    if (pos_ < s_.size() && s_[pos_] == c) return ++pos_, true;
    return false;
  }
  void Expect(char c) {
    if (!Eat(c))
      throw std::runtime_error("JSON: expected '" + std::string(1, c) + "' at " +
                               std::to_string(pos_));
  }
  void Utf8(uint32_t cp, std::string* out) {
    if (cp < 0x100) {
      *out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      *out += static_cast<char>(0xc0 | (cp >> 6));
      *out += static_cast<char>(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      *out += static_cast<char>(0xe0 | (cp >> 12));
      *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      *out += static_cast<char>(0x80 | (cp & 0x3f));
    } else {
      *out += static_cast<char>(0xf0 | (cp >> 18));
      *out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
      *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      *out += static_cast<char>(0x80 | (cp & 0x3f));
    }
  }
  std::string String() {
    Expect('"');
    std::string out;
    while (pos_ < s_.size() && s_[pos_] != '"') {
      char c = s_[pos_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      char e = pos_ < s_.size() ? s_[pos_++] : '\\';
      if (e == 'u') {
        uint32_t cp = std::stoul(s_.substr(pos_, 4), nullptr, 16);
        pos_ += 4;
        if (cp >= 0xd800 && cp < 0xdc00 && s_.compare(pos_, 2, "\\u") == 0) {  // a surrogate pair
          uint32_t lo = std::stoul(s_.substr(pos_ + 2, 4), nullptr, 16);
          pos_ += 6;
          cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        }
        Utf8(cp, &out);
        continue;
      }
      static const std::map<char, char> kEscapes = {
          {'n', '\n'}, {'t', '\t'}, {'r', '\r'}, {'b', '\b'}, {'f', '\f'}};
      auto it = kEscapes.find(e);
      out += it == kEscapes.end() ? e : it->second;
    }
    Expect('"');
    return out;
  }
  std::string s_;
  size_t pos_ = 0;
};

// The folder: $WARCDEDUP_URLCANON_DIR when set (a worktree outside the
// project's parent folder), else the build's ../shared/urlcanon.
inline std::optional<Json> Vectors(const std::string& name) {
  const char* dir = std::getenv("WARCDEDUP_URLCANON_DIR");
  std::ifstream in(std::filesystem::path(dir ? dir : WARCDEDUP_URLCANON_DIR) / name,
                   std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  return JsonReader(text.str()).Value();
}

}  // namespace urlcanon_test
