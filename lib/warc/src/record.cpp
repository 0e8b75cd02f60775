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
  if (format == FileFormat::kArc) return false;  // known from the block only (PayloadStream)
  if (auto content_type = headers.First("Content-Type"))
    return StartsWithIgnoreCase(*content_type, "application/http");
  return StartsWithIgnoreCase(TargetUri(), "http:") || StartsWithIgnoreCase(TargetUri(), "https:");
}

std::string TargetUriOfArcUrl(std::string_view url) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(url.size());
  for (char c : url) {
    auto byte = static_cast<unsigned char>(c);
    if (byte <= 0x20 || byte == 0x7f) {
      out += '%';
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace warc
