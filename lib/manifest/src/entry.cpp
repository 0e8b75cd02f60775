#include "manifest/entry.h"

#include <charconv>
#include <vector>

namespace manifest {
namespace {

bool NeedsEncoding(unsigned char c) { return c <= 0x20 || c >= 0x7f; }

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// A field that is exactly "-" means empty; a value that is exactly "-" is
// written as this instead (and decoded back from it).
constexpr std::string_view kDash = "%2D";

// The byte that "%XX" at s[i] stands for in a field, or -1 if it stays literal.
int EncodedByteAt(std::string_view s, size_t i) {
  if (i == 0 && s == kDash) return '-';
  if (i + 2 >= s.size() || s[i] != '%') return -1;
  int hi = HexValue(s[i + 1]), lo = HexValue(s[i + 2]);
  if (hi < 0 || lo < 0) return -1;
  int byte = hi * 16 + lo;
  return NeedsEncoding(static_cast<unsigned char>(byte)) || byte == '%' ? byte : -1;
}

void AppendEncoded(std::string_view raw, std::string* out) {
  if (raw.empty() || raw == "-") {
    out->append(raw.empty() ? "-" : kDash);
    return;
  }
  static const char kHex[] = "0123456789ABCDEF";
  for (size_t i = 0; i < raw.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(raw[i]);
    if (NeedsEncoding(c) || (c == '%' && EncodedByteAt(raw, i) >= 0)) {
      out->push_back('%');
      out->push_back(kHex[c >> 4]);
      out->push_back(kHex[c & 15]);
    } else {
      out->push_back(static_cast<char>(c));
    }
  }
}

void AppendNumber(uint64_t v, std::string* out) {
  char buf[24];
  auto res = std::to_chars(buf, buf + sizeof buf, v);
  out->append(buf, res.ptr);
}

std::string Quote(std::string_view s) {
  std::string q = "\"";
  q.append(s.substr(0, 60));
  if (s.size() > 60) q += "...";
  return q + "\"";
}

base::Status FieldError(size_t index, const std::string& what) {
  return base::Status::InvalidArgument("field " + std::to_string(index + 1) + " (" +
                                       FieldName(static_cast<Field>(index)) + "): " + what);
}

bool ParseNumber(std::string_view s, uint64_t* v) {
  if (s.empty() || s.size() > 20) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  auto res = std::from_chars(s.data(), s.data() + s.size(), *v);
  return res.ec == std::errc() && res.ptr == s.data() + s.size();
}

bool ValidDigest(std::string_view s) {
  size_t colon = s.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon + 1 == s.size()) return false;
  for (size_t i = 0; i < colon; ++i)
    if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9'))) return false;
  for (size_t i = colon + 1; i < s.size(); ++i)
    if (!((s[i] >= 'a' && s[i] <= 'f') || (s[i] >= '0' && s[i] <= '9'))) return false;
  return (s.size() - colon - 1) % 2 == 0;
}

}  // namespace

bool Entry::operator==(const Entry& o) const {
  return file == o.file && offset == o.offset && length == o.length && uri == o.uri &&
         date == o.date && digest == o.digest && fields_count == o.fields_count &&
         (fields_count < 7 || ext == o.ext) &&
         (fields_count < 10 || (copy == o.copy && ref_uri == o.ref_uri && ref_date == o.ref_date));
}

std::string EncodeField(std::string_view raw) {
  std::string out;
  AppendEncoded(raw, &out);
  return out;
}

std::string DecodeField(std::string_view field) {
  if (field == "-") return "";
  if (field.find('%') == std::string_view::npos) return std::string(field);  // nothing encoded
  std::string out;
  for (size_t i = 0; i < field.size(); ++i) {
    int byte = EncodedByteAt(field, i);
    if (byte >= 0) {
      out.push_back(static_cast<char>(byte));
      i += 2;
    } else {
      out.push_back(field[i]);
    }
  }
  return out;
}

void AppendLine(const Entry& e, std::string* out) {
  out->append(e.file);
  out->push_back(' ');
  AppendNumber(e.offset, out);
  out->push_back(' ');
  AppendNumber(e.length, out);
  out->push_back(' ');
  out->append(e.uri);
  out->push_back(' ');
  out->append(e.date);
  out->push_back(' ');
  out->append(e.digest);
  if (e.fields_count >= 7) {
    out->push_back(' ');
    AppendNumber(e.ext, out);
  }
  if (e.fields_count >= 10) {
    out->push_back(' ');
    AppendNumber(e.copy, out);
    out->push_back(' ');
    out->append(e.copy == 1 ? "-" : e.ref_uri);
    out->push_back(' ');
    out->append(e.copy == 1 ? "-" : e.ref_date);
  }
  out->push_back('\n');
}

std::string FormatLine(const Entry& entry) {
  std::string line;
  AppendLine(entry, &line);
  line.pop_back();
  return line;
}

base::Result<Entry> ParseLine(std::string_view line) {
  std::vector<std::string_view> fields;
  SplitFields(line, &fields);
  for (size_t i = 0; i < fields.size(); ++i) {
    std::string_view field = fields[i];
    if (field.empty())
      return base::Status::InvalidArgument("field " + std::to_string(i + 1) +
                                           ": empty (fields are separated by exactly one space)");
    for (char c : field) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
        return base::Status::InvalidArgument("field " + std::to_string(i + 1) +
                                             ": contains a control character");
      // A writer percent-encodes these, so a raw one would not survive a
      // read-write round trip: the line was not written by a manifest writer.
      if (static_cast<unsigned char>(c) >= 0x80)
        return base::Status::InvalidArgument(
            "field " + std::to_string(i + 1) +
            ": contains a non-ASCII byte (must be percent-encoded)");
    }
  }
  Shape shape;
  if (!ShapeOfFieldCount(fields.size(), &shape))
    return base::Status::InvalidArgument("expected 6, 7 or 10 fields, found " +
                                         std::to_string(fields.size()));
  Entry e;
  e.set_shape(shape);
  e.file = std::string(fields[0]);
  if (!ParseNumber(fields[1], &e.offset))
    return FieldError(1, "expected a decimal number, found " + Quote(fields[1]));
  if (!ParseNumber(fields[2], &e.length))
    return FieldError(2, "expected a decimal number, found " + Quote(fields[2]));
  e.uri = std::string(fields[3]);
  e.date = std::string(fields[4]);
  if (!ValidDigest(fields[5]))
    return FieldError(5, "expected algorithm:lowercasehex, found " + Quote(fields[5]));
  e.digest = std::string(fields[5]);
  if (e.fields_count >= 7 && !ParseNumber(fields[6], &e.ext))
    return FieldError(6, "expected a decimal number, found " + Quote(fields[6]));
  if (e.fields_count == 10) {
    if (!ParseNumber(fields[7], &e.copy) || e.copy == 0)
      return FieldError(7, "expected a number from 1, found " + Quote(fields[7]));
    e.ref_uri = std::string(fields[8]);
    e.ref_date = std::string(fields[9]);
    if (e.copy == 1 && (e.ref_uri != "-" || e.ref_date != "-")) {
      size_t bad = e.ref_uri != "-" ? 8 : 9;  // name the field that is wrong
      return FieldError(bad, "expected \"-\" for copy 1, found " + Quote(fields[bad]));
    }
  }
  return e;
}

}  // namespace manifest
