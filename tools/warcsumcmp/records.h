// The records warcsumcmp sorts: manifest fields joined by ' ', which no
// field holds (manifest::ParseLine splits on it), in an order chosen so that
// the sort key comes first. Three layouts, each read back by named field:
//
//   main:   file uri date digest offset [copy ref-uri ref-date]  (BEFORE, AFTER, PROCESSED)
//           or, in a conversion check (no PROCESSED), the key of conversion.h:
//           stem uri-key date digest offset suffix [uri]          (BEFORE, AFTER)
//   by-uri: uri date digest ' '                                  (AFTER)
//   refs:   ref-uri ref-date digest file uri date offset         (removed copies)
//
// A key is the first n fields with the space after each. Keys of the same n
// are prefix-free, so comparing keys as bytes agrees with the byte order in
// which the sorter returns whole records: a merge can compare keys alone.
//
//   std::string record = MainRecord::Format(entry, /*processed=*/true);
//   MainRecord r = MainRecord::Parse(record);
//   if (r.ref_uri == r.uri) ...
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "manifest/entry.h"
#include "manifest/order.h"

namespace warcsumcmp {

constexpr int kMainKey = 3;  // file uri date
constexpr int kMainSub = 4;  // ... digest
constexpr int kUriKey = 2;   // uri date
constexpr int kUriSub = 3;   // ... digest

// The first n fields of record, each with the ' ' after it; the whole record
// if it has fewer separators.
std::string_view Key(std::string_view record, int n);

// A main record. copy, ref_uri and ref_date are empty but in PROCESSED's.
// In the conversion layout file is the stem and uri the URI key; suffix is
// what the file field has after the stem, and written_uri the uri field
// when it is not its key (else empty: a field never is).
struct MainRecord {
  std::string_view file, uri, date, digest, offset, copy, ref_uri, ref_date;
  std::string_view suffix, written_uri;

  // The record of a manifest entry (with copy and reference when processed).
  static void Format(const manifest::Entry& e, bool processed, std::string* out);
  static MainRecord Parse(std::string_view record);
  // The same in the conversion layout.
  static void FormatConversion(const manifest::Entry& e, std::string* out);
  static MainRecord ParseConversion(std::string_view record);
  // The file and uri fields as the manifest wrote them.
  std::string WrittenFile() const;
  std::string_view WrittenUri() const { return written_uri.empty() ? uri : written_uri; }
  // "FILE URI DATE DIGEST", as the report lines name a record.
  std::string Describe() const;
  uint64_t CopyNumber() const;
};

// A by-uri record: AFTER's records by (uri, date, digest).
struct UriRecord {
  std::string_view uri, date, digest;

  // The trailing ' ' keeps the key of all three fields prefix-free.
  static void Format(const manifest::Entry& e, std::string* out);
  static UriRecord Parse(std::string_view record);
};

// A removed copy by its original (ref-uri, ref-date, digest).
struct RefRecord {
  std::string_view ref_uri, ref_date, digest, file, uri, date, offset;

  // The copy's BEFORE record, by the reference its PROCESSED record names.
  static void Format(const MainRecord& processed, const MainRecord& before, std::string* out);
  static RefRecord Parse(std::string_view record);
};

// A finished sorter read with one record of look-ahead.
class Stream {
 public:
  explicit Stream(manifest::ExternalSorter* sorter) : sorter_(sorter) { Advance(); }
  bool valid() const { return valid_; }
  const std::string& head() const { return head_; }
  std::string Take() {
    std::string r = std::move(head_);
    Advance();
    return r;
  }
  void Advance() { valid_ = sorter_->Next(&head_); }

 private:
  manifest::ExternalSorter* sorter_;
  std::string head_;
  bool valid_ = false;
};

}  // namespace warcsumcmp
