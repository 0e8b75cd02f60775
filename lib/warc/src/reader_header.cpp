#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reader_internal.h"
#include "warc/reader.h"

namespace warc {

using reader_internal::MayStartWithWarc;
using reader_internal::Quote;
using reader_internal::Trim;

namespace {

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

// Splits an ARC record line at spaces into *tokens. Returns how many tokens
// make up the URL, 0 when the line has too few fields. v1: url ip date mime
// length; v2: url ip date mime code checksum location offset filename
// length. The URL may itself contain spaces, so fields are counted from the
// right.
size_t SplitArcLine(std::string_view line, std::vector<std::string_view>* tokens) {
  tokens->clear();
  size_t pos = 0;
  while (pos < line.size()) {
    size_t space = line.find(' ', pos);
    if (space == std::string_view::npos) space = line.size();
    if (space > pos) tokens->push_back(line.substr(pos, space - pos));
    pos = space + 1;
  }
  size_t n = tokens->size();
  if (n >= 10 && IsArcDate((*tokens)[n - 8]) && !IsArcDate((*tokens)[n - 3])) return n - 9;
  return n >= 5 ? n - 4 : 0;
}

}  // namespace

namespace reader_internal {

bool StartsWithArcRecordLine(std::string_view chunk) {
  size_t nl = chunk.find('\n');
  if (nl == std::string_view::npos) return false;
  std::vector<std::string_view> tokens;
  size_t url_fields = SplitArcLine(Trim(chunk.substr(0, nl)), &tokens);
  uint64_t length;
  if (url_fields == 0) return false;
  std::string_view date = tokens[url_fields + 1];
  return (date == "-" || IsArcDate(date)) && ParseDecimal(tokens.back(), &length);
}

}  // namespace reader_internal

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
  record->arc_line.clear();
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
  size_t url_fields = SplitArcLine(line, &tokens);
  size_t n = tokens.size();
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
  record->arc_line.assign(line);
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

}  // namespace warc
