// Reading a WARC/ARC file as a sequence of segments of decompressed bytes.
//
// A ".warc.gz" is a concatenation of gzip members; each member is one segment,
// and its compressed [begin, end) in the file is what the manifest records as
// offset and length. A plain file is read as one segment covering the file.
// The format is recognised by content (gzip magic), never by file name.
//
// Memory is bounded whatever the member size: whole members of up to
// ReaderOptions::fast_path_max_output bytes are inflated in one call
// (libdeflate, when built in); larger ones are streamed in chunks (ISA-L when
// built in, zlib otherwise). CRC-32 and ISIZE of every member are checked,
// and a member header with reserved flag bits set is damage (as in zlib).
//
// Typical use:
//   SegmentReader reader(&source, {});
//   while (reader.NextSegment()) {
//     std::string_view chunk;
//     while (reader.NextChunk(&chunk)) Consume(chunk);
//     if (!reader.status().ok()) break;        // or Resync()
//     Use(reader.segment_begin(), reader.segment_end());
//   }
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/buffer.h"
#include "base/source.h"
#include "base/status.h"

namespace gzmulti {

enum class Format { kUnknown, kGzip, kPlain };

// Recognises gzip by its magic bytes; anything else is plain.
// An empty prefix is kUnknown.
Format DetectFormat(std::string_view first_bytes);

enum class StreamBackend { kAuto, kZlib };

struct ReaderOptions {
  // Inflate whole members of up to fast_path_max_output bytes in one call.
  bool fast_path = true;
  size_t fast_path_max_output = 1 << 20;
  // kAuto streams with ISA-L when it is built in; kZlib forces zlib.
  StreamBackend stream_backend = StreamBackend::kAuto;
  // Offset in the file at which the source is positioned (for messages and
  // segment offsets), and how many bytes may be read from there (a byte range
  // fetched over HTTP, say). Reading stops at the limit.
  uint64_t start_offset = 0;
  uint64_t limit = UINT64_MAX;
  // Size of the input window; 0 picks 4 MiB, or less when limit is smaller.
  // Many readers open at once (comparing records in lockstep) use a small one.
  size_t input_buffer_size = 0;
};

// Name of the streaming inflater in use ("isa-l" or "zlib") and whether the
// libdeflate fast path is built in; for -v output and benchmarks.
std::string BackendDescription(const ReaderOptions& options);

class StreamInflater;  // private: src/inflater.h

class SegmentReader {
 public:
  // REQUIRES: source outlives the reader and is positioned at options.start_offset.
  SegmentReader(base::ByteSource* source, const ReaderOptions& options);
  ~SegmentReader();
  SegmentReader(const SegmentReader&) = delete;
  SegmentReader& operator=(const SegmentReader&) = delete;

  // Format of the input, known after the first NextSegment().
  Format format() const { return format_; }

  // Starts the next segment. Returns false at the end of the input or on an
  // error (status() tells which).
  bool NextSegment();

  // Gives the next piece of the current segment's decompressed bytes; the view
  // stays valid until the next call. Returns false when the segment is complete
  // (status() ok, segment_end() valid) or on an error.
  bool NextChunk(std::string_view* chunk);

  // Plain input only: hands out again the last `unread` bytes of the current
  // chunk (the caller's unread rest of it) as the start of a new chunk that
  // holds at least `want` bytes when the input and the input window have them,
  // so that a caller can look a few bytes past the end of a chunk. Returns
  // false, as NextChunk() does, at the end of the input or on an error.
  // REQUIRES: unread <= the size of the last chunk handed out.
  bool PlainLookAhead(size_t unread, size_t want, std::string_view* chunk);

  // Compressed offset of the current segment's first byte.
  uint64_t segment_begin() const { return segment_begin_; }
  // Compressed offset one past the current segment's last byte.
  // REQUIRES: NextChunk() returned false with status().ok().
  uint64_t segment_end() const { return segment_end_; }
  // Bytes of decompressed data handed out so far in the current segment.
  uint64_t segment_decompressed() const { return segment_out_; }

  // Ok, or the error that stopped reading; messages start with "offset N: ".
  const base::Status& status() const { return status_; }
  // The error is the input ending inside a gzip member (a cut file): the
  // bytes handed out before it are the member's own, only unchecked by its
  // CRC. False after any other error and after Resync().
  bool cut_short() const { return cut_short_; }

  // After an error in a gzip member: skips to the next gzip member header
  // (1f 8b 08, reserved flag bits clear) after the damaged member's start. Returns false (reading
  // is over) when none is found or the input is not gzip. *skipped is the number of bytes passed
  // over.
  bool Resync(uint64_t* skipped);

  // Compressed bytes consumed so far (for progress lines).
  uint64_t bytes_consumed() const { return in_begin_ + in_pos_ - options_.start_offset; }

 private:
  bool Fill(size_t want);
  size_t Available() const { return in_len_ - in_pos_; }
  uint64_t Offset() const { return in_begin_ + in_pos_; }
  bool Fail(base::Status status);
  bool FailCutShort(uint64_t bytes_into_member);
  bool TryFastPath();
  bool StreamChunk(std::string_view* chunk);
  bool PlainChunk(std::string_view* chunk);

  base::ByteSource* source_;
  ReaderOptions options_;
  Format format_ = Format::kUnknown;
  base::Status status_;
  bool cut_short_ = false;

  base::RawBuffer in_;  // input window
  uint64_t in_begin_;   // file offset of in_[0]
  size_t in_pos_ = 0;   // next unread byte in in_
  size_t in_len_ = 0;   // bytes valid in in_
  bool source_eof_ = false;

  base::RawBuffer out_;  // decompressed data of the current chunk
  enum class State { kIdle, kFastDone, kFastPending, kStreaming, kPlain, kDone, kError };
  State state_ = State::kIdle;
  size_t fast_out_len_ = 0;
  uint64_t segment_begin_ = 0;
  uint64_t segment_end_ = 0;
  uint64_t segment_out_ = 0;

  std::unique_ptr<StreamInflater> inflater_;
  void* fast_decompressor_ = nullptr;  // libdeflate_decompressor*, when built in
};

}  // namespace gzmulti
