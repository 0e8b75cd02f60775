// HTTP messages inside WARC/ARC blocks.
//
// The payload of a response record is the bytes after the HTTP header block,
// exactly as stored: chunked transfer coding and content coding are left as
// they are. That is what Heritrix, wget and pywb hash for the stored
// WARC-Payload-Digest, so digests computed here compare with theirs.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "base/status.h"
#include "warc/header_map.h"

namespace warc {

// Splits a block streamed in pieces into the HTTP header block and the payload.
// The header block ends at the first empty line (CRLF CRLF, or bare LF LF), or,
// when there is none, at the end of a block that holds nothing but a status
// line ("HTTP/1.1 200") and header fields: the payload is then empty, as warcio
// and pywb read it.
class HttpSplitter {
 public:
  // Header blocks larger than this are taken as "no HTTP header": the whole
  // block then counts as payload.
  static constexpr size_t kMaxHeaderBytes = 256 << 10;

  void Reset();
  // Returns the part of piece that belongs to the payload (empty while the
  // header block is still being read).
  std::string_view Feed(std::string_view piece);
  // Ends the block. If no header block was found (no empty line, and not a
  // header section cut off by the end of the block), returns the bytes held
  // back so far: they are payload after all. Otherwise returns "".
  std::string_view Finish();

  bool header_complete() const { return state_ == State::kPayload; }
  // The header block as stored, blank line included (if the block had one).
  // REQUIRES: header_complete().
  const std::string& header() const { return header_; }

 private:
  enum class State { kHeader, kPayload, kNoHeader };
  State state_ = State::kHeader;
  std::string header_;
  size_t line_length_ = 0;  // nonzero when the current line holds more than CRs
};

struct HttpResponseHead {
  std::string status_line;  // without its line ending
  int status_code = 0;
  HeaderMap headers;
};

// Parses a header block ("HTTP/1.1 200 OK\r\nName: value\r\n...\r\n\r\n").
// A missing reason phrase is accepted (real servers omit it).
base::Result<HttpResponseHead> ParseHttpResponseHead(std::string_view header_block);

}  // namespace warc
