#include "warc/reader.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "reader_internal.h"
#include "warc/header_map.h"

namespace warc {
namespace reader_internal {

std::string Quote(std::string_view s) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size() && i < 40; ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    }
  }
  if (s.size() > 40) out += "...";
  return out + "\"";
}

}  // namespace reader_internal

using reader_internal::MayStartWithWarc;
using reader_internal::Quote;
using reader_internal::StartsWithArcRecordLine;
using reader_internal::Trim;

namespace {

constexpr size_t kMaxHeaderBytes = 1 << 20;
// A chunk may hold only a few bytes (a small input window over a gzip member
// gives "WA"), so a signature is matched as far as the chunk goes; parsing the
// header checks the rest.
bool MayStartWith(std::string_view chunk, std::string_view sig) {
  return chunk.substr(0, sig.size()) == sig.substr(0, std::min(chunk.size(), sig.size()));
}

bool IsGzipMagic(std::string_view s) {
  return s.size() >= 2 && static_cast<unsigned char>(s[0]) == 0x1f &&
         static_cast<unsigned char>(s[1]) == 0x8b;
}

}  // namespace

RecordReader::RecordReader(base::ByteSource* source, const gzmulti::ReaderOptions& options,
                           Reporter* reporter)
    : segments_(source, options), reporter_(reporter), mid_file_(options.start_offset > 0) {}

bool RecordReader::Refill(bool may_open_segment) {
  while (chunk_.empty()) {
    if (at_end_) return false;
    if (in_segment_ && !segment_done_) {
      if (segments_.NextChunk(&chunk_)) continue;
      if (!segments_.status().ok()) return false;
      segment_done_ = true;
    }
    if (!may_open_segment) return false;
    LeaveSegment();
    if (!segments_.NextSegment()) {
      if (segments_.status().ok()) at_end_ = true;
      return false;
    }
    in_segment_ = true;
    segment_done_ = false;
  }
  return true;
}

void RecordReader::Report(const std::string& message) {
  problem_reported_ = true;
  reporter_->Problem(base::Status::Corruption(message));
}

void RecordReader::NoteOnce(bool* noted, const std::string& message) {
  if (*noted) return;
  *noted = true;
  reporter_->Note(message);
}

// Counts the decompressed bytes of the segment being left, for Position().
void RecordReader::LeaveSegment() {
  if (in_segment_) inflated_before_segment_ += segments_.segment_decompressed();
  in_segment_ = false;
}

// Reports the problem that ended the current record and moves on to where
// reading can safely continue. Always returns false.
bool RecordReader::RecordProblem(const std::string& what) {
  stats_.damaged = true;
  std::string msg = what;
  bool damaged_stream = !segments_.status().ok();
  if (damaged_stream) {
    msg = segments_.status().message();
    if (in_record_ && record_offset_ != segments_.segment_begin())
      msg += " (record at offset " + std::to_string(record_offset_) + " is incomplete)";
  }
  in_record_ = false;
  record_ok_ = false;
  chunk_ = {};
  if (segments_.format() == gzmulti::Format::kGzip) {
    if (damaged_stream) {
      LeaveSegment();
      uint64_t skipped = 0;
      if (segments_.Resync(&skipped)) {
        msg += "; skipped " + std::to_string(skipped) +
               " bytes to the next gzip member at offset " +
               std::to_string(segments_.segment_begin());
      } else {
        msg += "; no further gzip member found (" + std::to_string(skipped) + " bytes skipped)";
        at_end_ = true;
      }
      stats_.bytes_skipped += skipped;
    } else if (!at_end_) {
      msg += "; rest of its gzip member skipped";
      // Drain the member so that the next record starts at the next member.
      std::string_view ignored;
      while (in_segment_ && !segment_done_ && segments_.NextChunk(&ignored)) {
      }
      LeaveSegment();
      if (!segments_.status().ok()) {
        Report((msg));
        return RecordProblem("");
      }
    }
  } else if (!at_end_) {
    if (segments_.format() == gzmulti::Format::kPlain)
      msg +=
          "; rest of file not read (no safe way to find the next record in an uncompressed file)";
    at_end_ = true;
  }
  Report((msg));
  return false;
}

