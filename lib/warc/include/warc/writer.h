// Writing WARC records, plain or one gzip member per record.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "base/status.h"
#include "gzmulti/member_writer.h"
#include "warc/digest.h"
#include "warc/header_map.h"

namespace warc {

// "<urn:uuid:xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx>" from OpenSSL's CSPRNG.
std::string NewRecordId();

// A name-based record ID (RFC 4122 version 5: SHA-1 in the URL namespace
// 6ba7b811-9dad-11d1-80b4-00c04fd430c8), the same for the same name on every
// run: "<urn:uuid:...>". Python's uuid.uuid5(uuid.NAMESPACE_URL, name) agrees.
std::string NameBasedRecordId(std::string_view name);

struct WriterOptions {
  bool gzip = true;  // one gzip member per record
  int level = 6;
  // Adds WARC-Block-Digest, and WARC-Payload-Digest for response, resource,
  // request and conversion records, when the headers do not already have them
  // (sha1, base32, as most crawlers write them).
  bool add_digests = false;
};

class RecordWriter {
 public:
  // REQUIRES: sink outlives the writer.
  RecordWriter(gzmulti::Sink sink, const WriterOptions& options);

  // Writes "version\r\n", the headers in order (any Content-Length given is
  // replaced by the block's size), a blank line, the block and CRLF CRLF.
  // *record_length (optional) gets the record's size in the output.
  base::Status Write(std::string_view version, const HeaderMap& headers, std::string_view block,
                     uint64_t* record_length = nullptr);
  // Write() for a block too large to hold in memory: produce(sink) hands its
  // block_size bytes to sink, in pieces (compressed with zlib as they come;
  // add_digests does not apply: the headers must carry them already). A
  // block of any other size is an error, and the output is then unusable.
  base::Status WriteStreamed(std::string_view version, const HeaderMap& headers,
                             uint64_t block_size,
                             const std::function<base::Status(const gzmulti::Sink&)>& produce,
                             uint64_t* record_length = nullptr);
  uint64_t bytes_written() const { return bytes_written_; }

 private:
  // "version\r\n", the headers but Content-Length, and the digests that
  // add_digests asks for (block: the whole block, when in memory).
  std::string Head(std::string_view version, const HeaderMap& headers,
                   const std::string_view* block) const;

  gzmulti::Sink sink_;
  WriterOptions options_;
  gzmulti::MemberCompressor compressor_;
  uint64_t bytes_written_ = 0;
  std::string record_, buffer_;
};

// The payload of a block (the bytes after the HTTP header block when the
// block is an HTTP message; the whole block otherwise), for in-memory blocks.
std::string_view PayloadOf(std::string_view block, bool http);

}  // namespace warc
