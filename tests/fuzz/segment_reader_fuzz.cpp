// Fuzzes gzmulti::SegmentReader: every segment and chunk of arbitrary bytes,
// with Resync() after each error, as RecordReader uses it.
//
// The first input byte picks the options, the rest is the file:
//   bit 0  fast path (libdeflate) on
//   bit 1  streaming backend forced to zlib (else ISA-L when built in)
//   bit 2  fast path only for members up to 64 bytes of output (so larger
//          members fall back to streaming)
//   bit 3  start_offset 1000 (offsets in messages and segments shift)
//   bit 4  limit: only the first two thirds of the bytes may be read
//   bit 5  a 64-byte input window (ReaderOptions::input_buffer_size)
//   bit 6  valid input: the rest, cut at every '|', becomes one gzip member
//          per piece (gzmulti::CompressMember), and every option must then
//          give back exactly those members and bytes, without an error
#include <string>
#include <string_view>
#include <vector>

#include "base/source.h"
#include "fuzz_targets.h"
#include "gzmulti/member_writer.h"
#include "gzmulti/segment_reader.h"

namespace fuzz {

int SegmentReaderOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t flags = data[0];
  std::string input(reinterpret_cast<const char*>(data) + 1, size - 1);
  const bool valid = flags & 64;
  std::vector<std::string> pieces;
  std::vector<uint64_t> ends;  // file offset after each member
  if (valid) {
    std::string_view rest(input);
    std::string file;
    for (;;) {
      size_t bar = rest.find('|');
      pieces.emplace_back(rest.substr(0, bar));
      file += gzmulti::CompressMember(pieces.back());
      ends.push_back((flags & 8 ? 1000 : 0) + file.size());
      if (bar == std::string_view::npos) break;
      rest.remove_prefix(bar + 1);
    }
    input = file;
  }

  gzmulti::ReaderOptions options;
  options.fast_path = flags & 1;
  options.stream_backend =
      (flags & 2) ? gzmulti::StreamBackend::kZlib : gzmulti::StreamBackend::kAuto;
  if (flags & 4) options.fast_path_max_output = 64;
  if (flags & 8) options.start_offset = 1000;
  if ((flags & 16) && !valid) options.limit = input.size() * 2 / 3;
  if (flags & 32) options.input_buffer_size = 64;
  const uint64_t first = options.start_offset;
  const uint64_t last = first + std::min<uint64_t>(input.size(), options.limit);

  base::StringSource source(input);
  gzmulti::SegmentReader reader(&source, options);

  auto check_status = [&](const char* where) {
    uint64_t at = 0;
    const std::string& m = reader.status().message();
    Check(HasOffsetPrefix(m, &at), std::string(where) + ": message without \"offset N: \": " + m);
    Check(at >= first && at <= last, std::string(where) + ": offset outside the input: " + m);
  };

  uint64_t prev_begin = 0;
  uint64_t prev_end = first;  // end of the last complete segment
  bool any = false;
  size_t segments = 0;
  std::string data_out;  // of the current segment, in valid mode
  for (;;) {
    bool started = reader.NextSegment();
    if (started) {
      const uint64_t begin = reader.segment_begin();
      Check(begin >= prev_end, "segment begins before the previous one ended");
      Check(!any || begin > prev_begin, "segment does not move forward");
      Check(begin < last, "segment begins at or past the end of the input");
      prev_begin = begin;
      any = true;
      std::string_view chunk;
      uint64_t out = 0;
      data_out.clear();
      while (reader.NextChunk(&chunk)) {
        out += chunk.size();
        if (valid) data_out.append(chunk);
        Check(out == reader.segment_decompressed(), "segment_decompressed() disagrees with chunks");
      }
      if (reader.status().ok()) {
        const uint64_t end = reader.segment_end();
        Check(end >= begin, "segment end before its begin");
        Check(end <= last, "segment ends past the end of the input");
        if (reader.format() == gzmulti::Format::kPlain) {
          Check(end - begin == out, "plain segment length differs from its bytes");
          Check(begin == first, "plain input read as more than one segment");
        } else {
          Check(end - begin >= 18, "gzip member shorter than a header and trailer");
        }
        if (valid) {
          Check(segments < pieces.size(), "more segments than members");
          Check(end == ends[segments], "segment end is not its member's end");
          Check(data_out == pieces[segments], "segment bytes differ from its member's");
        }
        ++segments;
        prev_end = end;
        continue;
      }
    } else if (reader.status().ok()) {
      Check(!valid || segments == pieces.size(), "fewer segments than members");
      break;  // clean end of input
    }
    Check(!valid, "error on valid gzip members: " + reader.status().message());
    check_status(started ? "NextChunk" : "NextSegment");
    uint64_t skipped = 0;
    uint64_t damaged = reader.segment_begin();
    if (!reader.Resync(&skipped)) break;
    Check(skipped > 0, "Resync() moved nowhere");
    Check(reader.segment_begin() > damaged, "Resync() went backwards");
    Check(reader.segment_begin() < last, "Resync() went past the end of the input");
  }
  return 0;
}

}  // namespace fuzz

#ifndef WARCDEDUP_FUZZ_REPLAY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::SegmentReaderOneInput(data, size);
}
#endif
