// The one sort-key encoding: keys that, compared as plain bytes (memcmp, a
// prefix first, as base::ExternalSorter and `LC_ALL=C sort` do), order
// records as a tuple of manifest fields would.
//
// A key is a sequence of parts:
//   text    the field's bytes and a 0 byte (no field holds one), so that a
//           shorter field sorts before a longer one it begins
//   number  8 bytes, big-endian (uint64_t order, as sort -n on plain decimals)
//   number32  4 bytes, big-endian (small indexes: a host in a catalog)
// Records are usually a key followed by the line it was made from; the line
// after a key of known parts comes back with KeyReader.
//
//   std::string record;
//   manifest::AppendFileOrderKey(entry, &record);  // file, offset
//   record.append(line);
//   ... sorter.Add(record) ... sorter.Next(&record) ...
//   manifest::KeyReader r(record);
//   std::string_view file; uint64_t offset;
//   if (r.Text(&file) && r.Number(&offset)) Use(r.rest());  // the line
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "manifest/entry.h"

namespace manifest {

void AppendKeyText(std::string_view field, std::string* key);
void AppendKeyNumber(uint64_t value, std::string* key);
void AppendKeyNumber32(uint32_t value, std::string* key);

// Reads the parts of a key back, in the order they were appended. Each
// returns false (and reads nothing more) when the record is too short or
// the text has no 0 byte: the record was not made that way.
class KeyReader {
 public:
  explicit KeyReader(std::string_view record) : rest_(record) {}
  bool Text(std::string_view* field);
  bool Number(uint64_t* value);
  bool Number32(uint32_t* value);
  bool SkipText() {
    std::string_view unused;
    return Text(&unused);
  }
  bool SkipNumber() {
    uint64_t unused;
    return Number(&unused);
  }
  // What follows the parts read so far.
  std::string_view rest() const { return rest_; }

 private:
  std::string_view rest_;
};

// The keys of the chain's orders (their comparators are in manifest/order.h):
//
// `LC_ALL=C sort -k1,1 -k2,2n` (file, offset): text file, number offset.
// Records key + line come out in sort's order, whole-line tie-break included.
void AppendFileOrderKey(const Entry& entry, std::string* key);
// The order within one digest of `sort -k6,6 -k7,7n -k5,5 -k1,1 -k2,2n`
// (CompareProcOrder for equal digests: ext, date, file, offset): number ext,
// text date, then the file-order key. REQUIRES: entry has 7 or more fields.
void AppendRunOrderKey(const Entry& entry, std::string* key);
// warcsumsplit --by-host: number32 host index, then the file-order key.
void AppendHostOrderKey(uint32_t host, const Entry& entry, std::string* key);

// The line behind each of those keys (what was appended after it, a final
// '\n' removed); empty when the record is not such a key (ParseLine of it
// then fails).
std::string_view LineAfterFileOrderKey(std::string_view record);
std::string_view LineAfterRunOrderKey(std::string_view record);
// Also sets *host.
std::string_view LineAfterHostOrderKey(std::string_view record, uint32_t* host);

}  // namespace manifest
