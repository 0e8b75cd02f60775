#include "manifest/sort_key.h"

namespace manifest {
namespace {

std::string_view WithoutNewline(std::string_view line) {
  if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
  return line;
}

}  // namespace

void AppendKeyText(std::string_view field, std::string* key) {
  key->append(field);
  key->push_back('\0');
}

void AppendKeyNumber(uint64_t value, std::string* key) {
  for (int shift = 56; shift >= 0; shift -= 8)
    key->push_back(static_cast<char>((value >> shift) & 0xff));
}

void AppendKeyNumber32(uint32_t value, std::string* key) {
  for (int shift = 24; shift >= 0; shift -= 8)
    key->push_back(static_cast<char>((value >> shift) & 0xff));
}

bool KeyReader::Text(std::string_view* field) {
  size_t end = rest_.find('\0');
  if (end == std::string_view::npos) return false;
  *field = rest_.substr(0, end);
  rest_.remove_prefix(end + 1);
  return true;
}

bool KeyReader::Number(uint64_t* value) {
  if (rest_.size() < 8) return false;
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = v << 8 | static_cast<unsigned char>(rest_[i]);
  *value = v;
  rest_.remove_prefix(8);
  return true;
}

bool KeyReader::Number32(uint32_t* value) {
  if (rest_.size() < 4) return false;
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v = v << 8 | static_cast<unsigned char>(rest_[i]);
  *value = v;
  rest_.remove_prefix(4);
  return true;
}

void AppendFileOrderKey(const Entry& entry, std::string* key) {
  AppendKeyText(entry.file, key);
  AppendKeyNumber(entry.offset, key);
}

void AppendRunOrderKey(const Entry& entry, std::string* key) {
  AppendKeyNumber(entry.ext, key);
  AppendKeyText(entry.date, key);
  AppendFileOrderKey(entry, key);
}

void AppendHostOrderKey(uint32_t host, const Entry& entry, std::string* key) {
  AppendKeyNumber32(host, key);
  AppendFileOrderKey(entry, key);
}

std::string_view LineAfterFileOrderKey(std::string_view record) {
  KeyReader r(record);
  if (!r.SkipText() || !r.SkipNumber()) return {};
  return WithoutNewline(r.rest());
}

std::string_view LineAfterRunOrderKey(std::string_view record) {
  KeyReader r(record);
  if (!r.SkipNumber() || !r.SkipText() || !r.SkipText() || !r.SkipNumber()) return {};
  return WithoutNewline(r.rest());
}

std::string_view LineAfterHostOrderKey(std::string_view record, uint32_t* host) {
  KeyReader r(record);
  if (!r.Number32(host) || !r.SkipText() || !r.SkipNumber()) return {};
  return WithoutNewline(r.rest());
}

}  // namespace manifest
