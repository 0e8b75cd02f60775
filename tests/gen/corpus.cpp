#include "corpus.h"

#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

#include "content.h"
#include "gzmulti/member_writer.h"
#include "toolcommon/io.h"
#include "warc/digest.h"
#include "warc/writer.h"

namespace warcgen {
namespace {

constexpr size_t kHistory = 8192;
constexpr size_t kFlushBytes = 1 << 20;

constexpr const char* kStreamNote =
    "# layout=stream: one gzip member holds every record, so warcsum lists none of them; "
    "offsets and lengths below are positions in the uncompressed stream\n";

// A toolcommon::OutputFile (NAME.tmp, renamed into place) written in 1 MB blocks.
class BufferedFile {
 public:
  base::Status Open(const std::string& path) { return file_.Open(path, false); }
  base::Status Append(std::string_view data) {
    buffer_.append(data);
    bytes_ += data.size();
    return buffer_.size() >= kFlushBytes ? Flush() : base::Status::Ok();
  }
  base::Status Commit() {
    if (auto s = Flush(); !s.ok()) return s;
    return file_.Commit();
  }
  uint64_t bytes() const { return bytes_; }

 private:
  base::Status Flush() {
    auto s = file_.Write(buffer_.data(), buffer_.size());
    buffer_.clear();
    return s;
  }
  toolcommon::OutputFile file_;
  std::string buffer_;
  uint64_t bytes_ = 0;
};

// A manifest field as warcmanifest(5) spells it: bytes outside 0x21-0x7e as
// %XX, "-" for an empty value, and a '%' as %25 where the raw value would
// otherwise read as such an escape ("%20" -> "%2520"; "%41" stays), so that
// decoding is exact. Written out here rather than taken from the manifest
// library, so that the truth does not share the code it checks.
bool NeedsEscape(unsigned char c) { return c <= 0x20 || c >= 0x7f; }

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

void AppendField(std::string_view raw, std::string* out) {
  if (raw.empty()) out->push_back('-');
  static const char kHex[] = "0123456789ABCDEF";
  for (size_t i = 0; i < raw.size(); ++i) {
    auto c = static_cast<unsigned char>(raw[i]);
    bool escape = NeedsEscape(c);
    if (c == '%' && i + 2 < raw.size() && HexDigit(raw[i + 1]) >= 0 && HexDigit(raw[i + 2]) >= 0) {
      auto byte = static_cast<unsigned char>(HexDigit(raw[i + 1]) * 16 + HexDigit(raw[i + 2]));
      escape = NeedsEscape(byte) || byte == '%';
    }
    if (escape) {
      out->push_back('%');
      out->push_back(kHex[c >> 4]);
      out->push_back(kHex[c & 15]);
    } else {
      out->push_back(raw[i]);
    }
  }
}

const char* Reason(int status) {
  switch (status) {
    case 200:
      return "OK";
    case 204:
      return "No Content";
    case 304:
      return "Not Modified";
    case 404:
      return "Not Found";
    default:
      return "Unknown";
  }
}

double Clamp01(double v) { return v < 0 ? 0 : v > 1 ? 1 : v; }

struct Capture {
  std::string uri;
  PayloadSpec spec;
};

class Generator {
 public:
  Generator(const GenOptions& options, GenSummary* summary);
  base::Status Run();

