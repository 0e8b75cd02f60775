// The manifest: the plain-text format every stage reads and writes.
//
// One line per record, fields separated by one space (see warcmanifest(5)):
//   file offset length uri date digest [ext [copy ref-uri ref-date]]
// 6 fields from warcsum, 7 after collision resolution, 10 after
// post-processing. No field contains whitespace: file names, URIs and dates
// are percent-encoded where they hold bytes outside 0x21-0x7e, as CDX indexes
// do. Lines starting with '#' are comments.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "base/status.h"
#include "manifest/fields.h"

namespace manifest {

struct Entry {
  std::string file;
  uint64_t offset = 0;
  uint64_t length = 0;
  std::string uri;
  std::string date;
  std::string digest;  // "sha1:<lowercase hex>"
  // Later stages; fields_count says which are present.
  uint64_t ext = 0;
  uint64_t copy = 0;
  std::string ref_uri;   // "-" when copy is 1
  std::string ref_date;  // "-" when copy is 1
  int fields_count = 6;  // 6, 7 or 10: static_cast<int>(Shape)

  Shape shape() const { return static_cast<Shape>(fields_count); }
  void set_shape(Shape s) { fields_count = static_cast<int>(s); }
  bool has_ext() const { return fields_count >= 7; }    // kResolved or kProcessed
  bool has_copy() const { return fields_count >= 10; }  // kProcessed

  bool operator==(const Entry& o) const;
};

// Entry's string fields hold manifest text: encoded as below. Code that
// starts from a record's raw values (warcsum) encodes them with EncodeField;
// code that needs the raw value back (warcrefs, writing WARC-Refers-To-*)
// decodes with DecodeField. Comparisons and sorting work on the encoded text,
// exactly as `LC_ALL=C sort` sees it.
//
// EncodeField writes bytes outside 0x21-0x7e (space, controls, non-ASCII) as
// %XX, and escapes a '%' as %25 where it starts "%XX" with XX one of those
// bytes or '%' itself, so that DecodeField gives the raw value back exactly.
// A '%' in any other position (the common "%2F", "%3A" of URIs) stays as it
// is. An empty value becomes "-", and a value that is exactly "-" becomes
// "%2D" (a field that is exactly "%2D" decodes to "-"; a value "%2D" is
// written "%252D"), so that "-" always means empty. Manifests written before
// that rule hold "-" for both.
std::string EncodeField(std::string_view raw);
std::string DecodeField(std::string_view field);

// The line for an entry, without a trailing newline. Fields are written as
// they are held (encoded). REQUIRES: no field is empty or holds a space.
std::string FormatLine(const Entry& entry);
// Appends the line and '\n' to *out (the hot path: no temporaries).
void AppendLine(const Entry& entry, std::string* out);

// The writer side is AppendLine/FormatLine above (and ManifestWriter in
// manifest/writer.h); the reader side is ParseLine below (and ManifestReader
// in manifest/reader.h). Nothing else writes or splits manifest lines.
//
// Parses one line (no newline). Errors name the field:
// "field 2 (offset): expected a decimal number, found \"x1\"".
base::Result<Entry> ParseLine(std::string_view line);

}  // namespace manifest
