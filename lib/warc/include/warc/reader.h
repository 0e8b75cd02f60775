// Reading WARC (0.17, 0.18, 1.0, 1.1) and ARC v1 files record by record.
//
// The reader sits on a gzmulti::SegmentReader, so gzip and plain files, and
// any gzip layout, are read the same way. A record's block is handed out as a
// stream of pieces bounded by Content-Length, so memory does not grow with
// record size.
//
// Damage is reported to a Reporter and the reader moves on where that is safe:
// in a gzip file to the next member header, in a plain file nowhere (the rest
// of the file is not read, since a record boundary cannot be trusted there).
// In a gzip file read one record per member so far, a record whose header or
// block runs on past the end of its member, into a member that starts with
// "WARC/", is damaged (a wrong Content-Length, a cut header): it is reported
// and reading goes on at that member. But the damaged record may be right and
// its block really go on there (a resource record holding a WARC file), so a
// record that starts within the bytes a damaged record claims (its header
// and Content-Length, in decompressed bytes) is read but reported, not
// located; so is the record right after a header cut inside a field (the
// field's value may go on with "WARC/"). A record's block must be followed
// by exactly CRLF CRLF (LF in ARC), or by nothing in a file whose records
// have no trailer (see Finish()). A header must be made of CRLF-ended field
// lines and folded continuations (WARC 1.1 section 4), under a known
// version line ("warc/" in lower case is noted, and read).
//
// A record's location (offset, length) is only given out when the record was
// read completely and, in a gzip file, starts at a member start and ends at a
// member end: a file that packs several records into one member is reported,
// and its records get no location.
//
//   RecordReader reader(&source, {}, &reporter);
//   Record record;
//   while (reader.Next(&record)) {
//     std::string_view piece;
//     while (reader.ReadBlock(&piece)) Hash(piece);
//     uint64_t length;
//     if (reader.Finish(&length)) Emit(record.offset, length);
//   }
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "base/source.h"
#include "base/status.h"
#include "gzmulti/segment_reader.h"
#include "warc/record.h"

namespace warc {

class Reporter {
 public:
  virtual ~Reporter() = default;
  // A problem in the input: the message starts with "offset N: ". Every call
  // means some record was not read completely or not given a location.
  virtual void Problem(const base::Status& status) = 0;
  // Something worth saying that is no problem: the input was read as it
  // should be ("offset N: no records" for an empty input, a lower-case
  // version line). Ignored unless overridden.
  virtual void Note(const std::string& /*message*/) {}
};

struct ReaderStats {
  uint64_t records = 0;             // records whose header was read
  uint64_t misaligned_records = 0;  // complete records not on member boundaries
  uint64_t bytes_skipped = 0;       // compressed bytes passed over after damage
  // Damage was met (not counting records merely off member boundaries): some
  // records, a revisit among them perhaps, may have gone unread.
  bool damaged = false;
};

class RecordReader {
 public:
  // REQUIRES: source and reporter outlive the reader.
  RecordReader(base::ByteSource* source, const gzmulti::ReaderOptions& options, Reporter* reporter);

  // Reads the next record's header into *record. Returns false at the end of
  // the input (including when reading cannot safely go on after damage).
  bool Next(Record* record);

  // Gives the next piece of the current record's block; false when the block
  // is complete or damaged (Finish() then tells which).
  bool ReadBlock(std::string_view* piece);

  // Reads what is left of the record and its trailing newlines. Returns true
  // when the record was read completely and has a valid location; *length is
  // then its length in the file (compressed, for gzip files).
  // The block must be followed by exactly CRLF CRLF (one LF in ARC; one or
  // two after an ARC filedesc block), or, in a file whose records have no
  // trailer, by nothing: the next record's "WARC/" line or the end of the
  // input (of the member, in gzip). Which of the two a file uses is set by
  // its first record that has either (warcinfo records may have either: some
  // writers leave it out there only). Anything else means the
  // Content-Length is wrong: the record is reported, not located.
  // A response record whose WARC-Date names no instant (IsValidWarcDate) is
  // reported when read and not located either.
  bool Finish(uint64_t* length);

  // After Finish(): the record was read whole (its block and the newlines
  // after it), whether or not it got a location (a record in a gzip member
  // with others, say). A converter needs no location.
  bool last_complete() const { return last_complete_; }
  // After Finish() or a false ReadBlock(): how many bytes of the record's
  // block the input did not hold, when the block was cut short by the end of
  // the input or of its gzip member (the bytes before the cut are the
  // record's own, unambiguously); 0 otherwise.
  uint64_t block_missing() const { return block_missing_; }

  gzmulti::Format format() const { return segments_.format(); }
  const ReaderStats& stats() const { return stats_; }
  uint64_t bytes_consumed() const { return segments_.bytes_consumed(); }

 private:
  bool Refill(bool may_open_segment);
  bool ReadHeaderBlock(std::string* out, bool arc);
  bool ParseWarcHeader(const std::string& text, Record* record);
  bool ParseArcHeader(const std::string& line, Record* record);
  bool RecordProblem(const std::string& what);
  bool MemberEndIsRecordEnd();
  bool EndAtMemberEnd(const std::string& what, uint64_t claimed, const std::string& claim);
  void LeaveSegment();
  void LookAhead(size_t n);
  bool EndingOk(std::string_view newlines, size_t run, bool at_end, std::string* expected);
  void Report(const std::string& message);
  void NoteOnce(bool* noted, const std::string& message);
  bool CheckListable(const Record& record);
  bool ParseWarcFields(std::string_view lines, const std::string& where, Record* record);
  uint64_t SegmentPosition() const { return segments_.segment_decompressed() - chunk_.size(); }
  // Decompressed bytes read so far over all segments (those inflated, when a
  // damaged member was skipped: never more than its true position).
  uint64_t Position() const { return inflated_before_segment_ + SegmentPosition(); }

  gzmulti::SegmentReader segments_;
  Reporter* reporter_;
  ReaderStats stats_;

  std::string_view chunk_;  // unread part of the current decompressed chunk
  bool in_segment_ = false;
  bool segment_done_ = false;
  bool at_end_ = false;   // nothing more will be read
  bool started_ = false;  // first record seen (decides WARC or ARC)
  bool arc_ = false;
  // How records end in this file (see Finish), once a record has shown it.
  enum class Ending { kUnknown, kTrailer, kNone } ending_ = Ending::kUnknown;
  bool problem_reported_ = false;  // for the "no records" note
  bool lower_case_noted_ = false;
  bool mid_file_ = false;  // reading starts inside a file (one record fetched by range)
  uint64_t inflated_before_segment_ = 0;  // decompressed bytes of the segments before this one
  // A record that starts before Position() claimed_end_ may be part of a
  // damaged record's block or header (EndAtMemberEnd); claim_ says whose, for
  // messages.
  uint64_t claimed_end_ = 0;
  std::string claim_;

  // The current record.
  bool in_record_ = false;
  bool record_ok_ = false;
  bool start_aligned_ = false;
  uint64_t record_offset_ = 0;
  uint64_t record_segment_ = 0;   // start offset of the segment the record began in
  uint64_t record_position_ = 0;  // Position() at its start
  uint64_t block_length_ = 0;     // its Content-Length
  uint64_t block_remaining_ = 0;
  bool last_complete_ = false;
  uint64_t block_missing_ = 0;
  RecordType record_type_ = kUnknownType;
  bool record_unlisted_ = false;  // read on, but not located (CheckListable)
  uint64_t last_reported_segment_ = UINT64_MAX;
  std::string header_text_;
};

}  // namespace warc
