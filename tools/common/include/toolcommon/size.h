// Sizes on the command line: "8K", "500M", "2G".
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace toolcommon {

// Parses a decimal number of bytes with an optional suffix K, M, G or T
// (either case; powers of 1024) and an optional "B" or "iB" after it:
// "4096", "8K", "8KiB", "2m", "1G". Returns nullopt for anything else,
// including values of 2^64 bytes or more.
std::optional<uint64_t> ParseSize(std::string_view text);

}  // namespace toolcommon
