// The payload of a record: what warcsum hashes and warccollres compares.
//
// For a block that is an HTTP message, the bytes after the HTTP header block
// exactly as stored; for any other block (resource records, dns: responses),
// the whole block. An HTTP block with no empty line after its header is all
// header when it holds only a status line and header fields (its payload is
// empty, as warcio and pywb read it); otherwise it is no HTTP message and the
// whole block is the payload: two such records are then duplicates only if
// their blocks are identical.
//
// An ARC record's block is an HTTP message when it starts with "HTTP/" (by
// its content, not its URL's scheme, as arc2warc decides between response
// and resource): the first bytes are looked at before any piece is given.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "warc/http.h"
#include "warc/reader.h"

namespace warc {

class PayloadStream {
 public:
  // REQUIRES: reader has just returned record from Next().
  PayloadStream(RecordReader* reader, const Record& record);
  // Every piece of the block, as read, also goes to tap (arc2warc keeps the
  // block while hashing its payload). Set before the first Next().
  void set_block_tap(std::function<void(std::string_view)> tap) { tap_ = std::move(tap); }
  // Next piece of payload; false at the end of the block (or on damage, which
  // RecordReader::Finish() then reports).
  bool Next(std::string_view* piece);
  // True when the block was an HTTP message with a complete header block.
  bool has_http_header() const { return http_ && splitter_.header_complete(); }
  // True when the block is an HTTP message (for an ARC record: known once
  // Next() has been called).
  bool http() const { return http_; }
  const HttpSplitter& splitter() const { return splitter_; }

 private:
  RecordReader* reader_;
  bool http_;
  bool sniffing_;      // an ARC record whose first bytes decide http_
  std::string sniff_;  // those first bytes, kept until decided
  bool finished_ = false;
  std::function<void(std::string_view)> tap_;
  HttpSplitter splitter_;
};

}  // namespace warc
