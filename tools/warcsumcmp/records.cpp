#include "records.h"

#include <charconv>
#include <initializer_list>
#include <vector>

#include "conversion.h"
#include "manifest/fields.h"

namespace warcsumcmp {
namespace {

// Splits record at ' ' into the fields pointed to, in order (fields beyond
// the record's stay empty).
void Split(std::string_view record, std::initializer_list<std::string_view*> fields) {
  std::vector<std::string_view> split = manifest::SplitFields(record);
  size_t i = 0;
  for (std::string_view* field : fields)
    if (i < split.size()) *field = split[i++];
}

void Join(std::string* out, std::initializer_list<std::string_view> fields) {
  manifest::JoinFields(fields, out);
}

}  // namespace

std::string_view Key(std::string_view record, int n) { return manifest::LeadingFields(record, n); }

void MainRecord::Format(const manifest::Entry& e, bool processed, std::string* out) {
  const std::string offset = std::to_string(e.offset);
  if (processed) {
    const std::string copy = std::to_string(e.copy);
    Join(out, {e.file, e.uri, e.date, e.digest, offset, copy, e.ref_uri, e.ref_date});
  } else {
    Join(out, {e.file, e.uri, e.date, e.digest, offset});
  }
}

MainRecord MainRecord::Parse(std::string_view record) {
  MainRecord r;
  Split(record, {&r.file, &r.uri, &r.date, &r.digest, &r.offset, &r.copy, &r.ref_uri, &r.ref_date});
  return r;
}

void MainRecord::FormatConversion(const manifest::Entry& e, std::string* out) {
  const std::string_view stem = FileStem(e.file);
  const std::string uri_key = UriKey(e.uri);
  const std::string offset = std::to_string(e.offset);
  Join(out, {stem, uri_key, e.date, e.digest, offset, std::string_view(e.file).substr(stem.size()),
             uri_key == e.uri ? std::string_view() : std::string_view(e.uri)});
}

MainRecord MainRecord::ParseConversion(std::string_view record) {
  MainRecord r;
  Split(record, {&r.file, &r.uri, &r.date, &r.digest, &r.offset, &r.suffix, &r.written_uri});
  return r;
}

std::string MainRecord::WrittenFile() const {
  std::string out(file);
  out.append(suffix);
  return out;
}

std::string MainRecord::Describe() const {
  std::string out;
  Join(&out, {WrittenFile(), WrittenUri(), date, digest});
  return out;
}

uint64_t MainRecord::CopyNumber() const {
  uint64_t v = 0;
  std::from_chars(copy.data(), copy.data() + copy.size(), v);
  return v;
}

void UriRecord::Format(const manifest::Entry& e, std::string* out) {
  Join(out, {e.uri, e.date, e.digest, ""});
}

UriRecord UriRecord::Parse(std::string_view record) {
  UriRecord r;
  Split(record, {&r.uri, &r.date, &r.digest});
  return r;
}

void RefRecord::Format(const MainRecord& processed, const MainRecord& before, std::string* out) {
  Join(out, {processed.ref_uri, processed.ref_date, before.digest, before.file, before.uri,
             before.date, before.offset});
}

RefRecord RefRecord::Parse(std::string_view record) {
  RefRecord r;
  Split(record, {&r.ref_uri, &r.ref_date, &r.digest, &r.file, &r.uri, &r.date, &r.offset});
  return r;
}

}  // namespace warcsumcmp
