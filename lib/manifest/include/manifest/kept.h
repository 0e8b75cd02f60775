// The kept list (warcrefs --kept, read by warcsumcmp --kept): one line per
// copy that warcrefs left as it was by design, not by error:
//
//   FILE OFFSET URI DATE DIGEST REASON [DETAIL...]
//
// fields as in the manifest; REASON is one of the tokens below, DETAIL free
// text for people. Lists written before the reasons were typed hold free
// text in REASON: they read as kUnknown, which is still a kept copy.
// FormatKeptLine writes a line, ReadKeptList reads a list back; the format
// is documented in warckeptlist(5).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "base/source.h"
#include "base/status.h"

namespace manifest {

enum class KeptReason {
  kSameCapture,         // "same-capture": its original has the same URI and date
  kReferenced,          // "referenced": an existing revisit refers to it
  kArc,                 // "arc": ARC records cannot become revisits
  kWarcDraft,           // "warc-draft": WARC/0.17 or 0.18, no revisit profile replay tools resolve
  kWouldGrow,           // "would-grow": its revisit would be larger than the record
  kOriginalMissing,     // "original-missing": the original it names cannot be found or read
  kOriginalDiffers,     // "original-differs": the original's payload is not identical
  kOriginalUnverified,  // "original-unverified": the original could not be checked (fetch failed)
  kDamagedFile,         // "damaged-file": its file is damaged and is never rewritten
  kUnknown,             // a reason this version does not know (an older list)
};

// The token written in the REASON field.
const char* KeptReasonToken(KeptReason reason);
// The reason a token names; kUnknown for any other text.
KeptReason ParseKeptReason(std::string_view token);

// One kept-list line (with its newline); detail may be empty.
std::string FormatKeptLine(std::string_view file, uint64_t offset, std::string_view uri,
                           std::string_view date, std::string_view digest, KeptReason reason,
                           std::string_view detail);

// One kept-list line as read: views into the line.
struct KeptLine {
  std::string_view file, offset, uri, date, digest;  // offset is not checked
  KeptReason reason = KeptReason::kUnknown;
  std::string_view detail;  // the rest of the line, may be empty
};
// False unless the line has six or more fields with FILE, URI, DATE and
// DIGEST not empty.
bool ParseKeptLine(std::string_view line, KeptLine* out);

// Calls fn for every line of source. A line ParseKeptLine refuses ends the
// reading with "NAME: line N: expected \"FILE OFFSET URI DATE DIGEST REASON\""
// (Corruption); a read error is "NAME: ..." (IOError).
base::Status ReadKeptList(base::ByteSource* source, const std::string& name,
                          const std::function<void(const KeptLine&)>& fn);
// Opens path and reads it as above; errors name path.
base::Status ReadKeptFile(const std::string& path, const std::function<void(const KeptLine&)>& fn);

}  // namespace manifest
