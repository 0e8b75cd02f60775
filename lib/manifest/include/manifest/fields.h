// Fields of the line formats: the one splitter, and names for the manifest's
// fields and its three shapes.
//
// Every line format of the chain (manifest, reference list, kept list) is
// fields separated by exactly one space; no field holds a space (fields are
// percent-encoded, see EncodeField in manifest/entry.h). SplitFields keeps
// empty fields ("a  b" is "a", "", "b"), so that each format can say what an
// empty field means (for the manifest: an error).
//
//   auto f = manifest::SplitFields("a.warc 0 10 http://x/ 2020 sha1:ab");
//   f[manifest::FieldIndex(manifest::Field::kUri)] == "http://x/"
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace manifest {

// The fields of a manifest line, in order (warcmanifest(5)).
enum class Field { kFile, kOffset, kLength, kUri, kDate, kDigest, kExt, kCopy, kRefUri, kRefDate };
constexpr size_t FieldIndex(Field f) { return static_cast<size_t>(f); }
// The field's name as error messages and warcmanifest(5) spell it: "ref-uri".
const char* FieldName(Field f);

// The three shapes of a manifest line: how many fields it has, and which
// stage wrote it.
enum class Shape : int {
  kSummed = 6,     // file offset length uri date digest            (warcsum)
  kResolved = 7,   // ... ext                                        (warccollres)
  kProcessed = 10  // ... ext copy ref-uri ref-date                  (warcsumproc, --proc)
};
// The shape with that many fields; false for any other count.
bool ShapeOfFieldCount(size_t count, Shape* shape);

// Splits line at every ' ' (empty fields kept; an empty line is one empty field).
std::vector<std::string_view> SplitFields(std::string_view line);
// The same into *fields (cleared first), reusing its capacity on hot paths.
void SplitFields(std::string_view line, std::vector<std::string_view>* fields);
// The first n fields of line, each with the ' ' after it ("a b c", 2 gives
// "a b "); the whole line when it has fewer than n spaces.
std::string_view LeadingFields(std::string_view line, int n);
// The rest of line after its first n fields and their spaces; empty when
// it has fewer than n spaces.
std::string_view FieldsAfter(std::string_view line, int n);
// Sets *out to the fields joined by single spaces.
void JoinFields(std::initializer_list<std::string_view> fields, std::string* out);

}  // namespace manifest
