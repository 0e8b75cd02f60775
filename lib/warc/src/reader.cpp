#include "warc/reader.h"

#include <algorithm>
#include <cstring>

#include "warc/header_map.h"

namespace warc {
namespace {

constexpr size_t kMaxHeaderBytes = 1 << 20;

// Shows up to 40 bytes of input in a message, with unprintable bytes escaped.
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

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

bool ParseDecimal(std::string_view s, uint64_t* value) {
  if (s.empty() || s.size() > 19) return false;
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  *value = v;
  return true;
}

// A chunk may hold only a few bytes (a small input window over a gzip member
// gives "WA"), so a signature is matched as far as the chunk goes; parsing the
// header checks the rest.
bool MayStartWith(std::string_view chunk, std::string_view sig) {
  return chunk.substr(0, sig.size()) == sig.substr(0, std::min(chunk.size(), sig.size()));
}

// "WARC/" as far as the chunk goes, in any case: readers in the field take
// "warc/1.0" (noted, see ParseWarcHeader).
bool MayStartWithWarc(std::string_view chunk) {
  size_t n = std::min<size_t>(chunk.size(), 5);
  return EqualsIgnoreCase(chunk.substr(0, n), std::string_view("WARC/").substr(0, n));
}

// Whether a WARC record may start here, as Next() reads one: its version line
// may be indented (see Trim).
bool MayStartWarcRecord(std::string_view s) {
  size_t indent = std::min(s.find_first_not_of(" \t"), s.size());
  return MayStartWithWarc(s.substr(indent));
}

bool IsGzipMagic(std::string_view s) {
  return s.size() >= 2 && static_cast<unsigned char>(s[0]) == 0x1f &&
         static_cast<unsigned char>(s[1]) == 0x8b;
}

// A field name is an RFC 2616 token: no controls, spaces or separators.
bool IsToken(std::string_view name) {
  if (name.empty()) return false;
  for (char ch : name) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c <= 0x20 || c >= 0x7f || std::strchr("()<>@,;:\\\"/[]?={}", c)) return false;
  }
  return true;
}