// Called when the current record's header or block goes on past the end of
// its gzip member. Some writers split records over several members, and then
// the record goes on in the next one. But in a file that held one record per
// member so far, a record that started its member and runs on into a member
// that starts a record ("WARC/", or a whole ARC record line in an ARC file)
// is damaged (a wrong length, a cut header): reading it on would swallow the
// records after it. Returns true in that case; the next member is open
// either way (or the input is over).
bool RecordReader::MemberEndIsRecordEnd() {
  bool member_end = segments_.format() == gzmulti::Format::kGzip && in_segment_ && segment_done_ &&
                    segments_.status().ok();
  if (!member_end || !start_aligned_ || record_segment_ != segments_.segment_begin() ||
      stats_.misaligned_records > 0)
    return false;
  if (!Refill(true)) return false;
  return arc_ ? StartsWithArcRecordLine(chunk_) : MayStartWithWarc(chunk_);
}

// Reports the current record as damaged when MemberEndIsRecordEnd() said it
// ends with its member; reading goes on at the next member, already open.
// The record may still be right and go on there for `claimed` more bytes:
// records starting in those are not located (see Finish), `claim` says why.
// Always returns false.
bool RecordReader::EndAtMemberEnd(const std::string& what, uint64_t claimed,
                                  const std::string& claim) {
  stats_.damaged = true;
  in_record_ = false;
  record_ok_ = false;
  uint64_t here = Position();
  uint64_t end = here + std::min(claimed, UINT64_MAX - here);
  if (end > claimed_end_) {
    claimed_end_ = end;
    claim_ = claim;
  }
  Report((what + "; reading goes on at the next gzip member (offset " +
          std::to_string(segments_.segment_begin()) + ")"));
  return false;
}

// Plain files: makes at least n bytes visible in chunk_, across the end of a
// chunk, unless the input ends first.
void RecordReader::LookAhead(size_t n) {
  if (chunk_.size() >= n || segments_.format() != gzmulti::Format::kPlain || !in_segment_ ||
      segment_done_)
    return;
  if (!segments_.PlainLookAhead(chunk_.size(), n, &chunk_)) {
    chunk_ = {};
    segment_done_ = true;
  }
}

bool RecordReader::ReadHeaderBlock(std::string* out, bool single_line) {
  out->clear();
  size_t line_start = 0;  // a line may arrive in several chunks
  for (;;) {
    if (chunk_.empty() && !Refill(false) && MemberEndIsRecordEnd()) {
      std::string where = "offset " + std::to_string(record_offset_) + ": ";
      if (single_line)  // an ARC record line; cut mid-line, it might go on
        return EndAtMemberEnd(where + "ARC record line cut short by the end of its gzip member", 1,
                              "it may be the rest of the ARC record line at offset " +
                                  std::to_string(record_offset_) +
                                  ", cut short by its gzip member");
      std::string_view version(*out);
      size_t nl = version.find('\n');
      version = Trim(version.substr(0, nl));
      bool whole_line = nl != std::string_view::npos;
      if (whole_line ? version.size() < 5 || !MayStartWithWarc(version)
                     : !MayStartWithWarc(version))
        return EndAtMemberEnd(where + "expected a WARC version line, found " + Quote(version), 0,
                              "");
      // No header line starts with "WARC/" (field names are "WARC-..."), so a
      // header cut at a line end cannot go on in the next member. Cut inside a
      // field, it might: "WARC/" could be the rest of the field's value.
      bool mid_field = whole_line && out->back() != '\n';
      return EndAtMemberEnd(
          where + "record header cut short by the end of its gzip member", mid_field ? 1 : 0,
          "it may be the rest of the record at offset " + std::to_string(record_offset_) +
              ", whose header the end of its gzip member cut short inside a field");
    }
    if (!Refill(true)) {
      if (!segments_.status().ok()) return RecordProblem("");
      if (out->empty() && !single_line) return false;  // clean end of input
      if (out->empty()) return false;
      return RecordProblem("offset " + std::to_string(record_offset_) +
                           ": record header truncated (input ends inside it)");
    }
    const char* nl = static_cast<const char*>(std::memchr(chunk_.data(), '\n', chunk_.size()));
    size_t take = nl ? static_cast<size_t>(nl - chunk_.data()) + 1 : chunk_.size();
    out->append(chunk_.data(), take);
    chunk_.remove_prefix(take);
    if (out->size() > kMaxHeaderBytes)
      return RecordProblem("offset " + std::to_string(record_offset_) +
                           ": record header longer than " + std::to_string(kMaxHeaderBytes) +
                           " bytes");
    if (!nl) continue;
    if (single_line) return true;
    // An empty line ends the header; stray CRs ("\r\r\n") are tolerated.
    std::string_view line(out->data() + line_start, out->size() - line_start);
    if (line.find_first_not_of('\r') == line.size() - 1) return true;
    line_start = out->size();
  }
}

