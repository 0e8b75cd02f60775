#include "warc/http.h"

#include <cstring>

namespace warc {
namespace {

// "HTTP/x.y NNN", the reason phrase optional.
bool IsStatusLine(std::string_view line) {
  size_t space = line.find(' ');
  if (line.substr(0, 5) != "HTTP/" || space == std::string_view::npos || line.size() < space + 4)
    return false;
  for (size_t i = space + 1; i < space + 4; ++i)
    if (line[i] < '0' || line[i] > '9') return false;
  return true;
}

// "Name: value", the name a token (printable ASCII without spaces).
bool IsFieldLine(std::string_view line) {
  size_t colon = line.find(':');
  if (colon == 0 || colon == std::string_view::npos) return false;
  for (size_t i = 0; i < colon; ++i)
    if (line[i] <= ' ' || line[i] >= 0x7f) return false;
  return true;
}

// A header section that the end of the block cut off before its empty line:
// a status line, then only header fields and folded continuation lines.
bool IsCutHeaderSection(std::string_view block) {
  size_t nl = block.find('\n');
  if (!IsStatusLine(block.substr(0, nl))) return false;
  while (nl != std::string_view::npos) {
    block.remove_prefix(nl + 1);
    nl = block.find('\n');
    std::string_view line = block.substr(0, nl);
    while (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line[0] == ' ' || line[0] == '\t') continue;
    if (!IsFieldLine(line)) return false;
  }
  return true;
}

}  // namespace

void HttpSplitter::Reset() {
  state_ = State::kHeader;
  header_.clear();
  line_length_ = 0;
}

std::string_view HttpSplitter::Feed(std::string_view piece) {
  if (state_ != State::kHeader) return piece;
  // Line by line with memchr: the header ends at the first line that holds
  // nothing but CRs.
  size_t i = 0;
  while (i < piece.size()) {
    const char* nl =
        static_cast<const char*>(std::memchr(piece.data() + i, '\n', piece.size() - i));
    size_t end = nl ? static_cast<size_t>(nl - piece.data()) : piece.size();
    if (piece.find_first_not_of('\r', i) < end) line_length_ = 1;
    if (!nl) break;
    if (line_length_ == 0) {
      header_.append(piece.data(), end + 1);
      state_ = State::kPayload;
      return piece.substr(end + 1);
    }
    line_length_ = 0;
    i = end + 1;
  }
  header_.append(piece);
  if (header_.size() > kMaxHeaderBytes) {
    state_ = State::kNoHeader;
    return header_;
  }
  return {};
}

std::string_view HttpSplitter::Finish() {
  if (state_ != State::kHeader) return {};
  // No empty line. A header section that the end of the block cut off is all
  // header and the payload is empty, as warcio and pywb read it (and compute
  // the stored WARC-Payload-Digest); anything else, such as a body that follows
  // the header without an empty line, is taken as no HTTP message at all.
  if (IsCutHeaderSection(header_)) {
    state_ = State::kPayload;
    return {};
  }
  state_ = State::kNoHeader;
  return header_;
}

base::Result<HttpResponseHead> ParseHttpResponseHead(std::string_view block) {
  HttpResponseHead head;
  size_t nl = block.find('\n');
  std::string_view status = block.substr(0, nl);
  if (!status.empty() && status.back() == '\r') status.remove_suffix(1);
  if (status.substr(0, 5) != "HTTP/")
    return base::Status::Corruption("expected an HTTP status line, found \"" +
                                    std::string(status.substr(0, 40)) + "\"");
  head.status_line = std::string(status);
  size_t space = status.find(' ');
  if (space == std::string_view::npos || status.size() < space + 4)
    return base::Status::Corruption("HTTP status line without a status code: \"" +
                                    std::string(status.substr(0, 40)) + "\"");
  for (size_t i = space + 1; i < space + 4; ++i) {
    if (status[i] < '0' || status[i] > '9')
      return base::Status::Corruption("bad HTTP status code in \"" +
                                      std::string(status.substr(0, 40)) + "\"");
    head.status_code = head.status_code * 10 + (status[i] - '0');
  }
  std::string_view rest = nl == std::string_view::npos ? "" : block.substr(nl + 1);
  while (!rest.empty()) {
    nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) break;
    if ((line[0] == ' ' || line[0] == '\t') && !head.headers.fields().empty()) {
      head.headers.AppendToLast(line);
      continue;
    }
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    std::string_view value = line.substr(colon + 1);
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t'))
      value.remove_prefix(1);
    head.headers.Add(std::string(line.substr(0, colon)), std::string(value));
  }
  return head;
}

}  // namespace warc
