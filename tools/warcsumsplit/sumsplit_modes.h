// warcsumsplit's modes: how lines are placed in partitions.
#pragma once

#include <cstdint>

#include "base/status.h"
#include "manifest/host_catalog.h"
#include "sumsplit_files.h"
#include "sumsplit_input.h"
#include "toolcommon/diag.h"
#include "warcsumsplit.h"

namespace warcsumsplit {

// -c, -s, --digest-range: lines go out as they are, in input order, which
// must be digest order. Sets *count to the number of partitions.
base::Status SplitSorted(const Options& options, Input* in, PartitionFiles* files,
                         ByteCounter* progress, uint64_t* count);

// --by-host: each line is keyed by (host, file, offset) and sorted
// externally; the merged stream then fills the hosts' files one after the
// other. Files missing from the catalog are reported on diag.
base::Status SplitByHost(const Options& options, const manifest::HostCatalog& catalog, Input* in,
                         PartitionFiles* files, ByteCounter* progress, toolcommon::Diag* diag);

}  // namespace warcsumsplit