bool RecordReader::Next(Record* record) {
  if (in_record_) {
    uint64_t ignored;
    Finish(&ignored);
  }
  for (;;) {
    if (!at_end_ && !Refill(true) && !segments_.status().ok()) {
      RecordProblem("");
      continue;
    }
    if (at_end_ || chunk_.empty()) {
      // Silence would look like a file read with nothing to list.
      if (stats_.records == 0 && !problem_reported_ && !mid_file_)
        NoteOnce(&problem_reported_, "offset 0: no records");
      return false;
    }
    // Tolerate stray blank lines between records.
    size_t blank = 0;
    while (blank < chunk_.size() && (chunk_[blank] == '\r' || chunk_[blank] == '\n')) ++blank;
    chunk_.remove_prefix(blank);
    if (chunk_.empty()) continue;
    // In a gzip file a record has a location only if its member starts with it,
    // and its offset is always its member's: a position in decompressed data
    // is no file offset.
    bool gzip = segments_.format() == gzmulti::Format::kGzip;
    start_aligned_ = !gzip || SegmentPosition() == 0;
    record_segment_ = segments_.segment_begin();
    record_position_ = Position();
    record_offset_ =
        gzip ? segments_.segment_begin() : segments_.segment_begin() + SegmentPosition();

    in_record_ = true;
    record_ok_ = true;
    last_complete_ = false;
    block_missing_ = 0;
    if (started_ && !gzip) {
      LookAhead(2);
      if (IsGzipMagic(chunk_))
        return RecordProblem("offset " + std::to_string(record_offset_) +
                             ": gzip data after plain records");
    }
    if (!started_) {
      started_ = true;
      if (MayStartWith(chunk_, "filedesc://")) {
        arc_ = true;
      } else if (mid_file_ && !MayStartWithWarc(chunk_)) {
        arc_ = true;  // a record fetched from inside an ARC file has no filedesc before it
      } else if (!MayStartWithWarc(chunk_)) {
        at_end_ = true;  // nothing in this file can be trusted
        RecordProblem("offset " + std::to_string(record_offset_) +
                      ": not a WARC or ARC file (expected \"WARC/\" or \"filedesc://\", found " +
                      Quote(chunk_) + ")");
        return false;
      }
    }
    record->headers.BeginReplace();
    record->offset = record_offset_;
    bool parsed =
        arc_ ? ReadHeaderBlock(&header_text_, true) && ParseArcHeader(header_text_, record)
             : ReadHeaderBlock(&header_text_, false) && ParseWarcHeader(header_text_, record);
    if (!parsed) {
      if (at_end_ && segments_.status().ok() && !in_record_ && header_text_.empty()) return false;
      continue;
    }
    ++stats_.records;
    record_type_ = record->type;
    record_unlisted_ = !CheckListable(*record);
    block_length_ = record->content_length;
    block_remaining_ = record->content_length;
    return true;
  }
}

bool RecordReader::ReadBlock(std::string_view* piece) {
  if (!in_record_ || !record_ok_ || block_remaining_ == 0) return false;
  if (chunk_.empty() && !Refill(false) && MemberEndIsRecordEnd()) {
    block_missing_ = block_remaining_;
    std::string where = "offset " + std::to_string(record_offset_);
    std::string field = arc_ ? "length" : "Content-Length";
    std::string claimed = std::to_string(block_length_);
    return EndAtMemberEnd(where + ": " + field + " (" + claimed +
                              " bytes) is longer than the record's gzip member, which ends after " +
                              std::to_string(block_length_ - block_remaining_) + " bytes of block",
                          block_remaining_,
                          "it lies inside the block the record at " + where + " claims (" + field +
                              " " + claimed + ")");
  }
  if (!Refill(true)) {
    if (!segments_.status().ok()) {
      // A cut gzip file: the bytes before the cut are the record's own.
      if (segments_.cut_short()) block_missing_ = block_remaining_;
      return RecordProblem("");
    }
    block_missing_ = block_remaining_;
    return RecordProblem("offset " + std::to_string(record_offset_) +
                         ": record truncated (input ends " + std::to_string(block_remaining_) +
                         " bytes before the end of its block)");
  }
  size_t take = static_cast<size_t>(std::min<uint64_t>(chunk_.size(), block_remaining_));
  *piece = chunk_.substr(0, take);
  chunk_.remove_prefix(take);
  block_remaining_ -= take;
  return true;
}

}  // namespace warc
