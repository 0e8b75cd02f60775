#include "manifest/kept.h"

#include <iterator>

#include "manifest/fields.h"
#include "manifest/reader.h"

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

bool ParseKeptLine(std::string_view line, KeptLine* out) {
  auto f = SplitFields(line);
  if (f.size() < 6 || f[0].empty() || f[2].empty() || f[3].empty() || f[4].empty()) return false;
  *out = {f[0], f[1], f[2], f[3], f[4], ParseKeptReason(f[5]), FieldsAfter(line, 6)};
  return true;
}

base::Status ReadKeptList(base::ByteSource* source, const std::string& name,
                          const std::function<void(const KeptLine&)>& fn) {
  LineReader lines(source);
  std::string line;
  KeptLine kept;
  while (lines.Next(&line)) {
    if (!ParseKeptLine(line, &kept))
      return base::Status::Corruption(name + ": line " + std::to_string(lines.line_number()) +
                                      ": expected \"FILE OFFSET URI DATE DIGEST REASON\"");
    fn(kept);
  }
  if (!lines.status().ok()) return base::Status::IOError(name + ": " + lines.status().message());
  return base::Status::Ok();
}

base::Status ReadKeptFile(const std::string& path, const std::function<void(const KeptLine&)>& fn) {
  auto source = base::FileSource::Open(path);
  if (!source.ok()) return base::Status::IOError(path + ": " + source.status().message());
  return ReadKeptList(source->get(), path, fn);
}

}  // namespace manifest
