// Manifest orders: comparators that agree with `LC_ALL=C sort` on the keys
// warcmanifest(5) names (their byte keys are in manifest/sort_key.h).
//
// Entry fields hold the text of the manifest fields as read (ParseLine does
// not decode), so byte comparisons of Entry strings are the C-locale
// comparisons of sort. Numeric keys (-k2,2n, -k7,7n) compare parsed values;
// ParseLine only accepts plain decimals below 2^64, for which that is exactly
// what sort -n does, leading zeros included ("007" equals "7").
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "base/external_sorter.h"
#include "base/status.h"
#include "manifest/entry.h"
#include "manifest/sort_key.h"

namespace manifest {

// Each returns <0, 0 or >0 as a sorts before, with or after b.
// sort's last-resort comparison of whole lines is not part of these.

// `LC_ALL=C sort -k6,6`: digest bytes.
int CompareDigestOrder(const Entry& a, const Entry& b);
// `LC_ALL=C sort -k6,6 -k7,7n -k5,5 -k1,1 -k2,2n`: digest, ext, date, file,
// offset. REQUIRES: both entries have 7 or more fields.
int CompareProcOrder(const Entry& a, const Entry& b);
// `LC_ALL=C sort -k1,1 -k2,2n`: file, offset.
int CompareFileOrder(const Entry& a, const Entry& b);

// The byte-comparable keys of these orders (AppendFileOrderKey ...) are in
// manifest/sort_key.h, included here for the callers that found them here.

// The external sorter moved to lib/base (base/external_sorter.h); the name
// stays here for the callers that found it here.
using ExternalSorter = base::ExternalSorter;

}  // namespace manifest
