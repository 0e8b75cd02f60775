// The byte layout of a signature file (warcsig(5)), shared by its writer
// and reader. Every number is little-endian; every record, the index and the
// footer start at a multiple of 8.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace neardup::sig {

static_assert(std::endian::native == std::endian::little,
              "signature files are mapped as they are: little-endian machines only");

inline constexpr std::string_view kMagic{"WARCSIG\0", 8};
inline constexpr std::string_view kEndMagic{"WSIGEND\0", 8};

// Header: fixed part, then the extract and creator strings, zero-padded.
inline constexpr size_t kHeaderVersion = 8, kHeaderSize = 12, kHeaderK = 16, kHeaderNumPerm = 20,
                        kHeaderModP = 24, kHeaderHashScheme = 28, kHeaderMinHashScheme = 32,
                        kHeaderReserved = 36, kHeaderSeed = 40, kHeaderExtractLen = 48,
                        kHeaderCreatorLen = 52, kHeaderFixed = 56;
inline constexpr uint32_t kMaxHeaderString = 0xffff;

// Record: fixed part, then shingles, strings (padded).
inline constexpr size_t kRecSize = 0, kRecOffset = 8, kRecLength = 16, kRecStatus = 24,
                        kRecTokens = 28, kRecStringLens = 32, kRecReserved = 60, kRecFixed = 64;
inline constexpr int kRecStrings = 7;  // file uri date digest host mime title
inline constexpr int kRecKeyStrings = 4;

// Sketch entry, one per record in record order, all in one section after
// the records: what the candidate stages read for every record, apart
// from the records' shingles and strings. Then minhash, padded to 8.
inline constexpr size_t kSketchSimhash = 0, kSketchShingleCount = 8, kSketchFixed = 16;

// Footer: the last 32 bytes of the file.
inline constexpr size_t kFooterSketchOffset = 0, kFooterIndexOffset = 8, kFooterCount = 16,
                        kFooterMagic = 24, kFooterSize = 32;

constexpr uint64_t Align8(uint64_t n) { return (n + 7) & ~uint64_t{7}; }
constexpr uint64_t MinHashBytes(uint32_t num_perm) { return Align8(uint64_t{4} * num_perm); }
constexpr uint64_t SketchBytes(uint32_t num_perm) { return kSketchFixed + MinHashBytes(num_perm); }

inline uint32_t Load32(const char* p) {
  uint32_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline uint64_t Load64(const char* p) {
  uint64_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline void Store32(char* p, uint32_t v) { std::memcpy(p, &v, sizeof v); }
inline void Store64(char* p, uint64_t v) { std::memcpy(p, &v, sizeof v); }

}  // namespace neardup::sig
