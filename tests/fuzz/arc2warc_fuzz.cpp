// Fuzzes arc2warc's conversion and its proof: whatever the ARC input, the
// conversion must not crash, the WARC it writes must read back without a
// single problem, and VerifyConversion must find it identical to its input.
// The input goes after a valid "filedesc://" header, as in arc_reader_fuzz.
//
// The first input byte picks the options:
//   bits 0-1  wrapping: 0 as is, 1 one gzip member for the header and one per
//             record (cut before every line starting "http"), 2 one member for
//             everything, 3 one member per 64 bytes
//   bit 2     plain WARC output (default: one gzip member per record)
//   bit 3     blocks over 16 bytes spooled (the large-record path)
//   bit 4     WARC/1.0
#include <string>
#include <string_view>

#include "base/source.h"
#include "convert/arc_to_warc.h"
#include "convert/verify.h"
#include "fuzz_targets.h"
#include "record_check.h"
#include "warc/reader.h"

namespace fuzz {
namespace {

constexpr std::string_view kArcHeader =
    "filedesc://fuzz.arc 127.0.0.1 20140216050221 text/plain 75\n"
    "1 0 LiveWeb Capture\n"
    "URL IP-address Archive-date Content-type Archive-length\n"
    "\n";

class Problems : public warc::Reporter {
 public:
  void Problem(const base::Status& status) override {
    ++count;
    if (first.empty()) first = status.message();
  }
  uint64_t count = 0;
  std::string first;
};

}  // namespace

int Arc2WarcOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t flags = data[0];
  std::string_view body(reinterpret_cast<const char*>(data) + 1, size - 1);
  FuzzFile file = MakeFile(kArcHeader, body, static_cast<Wrap>(flags & 3), "http");

  convert::ConvertOptions options;
  options.gzip = !(flags & 4);
  if (flags & 8) options.in_memory_limit = 16;
  if (flags & 16) options.warc_version = "WARC/1.0";
  std::string warc;
  base::StringSource arc_source(file.bytes);
  Problems arc_problems;
  convert::ConvertStats stats;
  base::Status status = convert::ConvertArc(
      &arc_source, {"fuzz.arc", "fuzz.warc.gz"}, options,
      [&](std::string_view bytes) {
        warc.append(bytes);
        return base::Status::Ok();
      },
      &arc_problems, &stats);
  Check(status.ok(), "the conversion failed to write: " + status.message());
  Check(stats.records_out <= stats.records_in, "more records out than in");
  // Problems count places: two messages about one record are one problem.
  Check(stats.problems <= arc_problems.count && (stats.problems > 0) == (arc_problems.count > 0),
        "problems miscounted");

  // The WARC reads back cleanly, record for record.
  base::StringSource warc_source(warc);
  Problems warc_problems;
  warc::RecordReader reader(&warc_source, {}, &warc_problems);
  warc::Record record;
  uint64_t records = 0;
  while (reader.Next(&record)) {
    uint64_t length = 0;
    Check(reader.Finish(&length), "a converted record does not read back");
    ++records;
  }
  Check(warc_problems.count == 0, "the WARC does not read cleanly: " + warc_problems.first);
  Check(records == stats.records_out, "records written and read back differ");

  // And the proof holds.
  base::StringSource arc_again(file.bytes), warc_again(warc);
  convert::VerifyStats verified;
  status = convert::VerifyConversion(&arc_again, &warc_again, "fuzz.arc", &verified);
  Check(status.ok(), "the conversion does not verify: " + status.message());
  Check(verified.records == stats.records_out, "verified and written records differ");
  return 0;
}

}  // namespace fuzz

#ifndef WARCDEDUP_FUZZ_REPLAY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::Arc2WarcOneInput(data, size);
}
#endif
