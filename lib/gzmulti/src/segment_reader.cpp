#include "gzmulti/segment_reader.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "inflater.h"

#ifdef WARCDEDUP_HAVE_LIBDEFLATE
#include <libdeflate.h>
#endif

namespace gzmulti {
namespace {

constexpr size_t kMinInputBuffer = 4 << 20;
constexpr size_t kStreamChunk = 256 << 10;

std::string HexBytes(const char* p, size_t n) {
  static const char kHex[] = "0123456789abcdef";
  std::string s;
  for (size_t i = 0; i < n; ++i) {
    if (i) s += ' ';
    s += kHex[static_cast<uint8_t>(p[i]) >> 4];
    s += kHex[static_cast<uint8_t>(p[i]) & 15];
  }
  return s;
}

// Compressed bytes the fast path needs in view to hold a whole member whose
// output fits: deflate never expands by more than 5 bytes per 64 KiB stored
// block, plus header fields (FEXTRA may be 64 KiB).
size_t FastWindow(const ReaderOptions& o) {
  return o.fast_path_max_output + o.fast_path_max_output / 1024 + (128 << 10);
}

}  // namespace

Format DetectFormat(std::string_view first_bytes) {
  if (first_bytes.empty()) return Format::kUnknown;
  if (first_bytes.size() >= 2 && static_cast<uint8_t>(first_bytes[0]) == 0x1f &&
      static_cast<uint8_t>(first_bytes[1]) == 0x8b)
    return Format::kGzip;
  return Format::kPlain;
}

std::string BackendDescription(const ReaderOptions& options) {
  std::string s;
#ifdef WARCDEDUP_HAVE_LIBDEFLATE
  if (options.fast_path)
    s = "libdeflate (members up to " + std::to_string(options.fast_path_max_output >> 10) +
        " KiB), ";
#endif
  bool isal = options.stream_backend == StreamBackend::kAuto && NewIsalInflater() != nullptr;
  return s + (isal ? "isa-l" : "zlib") + " (streaming)";
}

SegmentReader::SegmentReader(base::ByteSource* source, const ReaderOptions& options)
    : source_(source), options_(options), in_begin_(options.start_offset) {
#ifndef WARCDEDUP_HAVE_LIBDEFLATE
  options_.fast_path = false;
#endif
  // A range of a few KB (one record fetched by offset) rarely inflates to a
  // megabyte: size the whole-member buffer to it. A member that inflates to
  // more takes the streaming path, as any large member does.
  if (options_.limit < options_.fast_path_max_output / 16)
    options_.fast_path_max_output = std::max<size_t>(64 << 10, options_.limit * 16);
  size_t size = options_.input_buffer_size;
  if (size == 0) {
    size = std::max(kMinInputBuffer, 2 * FastWindow(options_));
    if (options_.limit < size) size = std::max<size_t>(options_.limit, 64);
  }
  in_.EnsureSize(size);
}

SegmentReader::~SegmentReader() {
#ifdef WARCDEDUP_HAVE_LIBDEFLATE
  if (fast_decompressor_)
    libdeflate_free_decompressor(static_cast<libdeflate_decompressor*>(fast_decompressor_));
#endif
}

bool SegmentReader::Fail(base::Status status) {
  status_ = std::move(status);
  state_ = State::kError;
  return false;
}

bool SegmentReader::FailCutShort(uint64_t bytes_into_member) {
  Fail(base::Status::Corruption("offset " + std::to_string(segment_begin_) +
                                ": gzip member truncated (input ends " +
                                std::to_string(bytes_into_member) + " bytes into it)"));
  cut_short_ = true;
  return false;
}

// Makes at least `want` unread bytes available unless the input ends first.
// Returns false only on a read error.
bool SegmentReader::Fill(size_t want) {
  if (Available() >= want || source_eof_) return true;
  if (in_.size() - in_pos_ < want) {
    // Keep the current member's start in view when cheap, so Resync() can
    // look for the next header right after it.
    size_t keep_from = in_pos_;
    if (segment_begin_ >= in_begin_ && segment_begin_ < in_begin_ + in_pos_) {
      size_t seg = static_cast<size_t>(segment_begin_ - in_begin_);
      if (in_len_ - seg + want <= in_.size()) keep_from = seg;
    }
    std::memmove(in_.data(), in_.data() + keep_from, in_len_ - keep_from);
    in_begin_ += keep_from;
    in_pos_ -= keep_from;
    in_len_ -= keep_from;
  }
  while (Available() < want && in_len_ < in_.size()) {
    uint64_t read_so_far = in_begin_ + in_len_ - options_.start_offset;
    if (read_so_far >= options_.limit) {
      source_eof_ = true;
      break;
    }
    size_t room = std::min<uint64_t>(in_.size() - in_len_, options_.limit - read_so_far);
    auto got = source_->Read(in_.data() + in_len_, room);
    if (!got.ok()) {
      Fail(got.status().WithPrefix("offset " + std::to_string(in_begin_ + in_len_)));
      return false;
    }
    if (*got == 0) {
      source_eof_ = true;
      break;
    }
    in_len_ += *got;
  }
  return true;
}

bool SegmentReader::NextSegment() {
  if (state_ == State::kError || state_ == State::kDone) return false;
  // Drain a segment the caller did not read to its end.
  std::string_view ignored;
  while (state_ != State::kIdle && NextChunk(&ignored)) {
  }
  if (state_ == State::kError) return false;
  if (!Fill(4)) return false;
  if (Available() == 0) {
    state_ = State::kDone;
    return false;
  }
  if (format_ == Format::kUnknown)
    format_ = DetectFormat(std::string_view(in_.data() + in_pos_, Available()));
  segment_begin_ = Offset();
  segment_end_ = segment_begin_;
  segment_out_ = 0;
  if (format_ == Format::kPlain) {
    state_ = State::kPlain;
    return true;
  }
  const char* p = in_.data() + in_pos_;
  if (Available() < 3 || static_cast<uint8_t>(p[0]) != 0x1f || static_cast<uint8_t>(p[1]) != 0x8b) {
    // The input ends within the first bytes of what may be a member header.
    bool magic_so_far = static_cast<uint8_t>(p[0]) == 0x1f &&
                        (Available() < 2 || static_cast<uint8_t>(p[1]) == 0x8b);
    if (Available() < 3 && magic_so_far) return FailCutShort(Available());
    return Fail(base::Status::Corruption("offset " + std::to_string(segment_begin_) +
                                         ": expected a gzip member header (1f 8b), found " +
                                         HexBytes(p, std::min<size_t>(Available(), 4))));
  }
  // zlib and gzip -t refuse a header with reserved flag bits set (RFC 1952:
  // they must be zero); libdeflate and ISA-L pass over them, so it is checked
  // here, and the member is damage like any other bad header.
  if (Available() >= 4 && (static_cast<uint8_t>(p[3]) & 0xe0) != 0) {
    char flags[8];
    std::snprintf(flags, sizeof flags, "0x%02x", static_cast<uint8_t>(p[3]));
    return Fail(base::Status::Corruption("offset " + std::to_string(segment_begin_) +
                                         ": corrupt gzip member: reserved flag bits set in its "
                                         "header (FLG " +
                                         flags + ")"));
  }
  if (options_.fast_path && TryFastPath()) {
    state_ = State::kFastPending;
    return true;
  }
  if (!inflater_) {
    if (options_.stream_backend == StreamBackend::kAuto) inflater_ = NewIsalInflater();
    if (!inflater_) inflater_ = NewZlibInflater();
  }
  inflater_->Reset();
  state_ = State::kStreaming;
  return true;
}

bool SegmentReader::TryFastPath() {
#ifdef WARCDEDUP_HAVE_LIBDEFLATE
  if (!fast_decompressor_) fast_decompressor_ = libdeflate_alloc_decompressor();
  out_.EnsureSize(options_.fast_path_max_output);
  size_t in_used = 0, out_made = 0;
  auto inflate = [&] {
    return libdeflate_gzip_decompress_ex(static_cast<libdeflate_decompressor*>(fast_decompressor_),
                                         in_.data() + in_pos_, Available(), out_.data(),
                                         options_.fast_path_max_output, &in_used, &out_made);
  };
  // Most members are whole in the buffer already: try them as they are, and
  // refill (moving the unread tail to the front) only when one is cut off.
  // Refilling up front would move a whole window on every refill.
  auto rc = Available() > 0 ? inflate() : LIBDEFLATE_BAD_DATA;
  // (A member that fills the output buffer is too big for this path, whatever
  // follows.)
  if (rc != LIBDEFLATE_SUCCESS && rc != LIBDEFLATE_INSUFFICIENT_SPACE && !source_eof_ &&
      Available() < FastWindow(options_)) {
    if (!Fill(FastWindow(options_))) return false;
    rc = inflate();
  }
  // Anything but success (too big, truncated, corrupt) goes the streaming way,
  // which also gives the precise error.
  if (rc != LIBDEFLATE_SUCCESS) return false;
  in_pos_ += in_used;
  segment_end_ = Offset();
  fast_out_len_ = out_made;
  return true;
#else
  return false;
#endif
}

bool SegmentReader::NextChunk(std::string_view* chunk) {
  switch (state_) {
    case State::kFastPending:
      state_ = State::kFastDone;
      if (fast_out_len_ == 0) break;
      *chunk = std::string_view(out_.data(), fast_out_len_);
      segment_out_ += fast_out_len_;
      return true;
    case State::kFastDone:
      break;
    case State::kStreaming:
      return StreamChunk(chunk);
    case State::kPlain:
      return PlainChunk(chunk);
    default:
      return false;
  }
  state_ = State::kIdle;
  return false;
}

bool SegmentReader::StreamChunk(std::string_view* chunk) {
  out_.EnsureSize(kStreamChunk);
  for (;;) {
    if (Available() == 0 && !Fill(1)) return false;
    size_t in_used = 0, out_made = 0;
    auto step = inflater_->Inflate(reinterpret_cast<const uint8_t*>(in_.data() + in_pos_),
                                   Available(), &in_used, reinterpret_cast<uint8_t*>(out_.data()),
                                   out_.size(), &out_made);
    in_pos_ += in_used;
    segment_out_ += out_made;
    if (step == StreamInflater::Step::kError) {
      return Fail(base::Status::Corruption("offset " + std::to_string(segment_begin_) +
                                           ": corrupt gzip member: " + inflater_->error()));
    }
    if (step == StreamInflater::Step::kMemberEnd) {
      segment_end_ = Offset();
      fast_out_len_ = 0;
      state_ = State::kFastDone;  // nothing left but to report the end
      if (out_made == 0) {
        state_ = State::kIdle;
        return false;
      }
      *chunk = std::string_view(out_.data(), out_made);
      return true;
    }
    if (out_made > 0) {
      *chunk = std::string_view(out_.data(), out_made);
      return true;
    }
    if (in_used == 0) {
      size_t before = Available();
      if (!Fill(before + 1)) return false;
      if (Available() == before) return FailCutShort(Offset() - segment_begin_);
    }
  }
}

bool SegmentReader::PlainChunk(std::string_view* chunk) {
  if (Available() == 0 && !Fill(1)) return false;
  if (Available() == 0) {
    segment_end_ = Offset();
    state_ = State::kIdle;
    return false;
  }
  *chunk = std::string_view(in_.data() + in_pos_, Available());
  segment_out_ += Available();
  in_pos_ = in_len_;
  return true;
}

bool SegmentReader::PlainLookAhead(size_t unread, size_t want, std::string_view* chunk) {
  if (state_ != State::kPlain) return false;
  in_pos_ -= unread;
  segment_out_ -= unread;
  if (!Fill(std::min(want, in_.size()))) return false;
  return PlainChunk(chunk);
}

bool SegmentReader::Resync(uint64_t* skipped) {
  *skipped = 0;
  if (format_ != Format::kGzip || state_ != State::kError) return false;
  if (!status_.ok() && status_.code() == base::Status::Code::kIOError) return false;
  status_ = base::Status::Ok();
  cut_short_ = false;
  // Scan from just after the damaged member's start, or as close as still in view.
  uint64_t from = std::max(segment_begin_ + 1, in_begin_);
  in_pos_ = static_cast<size_t>(std::min<uint64_t>(from - in_begin_, in_len_));
  for (;;) {
    if (!Fill(3)) return false;
    if (Available() < 3) break;
    const char* p = in_.data() + in_pos_;
    const void* hit = std::memchr(p, 0x1f, Available() - 2);
    if (!hit) {
      in_pos_ = in_len_ - 2;
      continue;
    }
    in_pos_ += static_cast<const char*>(hit) - p;
    p = in_.data() + in_pos_;
    if (static_cast<uint8_t>(p[1]) == 0x8b && p[2] == 0x08 &&
        (Available() < 4 || (static_cast<uint8_t>(p[3]) & 0xe0) == 0)) {
      *skipped = Offset() - segment_begin_;
      segment_begin_ = Offset();
      state_ = State::kIdle;
      return true;
    }
    ++in_pos_;
  }
  in_pos_ = in_len_;
  *skipped = Offset() - segment_begin_;
  state_ = State::kDone;
  return false;
}

}  // namespace gzmulti
