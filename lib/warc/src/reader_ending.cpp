#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "reader_internal.h"
#include "warc/reader.h"

namespace warc {

using reader_internal::MayStartWithWarc;
using reader_internal::Quote;
using reader_internal::Trim;

namespace {

// Whether a WARC record may start here, as Next() reads one: its version line
// may be indented (see Trim).
bool MayStartWarcRecord(std::string_view s) {
  size_t indent = std::min(s.find_first_not_of(" \t"), s.size());
  return MayStartWithWarc(s.substr(indent));
}

}  // namespace

// Whether the newline bytes after a block (`run` of them, the first ones in
// `newlines`), then the end of the input or member (at_end) or what chunk_
// holds, end the record as Finish() says. On false, *expected says what
// would have.
bool RecordReader::EndingOk(std::string_view newlines, size_t run, bool at_end,
                            std::string* expected) {
  const bool warcinfo = record_type_ == kWarcinfo;
  if (arc_) {
    *expected = "a newline after the block";
    // An ARC filedesc's length often leaves out its block's last newline.
    return (run == 1 && newlines == "\n") || (warcinfo && run == 2 && newlines == "\n\n");
  }
  const bool trailer = run == 4 && newlines == "\r\n\r\n";
  const bool none = run == 0 && (at_end || MayStartWithWarc(chunk_));
  *expected = ending_ == Ending::kNone
                  ? "the next record right after the block (no record in this file so far has a "
                    "trailer)"
                  : "CRLF CRLF after the block";
  // Some writers leave the trailer out of the warcinfo record alone.
  if (warcinfo) return trailer || none;
  if (trailer) return ending_ != Ending::kNone;
  if (none) return ending_ != Ending::kTrailer;
  return false;
}

bool RecordReader::Finish(uint64_t* length) {
  if (!in_record_) return false;
  std::string_view piece;
  while (ReadBlock(&piece)) {
  }
  if (!in_record_ || !record_ok_) return false;
  in_record_ = false;
  bool gzip = segments_.format() == gzmulti::Format::kGzip;
  // The trailing newlines (CRLF CRLF in WARC, LF in ARC) stay inside the
  // record's member in a gzip file.
  size_t run = 0;
  std::string after;  // the first bytes after the block, for messages (41: Quote shows "...")
  while (Refill(!gzip)) {
    size_t n = 0;
    while (n < chunk_.size() && (chunk_[n] == '\r' || chunk_[n] == '\n')) ++n;
    run += n;
    if (after.size() < 41) after.append(chunk_.substr(0, std::min(n, 41 - after.size())));
    chunk_.remove_prefix(n);
    if (!chunk_.empty()) break;
  }
  if (!segments_.status().ok()) {
    in_record_ = true;  // the damage belongs to this record
    return RecordProblem("");
  }
  auto where = [this] { return "offset " + std::to_string(record_offset_) + ": "; };
  const bool at_end = chunk_.empty();
  if (!gzip) LookAhead(5);
  // One record per member: it starts its member, ends it, and no member
  // boundary lies inside it.
  const bool ends_member = gzip && at_end && segment_done_;
  const bool one_member = !gzip || segments_.segment_begin() == record_segment_;
  // Bytes that start no record follow the block inside the record's own
  // member: the Content-Length is too small.
  if (gzip && start_aligned_ && one_member && !ends_member && !arc_ &&
      !MayStartWarcRecord(chunk_)) {
    in_record_ = true;
    after.append(chunk_.substr(0, 41));
    return RecordProblem(where() + "Content-Length (" + std::to_string(block_length_) +
                         " bytes) is shorter than the record's gzip member: found " + Quote(after) +
                         " after the block");
  }
  if (gzip && start_aligned_ && !one_member) {
    // Its Content-Length may have swallowed records (a revisit among them
    // perhaps): damage, whatever follows.
    ++stats_.misaligned_records;
    stats_.damaged = true;
    Report(where() +
           "record spans more than one gzip member (not one record per member); not listed");
    return false;
  }
  // A record inside the block a damaged record claims may be followed by
  // that record's trailer: it is reported as such below, whatever follows.
  const bool claimed = gzip && record_position_ < claimed_end_;
  std::string expected;
  if (!claimed && !EndingOk(std::string_view(after).substr(0, run), run, at_end, &expected)) {
    if (!gzip) LookAhead(41);
    after.append(chunk_.substr(0, 41));
    std::string msg =
        where() + (arc_ ? "length (" : "Content-Length (") + std::to_string(block_length_) +
        " bytes) does not end the record: expected " + expected + ", found " + Quote(after) +
        (at_end ? (gzip ? " and the end of its gzip member" : " and the end of the file") : "");
    if (ends_member) {  // nothing of the member is left to skip
      stats_.damaged = true;
      Report(msg);
      return false;
    }
    in_record_ = true;
    return RecordProblem(msg);
  }
  last_complete_ = true;
  // The ending sets the file's kind, unless the record is out of place anyway.
  if (!arc_ && record_type_ != kWarcinfo && !claimed)
    ending_ = run == 0 ? Ending::kNone : Ending::kTrailer;
  if (!arc_ && record_type_ == kWarcinfo && run > 0 && ending_ == Ending::kUnknown)
    ending_ = Ending::kTrailer;
  if (!gzip) {
    *length = segments_.segment_begin() + SegmentPosition() - record_offset_;
    return !record_unlisted_;
  }
  if (start_aligned_ && ends_member && one_member) {
    if (record_position_ < claimed_end_) {
      Report(where() + "not listed: " + claim_);
      return false;
    }
    *length = segments_.segment_end() - record_offset_;
    return !record_unlisted_;
  }
  ++stats_.misaligned_records;
  if (record_segment_ != last_reported_segment_) {
    last_reported_segment_ = record_segment_;
    Report("offset " + std::to_string(record_segment_) +
           ": gzip member holds more than one record (not one record per member); its records are "
           "not listed");
  }
  return false;
}

}  // namespace warc
