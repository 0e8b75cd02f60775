#include "urlpatout.h"

#include <time.h>

#include <cstdio>

#include "ndencode.h"
#include "warc/digest.h"
#include "web.h"

namespace warcgen {
namespace {

constexpr const char* kUrlsHeader = "#uri\thost\tpage\tkind\tstd\n";
constexpr size_t kOffsetBytes = 20;  // zero-padded in the manifest's sort keys
constexpr uint64_t kFakeWarcinfo = 378;

// nginx's own 404 page, byte for byte: the same payload on every host.
constexpr const char* kNginx404 =
    "<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not "
    "Found</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

// "2009-05-03T12:34:56Z", as versioned.cpp writes it; by hand (days to
// civil date, Hinnant's algorithm), as gmtime and printf cost a third of
// --manifest-only's output time.
std::string WarcDate(int64_t seconds) {
  int64_t days = seconds / 86400, secs = seconds % 86400;
  days += 719468;
  int64_t era = days / 146097, doe = days - era * 146097;
  int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
  int64_t day = doy - (153 * mp + 2) / 5 + 1, month = mp < 10 ? mp + 3 : mp - 9;
  int64_t year = yoe + era * 400 + (month <= 2);
  char buf[21] = "0000-00-00T00:00:00Z";
  auto put = [&buf](int at, int64_t value, int digits) {
    for (int i = digits - 1; i >= 0; --i, value /= 10)
      buf[at + i] = static_cast<char>('0' + value % 10);
  };
  put(0, year, 4), put(5, month, 2), put(8, day, 2);
  put(11, secs / 3600, 2), put(14, secs / 60 % 60, 2), put(17, secs % 60, 2);
  return std::string(buf, 20);
}

// The URI as a manifest field: as it is when no byte needs AppendField's
// escapes (the generator's URIs never do).
void AppendUri(std::string_view uri, std::string* out) {
  for (char c : uri)
    if (c <= 0x20 || c >= 0x7f || c == '%') return AppendField(uri, out);
  out->append(uri);
}

std::string HttpDate(int64_t seconds) {
  time_t t = static_cast<time_t>(seconds);
  struct tm tm;
  gmtime_r(&t, &tm);
  char buf[96];
  strftime(buf, sizeof buf, "%a, %d %b %Y %H:%M:%S GMT", &tm);  // C locale: English names
  return buf;
}

std::string Padded(uint64_t n, size_t width) {
  std::string digits = std::to_string(n);
  return std::string(width > digits.size() ? width - digits.size() : 0, '0') + digits;
}

// A 64-bit mix of seed and n (splitmix64's finaliser).
uint64_t Mix(uint64_t seed, uint64_t n) {
  uint64_t z = seed * 0x9e3779b97f4a7c15ULL + n + 0x6469676573742121ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void PutBigEndian(uint64_t value, int bytes, std::string* out) {
  for (int i = bytes - 1; i >= 0; --i) out->push_back(static_cast<char>(value >> (8 * i) & 0xff));
}

uint64_t GetBigEndian(std::string_view in, size_t at, int bytes) {
  uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) value = value << 8 | static_cast<unsigned char>(in[at + i]);
  return value;
}

// --manifest-only's sort records: the fake digest's 20 bytes (one a page),
// the date (seconds), the file and the offset, big-endian so that byte
// order is warcsumproc's order; then the length and the raw URI.
constexpr size_t kDigestAt = 0, kDateAt = 20, kFileAt = 24, kOffsetAt = 28, kLengthAt = 36,
                 kUriAt = 40;

void AppendFakeDigest(uint64_t seed, uint64_t page, std::string* out) {
  PutBigEndian(Mix(seed, 3 * page), 8, out);
  PutBigEndian(Mix(seed, 3 * page + 1), 8, out);
  PutBigEndian(Mix(seed, 3 * page + 2) >> 32, 4, out);
}

std::string DigestText(std::string_view record) {
  static const char kHex[] = "0123456789abcdef";
  std::string text = "sha1:";
  for (size_t i = kDigestAt; i < kDigestAt + 20; ++i) {
    auto c = static_cast<unsigned char>(record[i]);
    text.push_back(kHex[c >> 4]);
    text.push_back(kHex[c & 15]);
  }
  return text;
}

// The soft page's status line and headers after Date, and its body.
void SoftPage(const HostStyle& h, std::string* head, std::string* body) {
  std::string root = h.scheme + "://" + h.name + "/";
  switch (h.soft) {
    case SoftStyle::kNginx:
      *head = "HTTP/1.1 404 Not Found\r\nServer: nginx\r\nContent-Type: text/html\r\n";
      *body = kNginx404;
      break;
    case SoftStyle::kApache:
      *head =
          "HTTP/1.1 404 Not Found\r\nServer: Apache/2.4.41 (Ubuntu)\r\n"
          "Content-Type: text/html; charset=iso-8859-1\r\n";
      *body =
          "<!DOCTYPE HTML PUBLIC \"-//IETF//DTD HTML 2.0//EN\">\n<html><head>\n<title>404 Not "
          "Found</title>\n</head><body>\n<h1>Not Found</h1>\n<p>The requested URL was not "
          "found on this server.</p>\n<hr>\n<address>Apache/2.4.41 (Ubuntu) Server at " +
          h.name + " Port 80</address>\n</body></html>\n";
      break;
    case SoftStyle::kRedirect:
      *head = "HTTP/1.1 302 Found\r\nServer: " + std::string(ServerOf(h.name)) +
              "\r\nLocation: " + root + "login\r\nContent-Type: text/html; charset=utf-8\r\n";
      *body =
          "<html><body>You are being <a href=\"" + root + "login\">redirected</a>.</body></html>";
      break;
    default:
      *head = "HTTP/1.1 200 OK\r\nServer: " + std::string(ServerOf(h.name)) +
              "\r\nContent-Type: text/html; charset=utf-8\r\n";
      *body = "<html><head><title>Page not found - " + h.name +
              "</title></head><body><h1>Sorry!</h1><p>The page you asked for does not exist. "
              "Go back to the <a href=\"/\">home page</a>.</p></body></html>\n";
  }
}

void ReplaceAll(std::string* s, const std::string& from, const std::string& to) {
  for (size_t at = s->find(from); at != std::string::npos; at = s->find(from, at + to.size()))
    s->replace(at, from.size(), to);
}

}  // namespace

struct UrlPatternWriter::Warc {
  BufferedFile file;
  std::unique_ptr<warc::RecordWriter> writer;
  std::string warcinfo_id;
};

UrlPatternWriter::UrlPatternWriter(const UrlPatternOptions& options, int files,
                                   const Vocabulary& vocabulary, UrlPatternSummary* summary)
    : o_(options),
      v_(vocabulary),
      summary_(summary),
      content_(options.seed ^ 0x636f6e74656e7421ULL),
      fake_(options.seed ^ 0x66616b656c656e73ULL),
      ids_(options.seed ^ 0x7265636f72646964ULL) {
  for (int f = 0; f < files; ++f) {
    char name[64];
    std::snprintf(name, sizeof name, "-%05d.warc%s", f, o_.plain ? "" : ".gz");
    file_names_.push_back(o_.prefix + name);
  }
}

UrlPatternWriter::~UrlPatternWriter() = default;

base::Status UrlPatternWriter::Open() {
  base::ExternalSorter::Options so;
  so.temp_dir = o_.out_dir;
  urls_ = std::make_unique<base::ExternalSorter>(so);
  manifest_ = std::make_unique<base::ExternalSorter>(so);
  if (o_.manifest_only) {
    fake_offsets_.assign(file_names_.size(), kFakeWarcinfo);
    return base::Status::Ok();
  }
  for (const std::string& name : file_names_) {
    auto w = std::make_unique<Warc>();
    if (auto s = w->file.Open(o_.out_dir + "/" + name); !s.ok()) return s;
    warc::WriterOptions wo;
    wo.gzip = !o_.plain;
    wo.level = o_.level;
    wo.add_digests = true;
    Warc* raw = w.get();
    w->writer = std::make_unique<warc::RecordWriter>(
        [raw](std::string_view data) { return raw->file.Append(data); }, wo);
    w->warcinfo_id = NewUuid(&ids_);
    warc::HeaderMap h;
    h.Add("WARC-Type", "warcinfo");
    h.Add("WARC-Date", "2009-01-01T00:00:00Z");
    h.Add("WARC-Filename", name);
    h.Add("WARC-Record-ID", w->warcinfo_id);
    h.Add("Content-Type", "application/warc-fields");
    block_ = std::string("software: warcgen/") + WARCDEDUP_VERSION +
             " (warcdedup synthetic corpus generator, URL-pattern mode)\r\n"
             "format: WARC File Format 1.1\r\n"
             "description: synthetic hosts serving pages under many URLs, seed " +
             std::to_string(o_.seed) + "\r\n";
    if (auto s = w->writer->Write("WARC/1.1", h, block_); !s.ok()) return s;
    warcs_.push_back(std::move(w));
  }
  return base::Status::Ok();
}

base::Status UrlPatternWriter::BeginHost(const HostStyle& host) {
  if (o_.manifest_only) return base::Status::Ok();
  // The smallest template (some 5 KB), the host's name in it.
  site_ = MakeSite(v_, host.id, Script::kLatin, 8000, &content_);
  for (std::string* part : {&site_.head, &site_.top, &site_.tags, &site_.footer})
    ReplaceAll(part, site_.host, host.name);
  site_.host = host.name;
  host_ip_ = IpOf(host.name);
  if (host.soft != SoftStyle::kNone) SoftPage(host, &soft_head_, &soft_body_);
  return base::Status::Ok();
}

base::Status UrlPatternWriter::BeginPage(uint64_t page) {
  if (o_.manifest_only) return base::Status::Ok();
  MainText text = v_.NewText(&content_, Script::kLatin, 80 + content_.Below(250), site_.accents);
  PageView view;
  view.seed = content_.Next();
  view.comments = static_cast<uint32_t>(content_.Below(3));
  view.ad_seed = content_.Next();
  view.published = 1104537600 + static_cast<int64_t>(content_.Below(7 * 365 * 86400));
  view.views = static_cast<uint32_t>(content_.Below(100000));
  RenderPage(v_, site_, text, view, "<meta charset=\"" + site_.charset + "\">\n", &html_);
  if (auto s = Transcode(html_, site_.charset, &page_body_); !s.ok())
    return s.WithPrefix("page " + std::to_string(page));
  page_head_ = "HTTP/1.1 200 OK\r\nServer: " + std::string(ServerOf(site_.host)) +
               "\r\nContent-Type: text/html; charset=" + site_.charset + "\r\n";
  return base::Status::Ok();
}

base::Status UrlPatternWriter::Write(const UrlRecord& r) {
  ++summary_->urls;
  summary_->soft += r.soft;
  line_.clear();
  AppendUri(r.uri, &line_);
  line_.append("\t").append(r.host->name).append("\t").append(std::to_string(r.page));
  line_.append("\t").append(r.kind).append(r.std_merged ? "\t1\n" : "\t0\n");
  if (auto s = urls_->Add(line_); !s.ok()) return s;
  return o_.manifest_only ? AddProcessed(r) : WriteWarc(r, WarcDate(r.date));
}

base::Status UrlPatternWriter::WriteWarc(const UrlRecord& r, std::string_view date) {
  const std::string& body = r.soft ? soft_body_ : page_body_;
  block_ = r.soft ? soft_head_ : page_head_;
  block_.append("Date: ").append(HttpDate(r.date)).append("\r\nContent-Length: ");
  block_.append(std::to_string(body.size())).append("\r\nConnection: close\r\n\r\n").append(body);
  warc::Hasher hasher(warc::DigestAlgorithm::kSha1);
  hasher.Update(body);
  warc::Digest digest = hasher.Final();
  Warc& w = *warcs_[static_cast<size_t>(r.file)];
  warc::HeaderMap h;
  h.Add("WARC-Type", "response");
  h.Add("WARC-Record-ID", NewUuid(&ids_));
  h.Add("WARC-Warcinfo-ID", w.warcinfo_id);
  h.Add("WARC-Date", std::string(date));
  h.Add("WARC-Target-URI", std::string(r.uri));
  h.Add("WARC-IP-Address", host_ip_);
  h.Add("WARC-Payload-Digest", digest.ToWarcString());
  h.Add("Content-Type", "application/http; msgtype=response");
  uint64_t offset = w.writer->bytes_written(), length = 0;
  if (auto s = w.writer->Write("WARC/1.1", h, block_, &length); !s.ok()) return s;
  // The manifest in warcsum's order: files by name, records by offset.
  line_ = Padded(static_cast<uint64_t>(r.file), 5) + Padded(offset, kOffsetBytes);
  AppendManifestLine(file_names_[static_cast<size_t>(r.file)], offset, length, r.uri, date,
                     digest.ToManifestString(), &line_);
  return manifest_->Add(line_);
}

// Fake lengths: a page's own size (soft pages' small), a little more for
// a longer URI; offsets follow in each file.
base::Status UrlPatternWriter::AddProcessed(const UrlRecord& r) {
  uint64_t size = Mix(o_.seed, r.page);
  uint64_t length =
      (r.soft ? 300 + size % 200 : 1500 + size % 7500) + r.uri.size() + fake_.Below(64);
  size_t f = static_cast<size_t>(r.file);
  uint64_t offset = fake_offsets_[f];
  fake_offsets_[f] += length;
  line_.clear();
  AppendFakeDigest(o_.seed, r.page, &line_);
  PutBigEndian(static_cast<uint64_t>(r.date), 4, &line_);
  PutBigEndian(f, 4, &line_);
  PutBigEndian(offset, 8, &line_);
  PutBigEndian(length, 4, &line_);
  line_.append(r.uri);
  return manifest_->Add(line_);
}

base::Status UrlPatternWriter::Finish() {
  for (auto& w : warcs_) {
    if (auto s = w->file.Commit(); !s.ok()) return s;
    summary_->output_bytes += w->file.bytes();
  }
  summary_->files = file_names_.size();
  if (o_.manifest_only) {
    if (auto s = WriteProcessed(); !s.ok()) return s;
  } else {
    size_t key = 5 + kOffsetBytes;
    if (auto s = WriteSorted(manifest_.get(), o_.out_dir + "/manifest", "", key); !s.ok()) return s;
  }
  return WriteSorted(urls_.get(), o_.out_dir + "/urls.tsv", kUrlsHeader, 0);
}

base::Status UrlPatternWriter::WriteSorted(base::ExternalSorter* sorter, const std::string& path,
                                           std::string_view header, size_t key_bytes) {
  if (auto s = sorter->Finish(); !s.ok()) return s;
  BufferedFile out;
  if (auto s = out.Open(path); !s.ok()) return s;
  if (auto s = out.Append(header); !s.ok()) return s;
  std::string record;
  while (sorter->Next(&record))
    if (auto s = out.Append(std::string_view(record).substr(key_bytes)); !s.ok()) return s;
  if (!sorter->status().ok()) return sorter->status();
  return out.Commit();
}

// The 10-field lines in warcsumproc's order: a group (one digest) starts
// with its original, copy 1; the others refer to it.
base::Status UrlPatternWriter::WriteProcessed() {
  if (auto s = manifest_->Finish(); !s.ok()) return s;
  BufferedFile out;
  if (auto s = out.Open(o_.out_dir + "/processed"); !s.ok()) return s;
  std::string record, group, digest, original;  // original: " uri date" of the group's first
  uint64_t copy = 0;
  while (manifest_->Next(&record)) {
    std::string_view view(record);
    bool first = record.compare(kDigestAt, 20, group) != 0;
    if (first) {
      group = record.substr(kDigestAt, 20);
      digest = DigestText(view);
    }
    std::string date = WarcDate(static_cast<int64_t>(GetBigEndian(view, kDateAt, 4)));
    line_.assign(file_names_[GetBigEndian(view, kFileAt, 4)]).append(" ");
    line_.append(std::to_string(GetBigEndian(view, kOffsetAt, 8))).append(" ");
    line_.append(std::to_string(GetBigEndian(view, kLengthAt, 4))).append(" ");
    AppendUri(view.substr(kUriAt), &line_);
    line_.append(" ").append(date).append(" ").append(digest);
    if (first) {
      original.assign(1, ' ');
      AppendUri(view.substr(kUriAt), &original);
      original.append(" ").append(date);
      copy = 1;
      line_.append(" 0 1 - -\n");
    } else {
      line_.append(" 0 ").append(std::to_string(++copy)).append(original).append("\n");
    }
    if (auto s = out.Append(line_); !s.ok()) return s;
  }
  if (!manifest_->status().ok()) return manifest_->status();
  return out.Commit();
}

}  // namespace warcgen
