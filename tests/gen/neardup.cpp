#include "neardup.h"

#include <cstdio>
#include <filesystem>
#include <memory>

#include "content.h"
#include "ndpicker.h"
#include "output.h"
#include "warc/digest.h"
#include "warc/writer.h"
#include "web.h"

namespace warcgen {
namespace {

constexpr const char* kPagesHeader =
    "#id\tfile\toffset\turi\tdate\top\tbase\tsite\tcharset\tdeclared\tcoding\tchunked\twords\t"
    "detail\n";

// The charset as servers spell it in headers and <meta> (variant: the
// view's seed, so that a copy of a page has the same bytes).
const char* CharsetLabel(const std::string& charset, uint64_t variant) {
  if (charset == "utf-8") return variant % 2 ? "UTF-8" : "utf-8";
  if (charset == "shift_jis") return "Shift_JIS";
  if (charset == "euc-jp") return "EUC-JP";
  if (charset == "iso-8859-1") return "ISO-8859-1";
  return "windows-1252";
}

std::string MetaCharset(const Delivery& d, uint64_t variant) {
  switch (d.declared) {
    case Declared::kBoth:
    case Declared::kMeta:
      return std::string("<meta charset=\"") + CharsetLabel(d.charset, variant) + "\">\n";
    case Declared::kHttpEquiv:
      return std::string("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=") +
             CharsetLabel(d.charset, variant) + "\">\n";
    case Declared::kConflict:
      return d.charset == "utf-8" ? "<meta charset=\"iso-8859-1\">\n"
                                  : "<meta charset=\"utf-8\">\n";
    default:
      return "";
  }
}

class NearDupWriter {
 public:
  NearDupWriter(const NearDupOptions& options, NearDupSummary* summary)
      : o_(options),
        summary_(summary),
        rng_(options.seed),
        ids_(options.seed ^ 0x7265636f72646964ULL),
        picker_(options, vocabulary_, &rng_) {}
  base::Status Run();

 private:
  base::Status OpenFile(const std::string& path, const std::string& name);
  base::Status CloseFile();
  base::Status WritePage(const Page& page);
  std::string ResponseHead(const Page& page, std::string_view host) const;
  base::Status WriteTruth(const Page& page, uint64_t offset, uint64_t length, std::string_view date,
                          std::string_view digest);

