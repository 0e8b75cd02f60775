#include "arc.h"

#include <algorithm>
#include <cstdio>
#include <memory>

#include "capture.h"
#include "content.h"
#include "gzmulti/member_writer.h"
#include "output.h"
#include "rng.h"
#include "warc/digest.h"
#include "web.h"

namespace warcgen {
namespace {

// Documentation address ranges (RFC 5737): the crawler, and the DNS server it asked.
constexpr std::string_view kCrawlerIp = "192.0.2.10";
constexpr std::string_view kResolverIp = "192.0.2.53";

// What a record is, as the --records file names it.
enum class RecordKind { kFiledesc, kHttp, kOther };

const char* KindName(RecordKind kind) {
  switch (kind) {
    case RecordKind::kFiledesc:
      return "filedesc";
    case RecordKind::kHttp:
      return "http";
    default:
      return "other";
  }
}

// The version block after its record line: v1.0 names the organisation;
// v1.1 adds XML metadata as Heritrix wrote it.
std::string VersionBlock(ArcVersion version, uint64_t seed) {
  std::string block =
      version == ArcVersion::k10 ? "1 0 crawler.example.org\n" : "1 1 InternetArchive\n";
  block += "URL IP-address Archive-date Content-type Archive-length\n";
  if (version == ArcVersion::k10) return block;
  block +=
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<arcmetadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\" "
      "xmlns:dcterms=\"http://purl.org/dc/terms/\" xmlns:arc=\"http://archive.org/arc/1.0/\" "
      "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
      "xmlns=\"http://archive.org/arc/1.0/\" xsi:schemaLocation=\"http://archive.org/arc/1.0/ "
      "http://www.archive.org/arc/1.0/arc.xsd\">\n"
      "<arc:software>warcgen/" WARCDEDUP_VERSION
      " (warcdedup synthetic corpus generator)</arc:software>\n"
      "<arc:hostname>crawler.example.org</arc:hostname>\n"
      "<arc:ip>";
  block.append(kCrawlerIp).append("</arc:ip>\n<arc:operator>warcdedup tests</arc:operator>\n");
  block += "<dc:description>synthetic corpus, seed " + std::to_string(seed) +
           "</dc:description>\n"
           "<arc:robots>classic</arc:robots>\n"
           "<dc:format>ARC file version 1.1</dc:format>\n"
           "<dcterms:conformsTo xsi:type=\"dcterms:URI\">"
           "http://www.archive.org/web/researcher/ArcFileFormat.php</dcterms:conformsTo>\n"
           "</arcmetadata>\n";
  return block;
}

class ArcGenerator {
 public:
  ArcGenerator(const GenOptions& options, GenSummary* summary)
      : o_(options),
        summary_(summary),
        rng_(options.seed),
        web_(content_, &rng_),
        picker_(options, web_, &rng_),
        compressor_(options.level) {}
  base::Status Run();

 private:
  base::Status WriteFile(int index);
  base::Status WriteNext(int index);
  base::Status WriteFiledesc(std::string_view name);
  base::Status WriteDns();
  base::Status WriteNonHttp();
  base::Status WriteCapture();
  // Writes one record (line, block, LF), a gzip member of its own unless
  // plain, and its --records line; returns its offset and length in the file.
  base::Status Emit(RecordKind kind, std::string_view url, std::string_view ip,
                    std::string_view mime, std::string_view block, uint64_t* offset,
                    uint64_t* length);
  // "PREFIX-00003.arc.gz"; part > 0 names a file concatenated into it.
  std::string FileName(int index, int part) const;

  const GenOptions& o_;
  GenSummary* summary_;
  Rng rng_;
  Content content_;
  Web web_;
  Clock clock_;
  CapturePicker picker_;
  gzmulti::MemberCompressor compressor_;
  BufferedFile truth_, truth_empty_, records_;

