#include "warc/http.h"

#include <cstring>

namespace warc {

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
    const char* nl = static_cast<const char*>(std::memchr(piece.data() + i, '\n', piece.size() - i));
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
  if (state_ == State::kHeader) {
    state_ = State::kNoHeader;
    return header_;
  }
  return {};
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
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
    head.headers.Add(std::string(line.substr(0, colon)), std::string(value));
  }
  return head;
}

}  // namespace warc