 private:
  base::Status WriteFile(int index);
  base::Status WriteWarcinfo(std::string_view version);
  base::Status WriteCapture();
  PayloadSpec NewSpec();
  uint32_t PayloadSize();
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
  double p_dup_, p_near_;           // conditional probabilities behind the rates
  std::vector<double> size_steps_;  // log-spaced payload sizes
  std::vector<Capture> history_;
  size_t history_next_ = 0;
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
      stream_(options.level) {
  double rest = 1 - o_.empty_rate;
  p_dup_ = rest > 0 ? Clamp01(o_.dup_rate / rest) : 0;
  rest -= o_.dup_rate;
  p_near_ = rest > 0 ? Clamp01(o_.near_dup_rate / rest) : 0;
  // Payload sizes are log-uniform between min and max (many small payloads,
  // few large, as on the web): 64 log-spaced steps, uniform within a step.
  // Only +, *, / and sqrt, which IEEE 754 rounds exactly, so that every
  // platform draws the same sizes (exp and log may differ in the last bit).
  double ratio = static_cast<double>(o_.max_payload + 1) / o_.min_payload, step = ratio;
  for (int i = 0; i < 6; ++i) step = std::sqrt(step);
  double v = o_.min_payload;
  for (int i = 0; i <= 64; ++i, v *= step) size_steps_.push_back(v);
}

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

uint32_t Generator::PayloadSize() {
  size_t i = static_cast<size_t>(rng_.Below(size_steps_.size() - 1));
  double lo = size_steps_[i], hi = size_steps_[i + 1];
  auto size = static_cast<uint32_t>(lo + (hi - lo) * rng_.Unit());
  return std::min(std::max(size, o_.min_payload), o_.max_payload);
}

PayloadSpec Generator::NewSpec() {
  PayloadSpec spec;
  spec.kind = rng_.Chance(o_.incompressible) ? PayloadKind::kBinary : PayloadKind::kHtml;
  spec.size = PayloadSize();
  spec.seed = rng_.Next();
  spec.chunked = rng_.Chance(o_.chunked_rate);
  if (spec.kind == PayloadKind::kBinary)
    spec.media = static_cast<uint8_t>(rng_.Below(BinaryMediaCount()));
  else if (rng_.Chance(0.03))
    spec.status = 404;
  return spec;
}

base::Status Generator::WriteCapture() {
  std::string_view version = PickVersion();
  clock_.Advance(&rng_);
  std::string date = clock_.Warc(version == "WARC/1.1");

  // What is captured: an empty response, an earlier payload again (same URL
  // later, or another URL), an earlier page slightly changed, or a new payload.
  Capture cap;
  bool duplicate = false, near_duplicate = false;
  if (rng_.Chance(o_.empty_rate)) {
    cap.spec.kind = PayloadKind::kEmpty;
    if (!history_.empty() && rng_.Chance(0.5)) {
      cap.spec.status = 304;  // a revalidated earlier URL
      cap.uri = history_[rng_.Below(history_.size())].uri;
    } else {
      cap.spec.status = 204;
      cap.uri = web_.NewUrl(cap.spec, &rng_);
    }
  } else if (!history_.empty() && rng_.Chance(p_dup_)) {
    const Capture& earlier = history_[rng_.Below(history_.size())];
    cap.spec = earlier.spec;
    cap.uri = rng_.Chance(0.5) ? earlier.uri : web_.NewUrl(cap.spec, &rng_);
    duplicate = true;
  } else if (!history_.empty() && rng_.Chance(p_near_)) {
    const Capture& earlier = history_[rng_.Below(history_.size())];
    cap.spec = earlier.spec;
    cap.spec.edit_seed = rng_.Next() | 1;
    cap.uri = earlier.uri;
    near_duplicate = true;
  } else {
    cap.spec = NewSpec();
    cap.uri = web_.NewUrl(cap.spec, &rng_);
  }
  const PayloadSpec& spec = cap.spec;
  std::string request_id = NewUuid(&rng_), response_id = NewUuid(&rng_);
  std::string_view host = HostOf(cap.uri);
  char etag[24];
  std::snprintf(etag, sizeof etag, "\"%016llx\"", static_cast<unsigned long long>(spec.seed));

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
  block_ = "HTTP/1.1 " + std::to_string(spec.status) + " " + Reason(spec.status) +
           "\r\nDate: " + clock_.Http() + "\r\nServer: " + ServerOf(host) + "\r\n";
  if (spec.kind != PayloadKind::kEmpty) {
    block_ += "Content-Type: ";
    block_ += spec.kind == PayloadKind::kHtml ? "text/html; charset=utf-8"
                                              : BinaryMedia(spec.media).content_type;
    block_ += "\r\n";
  }
  if (spec.chunked)
    block_ += "Transfer-Encoding: chunked\r\n";
  else
    block_ += "Content-Length: " + std::to_string(spec.size) + "\r\n";
  if (spec.status == 200 || spec.status == 304) {
    block_ += "Last-Modified: " + clock_.Http(1 + static_cast<int64_t>(spec.seed % 900)) + "\r\n";
    block_ += std::string("ETag: ") + etag + "\r\n";
  }
  if (spec.seed & 0x10)
    block_ += "Cache-Control: max-age=" + std::to_string(60 * (spec.seed % 97)) + "\r\n";
  block_ += "Connection: close\r\n\r\n";
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
  summary_->duplicates += duplicate;
  summary_->near_duplicates += near_duplicate;
  summary_->empty += payload_.empty();
  if (!o_.truth.empty()) {
    line_.clear();
    AppendField(file_name_, &line_);
    line_.append(" ").append(std::to_string(offset)).append(" ");
    line_.append(std::to_string(length)).append(" ");
    AppendField(cap.uri, &line_);
    line_ += " ";
    AppendField(date, &line_);
    line_.append(" ").append(digest.ToManifestString()).append("\n");
    if (auto s = (payload_.empty() ? truth_empty_ : truth_).Append(line_); !s.ok()) return s;
  }
  if (spec.kind != PayloadKind::kEmpty) {
    if (history_.size() < kHistory)
      history_.push_back(std::move(cap));
    else
      history_[history_next_++ % kHistory] = std::move(cap);
  }
  return base::Status::Ok();
}

}  // namespace

base::Status Generate(const GenOptions& options, GenSummary* summary) {
  Generator generator(options, summary);
  return generator.Run();
}

}  // namespace warcgen
