// The versioned corpus's writer: WARC files (one gzip member a record), the
// truth's versions.tsv and manifest. Pages are vspicker.h's, rendered with
// the near-duplicate corpus's templates (ndsite.h).
#include "versioned.h"

#include <time.h>

#include <cstdio>
#include <filesystem>
#include <memory>

#include "ndencode.h"
#include "output.h"
#include "vspicker.h"
#include "warc/digest.h"
#include "warc/writer.h"
#include "web.h"

namespace warcgen {
namespace {

constexpr const char* kVersionsHeader =
    "#file\toffset\turi\tdate\thost\tpage\tversion\tkind\tbase\n";

// "2009-05-03T12:34:56Z" and "Sun, 03 May 2009 12:34:56 GMT".
std::string WarcDate(int64_t seconds) {
  time_t t = static_cast<time_t>(seconds);
  struct tm tm;
  gmtime_r(&t, &tm);
  char buf[80];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02dZ", tm.tm_year + 1900, tm.tm_mon + 1,
                tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
  return buf;
}

std::string HttpDate(int64_t seconds) {
  static const char* const kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static const char* const kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  time_t t = static_cast<time_t>(seconds);
  struct tm tm;
  gmtime_r(&t, &tm);
  char buf[96];
  std::snprintf(buf, sizeof buf, "%s, %02d %s %04d %02d:%02d:%02d GMT", kDays[tm.tm_wday],
                tm.tm_mday, kMonths[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour, tm.tm_min,
                tm.tm_sec);
  return buf;
}

class VersionedWriter {
 public:
  VersionedWriter(const VersionedOptions& options, VersionedSummary* summary)
      : o_(options),
        summary_(summary),
        rng_(options.seed),
        ids_(options.seed ^ 0x7265636f72646964ULL),
        picker_(options, vocabulary_, &rng_) {}
  base::Status Run();

 private:
  base::Status OpenFile(const std::string& path, const std::string& name);
  base::Status CloseFile();
  base::Status WriteVersion(const Version& version);
  base::Status WriteTruth(const Version& version, uint64_t offset, uint64_t length,
                          std::string_view date, std::string_view digest);

  const VersionedOptions& o_;
  VersionedSummary* summary_;
  Rng rng_;
  Rng ids_;  // record IDs: apart, so that splitting into files changes no page
  Vocabulary vocabulary_;
  VersionPicker picker_;
  bool truth_ = false;
  BufferedFile manifest_, versions_;
  std::unique_ptr<BufferedFile> out_;
  std::unique_ptr<warc::RecordWriter> writer_;
  std::string file_name_, warcinfo_id_;
  std::string html_, body_, block_, line_;  // scratch, reused
};

base::Status VersionedWriter::Run() {
  truth_ = !o_.truth_dir.empty();
  if (truth_) {
    std::error_code ec;
    std::filesystem::create_directories(o_.truth_dir, ec);
    if (ec)
      return base::Status::IOError(o_.truth_dir + ": cannot create directory: " + ec.message());
    if (auto s = manifest_.Open(o_.truth_dir + "/manifest"); !s.ok()) return s;
    if (auto s = versions_.Open(o_.truth_dir + "/versions.tsv"); !s.ok()) return s;
    (void)versions_.Append(kVersionsHeader);
  }
  uint64_t done = 0;
  int files = o_.to_stdout ? 1 : o_.files;
  for (int f = 0; f < files; ++f) {
    char name[64];
    std::snprintf(name, sizeof name, "-%05d.warc%s", f, o_.plain ? "" : ".gz");
    std::string file_name = o_.to_stdout ? "-" : o_.prefix + name;
    if (auto s = OpenFile(o_.to_stdout ? "-" : o_.out_dir + "/" + file_name, file_name); !s.ok())
      return s;
    for (uint64_t end = o_.docs * static_cast<uint64_t>(f + 1) / files; done < end; ++done)
      if (auto s = WriteVersion(picker_.Next()); !s.ok()) return s;
    if (auto s = CloseFile(); !s.ok()) return s;
  }
  summary_->pages = picker_.pages();
  if (truth_)
    for (BufferedFile* file : {&manifest_, &versions_})
      if (auto s = file->Commit(); !s.ok()) return s;
  return base::Status::Ok();
}

base::Status VersionedWriter::OpenFile(const std::string& path, const std::string& name) {
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
  h.Add("WARC-Date", "2009-01-01T00:00:00Z");
  if (name != "-") h.Add("WARC-Filename", name);
  h.Add("WARC-Record-ID", warcinfo_id_);
  h.Add("Content-Type", "application/warc-fields");
  block_ = std::string("software: warcgen/") + WARCDEDUP_VERSION +
           " (warcdedup synthetic corpus generator, versioned-site mode)\r\n"
           "format: WARC File Format 1.1\r\n"
           "description: synthetic re-crawled sites 2009-2011, seed " +
           std::to_string(o_.seed) + "\r\n";
  return writer_->Write("WARC/1.1", h, block_);
}

base::Status VersionedWriter::CloseFile() {
  if (auto s = out_->Commit(); !s.ok()) return s;
  ++summary_->files;
  summary_->output_bytes += out_->bytes();
  return base::Status::Ok();
}

base::Status VersionedWriter::WriteVersion(const Version& v) {
  const Site& site = picker_.site(v.site);
  std::string date = WarcDate(v.date);
  RenderPage(vocabulary_, site, *v.text, v.view, "<meta charset=\"" + site.charset + "\">\n",
             &html_);
  summary_->html_bytes += html_.size();
  if (auto s = Transcode(html_, site.charset, &body_); !s.ok())
    return s.WithPrefix("page " + std::to_string(v.page));
  warc::Hasher hasher(warc::DigestAlgorithm::kSha1);
  hasher.Update(body_);
  warc::Digest digest = hasher.Final();
  block_ = "HTTP/1.1 200 OK\r\nDate: " + HttpDate(v.date) + "\r\nServer: " + ServerOf(site.host) +
           "\r\nContent-Type: text/html; charset=" + site.charset +
           "\r\nContent-Length: " + std::to_string(body_.size()) +
           "\r\nLast-Modified: " + HttpDate(v.view.published) + "\r\nConnection: close\r\n\r\n";
  block_ += body_;
  warc::HeaderMap h;
  h.Add("WARC-Type", "response");
  h.Add("WARC-Record-ID", NewUuid(&ids_));
  h.Add("WARC-Warcinfo-ID", warcinfo_id_);
  h.Add("WARC-Date", date);
  h.Add("WARC-Target-URI", v.uri);
  h.Add("WARC-IP-Address", IpOf(site.host));
  h.Add("WARC-Payload-Digest", digest.ToWarcString());
  h.Add("Content-Type", "application/http; msgtype=response");
  uint64_t offset = writer_->bytes_written(), length = 0;
  if (auto s = writer_->Write("WARC/1.1", h, block_, &length); !s.ok()) return s;
  ++summary_->docs;
  return truth_ ? WriteTruth(v, offset, length, date, digest.ToManifestString())
                : base::Status::Ok();
}

base::Status VersionedWriter::WriteTruth(const Version& v, uint64_t offset, uint64_t length,
                                         std::string_view date, std::string_view digest) {
  line_.clear();
  AppendManifestLine(file_name_, offset, length, v.uri, date, digest, &line_);
  if (auto s = manifest_.Append(line_); !s.ok()) return s;
  line_.clear();
  AppendField(file_name_, &line_);
  line_.append("\t").append(std::to_string(offset)).append("\t");
  AppendField(v.uri, &line_);
  line_.append("\t").append(date).append("\t").append(picker_.site(v.site).host).append("\t");
  line_.append(std::to_string(v.page)).append("\t").append(std::to_string(v.number));
  line_.append("\t").append(VersionKindName(v.kind)).append("\t");
  if (v.base_page < 0)
    line_.append("-");
  else
    line_.append(std::to_string(v.base_page)).append(":").append(std::to_string(v.base_number));
  line_.append("\n");
  return versions_.Append(line_);
}

}  // namespace

const char* const kVersionedHelp = R"(
--versioned writes a corpus of re-crawled sites for the cover-set stage
instead (warccover; after Paudel et al., "User-defined redundancy in web
archives"): --docs response records (200, text/html, WARC/1.1, one gzip
member each, after one warcinfo record per file) in --files files
(default docs / 100000, 4 to 64; --prefix, default "versioned"; --level,
default 1 here: 6 saves 1.4% of the bytes for 1.5 times the time;
--plain; --stdout: one stream), on --sites sites (default docs / 400, 8 to
4000; hosts like news-17.example-17.org; the even sites three to a
registered domain: news-0.example-0.co.uk, politics-4.example-0.co.uk).
Pages (URLs) have 1 to 16 versions, 2.2 on average (geometric), captured
2009-01-01 to 2011-12-31, later versions at later dates (5 to 180 days
apart). A page is the site's template (navigation, sidebar, footer shared
by the site's pages) around an article element: a headline and 150-450
words. Its records are written one after another, version by version. The
first version of a page is
  new        a new text, related to no earlier page (76%), or one of the
             last 4096 pages' last version, each used once, as its base:
  absorbs    a new URL on the base's site, later: a new headline over the
             base's paragraphs and 100-250% as many words more (12%)
  moved      the base's text at the same path on another site (half the
             time under the same registered domain, if any), later (12%)
each later version derives from the one before:
  unchanged  the same text; the view counter and ads change (40%)
  edited     1-3 words replaced, 0-1 inserted, 0-1 deleted (30%)
  grown      paragraphs of 60-200% as many words appended: the earlier
             version's 5-word shingles lie in it (containment about 1,
             Jaccard 0.33-0.63); an edit instead past 1600 words (15%)
  rewritten  the same headline over a new text: no relation (15%)
