// Inspecting the record a copy's line names (lib/dedup/splice), the
// fd-backed range it is read through (base::FdRange), and the temporary file
// a splice is written to (dedup::NewFile).
#include <fcntl.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "base/fd_range.h"
#include "dedup/new_file.h"
#include "dedup/splice.h"

namespace {

// A file holding `text`, open for reading; removed at the end.
struct OpenFile {
  explicit OpenFile(const std::string& text) {
    char name[] = "/tmp/dedup_splice_test-XXXXXX";
    fd = ::mkstemp(name);
    path = name;
    REQUIRE(fd >= 0);
    REQUIRE(::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()));
  }
  ~OpenFile() {
    ::close(fd);
    std::remove(path.c_str());
  }
  int fd;
  std::string path;
};

std::string Response(const std::string& version, const std::string& uri, const std::string& date) {
  std::string block = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nhello";
  return version + "\r\nWARC-Type: response\r\nWARC-Target-URI: " + uri + "\r\nWARC-Date: " + date +
         "\r\nWARC-Record-ID: <urn:uuid:1>\r\nContent-Type: application/http; "
         "msgtype=response\r\nContent-Length: " +
         std::to_string(block.size()) + "\r\n\r\n" + block + "\r\n\r\n";
}

manifest::Entry Copy(uint64_t length) {
  manifest::Entry e;
  e.file = "a.warc";
  e.offset = 0;
  e.length = length;
  e.uri = "http://a.example/";
  e.date = "2020-01-02T00:00:00Z";
  e.digest = "sha1:0000000000000000000000000000000000000000";
  e.copy = 2;
  e.ref_uri = "http://a.example/";
  e.ref_date = "2020-01-01T00:00:00Z";
  return e;
}

dedup::Inspection InspectText(const std::string& text, const manifest::Entry& e,
                              const dedup::InspectRules& rules = {}) {
  OpenFile file(text);
  dedup::RevisitWriter writer(false);
  return dedup::Inspect(file.fd, text.size(), e.offset, &writer, e, rules);
}

}  // namespace

TEST_CASE("FdRange: a range of a file, a short file its end or an error", "[base]") {
  OpenFile file("0123456789");
  char buf[16];
  base::FdRange range(file.fd, 2, 6);
  auto got = range.Read(buf, sizeof buf);
  REQUIRE(got.ok());
  CHECK(std::string(buf, *got) == "2345");
  CHECK(*range.Read(buf, sizeof buf) == 0);
  base::FdRange past_end(file.fd, 8, 20);
  CHECK(*past_end.Read(buf, sizeof buf) == 2);
  CHECK(*past_end.Read(buf, sizeof buf) == 0);  // the file's end reads as the range's
  base::FdRange strict(file.fd, 8, 20, base::FdRange::ShortFile::kError);
  CHECK(*strict.Read(buf, sizeof buf) == 2);
  auto short_read = strict.Read(buf, sizeof buf);
  REQUIRE_FALSE(short_read.ok());
  CHECK(short_read.status().message() == "the file ends at offset 10");
}

TEST_CASE("Inspect: the line's checks come first, in order", "[dedup]") {
  std::string text = Response("WARC/1.0", "http://a.example/", "2020-01-02T00:00:00Z");
  manifest::Entry e = Copy(text.size());
  dedup::InspectRules damaged;
  damaged.damaged_file = true;
  auto i = InspectText(text, e, damaged);
  CHECK(i.kind == dedup::Inspection::Kind::kKeep);
  CHECK(i.kept == manifest::KeptReason::kDamagedFile);
  CHECK(i.reason == "kept: its file is damaged (warcsum --revisit-refs) and is not rewritten");

  manifest::Entry past = e;
  past.offset = text.size();
  i = InspectText(text, past);
  CHECK(i.kind == dedup::Inspection::Kind::kMismatch);
  CHECK(i.reason == "offset is past the end of the file");

  manifest::Entry empty = e;
  empty.ref_date = "-";
  i = InspectText(text, empty);
  CHECK(i.reason ==
        "the manifest gives its original an empty date; a revisit must name its original");

  manifest::Entry same = e;
  same.ref_date = e.date;
  i = InspectText(text, same);
  CHECK(i.kind == dedup::Inspection::Kind::kKeep);
  CHECK(i.kept == manifest::KeptReason::kSameCapture);

  dedup::InspectRules trust;
  trust.names_its_original = [](const manifest::Entry&) { return std::optional<bool>(false); };
  i = InspectText(text, e, trust);
  CHECK(i.kind == dedup::Inspection::Kind::kMismatch);
  CHECK(i.reason ==
        "the manifest's original of its digest and extension is another record than its "
        "ref-uri and ref-date name");
}

