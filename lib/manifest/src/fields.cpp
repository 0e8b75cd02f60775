#include "manifest/fields.h"

namespace manifest {

const char* FieldName(Field f) {
  static const char* const kNames[] = {"file",   "offset", "length", "uri",     "date",
                                       "digest", "ext",    "copy",   "ref-uri", "ref-date"};
  return kNames[FieldIndex(f)];
}

bool ShapeOfFieldCount(size_t count, Shape* shape) {
  if (count != 6 && count != 7 && count != 10) return false;
  *shape = static_cast<Shape>(count);
  return true;
}

void SplitFields(std::string_view line, std::vector<std::string_view>* fields) {
  fields->clear();
  size_t pos = 0;
  for (;;) {
    size_t space = line.find(' ', pos);
    fields->push_back(line.substr(pos, space == std::string_view::npos ? line.npos : space - pos));
    if (space == std::string_view::npos) return;
    pos = space + 1;
  }
}

std::vector<std::string_view> SplitFields(std::string_view line) {
  std::vector<std::string_view> fields;
  SplitFields(line, &fields);
  return fields;
}

std::string_view LeadingFields(std::string_view line, int n) {
  size_t pos = 0;
  for (int i = 0; i < n; ++i) {
    size_t space = line.find(' ', pos);
    if (space == std::string_view::npos) return line;
    pos = space + 1;
  }
  return line.substr(0, pos);
}

std::string_view FieldsAfter(std::string_view line, int n) {
  std::string_view lead = LeadingFields(line, n);
  if (lead.size() == line.size() && (n > 0 && (lead.empty() || lead.back() != ' '))) return {};
  return line.substr(lead.size());
}

void JoinFields(std::initializer_list<std::string_view> fields, std::string* out) {
  out->clear();
  bool first = true;
  for (std::string_view f : fields) {
    if (!first) out->push_back(' ');
    out->append(f);
    first = false;
  }
}

}  // namespace manifest