So `containment >= 0.7 and a.date <= b.date` covers every version but a
chain's last and the rewritten ones' predecessors, and an absorbed or
moved page's last; with `a.host = b.host` not the moved ones. On the
default corpus (seeds 1 and 2) a greedy cover removes 56-57% of the
records and of their bytes under the first relation, 51-52% under the
second (the paper: 49-59% of the documents, 51-59% of the bytes).
The truth goes to --truth DIR (default OUT/truth; none with --stdout and
no --out): manifest, as `warcsum --recompute FILES` prints it, and
versions.tsv: a '#' line naming the columns, then one line per record in
file order, tab-separated:
  file offset uri date host page version kind base
file, offset, uri, date: the record's key as in the manifest; host: the
URI's; page: 0, 1, ... (one per URL); version: 1, 2, ...; kind as above;
base: "PAGE:VERSION" of the record it derives from (the version before;
an absorbed or moved page's last version), or - for a new page.
)";

const char* RefusedWithVersioned(const std::function<bool(const char*)>& given) {
  for (const char* other : {"--size",           "--version",       "--layout",
                            "--dup-rate",       "--near-dup-rate", "--empty-rate",
                            "--incompressible", "--chunked-rate",  "--min-payload",
                            "--max-payload",    "--format",        "--arc-version",
                            "--dns-rate",       "--non-http-rate", "--filedesc-rate",
                            "--space-url-rate", "--records",       "--pages",
                            "--page-size",      "--derived-rate",  "--ops"})
    if (given(other)) return other;
  return nullptr;
}

base::Status GenerateVersioned(const VersionedOptions& options, VersionedSummary* summary) {
  VersionedWriter writer(options, summary);
  return writer.Run();
}

}  // namespace warcgen