bool IsArcDate(std::string_view s) { return ArcDateToIso(s).has_value(); }

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
// that starts with "WARC/" is damaged (a wrong Content-Length, a cut header):
// reading it on would swallow the records after it. Returns true in that case;
// the next member is open either way (or the input is over).
bool RecordReader::MemberEndIsRecordEnd() {
  bool member_end = segments_.format() == gzmulti::Format::kGzip && in_segment_ && segment_done_ &&
                    segments_.status().ok();
  if (!member_end || arc_ || !start_aligned_ || record_segment_ != segments_.segment_begin() ||
      stats_.misaligned_records > 0)
    return false;
  return Refill(true) && MayStartWithWarc(chunk_);
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
      std::string_view version(*out);
      size_t nl = version.find('\n');
      version = Trim(version.substr(0, nl));
      bool whole_line = nl != std::string_view::npos;
      std::string where = "offset " + std::to_string(record_offset_) + ": ";
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

bool RecordReader::ParseWarcHeader(const std::string& text, Record* record) {
  const std::string where = "offset " + std::to_string(record_offset_) + ": ";
  std::string_view rest(text);  // whole lines, each ending in LF (ReadHeaderBlock)
  size_t nl = rest.find('\n');
  std::string_view version = Trim(rest.substr(0, nl));
  if (version.size() < 5 || !MayStartWithWarc(version))
    return RecordProblem(where + "expected a WARC version line, found " + Quote(version));
  // Another version may lay records out otherwise: nothing read from it could
  // be trusted.
  std::string_view number = version.substr(5);
  if (number != "1.0" && number != "1.1" && number != "0.17" && number != "0.18")
    return RecordProblem(where + "unknown WARC version " + Quote(version) +
                         " (expected WARC/0.17, 0.18, 1.0 or 1.1)");
  if (version.substr(0, 5) != "WARC/") {
    NoteOnce(&lower_case_noted_, where + "version line " + Quote(version) +
                                     " is not in upper case; read as WARC/" + std::string(number) +
                                     " (noted once per file)");
  }
  record->format = FileFormat::kWarc;
  record->version = std::string(version);
  if (!ParseWarcFields(rest, where, record)) return false;
  auto type = record->headers.First("WARC-Type");
  record->type = type ? ParseRecordType(*type) : kUnknownType;
  auto length = record->headers.First("Content-Length");
  if (!length) return RecordProblem(where + "missing Content-Length");
  if (!ParseDecimal(*length, &record->content_length))
    return RecordProblem(where + "bad Content-Length " + Quote(*length));
  return true;
}

// The header's lines after the version line, into record->headers. Every
// line must end in CR LF (stray CRs before it are tolerated: a file that went
// through a CRLF conversion); a bare LF, or a line that is neither a field
// nor a folded continuation, means the header is not what its writer wrote
// (a cut field name, a value broken in two): damage.
bool RecordReader::ParseWarcFields(std::string_view rest, const std::string& where,
                                   Record* record) {
  bool first = true;
  while (!rest.empty()) {
    size_t nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    rest.remove_prefix(nl + 1);
    if (line.empty() || line.back() != '\r')
      return RecordProblem(where + "header line " + Quote(line) +
                           " ends in a bare LF (expected CR LF)");
    if (first) {
      first = false;
      continue;
    }
    if (line.find_first_not_of('\r') == std::string_view::npos) break;  // the header's end
    if ((line[0] == ' ' || line[0] == '\t') && record->headers.replaced() > 0) {
      // A folded continuation (WARC 1.1 section 4: LWS means one space).
      record->headers.ContinueLast(Trim(line));
      continue;
    }
    size_t colon = line.find(':');
    std::string_view name = Trim(line.substr(0, colon));
    if (colon == std::string_view::npos || !IsToken(name))
      return RecordProblem(where +
                           (colon == std::string_view::npos
                                ? "header line without a colon: "
                                : "header line without a valid field name: ") +
                           Quote(Trim(line)));
    record->headers.Replace(name, Trim(line.substr(colon + 1)));
  }
  record->headers.EndReplace();
  return true;
}

// A response record gets a manifest line with its date, and revisits match
// it by date: with a WARC-Date that names no instant it is reported and read
// on, not located. Returns false then.
bool RecordReader::CheckListable(const Record& record) {
  if (record.type != kResponse) return true;
  auto date = record.headers.First("WARC-Date");
  if (!date && record.format == FileFormat::kArc) {  // "-" in its record line
    Report("offset " + std::to_string(record_offset_) +
           ": ARC response record with no date (\"-\"); not listed");
    return false;
  }
  if (!date || IsValidWarcDate(*date)) return true;
  Report("offset " + std::to_string(record_offset_) +
         ": response record with impossible WARC-Date " + Quote(*date) +
         " (expected YYYY-MM-DDThh:mm:ssZ); not listed");
  return false;
}

bool RecordReader::ParseArcHeader(const std::string& line_text, Record* record) {
  std::string_view line = Trim(std::string_view(line_text).substr(0, line_text.size() - 1));
  std::vector<std::string_view> tokens;
  size_t pos = 0;
  while (pos < line.size()) {
    size_t space = line.find(' ', pos);
    if (space == std::string_view::npos) space = line.size();
    if (space > pos) tokens.push_back(line.substr(pos, space - pos));
    pos = space + 1;
  }
  // v1: url ip date mime length; v2: url ip date mime code checksum location
  // offset filename length. The URL may itself contain spaces, so fields are
  // counted from the right.
  size_t n = tokens.size();
  size_t url_fields = 0;
  if (n >= 10 && IsArcDate(tokens[n - 8]) && !IsArcDate(tokens[n - 3])) {
    url_fields = n - 9;
  } else if (n >= 5) {
    url_fields = n - 4;
  }
  std::string where = "offset " + std::to_string(record_offset_) + ": ";
  if (url_fields == 0) {
    // Reading from inside a file, ARC was only a guess: say what could start here.
    if (mid_file_ && stats_.records == 0)
      return RecordProblem(where +
                           "no record starts here (expected a gzip member, \"WARC/\" or "
                           "an ARC record line, found " +
                           Quote(line) + ")");
    return RecordProblem(where + "expected an ARC record line \"url ip date mime length\", found " +
                         Quote(line));
  }
  std::string_view url(tokens[0].data(),
                       static_cast<size_t>(tokens[url_fields - 1].end() - tokens[0].begin()));
  std::string_view ip = tokens[url_fields];
  // "-" for an unknown date (a version block written without one, say): the
  // record has no WARC-Date then (a response without one is not listed).
  std::string_view arc_date = tokens[url_fields + 1];
  auto date = arc_date == "-" ? std::optional<std::string>("") : ArcDateToIso(arc_date);
  if (!date) return RecordProblem(where + "bad ARC date " + Quote(arc_date));
  if (!ParseDecimal(tokens[n - 1], &record->content_length))
    return RecordProblem(where + "bad ARC record length " + Quote(tokens[n - 1]));
  record->format = FileFormat::kArc;
  record->version = "ARC/1";
  bool filedesc = url.substr(0, 11) == "filedesc://";
  record->type = filedesc ? kWarcinfo : kResponse;
  record->headers.Replace("WARC-Type", filedesc ? "warcinfo" : "response");
  record->headers.Replace("WARC-Target-URI", url);
  if (!date->empty()) record->headers.Replace("WARC-Date", *date);
  record->headers.Replace("WARC-IP-Address", ip);
  record->headers.Replace("Content-Type", tokens[url_fields + 2]);
  record->headers.Replace("Content-Length", tokens[n - 1]);
  record->headers.EndReplace();
  return true;
}

bool RecordReader::ReadBlock(std::string_view* piece) {
  if (!in_record_ || !record_ok_ || block_remaining_ == 0) return false;
  if (chunk_.empty() && !Refill(false) && MemberEndIsRecordEnd()) {
    std::string where = "offset " + std::to_string(record_offset_);
    return EndAtMemberEnd(where + ": Content-Length (" + std::to_string(block_length_) +
                              " bytes) is longer than the record's gzip member, which ends after " +
                              std::to_string(block_length_ - block_remaining_) + " bytes of block",
                          block_remaining_,
                          "it lies inside the block the record at " + where +
                              " claims (Content-Length " + std::to_string(block_length_) + ")");
  }
  if (!Refill(true)) {
    if (!segments_.status().ok()) return RecordProblem("");
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
