// What existing revisit records refer to: warcsum --revisit-refs writes one
// line per reference (with the Append*Reference writers below, as
// dedup::HarvestReferences does), warcrefs and warcsumcmp read them into a
// ReferenceSet. The format is documented in warcrevisitrefs(5).
// A record that a revisit resolves to must stay a response: turned into a
// revisit itself, it would leave that revisit pointing at nothing a replay
// tool accepts. Lines (fields as in the manifest: percent-encoded, no spaces):
//
//   capture URI DATE     WARC-Refers-To-Target-URI (or the revisit's own
//                        target URI) and WARC-Refers-To-Date
//   payload URI DIGEST   no date: any capture of URI with that payload digest
//                        (algorithm:lowercasehex)
//   uri URI              no date and no digest we can compare: any capture of URI
//   record ID            WARC-Refers-To, the original's WARC-Record-ID
//   damaged FILE         FILE (its path as warcsum was given it) has damage:
//                        it must not be rewritten, and the lines that follow
//                        it are the references harvested from all its bytes
//                        (dedup::HarvestReferences), broad enough that every
//                        record a revisit in it could name is kept
//   incomplete WHAT      an input that could not be read at all (not found,
//                        unreadable, or damaged past what a harvest can
//                        tell): its revisits are unknown, so any record may
//                        be one they refer to
//
// Dates are compared as 14-digit timestamps, as replay tools (pywb) match
// captures: a date given to the minute names its first second, a fraction
// of a second makes no difference. Record IDs without their <angle brackets>, URIs by their
// canonical form (url::SurtKey, the key pywb resolves revisits by): a
// reference to "http://EXAMPLE.com:80/a#top" names "http://example.com/a".
// Canonicalising only ever makes more records match, never fewer.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "base/source.h"
#include "base/status.h"

namespace manifest {

// Writers: each appends one line with its newline to *out. Values are raw,
// as the WARC headers hold them: they are percent-encoded here (EncodeField).
void AppendCaptureReference(std::string_view uri, std::string_view date, std::string* out);
// digest as the manifest spells it (algorithm:lowercasehex), written as is.
void AppendPayloadReference(std::string_view uri, std::string_view digest, std::string* out);
void AppendUriReference(std::string_view uri, std::string* out);
void AppendRecordReference(std::string_view record_id, std::string* out);
// "damaged FILE" (path as warcsum was given it).
void AppendDamagedFile(std::string_view path, std::string* out);
// "incomplete FILE", for an input that could not be read.
void AppendIncompleteInput(std::string_view path, std::string* out);
// "incomplete NOTE": free text for people, written as it is (may hold spaces).
void AppendIncompleteNote(std::string_view note, std::string* out);

// One line of the list, as read. Fields are as written (encoded), except
// a damaged file's path, which is decoded.
struct ReferenceLine {
  enum class Kind { kBlank, kCapture, kPayload, kUri, kRecord, kDamaged, kIncomplete };
  Kind kind = Kind::kBlank;  // kBlank: empty or a '#' comment
  std::string a;             // URI, record ID, damaged path, incomplete text ("?" if none)
  std::string b;             // capture: date; payload: digest
};
// Parses one line (no newline); false when it is none of the forms above.
bool ParseReferenceLine(std::string_view line, ReferenceLine* out);

// The inputs a reference list names as not read whole: the text after
// "damaged " and "incomplete " on every such line, decoded (DecodeField)
// unless it is a "(...)" note, each name once, in order of first appearance.
// Other lines are not looked at. What warcdedup lists in damaged.txt:
//
//   std::vector<std::string> unread;
//   base::Status s = manifest::ReadUnreadInputs(source, "refs.txt", &unread);
base::Status ReadUnreadInputs(base::ByteSource* source, const std::string& name,
                              std::vector<std::string>* out);

// A 64-bit key for a tuple of fields (joined with spaces, which no field
// holds): what the reference, original and kept sets store instead of text.
uint64_t KeyOf(std::initializer_list<std::string_view> fields);

class ReferenceSet {
 public:
  // Adds every line of source; a line that is none of the above is an error
  // citing `name` and its line number (the lines before it are kept).
  base::Status Load(base::ByteSource* source, const std::string& name);
  // Opens, loads and seals the file at path; errors name it.
  base::Status LoadFile(const std::string& path);
  void AddCapture(std::string_view uri, std::string_view date) {
    Add('c', UriKey(uri), ToTimestamp(date));
  }
  // The original a manifest's copy line names (its ref fields and digest):
  // matched exactly, as the manifest spells it.
  void AddOriginal(std::string_view uri, std::string_view date, std::string_view digest) {
    Add('o', uri, std::string(date) + " " + std::string(digest));
  }
  // Call once after the last Add, before any lookup.
  void Seal();

  // Whether a revisit may resolve to the response record with these manifest
  // fields (and, when known, WARC-Record-ID). Keys are 64-bit hashes: a
  // collision can only keep a record that could have been converted.
  bool Refers(std::string_view uri, std::string_view date, std::string_view digest,
              std::string_view record_id = {}) const;
  bool HasCapture(std::string_view uri, std::string_view date) const {
    return Has('c', UriKey(uri), ToTimestamp(date));
  }
  bool HasOriginal(std::string_view uri, std::string_view date, std::string_view digest) const {
    return Has('o', uri, std::string(date) + " " + std::string(digest));
  }
  size_t size() const { return keys_.size(); }
  // The "incomplete" lines: what was not read (empty when all was).
  const std::vector<std::string>& incomplete() const { return incomplete_; }
  // The "damaged" lines: files never to rewrite, their paths decoded (as
  // warcsum was given them). Their references are in the set.
  const std::vector<std::string>& damaged() const { return damaged_; }

  // base::ToTimestamp (base/timestamp.h): the digits of a date, cut or padded with '0' to 14, as
  // pywb makes a timestamp: "2020-01-01T00:00:00.123Z" and "2020-01-01T00:00Z" are both
  // "20200101000000".
  static std::string ToTimestamp(std::string_view date);
  // A URI field (manifest-encoded) as the keys hold it: decoded, canonical.
  static std::string UriKey(std::string_view uri_field);

 private:
  static uint64_t Key(char kind, std::string_view a, std::string_view b);
  // Sorts out repeats whenever the keys double, so that a list of many
  // repeated lines stays small.
  void Add(char kind, std::string_view a, std::string_view b);
  bool Has(char kind, std::string_view a, std::string_view b) const;
  std::vector<uint64_t> keys_;  // sorted by Seal
  size_t unique_ = 0;           // keys after the last sort
  std::vector<std::string> incomplete_;
  std::vector<std::string> damaged_;
};

}  // namespace manifest
