// The extraction methods over a scanned page (extract_scan.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "extract_scan.h"

namespace neardup {

// Finn et al.'s body text extraction: the runs of the best span.
std::string BteText(const ScannedPage& page);

// The DOM filter (neardup/extract.h, ExtractMethod::kDom).
std::string DomText(const ScannedPage& page);

// The tokens of TokenF1 (neardup/extract.h), in order.
std::vector<std::string> Tokens(std::string_view text);

}  // namespace neardup
