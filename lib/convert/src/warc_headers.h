// The WARC header of a converted ARC record: which record type it becomes
// and which fields it gets (arc2warc(1) lists them).
#pragma once

#include <cstdint>
#include <string>

#include "warc/digest.h"
#include "warc/header_map.h"
#include "warc/reader.h"
#include "warc/record.h"

namespace convert {

// What the conversion learned from an ARC record's block.
struct BlockFacts {
  bool http = false;  // it starts with "HTTP/"
  warc::Digest block_digest;
  warc::Digest payload_digest;  // of the HTTP payload, or of the whole block
  bool cut_short = false;       // the input ended inside it (ReadOutcome::kCutShort)
};

// How an ARC record was read, which decides whether it is converted.
enum class ReadOutcome {
  kWhole,     // block and ending read (a location is not needed)
  kCutShort,  // the input or its gzip member ended inside the block: the bytes
              // before the cut are converted, marked WARC-Truncated
  kDamaged,   // anything else: not converted
};
// REQUIRES: reader.Finish() has just returned located.
ReadOutcome HowRead(const warc::RecordReader& reader, bool located);

// Where the record sits in its file.
struct FileContext {
  std::string warc_name;
  std::string record_id;    // the record's (RecordIds)
  std::string warcinfo_id;  // the file's warcinfo record, once written
  bool first = true;        // no record of the file converted yet
};

// Why arc cannot become a WARC record ("" when it can): no date, a date
// that names no instant (month 00, say), or a control byte in its record line.
std::string WhyNotConvertible(const warc::Record& arc);

// The WARC header for arc (an ARC record read completely), or false with
// *problem saying why it cannot be converted (WhyNotConvertible).
bool WarcHeadersFor(const warc::Record& arc, const BlockFacts& facts, const FileContext& context,
                    warc::HeaderMap* headers, std::string* problem);

}  // namespace convert
