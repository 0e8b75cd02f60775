// The references a damaged file may hold, taken from all of its bytes.
//
// A file the reader could not read whole may hide revisit records (in a
// block a wrong Content-Length swallowed, in a member that does not inflate
// to the end, past a cut). HarvestReferences looks at every byte without
// trusting any record boundary: the file as it is, and the output of every
// gzip member (any "1f 8b 08" anywhere), as far as it inflates. In each it
// reads header lines and makes reference lines (manifest/references.h) that
// are broad rather than exact:
//   - every WARC-Refers-To-Target-URI: "uri URI" (any capture of it);
//   - the WARC-Target-URI of a header block that is, or may be, a revisit
//     (WARC-Type: revisit, a revisit WARC-Profile, a WARC-Refers-To* field,
//     or no WARC-Type line at all): "uri URI";
//   - a revisit whose refers-to URI (or own URI) and WARC-Refers-To-Date
//     stand together: "capture URI DATE" as well;
//   - every WARC-Refers-To: "record ID".
// Folded values (continued on lines starting with a space or tab) are
// unfolded as the reader does. Fields are encoded as in the manifest. A line
// repeated soon after itself is given once; the same line may still come
// more than once. Memory stays bounded (a few inflaters, one line each, a
// batch of lines and a small set of recent ones) and time linear in what
// the file inflates to; past max_lines lines (or 256 MiB of them) the
// harvest stops and the file is incomplete.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "base/source.h"
#include "base/status.h"

namespace dedup {

struct HarvestStats {
  uint64_t bytes = 0;           // bytes of the file read
  uint64_t members = 0;         // gzip members that inflated to their end
  uint64_t broken_members = 0;  // gzip member starts that stopped inflating early
  uint64_t lines = 0;           // reference lines made
  // A revisit block with no WARC-Target-URI, WARC-Refers-To-Target-URI or
  // WARC-Refers-To (a cut header, a page quoting one): no replay tool can
  // index it, so it names no original; counted, not feared.
  uint64_t revisits_without_uri = 0;
  // Reasons the harvest cannot vouch for the file (then it is as if unread):
  uint64_t long_fields = 0;        // a field of interest longer than a line may be
  uint64_t members_not_tried = 0;  // member starts past the limit of concurrent inflaters
  uint64_t empty_refers = 0;       // a WARC-Refers-To(-Target-URI) without a value
  bool over_limit = false;         // more lines than the limit: the harvest stopped
  bool Complete() const {
    return long_fields == 0 && members_not_tried == 0 && empty_refers == 0 && !over_limit;
  }
};

inline constexpr uint64_t kHarvestMaxLines = 1000000;

// Reads source from its current position to its end. `emit` gets batches of
// complete lines ("uri http://a/\n" ...) and may move them out. A read error
// is returned (the stats then tell how far it got).
base::Status HarvestReferences(base::ByteSource* source,
                               const std::function<void(std::string* lines)>& emit,
                               HarvestStats* stats, uint64_t max_lines = kHarvestMaxLines);

}  // namespace dedup
