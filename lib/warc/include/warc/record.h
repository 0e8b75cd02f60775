// The record model shared by WARC and ARC files.
//
// ARC records are mapped onto WARC field names (WARC-Target-URI, WARC-Date in
// ISO 8601, WARC-IP-Address, Content-Type, Content-Length) so that every later
// stage sees one model.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "base/timestamp.h"
#include "warc/header_map.h"

namespace warc {

// A bitmask so that a filter can name several types (--types response,resource).
enum RecordType : uint32_t {
  kWarcinfo = 1 << 0,
  kResponse = 1 << 1,
  kResource = 1 << 2,
  kRequest = 1 << 3,
  kMetadata = 1 << 4,
  kRevisit = 1 << 5,
  kConversion = 1 << 6,
  kContinuation = 1 << 7,
  kUnknownType = 1 << 8,
};

// "<uri>" -> "uri"; anything else as it is.
inline std::string_view StripAngleBrackets(std::string_view v) {
  return v.size() >= 2 && v.front() == '<' && v.back() == '>' ? v.substr(1, v.size() - 2) : v;
}

// "response" -> kResponse; anything unknown -> kUnknownType.
RecordType ParseRecordType(std::string_view name);
// Parses a comma-separated list such as "response,resource"; nullopt on an
// unknown name or an empty item ("response,").
std::optional<uint32_t> ParseRecordTypeList(std::string_view list);

enum class FileFormat { kWarc, kArc };

struct Record {
  FileFormat format = FileFormat::kWarc;
  std::string version;  // "WARC/1.1", "WARC/0.18", or "ARC/1" for ARC files
  RecordType type = kUnknownType;
  HeaderMap headers;
  uint64_t content_length = 0;
  // Where the record starts in the file: its gzip member's offset, or the
  // record's own byte offset in an uncompressed file.
  uint64_t offset = 0;
  // ARC only: the record line as written (without its newline and trailing
  // white space), which holds what the WARC fields above do not (the URL
  // with its spaces, a v2 record's result code, checksum and file fields).
  std::string arc_line;

  // Without the <angle brackets> of the WARC/1.0 spec's examples, which some
  // writers copied; the header keeps the value as stored.
  std::string_view TargetUri() const {
    return StripAngleBrackets(headers.First("WARC-Target-URI").value_or(""));
  }
  std::string_view Date() const { return headers.First("WARC-Date").value_or(""); }
  // True when the block is an HTTP message (headers, blank line, payload),
  // as a WARC record's Content-Type says (application/http), or without one
  // its URI's scheme. An ARC record says nothing of it: its block is an HTTP
  // message when it starts with "HTTP/", which PayloadStream looks at.
  bool HasHttpBlock() const;
  bool IsTruncated() const { return headers.First("WARC-Truncated").has_value(); }
};

// The WARC-Target-URI for an ARC record's URL: every space and control byte
// (0x00-0x20, 0x7f) percent-encoded (%20), since a WARC header field value
// cannot hold them; any other byte as written. The ARC line keeps the URL
// as written (Record::arc_line).
std::string TargetUriOfArcUrl(std::string_view url);

// The date helpers live in lib/base (base/timestamp.h); the names stay here
// for the callers that know them as warc::.
using base::ArcDateToIso;
using base::IsValidWarcDate;

}  // namespace warc
