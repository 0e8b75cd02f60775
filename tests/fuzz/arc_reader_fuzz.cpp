// Fuzzes the ARC side of warc::RecordReader: every input is put after a valid
// "filedesc://" header line and version block, so that the fuzzer spends its
// time on ARC record lines rather than on finding the file signature.
//
// The first input byte picks the options, the rest follows the header:
//   bit 0     fast path (libdeflate) on
//   bit 1     streaming backend forced to zlib
//   bits 2-3  wrapping: 0 as is, 1 one gzip member for the header and one per
//             record (cut before every line starting "http"), 2 one member for
//             everything, 3 one member per 64 bytes
//   bit 4     fast path only for members up to 64 bytes of output
//   bit 5     a 64-byte input window (ReaderOptions::input_buffer_size)
#include <string_view>

#include "fuzz_targets.h"
#include "record_check.h"

namespace fuzz {
namespace {

// As written by Heritrix and warcio: the version block is 75 bytes.
constexpr std::string_view kArcHeader =
    "filedesc://fuzz.arc 127.0.0.1 20140216050221 text/plain 75\n"
    "1 0 LiveWeb Capture\n"
    "URL IP-address Archive-date Content-type Archive-length\n"
    "\n";

}  // namespace

int ArcReaderOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t flags = data[0];
  std::string_view body(reinterpret_cast<const char*>(data) + 1, size - 1);
  FuzzFile file = MakeFile(kArcHeader, body, static_cast<Wrap>((flags >> 2) & 3), "http");

  gzmulti::ReaderOptions options;
  options.fast_path = flags & 1;
  options.stream_backend =
      (flags & 2) ? gzmulti::StreamBackend::kZlib : gzmulti::StreamBackend::kAuto;
  if (flags & 16) options.fast_path_max_output = 64;
  if (flags & 32) options.input_buffer_size = 64;
  Reading reading = CheckAllRecords(file, options);
  if (!file.gzip_layout_known && options.limit == UINT64_MAX && options.start_offset == 0 &&
      reading.records.size() <= 64)
    CheckChunkingIndependence(file.bytes, reading, options);
  return 0;
}

}  // namespace fuzz

#ifndef WARCDEDUP_FUZZ_REPLAY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::ArcReaderOneInput(data, size);
}
#endif