  // The file being written.
  std::string file_name_;
  int parts_ = 0;  // version blocks after the first
  std::unique_ptr<BufferedFile> out_;
  uint64_t file_uncompressed_ = 0;
  std::string payload_, block_, record_, member_, line_;  // scratch, reused
};

base::Status ArcGenerator::Run() {
  if (!o_.truth.empty()) {
    if (auto s = truth_.Open(o_.truth); !s.ok()) return s;
    if (auto s = truth_empty_.Open(o_.truth + ".empty"); !s.ok()) return s;
  }
  if (!o_.records.empty())
    if (auto s = records_.Open(o_.records); !s.ok()) return s;
  for (int i = 0; i < o_.files; ++i)
    if (auto s = WriteFile(i); !s.ok()) return s;
  if (!o_.truth.empty()) {
    if (auto s = truth_.Commit(); !s.ok()) return s;
    if (auto s = truth_empty_.Commit(); !s.ok()) return s;
  }
  if (!o_.records.empty()) return records_.Commit();
  return base::Status::Ok();
}

std::string ArcGenerator::FileName(int index, int part) const {
  char name[64];
  if (part == 0)
    std::snprintf(name, sizeof name, "-%05d.arc%s", index, o_.plain ? "" : ".gz");
  else
    std::snprintf(name, sizeof name, "-%05d-%d.arc%s", index, part, o_.plain ? "" : ".gz");
  return o_.prefix + name;
}

base::Status ArcGenerator::WriteFile(int index) {
  file_name_ = FileName(index, 0);
  parts_ = 0;
  out_ = std::make_unique<BufferedFile>();
  if (auto s = out_->Open(o_.out_dir + "/" + file_name_); !s.ok()) return s;
  file_uncompressed_ = 0;
  clock_.Advance(&rng_);
  if (auto s = WriteFiledesc(file_name_); !s.ok()) return s;
  uint64_t target = o_.size / static_cast<uint64_t>(o_.files);
  do {
    if (auto s = WriteNext(index); !s.ok()) return s;
  } while (file_uncompressed_ < target);
  if (auto s = out_->Commit(); !s.ok()) return s;
  ++summary_->files;
  summary_->output_bytes += out_->bytes();
  summary_->uncompressed_bytes += file_uncompressed_;
  return base::Status::Ok();
}

base::Status ArcGenerator::WriteNext(int index) {
  clock_.Advance(&rng_);
  double u = rng_.Unit();
  if (u < o_.dns_rate) return WriteDns();
  u -= o_.dns_rate;
  if (u < o_.non_http_rate) return WriteNonHttp();
  u -= o_.non_http_rate;
  if (u < o_.filedesc_rate) {
    ++summary_->other;
    return WriteFiledesc(FileName(index, ++parts_));
  }
  return WriteCapture();
}

base::Status ArcGenerator::WriteFiledesc(std::string_view name) {
  block_ = VersionBlock(o_.arc_version, o_.seed);
  uint64_t offset, length;
  return Emit(RecordKind::kFiledesc, "filedesc://" + std::string(name), kCrawlerIp, "text/plain",
              block_, &offset, &length);
}

base::Status ArcGenerator::WriteDns() {
  // As Heritrix stored a lookup: the fetch time, then the answer's records.
  std::string host(web_.Host(&rng_));
  block_ = clock_.Arc() + "\n" + host + ".\t" + std::to_string(60 * rng_.Between(1, 60)) +
           "\tIN\tA\t" + IpOf(host) + "\n";
  ++summary_->other;
  uint64_t offset, length;
  return Emit(RecordKind::kOther, "dns:" + host, kResolverIp, "text/dns", block_, &offset, &length);
}

base::Status ArcGenerator::WriteNonHttp() {
  // A failed fetch (nothing stored), or a server that sent a body without
  // any status line or headers (HTTP/0.9 style).
  PayloadSpec spec;
  std::string url = web_.NewUrl(spec, &rng_);
  const char* mime = "no-type";
  block_.clear();
  if (rng_.Chance(0.5)) {
    spec.size = static_cast<uint32_t>(rng_.Between(o_.min_payload, o_.max_payload));
    spec.seed = rng_.Next();
    content_.Payload(spec, &block_);
    mime = "text/html";
  }
  ++summary_->other;
  uint64_t offset, length;
  return Emit(RecordKind::kOther, url, IpOf(HostOf(url)), mime, block_, &offset, &length);
}

base::Status ArcGenerator::WriteCapture() {
  CaptureKind kind;
  Capture cap = picker_.Next(&kind);
  const PayloadSpec& spec = cap.spec;
  // Old crawlers stored URLs as found in the page: a new URL may have spaces
  // in its query, which later captures of it keep.
  if ((kind == CaptureKind::kNew || kind == CaptureKind::kEmpty) &&
      rng_.Chance(o_.space_url_rate)) {
    cap.uri += cap.uri.find('?') == std::string::npos ? "?q=" : "&q=";
    cap.uri.append(content_.Word(&rng_)).append(" ").append(content_.Word(&rng_));
    if (rng_.Chance(0.5)) cap.uri.append(" ").append(content_.Word(&rng_));
  }
  std::string_view host = HostOf(cap.uri);
  content_.Payload(spec, &payload_);
  block_ = ResponseHead(spec, host, clock_);
  block_ += payload_;
  // The record line's MIME type is one token: the Content-Type without parameters.
  std::string mime = spec.kind == PayloadKind::kEmpty ? "no-type" : ContentTypeOf(spec);
  mime.resize(std::min(mime.size(), mime.find(';')));
  uint64_t offset, length;
  if (auto s = Emit(RecordKind::kHttp, cap.uri, IpOf(host), mime, block_, &offset, &length);
      !s.ok())
    return s;

  ++summary_->responses;
  summary_->duplicates += kind == CaptureKind::kDuplicate;
  summary_->near_duplicates += kind == CaptureKind::kNearDuplicate;
  summary_->empty += payload_.empty();
  if (!o_.truth.empty()) {
    warc::Hasher hasher(warc::DigestAlgorithm::kSha1);
    hasher.Update(payload_);
    line_.clear();
    AppendManifestLine(file_name_, offset, length, cap.uri, clock_.Warc(false),
                       hasher.Final().ToManifestString(), &line_);
    if (auto s = (payload_.empty() ? truth_empty_ : truth_).Append(line_); !s.ok()) return s;
  }
  picker_.Remember(std::move(cap));
  return base::Status::Ok();
}

base::Status ArcGenerator::Emit(RecordKind kind, std::string_view url, std::string_view ip,
                                std::string_view mime, std::string_view block, uint64_t* offset,
                                uint64_t* length) {
  record_.assign(url).append(" ").append(ip).append(" ").append(clock_.Arc()).append(" ");
  record_.append(mime).append(" ").append(std::to_string(block.size())).append("\n");
  record_.append(block).append("\n");
  *offset = out_->bytes();
  std::string_view bytes = record_;
  if (!o_.plain) {
    member_.clear();
    compressor_.Compress(record_, &member_);
    bytes = member_;
  }
  *length = bytes.size();
  if (auto s = out_->Append(bytes); !s.ok()) return s;
  file_uncompressed_ += record_.size();
  ++summary_->records;
  if (o_.records.empty()) return base::Status::Ok();
  warc::Hasher hasher(warc::DigestAlgorithm::kSha1);
  hasher.Update(block);
  line_.clear();
  AppendField(file_name_, &line_);
  line_.append(" ").append(std::to_string(*offset)).append(" ").append(KindName(kind));
  line_.push_back(' ');
  AppendField(url, &line_);
  line_.append(" ").append(warc::ToHex(hasher.Final().bytes)).append(" ");
  line_.append(std::to_string(block.size())).append("\n");
  return records_.Append(line_);
}

}  // namespace

base::Status GenerateArc(const GenOptions& options, GenSummary* summary) {
  ArcGenerator generator(options, summary);
  return generator.Run();
}

}  // namespace warcgen
