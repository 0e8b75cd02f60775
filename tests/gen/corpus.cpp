#include "corpus.h"

#include <cstdio>
#include <memory>

#include "arc.h"
#include "capture.h"
#include "content.h"
#include "gzmulti/member_writer.h"
#include "output.h"
#include "warc/digest.h"
#include "warc/writer.h"
#include "web.h"

namespace warcgen {
namespace {

constexpr const char* kStreamNote =
    "# layout=stream: one gzip member holds every record, so warcsum lists none of them; "
    "offsets and lengths below are positions in the uncompressed stream\n";

class Generator {
 public:
  Generator(const GenOptions& options, GenSummary* summary);
  base::Status Run();

 private:
  base::Status WriteFile(int index);
  base::Status WriteWarcinfo(std::string_view version);
  base::Status WriteCapture();
  std::string_view PickVersion();
  // Writes one record and returns its offset and length in the file.
  base::Status Emit(std::string_view version, const warc::HeaderMap& headers,
                    std::string_view block, uint64_t* offset, uint64_t* length);

  const GenOptions& o_;
  GenSummary* summary_;
  Rng rng_;
  Content content_;
  Web web_;
  Clock clock_;
  CapturePicker picker_;
  BufferedFile truth_, truth_empty_;

  // The file being written.
  std::string file_name_;
  std::string warcinfo_id_;
  std::unique_ptr<BufferedFile> out_;
  std::unique_ptr<warc::RecordWriter> writer_;
  gzmulti::MemberWriter stream_;  // --layout stream: the file's single member
  std::string stream_buffer_;
  uint64_t file_uncompressed_ = 0;
  std::string payload_, block_, line_;  // scratch, reused
};

Generator::Generator(const GenOptions& options, GenSummary* summary)
    : o_(options),
      summary_(summary),
      rng_(options.seed),
      web_(content_, &rng_),
      picker_(options, web_, &rng_),
      stream_(options.level) {}

base::Status Generator::Run() {
  if (!o_.truth.empty()) {
    if (auto s = truth_.Open(o_.truth); !s.ok()) return s;
    if (auto s = truth_empty_.Open(o_.truth + ".empty"); !s.ok()) return s;
    if (o_.layout == Layout::kStream) {
      (void)truth_.Append(kStreamNote);
      (void)truth_empty_.Append(kStreamNote);
    }
  }
  for (int i = 0; i < o_.files; ++i)
    if (auto s = WriteFile(i); !s.ok()) return s;
  if (!o_.truth.empty()) {
    if (auto s = truth_.Commit(); !s.ok()) return s;
    if (auto s = truth_empty_.Commit(); !s.ok()) return s;
  }
  return base::Status::Ok();
}

std::string_view Generator::PickVersion() {
  switch (o_.version) {
    case WarcVersion::k10:
      return "WARC/1.0";
    case WarcVersion::k11:
      return "WARC/1.1";
    default:
      return rng_.Chance(0.5) ? "WARC/1.0" : "WARC/1.1";
  }
}

base::Status Generator::WriteFile(int index) {
  char name[64];
  std::snprintf(name, sizeof name, "-%05d.warc%s", index, o_.plain ? "" : ".gz");
  file_name_ = o_.prefix + name;
  out_ = std::make_unique<BufferedFile>();
  if (auto s = out_->Open(o_.out_dir + "/" + file_name_); !s.ok()) return s;
  warc::WriterOptions wo;
  wo.gzip = !o_.plain && o_.layout == Layout::kMember;
  wo.level = o_.level;
  wo.add_digests = true;  // WARC-Block-Digest for every record
  gzmulti::Sink sink = [this](std::string_view data) { return out_->Append(data); };
  if (o_.layout == Layout::kStream) {
    sink = [this](std::string_view data) {
      stream_buffer_.clear();
      stream_.Add(data, &stream_buffer_);
      return out_->Append(stream_buffer_);
    };
  }
  writer_ = std::make_unique<warc::RecordWriter>(sink, wo);
  file_uncompressed_ = 0;

  if (auto s = WriteWarcinfo(PickVersion()); !s.ok()) return s;
  uint64_t target = o_.size / static_cast<uint64_t>(o_.files);
  do {
    if (auto s = WriteCapture(); !s.ok()) return s;
  } while (file_uncompressed_ < target);

  if (o_.layout == Layout::kStream) {
    stream_buffer_.clear();
    stream_.Finish(&stream_buffer_);
    if (auto s = out_->Append(stream_buffer_); !s.ok()) return s;
  }
  if (auto s = out_->Commit(); !s.ok()) return s;
  ++summary_->files;
  summary_->output_bytes += out_->bytes();
  summary_->uncompressed_bytes += file_uncompressed_;
  return base::Status::Ok();
}

base::Status Generator::Emit(std::string_view version, const warc::HeaderMap& headers,
                             std::string_view block, uint64_t* offset, uint64_t* length) {
  *offset = writer_->bytes_written();
  if (auto s = writer_->Write(version, headers, block, length); !s.ok()) return s;
  // The record's uncompressed size, as RecordWriter lays it out: version line,
  // fields, the digest fields it adds (sha1 base32: 32 characters), the
  // Content-Length field, blank line, block, CRLF CRLF.
  uint64_t size = version.size() + 2;
  bool payload_digest = false;
  for (const auto& [name, value] : headers.fields()) {
    size += name.size() + value.size() + 4;
    payload_digest |= name == "WARC-Payload-Digest";
  }
  size += 58;  // "WARC-Block-Digest: sha1:" + 32 + CRLF
  auto type = headers.First("WARC-Type").value_or("");
  if (!payload_digest && (type == "response" || type == "request")) size += 60;
  size += 16 + std::to_string(block.size()).size() + 4 + block.size() + 4;
  if (o_.plain && size != *length) std::abort();  // the layout above is out of date
  file_uncompressed_ += size;
  ++summary_->records;
  return base::Status::Ok();
}

base::Status Generator::WriteWarcinfo(std::string_view version) {
  bool v11 = version == "WARC/1.1";
  warcinfo_id_ = NewUuid(&rng_);
  warc::HeaderMap h;
  h.Add("WARC-Type", "warcinfo");
  h.Add("WARC-Date", clock_.Warc(v11));
  h.Add("WARC-Filename", file_name_);
  h.Add("WARC-Record-ID", warcinfo_id_);
  h.Add("Content-Type", "application/warc-fields");
  block_ =
      std::string("software: warcgen/") + WARCDEDUP_VERSION +
      " (warcdedup synthetic corpus generator)\r\n"
      "format: WARC File Format " +
      std::string(version.substr(5)) + "\r\n" +
      (v11 ? "conformsTo: http://iipc.github.io/warc-specifications/specifications/"
             "warc-format/warc-1.1/\r\n"
           : "conformsTo: http://bibnum.bnf.fr/WARC/WARC_ISO_28500_version1_latestdraft.pdf\r\n") +
      "hostname: crawler.example.org\r\n"
      "robots: classic\r\n"
      "description: synthetic corpus, seed " +
      std::to_string(o_.seed) + "\r\n";
  uint64_t offset, length;
  return Emit(version, h, block_, &offset, &length);
}

base::Status Generator::WriteCapture() {
  std::string_view version = PickVersion();
  clock_.Advance(&rng_);
  std::string date = clock_.Warc(version == "WARC/1.1");

  CaptureKind kind;
  Capture cap = picker_.Next(&kind);
  const PayloadSpec& spec = cap.spec;
  std::string request_id = NewUuid(&rng_), response_id = NewUuid(&rng_);
  std::string_view host = HostOf(cap.uri);
  std::string etag = Etag(spec);

  // The request.
  block_ = "GET " + std::string(PathOf(cap.uri)) + " HTTP/1.1\r\nHost: " + std::string(host) +
           "\r\nUser-Agent: Mozilla/5.0 (compatible; warcgen/" WARCDEDUP_VERSION
           "; +http://crawler.example.org/)\r\n"
           "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8\r\n"
           "Accept-Encoding: identity\r\n";
  if (spec.status == 304) block_ += std::string("If-None-Match: ") + etag + "\r\n";
  block_ += "Connection: close\r\n\r\n";
  warc::HeaderMap h;
  h.Add("WARC-Type", "request");
  h.Add("WARC-Record-ID", request_id);
  h.Add("WARC-Warcinfo-ID", warcinfo_id_);
  h.Add("WARC-Date", date);
  h.Add("WARC-Target-URI", cap.uri);
  h.Add("WARC-Concurrent-To", response_id);
  h.Add("Content-Type", "application/http; msgtype=request");
  uint64_t offset, length;
  if (auto s = Emit(version, h, block_, &offset, &length); !s.ok()) return s;

  // The response: HTTP header block, then the payload as stored.
  content_.Payload(spec, &payload_);
  warc::Hasher hasher(warc::DigestAlgorithm::kSha1);
  hasher.Update(payload_);
  warc::Digest digest = hasher.Final();
  block_ = ResponseHead(spec, host, clock_);
  block_ += payload_;
  h.Clear();
  h.Add("WARC-Type", "response");
  h.Add("WARC-Record-ID", response_id);
  h.Add("WARC-Warcinfo-ID", warcinfo_id_);
  h.Add("WARC-Date", date);
  h.Add("WARC-Target-URI", cap.uri);
  h.Add("WARC-IP-Address", IpOf(host));
  h.Add("WARC-Payload-Digest", digest.ToWarcString());
  h.Add("Content-Type", "application/http; msgtype=response");
  if (auto s = Emit(version, h, block_, &offset, &length); !s.ok()) return s;

  ++summary_->responses;
  summary_->duplicates += kind == CaptureKind::kDuplicate;
  summary_->near_duplicates += kind == CaptureKind::kNearDuplicate;
  summary_->empty += payload_.empty();
  if (!o_.truth.empty()) {
    line_.clear();
    AppendManifestLine(file_name_, offset, length, cap.uri, date, digest.ToManifestString(),
                       &line_);
    if (auto s = (payload_.empty() ? truth_empty_ : truth_).Append(line_); !s.ok()) return s;
  }
  picker_.Remember(std::move(cap));
  return base::Status::Ok();
}

}  // namespace

base::Status Generate(const GenOptions& options, GenSummary* summary) {
  if (options.format == Format::kArc) return GenerateArc(options, summary);
  Generator generator(options, summary);
  return generator.Run();
}

}  // namespace warcgen