  const NearDupOptions& o_;
  NearDupSummary* summary_;
  Rng rng_;
  Rng ids_;  // record IDs: apart, so that splitting into files changes no page
  Vocabulary vocabulary_;
  PagePicker picker_;
  Clock clock_;
  bool truth_ = false;
  BufferedFile manifest_, pages_, texts_;
  std::unique_ptr<BufferedFile> out_;
  std::unique_ptr<warc::RecordWriter> writer_;
  std::string file_name_, warcinfo_id_;
  std::string html_, body_, encoded_, payload_, block_, line_;  // scratch, reused
};

base::Status NearDupWriter::Run() {
  truth_ = !o_.out_dir.empty();
  if (truth_) {
    std::string dir = o_.out_dir + "/truth";
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return base::Status::IOError(dir + ": cannot create directory: " + ec.message());
    for (auto [file, name] :
         {std::pair{&manifest_, "/manifest"}, {&pages_, "/pages.tsv"}, {&texts_, "/texts.tsv"}})
      if (auto s = file->Open(dir + name); !s.ok()) return s;
    (void)pages_.Append(kPagesHeader);
  }
  uint64_t done = 0;
  int files = o_.to_stdout ? 1 : o_.files;
  for (int f = 0; f < files; ++f) {
    char name[64];
    std::snprintf(name, sizeof name, "-%05d.warc%s", f, o_.plain ? "" : ".gz");
    std::string file_name = o_.to_stdout ? "-" : o_.prefix + name;
    if (auto s = OpenFile(o_.to_stdout ? "-" : o_.out_dir + "/" + file_name, file_name); !s.ok())
      return s;
    for (uint64_t end = o_.pages * static_cast<uint64_t>(f + 1) / files; done < end; ++done)
      if (auto s = WritePage(picker_.Next()); !s.ok()) return s;
    if (auto s = CloseFile(); !s.ok()) return s;
  }
  if (truth_)
    for (BufferedFile* file : {&manifest_, &pages_, &texts_})
      if (auto s = file->Commit(); !s.ok()) return s;
  return base::Status::Ok();
}

base::Status NearDupWriter::OpenFile(const std::string& path, const std::string& name) {
  file_name_ = name;
  out_ = std::make_unique<BufferedFile>();
  if (auto s = out_->Open(path); !s.ok()) return s;
  warc::WriterOptions wo;
  wo.gzip = !o_.plain;
  wo.level = o_.level;
  wo.add_digests = true;
  writer_ = std::make_unique<warc::RecordWriter>(
      [this](std::string_view data) { return out_->Append(data); }, wo);
  warcinfo_id_ = NewUuid(&ids_);
  warc::HeaderMap h;
  h.Add("WARC-Type", "warcinfo");
  h.Add("WARC-Date", clock_.Warc(true));
  if (name != "-") h.Add("WARC-Filename", name);
  h.Add("WARC-Record-ID", warcinfo_id_);
  h.Add("Content-Type", "application/warc-fields");
  block_ = std::string("software: warcgen/") + WARCDEDUP_VERSION +
           " (warcdedup synthetic corpus generator, near-duplicate mode)\r\n"
           "format: WARC File Format 1.1\r\n"
           "conformsTo: http://iipc.github.io/warc-specifications/specifications/warc-format/"
           "warc-1.1/\r\n"
           "description: synthetic near-duplicate corpus, seed " +
           std::to_string(o_.seed) + "\r\n";
  return writer_->Write("WARC/1.1", h, block_);
}

base::Status NearDupWriter::CloseFile() {
  if (auto s = out_->Commit(); !s.ok()) return s;
  ++summary_->files;
  summary_->output_bytes += out_->bytes();
  return base::Status::Ok();
}

std::string NearDupWriter::ResponseHead(const Page& page, std::string_view host) const {
  const Delivery& d = page.delivery;
  std::string head = "HTTP/1.1 200 OK\r\nDate: " + clock_.Http() + "\r\nServer: " + ServerOf(host) +
                     "\r\nContent-Type: text/html";
  if (d.declared == Declared::kBoth || d.declared == Declared::kHttp ||
      d.declared == Declared::kConflict)
    head.append("; charset=").append(CharsetLabel(d.charset, page.view.seed));
  head.append("\r\n");
  if (d.coding != Coding::kIdentity)
    head.append("Content-Encoding: ")
        .append(CodingHeader(d.coding))
        .append("\r\nVary: Accept-Encoding\r\n");
  if (d.chunked)
    head.append("Transfer-Encoding: chunked\r\n");
  else
    head.append("Content-Length: ").append(std::to_string(encoded_.size())).append("\r\n");
  head.append("Last-Modified: ").append(clock_.Http(1 + static_cast<int64_t>(page.id % 30)));
  head.append("\r\nCache-Control: max-age=600\r\nConnection: close\r\n\r\n");
  return head;
}

base::Status NearDupWriter::WritePage(const Page& page) {
  clock_.Advance(&rng_);
  std::string date = clock_.Warc(true);
  const Site& site = picker_.site(page.site);
  const Delivery& d = page.delivery;
  RenderPage(vocabulary_, site, *page.text, page.view, MetaCharset(d, page.view.seed), &html_);
  summary_->html_bytes += html_.size();
  if (d.declared == Declared::kBom) html_.insert(0, "\xEF\xBB\xBF");
  if (auto s = Transcode(html_, d.charset, &body_); !s.ok())
    return s.WithPrefix("page " + std::to_string(page.id));
  Encode(d.coding, body_, &encoded_);
  if (d.chunked)
    ChunkFrame(page.view.seed, encoded_, &payload_);
  else
    payload_ = encoded_;
  warc::Hasher hasher(warc::DigestAlgorithm::kSha1);
  hasher.Update(payload_);
  warc::Digest digest = hasher.Final();
  std::string_view host = HostOf(page.uri);
  block_ = ResponseHead(page, host);
  block_ += payload_;
  warc::HeaderMap h;
  h.Add("WARC-Type", "response");
  h.Add("WARC-Record-ID", NewUuid(&ids_));
  h.Add("WARC-Warcinfo-ID", warcinfo_id_);
  h.Add("WARC-Date", date);
  h.Add("WARC-Target-URI", page.uri);
  h.Add("WARC-IP-Address", IpOf(host));
  h.Add("WARC-Payload-Digest", digest.ToWarcString());
  h.Add("Content-Type", "application/http; msgtype=response");
  uint64_t offset = writer_->bytes_written(), length = 0;
  if (auto s = writer_->Write("WARC/1.1", h, block_, &length); !s.ok()) return s;
  ++summary_->pages;
  summary_->derived += page.op != Op::kNew;
  return truth_ ? WriteTruth(page, offset, length, date, digest.ToManifestString())
                : base::Status::Ok();
}

base::Status NearDupWriter::WriteTruth(const Page& page, uint64_t offset, uint64_t length,
                                       std::string_view date, std::string_view digest) {
  line_.clear();
  AppendManifestLine(file_name_, offset, length, page.uri, date, digest, &line_);
  if (auto s = manifest_.Append(line_); !s.ok()) return s;
  const Delivery& d = page.delivery;
  line_ = std::to_string(page.id);
  line_.push_back('\t');
  AppendField(file_name_, &line_);
  line_.append("\t").append(std::to_string(offset)).append("\t");
  AppendField(page.uri, &line_);
  line_.append("\t").append(date).append("\t").append(OpName(page.op)).append("\t");
  line_.append(page.base < 0 ? "-" : std::to_string(page.base)).append("\t");
  line_.append(std::to_string(page.site)).append("\t").append(d.charset).append("\t");
  line_.append(DeclaredName(d.declared)).append("\t").append(CodingName(d.coding)).append("\t");
  line_.append(d.chunked ? "1" : "0").append("\t").append(std::to_string(page.text->Words()));
  line_.append("\t").append(page.detail.empty() ? "-" : page.detail).append("\n");
  if (auto s = pages_.Append(line_); !s.ok()) return s;
  line_ = std::to_string(page.id);
  std::string text = vocabulary_.TrueText(*page.text);
  for (char& c : text)
    if (c == '\n') c = '\t';
  line_.append("\t").append(text);
  line_.back() = '\n';
  return texts_.Append(line_);
}

}  // namespace

const char* OpName(Op op) {
  static const char* const kNames[kOpCount] = {
      "new",        "insert", "delete",  "substitute", "edit",   "reorder", "truncate",
      "retemplate", "trap",   "refresh", "noise",      "recode", "copy"};
  return kNames[static_cast<int>(op)];
}

bool ParseOpWeights(std::string_view spec, NearDupOptions* options, std::string* error) {
  for (double& weight : options->op_weights) weight = 0;
  while (!spec.empty()) {
    size_t comma = spec.find(',');
    std::string_view item = spec.substr(0, comma);
    spec = comma == std::string_view::npos ? std::string_view() : spec.substr(comma + 1);
    size_t eq = item.find('=');
    int op = kOpCount;
    if (eq != std::string_view::npos)
      for (op = 1; op < kOpCount && item.substr(0, eq) != OpName(static_cast<Op>(op)); ++op) {
      }
    std::string value(eq == std::string_view::npos ? "" : item.substr(eq + 1));
    char* end = nullptr;
    double weight = value.empty() ? -1 : std::strtod(value.c_str(), &end);
    if (op == kOpCount || weight < 0 || *end != '\0' || weight > 1e6) {
      *error =
          "expected OP=WEIGHT (OP one of insert, delete, substitute, edit, reorder, "
          "truncate, retemplate, trap, refresh, noise, recode, copy; WEIGHT >= 0), found \"" +
          std::string(item) + "\"";
      return false;
    }
    options->op_weights[op] = weight;
  }
  double total = 0;
  for (int op = 1; op < kOpCount; ++op) total += options->op_weights[op];
  if (total <= 0) *error = "every op weight is 0";
  return total > 0;
}

base::Status GenerateNearDup(const NearDupOptions& options, NearDupSummary* summary) {
  NearDupWriter writer(options, summary);
  return writer.Run();
}

}  // namespace warcgen
