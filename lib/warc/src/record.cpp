#include "warc/record.h"

namespace warc {

RecordType ParseRecordType(std::string_view name) {
  static const struct {
    const char* name;
    RecordType type;
  } kTypes[] = {{"warcinfo", kWarcinfo},     {"response", kResponse},
                {"resource", kResource},     {"request", kRequest},
                {"metadata", kMetadata},     {"revisit", kRevisit},
                {"conversion", kConversion}, {"continuation", kContinuation}};
  for (const auto& t : kTypes)
    if (EqualsIgnoreCase(name, t.name)) return t.type;
  return kUnknownType;
}

std::optional<uint32_t> ParseRecordTypeList(std::string_view list) {
  uint32_t mask = 0;
  // Every item must name a type, the empty ones too: "response," and ""
  // are as wrong as "response,bogus".
  for (;;) {
    size_t comma = list.find(',');
    RecordType type = ParseRecordType(list.substr(0, comma));
    if (type == kUnknownType) return std::nullopt;
    mask |= type;
    if (comma == std::string_view::npos) return mask;
    list.remove_prefix(comma + 1);
  }
}

bool Record::HasHttpBlock() const {
  if (format == FileFormat::kArc)
    return StartsWithIgnoreCase(TargetUri(), "http:") ||
           StartsWithIgnoreCase(TargetUri(), "https:");
  if (auto content_type = headers.First("Content-Type"))
    return StartsWithIgnoreCase(*content_type, "application/http");
  return StartsWithIgnoreCase(TargetUri(), "http:") || StartsWithIgnoreCase(TargetUri(), "https:");
}

}  // namespace warc
