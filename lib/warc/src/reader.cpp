#include "warc/reader.h"

#include <algorithm>
#include <cstring>

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
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
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

// Whether a WARC record may start here, as Next() reads one: its version line
// may be indented (see Trim).
bool MayStartWarcRecord(std::string_view s) {
  size_t indent = std::min(s.find_first_not_of(" \t"), s.size());
  return MayStartWith(s.substr(indent), "WARC/");
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
        msg += "; skipped " + std::to_string(skipped) + " bytes to the next gzip member at offset " +
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
        reporter_->Problem(base::Status::Corruption(msg));
        return RecordProblem("");
      }
    }
  } else if (!at_end_) {
    if (segments_.format() == gzmulti::Format::kPlain)
      msg += "; rest of file not read (no safe way to find the next record in an uncompressed file)";
    at_end_ = true;
  }
  reporter_->Problem(base::Status::Corruption(msg));
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
  return Refill(true) && MayStartWith(chunk_, "WARC/");
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
  reporter_->Problem(base::Status::Corruption(what +
                                              "; reading goes on at the next gzip member (offset " +
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

// Plain files: whether the newlines after a block (`newlines` LFs, up to
// chunk_) end the record. CRLF CRLF, with some leniency for real files:
// "\n\n" and stray CRs, or one newline or none (a writer that leaves out the
// trailer; warcio reads those) before the next "WARC/" line. Any other byte
// right after the block means the Content-Length is wrong.
bool RecordReader::PlainTrailerOk(size_t newlines) {
  if (chunk_.empty()) return true;  // end of input
  if (arc_) return newlines >= 1;
  if (newlines >= 2) {
    plain_trailers_ = true;
    return true;
  }
  // Some writers leave the trailer out (or keep one newline of it). But in a
  // file whose records had theirs, a record followed by "WARC/" with no
  // newline at all has a wrong Content-Length, and that "WARC/" may be a WARC
  // file inside its block.
  if (newlines == 0 && plain_trailers_) return false;
  LookAhead(5);
  return chunk_.substr(0, 5) == "WARC/";
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
      if (whole_line ? version.substr(0, 5) != "WARC/" : !MayStartWith(version, "WARC/"))
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
      return RecordProblem("offset " + std::to_string(record_offset_) + ": record header longer than " +
                           std::to_string(kMaxHeaderBytes) + " bytes");
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
    if (at_end_) return false;
    if (!Refill(true)) {
      if (!segments_.status().ok()) {
        RecordProblem("");
        continue;
      }
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
    record_offset_ = gzip ? segments_.segment_begin() : segments_.segment_begin() + SegmentPosition();

    in_record_ = true;
    record_ok_ = true;
    if (!started_) {
      started_ = true;
      auto may_start = [this](std::string_view sig) { return MayStartWith(chunk_, sig); };
      if (may_start("filedesc://")) {
        arc_ = true;
      } else if (mid_file_ && !may_start("WARC/")) {
        arc_ = true;  // a record fetched from inside an ARC file has no filedesc before it
      } else if (!may_start("WARC/")) {
        at_end_ = true;  // nothing in this file can be trusted
        RecordProblem("offset " + std::to_string(record_offset_) +
                      ": not a WARC or ARC file (expected \"WARC/\" or \"filedesc://\", found " +
                      Quote(chunk_) + ")");
        return false;
      }
    }
    record->headers.BeginReplace();
    record->offset = record_offset_;
    bool parsed = arc_ ? ReadHeaderBlock(&header_text_, true) && ParseArcHeader(header_text_, record)
                       : ReadHeaderBlock(&header_text_, false) && ParseWarcHeader(header_text_, record);
    if (!parsed) {
      if (at_end_ && segments_.status().ok() && !in_record_ && header_text_.empty()) return false;
      continue;
    }
    ++stats_.records;
    block_length_ = record->content_length;
    block_remaining_ = record->content_length;
    return true;
  }
}

bool RecordReader::ParseWarcHeader(const std::string& text, Record* record) {
  std::string_view rest(text);
  size_t nl = rest.find('\n');
  std::string_view version = Trim(rest.substr(0, nl));
  if (version.substr(0, 5) != "WARC/")
    return RecordProblem("offset " + std::to_string(record_offset_) +
                         ": expected a WARC version line, found " + Quote(version));
  record->format = FileFormat::kWarc;
  record->version = std::string(version);
  rest.remove_prefix(nl + 1);
  while (!rest.empty()) {
    nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
    if (Trim(line).empty()) break;
    if ((line[0] == ' ' || line[0] == '\t') && record->headers.replaced() > 0) {
      // A continuation line (RFC 822 folding) belongs to the previous field.
      record->headers.AppendToLast(" ");
      record->headers.AppendToLast(Trim(line));
      continue;
    }
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;  // junk line: ignored, as real readers do
    std::string_view name = Trim(line.substr(0, colon));
    std::string_view value = Trim(line.substr(colon + 1));
    record->headers.Replace(name, value);
  }
  record->headers.EndReplace();
  auto type = record->headers.First("WARC-Type");
  record->type = type ? ParseRecordType(*type) : kUnknownType;
  auto length = record->headers.First("Content-Length");
  if (!length)
    return RecordProblem("offset " + std::to_string(record_offset_) + ": missing Content-Length");
  if (!ParseDecimal(*length, &record->content_length))
    return RecordProblem("offset " + std::to_string(record_offset_) + ": bad Content-Length " +
                         Quote(*length));
  return true;
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
      return RecordProblem(where + "no record starts here (expected a gzip member, \"WARC/\" or "
                                   "an ARC record line, found " + Quote(line) + ")");
    return RecordProblem(where + "expected an ARC record line \"url ip date mime length\", found " +
                         Quote(line));
  }
  std::string_view url(tokens[0].data(),
                       static_cast<size_t>(tokens[url_fields - 1].end() - tokens[0].begin()));
  std::string_view ip = tokens[url_fields];
  auto date = ArcDateToIso(tokens[url_fields + 1]);
  if (!date) return RecordProblem(where + "bad ARC date " + Quote(tokens[url_fields + 1]));
  if (!ParseDecimal(tokens[n - 1], &record->content_length))
    return RecordProblem(where + "bad ARC record length " + Quote(tokens[n - 1]));
  record->format = FileFormat::kArc;
  record->version = "ARC/1";
  bool filedesc = url.substr(0, 11) == "filedesc://";
  record->type = filedesc ? kWarcinfo : kResponse;
  record->headers.Replace("WARC-Type", filedesc ? "warcinfo" : "response");
  record->headers.Replace("WARC-Target-URI", url);
  record->headers.Replace("WARC-Date", *date);
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
  size_t newlines = 0;
  std::string after;  // the first bytes after the block, for messages (41: Quote shows "...")
  while (Refill(!gzip)) {
    size_t n = 0;
    while (n < chunk_.size() && (chunk_[n] == '\r' || chunk_[n] == '\n')) ++n;
    newlines += static_cast<size_t>(std::count(chunk_.begin(), chunk_.begin() + n, '\n'));
    if (after.size() < 41) after.append(chunk_.substr(0, std::min(n, 41 - after.size())));
    chunk_.remove_prefix(n);
    if (!chunk_.empty()) break;
  }
  if (!segments_.status().ok()) {
    in_record_ = true;  // the damage belongs to this record
    return RecordProblem("");
  }
  auto where = [this] { return "offset " + std::to_string(record_offset_) + ": "; };
  if (!gzip) {
    if (!PlainTrailerOk(newlines)) {
      in_record_ = true;
      LookAhead(41);
      after.append(chunk_.substr(0, 41));
      return RecordProblem(
          where() + (arc_ ? "length (" : "Content-Length (") + std::to_string(block_length_) +
          " bytes) does not end the record: expected " + (arc_ ? "a newline" : "CRLF CRLF") +
          " after the block, found " + Quote(after));
    }
    *length = segments_.segment_begin() + SegmentPosition() - record_offset_;
    return true;
  }
  if (newlines >= 2) plain_trailers_ = true;
  // One record per member: it starts its member, ends it, and no member
  // boundary lies inside it.
  bool ends_member = chunk_.empty() && segment_done_;
  bool one_member = segments_.segment_begin() == record_segment_;
  if (start_aligned_ && ends_member && one_member) {
    if (record_position_ < claimed_end_) {
      reporter_->Problem(base::Status::Corruption(where() + "not listed: " + claim_));
      return false;
    }
    *length = segments_.segment_end() - record_offset_;
    return true;
  }
  // Bytes that start no record follow the block inside the record's own
  // member: the Content-Length is too small.
  if (start_aligned_ && one_member && !ends_member && !arc_ && !MayStartWarcRecord(chunk_)) {
    in_record_ = true;
    after.append(chunk_.substr(0, 41));
    return RecordProblem(where() + "Content-Length (" + std::to_string(block_length_) +
                         " bytes) is shorter than the record's gzip member: found " + Quote(after) +
                         " after the block");
  }
  ++stats_.misaligned_records;
  // Not listed, but is it damage? A record that runs on into other members,
  // or into the next record without its trailer where earlier records had
  // theirs, may have a wrong Content-Length that swallowed records (a
  // revisit among them perhaps).
  if ((start_aligned_ && !one_member) || (newlines == 0 && plain_trailers_ && !chunk_.empty()))
    stats_.damaged = true;
  if (start_aligned_ && !one_member) {
    reporter_->Problem(base::Status::Corruption(
        "offset " + std::to_string(record_offset_) +
        ": record spans more than one gzip member (not one record per member); not listed"));
  } else if (record_segment_ != last_reported_segment_) {
    last_reported_segment_ = record_segment_;
    reporter_->Problem(base::Status::Corruption(
        "offset " + std::to_string(record_segment_) +
        ": gzip member holds more than one record (not one record per member); its records are "
        "not listed"));
  }
  return false;
}

}  // namespace warc