TEST_CASE("Inspect: what the record says (URI, WARC draft)", "[dedup]") {
  std::string other = Response("WARC/1.0", "http://b.example/", "2020-01-02T00:00:00Z");
  auto i = InspectText(other, Copy(other.size()));
  CHECK(i.kind == dedup::Inspection::Kind::kMismatch);
  CHECK(i.reason ==
        "the record here has uri \"http://b.example/\" and date \"2020-01-02T00:00:00Z\", not "
        "the manifest's");

  std::string draft = Response("WARC/0.18", "http://a.example/", "2020-01-02T00:00:00Z");
  i = InspectText(draft, Copy(draft.size()));
  CHECK(i.kind == dedup::Inspection::Kind::kKeep);
  CHECK(i.kept == manifest::KeptReason::kWarcDraft);
  CHECK(i.reason == "kept: WARC/0.18 records are not converted (a draft of WARC)");

  // The manifest's digest is checked against the payload before conversion.
  std::string text = Response("WARC/1.0", "http://a.example/", "2020-01-02T00:00:00Z");
  i = InspectText(text, Copy(text.size()));
  CHECK(i.kind == dedup::Inspection::Kind::kMismatch);
  CHECK(i.reason.rfind("payload digest is sha1:", 0) == 0);
}

TEST_CASE("NewFile: created at the first Add, told to its owner, removed unless installed",
          "[dedup]") {
  OpenFile input("0123456789");
  std::vector<std::pair<std::string, std::string>> events;  // (what, path)
  dedup::NewFileOptions options;
  options.dir = "/tmp";
  options.name = ".dedup_splice_test.new-XXXXXX";
  options.created = [&](const std::string& path) { events.emplace_back("created", path); };
  options.removed = [&](const std::string& path) { events.emplace_back("removed", path); };
  std::string path;
  {
    dedup::NewFile file(input.fd, options);
    CHECK(file.fd() < 0);
    dedup::Conversion c;
    c.in_offset = 2;
    c.in_length = 3;
    file.Add(c, "R");
    REQUIRE(file.fd() >= 0);
    path = file.path();
    CHECK(path.rfind("/tmp/.dedup_splice_test.new-", 0) == 0);
    CHECK(::access(path.c_str(), F_OK) == 0);
  }  // not installed: removed
  CHECK(::access(path.c_str(), F_OK) != 0);
  REQUIRE(events.size() == 2);
  CHECK(events[0] == std::pair<std::string, std::string>("created", path));
  CHECK(events[1] == std::pair<std::string, std::string>("removed", path));

  options.dir = "/nonexistent-dedup-splice-test";
  dedup::NewFile nowhere(input.fd, options);
  nowhere.Add(dedup::Conversion{}, "R");
  auto s = nowhere.Finish(10, "a.warc", nullptr, nullptr);
  REQUIRE_FALSE(s.ok());
  CHECK(s.message() ==
        "cannot create a temporary file in /nonexistent-dedup-splice-test: No such file or "
        "directory");
}

TEST_CASE("ConversionLog: its temporary file goes to $TMPDIR", "[dedup]") {
  const char* old = std::getenv("TMPDIR");
  std::string saved = old ? old : "";
  ::setenv("TMPDIR", "/nonexistent-dedup-splice-test", 1);
  dedup::ConversionLog log;
  auto s = log.Append(dedup::Conversion{});
  if (old) {
    ::setenv("TMPDIR", saved.c_str(), 1);
  } else {
    ::unsetenv("TMPDIR");
  }
  REQUIRE_FALSE(s.ok());
  CHECK(s.message() ==
        "/nonexistent-dedup-splice-test: cannot create a temporary file: No such file or "
        "directory");
}
