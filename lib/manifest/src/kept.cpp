#include "manifest/kept.h"

#include <iterator>

namespace manifest {
namespace {

struct Name {
  KeptReason reason;
  const char* token;
};
constexpr Name kNames[] = {
    {KeptReason::kSameCapture, "same-capture"},
    {KeptReason::kReferenced, "referenced"},
    {KeptReason::kArc, "arc"},
    {KeptReason::kWarcDraft, "warc-draft"},
    {KeptReason::kWouldGrow, "would-grow"},
    {KeptReason::kOriginalMissing, "original-missing"},
    {KeptReason::kOriginalDiffers, "original-differs"},
    {KeptReason::kOriginalUnverified, "original-unverified"},
    {KeptReason::kDamagedFile, "damaged-file"},
};

}  // namespace

const char* KeptReasonToken(KeptReason reason) {
  for (const auto& n : kNames)
    if (n.reason == reason) return n.token;
  return "unknown";
}

KeptReason ParseKeptReason(std::string_view token) {
  for (const auto& n : kNames)
    if (token == n.token) return n.reason;
  return KeptReason::kUnknown;
}

std::string FormatKeptLine(std::string_view file, uint64_t offset, std::string_view uri,
                           std::string_view date, std::string_view digest, KeptReason reason,
                           std::string_view detail) {
  std::string line;
  line.append(file).append(" ").append(std::to_string(offset)).append(" ");
  line.append(uri).append(" ").append(date).append(" ").append(digest).append(" ");
  line.append(KeptReasonToken(reason));
  if (!detail.empty()) line.append(" ").append(detail);
  line += '\n';
  return line;
}

}  // namespace manifest
