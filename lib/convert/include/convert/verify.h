// Proof of a conversion (arc2warc --verify): the ARC file and the WARC file
// made of it are read side by side, and every ARC record that reads
// completely must be the next WARC record: the record ID the conversion
// gives it, its record line in WARC-ARC-Header-Line, and its block byte for
// byte. Every WARC record's WARC-Block-Digest and WARC-Payload-Digest must
// match its block, the WARC file must read without a single problem, and no
// record may be left over on either side. ARC records that do not read
// completely (the conversion reported them) must be absent from the WARC.
//
//   convert::VerifyStats stats;
//   base::Status s = convert::VerifyConversion(&arc, &warc, "x.arc.gz", &stats);
//   if (!s.ok()) Fail(s.message());  // "offset N: ..." names the first difference
#pragma once

#include <cstdint>
#include <string_view>

#include "base/source.h"
#include "base/status.h"

namespace convert {

struct VerifyStats {
  uint64_t records = 0;  // records found identical
  uint64_t bytes = 0;    // block bytes compared
  uint64_t skipped = 0;  // ARC records that did not read completely (not converted)
};

// arc_name: the name the conversion was given (it names the record IDs).
// The first difference is returned as Corruption, with the offsets of both
// records; an unreadable source as IOError.
base::Status VerifyConversion(base::ByteSource* arc, base::ByteSource* warc,
                              std::string_view arc_name, VerifyStats* stats);

}  // namespace convert
