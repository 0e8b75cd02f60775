// Fuzzes warc::RecordReader, PayloadStream and Finish() over arbitrary bytes,
// read as they are or first wrapped in gzip members (gzmulti::CompressMember),
// so that the fuzzer reaches the record parser of .warc.gz files too.
//
// The first input byte picks the options, the rest is the file:
//   bit 0     fast path (libdeflate) on
//   bit 1     streaming backend forced to zlib
//   bits 2-3  wrapping: 0 as is, 1 one gzip member per record (cut before
//             every line starting "WARC/"), 2 one member for everything,
//             3 one member per 64 bytes (records then span members)
//   bit 4     fast path only for members up to 64 bytes of output
//   bit 5     limit: only the first three quarters of the file may be read
//   bit 6     a 64-byte input window (ReaderOptions::input_buffer_size)
//   bit 7     the bytes are a range fetched from offset 1000 of a file
#include <string_view>

#include "fuzz_targets.h"
#include "record_check.h"

namespace fuzz {

int WarcReaderOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t flags = data[0];
  std::string_view body(reinterpret_cast<const char*>(data) + 1, size - 1);
  FuzzFile file = MakeFile("", body, static_cast<Wrap>((flags >> 2) & 3), "WARC/");

  gzmulti::ReaderOptions options;
  options.fast_path = flags & 1;
  options.stream_backend =
      (flags & 2) ? gzmulti::StreamBackend::kZlib : gzmulti::StreamBackend::kAuto;
  if (flags & 16) options.fast_path_max_output = 64;
  if (flags & 32) options.limit = file.bytes.size() * 3 / 4;
  if (flags & 64) options.input_buffer_size = 64;
  if (flags & 128) options.start_offset = 1000;
  Reading reading = CheckAllRecords(file, options);
  if (!file.gzip_layout_known && options.limit == UINT64_MAX && options.start_offset == 0 &&
      reading.records.size() <= 64)
    CheckChunkingIndependence(file.bytes, reading, options);
  return 0;
}

}  // namespace fuzz

#ifndef WARCDEDUP_FUZZ_REPLAY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::WarcReaderOneInput(data, size);
}
#endif
