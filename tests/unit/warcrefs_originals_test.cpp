// warcrefs::VerifiedOriginals on small plain WARC files: each original is
// read at its offset (or, moved by an earlier run, found by reading its file),
// and a copy is allowed only when the SHA-256 of its payload is the
// original's; every other case says why with its kept-list reason.
// The expected SHA-256 values are hashlib's (Python):
//   sha256(b"page p " * 60), sha256(b"page q " * 60).
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "manifest/entry.h"
#include "manifest/kept.h"
#include "originals.h"
#include "warc/digest.h"

namespace {

namespace fs = std::filesystem;
using manifest::KeptReason;

const char kShaP[] = "b651857740dbb5ef2ed5d38c3d5a19514a7e48bc9348486b762e1beb9ea0f263";
const char kShaQ[] = "cb0cc36e08b7f2d70e5f8482ddf0505f2126bfeaa015df40504beae1b70f9f9b";

std::string Repeat(const std::string& word, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += word;
  return s;
}

std::string Record(const std::string& uri, const std::string& date, const std::string& payload,
                   const std::string& type = "response") {
  std::string block = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n" + payload;
  return "WARC/1.1\r\nWARC-Type: " + type + "\r\nWARC-Record-ID: <urn:uuid:" + uri +
         ">\r\nWARC-Date: " + date + "\r\nWARC-Target-URI: " + uri +
         "\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: " +
         std::to_string(block.size()) + "\r\n\r\n" + block + "\r\n\r\n";
}

warc::Digest Sha(const char* hex) {
  warc::Digest d;
  d.algorithm = warc::DigestAlgorithm::kSha256;
  for (size_t i = 0; hex[i]; i += 2)
    d.bytes += static_cast<char>(std::stoi(std::string(hex + i, 2), nullptr, 16));
  return d;
}

manifest::Entry Line(const std::string& file, uint64_t offset, uint64_t length,
                     const std::string& uri, const std::string& date, uint64_t copy,
                     const std::string& ref_uri = "-", const std::string& ref_date = "-") {
  manifest::Entry e;
  e.file = file, e.offset = offset, e.length = length, e.uri = uri, e.date = date;
  e.digest = "sha1:0000000000000000000000000000000000000000";
  e.ext = 1, e.copy = copy, e.ref_uri = ref_uri, e.ref_date = ref_date, e.fields_count = 10;
  return e;
}

struct TempDir {
  TempDir() {
    char tmpl[] = "/tmp/originals-test-XXXXXX";
    path = ::mkdtemp(tmpl);
  }
  ~TempDir() { fs::remove_all(path); }
  std::string Write(const std::string& name, const std::string& data) const {
    std::ofstream(path + "/" + name, std::ios::binary) << data;
    return path + "/" + name;
  }
  std::string path;
};

const std::string kP = Repeat("page p ", 60), kQ = Repeat("page q ", 60);
const std::string kDate = "2020-01-01T00:00:00Z";

}  // namespace

TEST_CASE("originals: read at their offsets, compared by SHA-256", "[warcrefs]") {
  TempDir dir;
  std::string a = Record("http://a/", kDate, kP), b = Record("http://b/", kDate, kQ);
  std::string path = dir.Write("a.warc", a + b);
  warcrefs::VerifiedOriginals originals;
  originals.Add(Line("a.warc", 0, a.size(), "http://a/", kDate, 1));
  originals.Add(Line("a.warc", a.size(), b.size(), "http://b/", kDate, 1));
  warcrefs::OriginalPlaces places;
  places.inputs["a.warc"] = path;
  REQUIRE(originals.ReadAll(places) == 0);

  auto same =
      originals.Check(Line("c.warc", 0, 1, "http://c/", kDate, 2, "http://a/", kDate), Sha(kShaP));
  CHECK(same.reason == KeptReason::kUnknown);
  auto differs =
      originals.Check(Line("c.warc", 0, 1, "http://c/", kDate, 2, "http://b/", kDate), Sha(kShaP));
  CHECK(differs.reason == KeptReason::kOriginalDiffers);
  CHECK(differs.why == "its original (a.warc offset " + std::to_string(a.size()) +
                           ") holds another payload (SHA-256 " + kShaQ + ", this copy's " + kShaP +
                           ")");
  // Named by a date the manifest has no original for.
  auto missing = originals.Check(
      Line("c.warc", 0, 1, "http://c/", kDate, 2, "http://a/", "2021-01-01T00:00:00Z"), Sha(kShaP));
  CHECK(missing.reason == KeptReason::kOriginalMissing);
}

TEST_CASE("originals: moved by an earlier run, found by reading the file", "[warcrefs]") {
  TempDir dir;
  std::string a = Record("http://a/", kDate, kP), b = Record("http://b/", kDate, kQ);
  std::string x = Record("http://x/", kDate, "short");
  // The manifest says b follows a 10000-byte record; it follows a short one now.
  std::string path = dir.Write("m.warc", x + b);
  warcrefs::VerifiedOriginals originals;
  originals.Add(Line("m.warc", 10000, b.size(), "http://b/", kDate, 1));
  // And one that is nowhere in the file.
  originals.Add(Line("m.warc", 0, a.size(), "http://a/", kDate, 1));
  warcrefs::OriginalPlaces places;
  places.inputs["m.warc"] = path;
  CHECK(originals.ReadAll(places) == 1);
  CHECK(originals.Check(Line("c", 0, 1, "http://c/", kDate, 2, "http://b/", kDate), Sha(kShaQ))
            .reason == KeptReason::kUnknown);
  auto gone =
      originals.Check(Line("c", 0, 1, "http://c/", kDate, 2, "http://a/", kDate), Sha(kShaP));
  CHECK(gone.reason == KeptReason::kOriginalMissing);
  CHECK(gone.why == "its original (m.warc offset 0) is missing: " + path +
                        ": not at its offset (another record is there (uri \"http://x/\", date \"" +
                        kDate + "\")), nor anywhere else in the file");
}

TEST_CASE("originals: where they are looked for, and what cannot be read", "[warcrefs]") {
  TempDir dir;
  std::string a = Record("http://a/", kDate, kP);
  std::string revisit = Record("http://r/", kDate, "", "revisit");
  fs::create_directory(dir.path + "/d");
  dir.Write("d/a.warc", a);
  dir.Write("d/r.warc", revisit);
  std::string c = Record("http://cut/", kDate, kP);
  std::string cut = dir.Write("cut.warc", c.substr(0, c.size() - 100));
  warcrefs::VerifiedOriginals originals;
  originals.Add(Line("a.warc", 0, a.size(), "http://a/", kDate, 1));        // in -d
  originals.Add(Line("cut.warc", 0, c.size(), "http://cut/", kDate, 1));    // damaged
  originals.Add(Line("dup.warc", 0, a.size(), "http://dup/", kDate, 1));    // ambiguous
  originals.Add(Line("none.warc", 0, a.size(), "http://none/", kDate, 1));  // nowhere
  originals.Add(Line("r.warc", 0, revisit.size(), "http://r/", kDate, 1));  // a revisit
  warcrefs::OriginalPlaces places;
  places.inputs["cut.warc"] = cut;
  places.inputs["dup.warc"] = cut;
  places.ambiguous.insert("dup.warc");
  places.dirs.push_back(dir.path + "/d");
  CHECK(originals.ReadAll(places) == 4);
  auto check = [&](const std::string& uri) {
    return originals.Check(Line("c", 0, 1, "http://c/", kDate, 2, uri, kDate), Sha(kShaP));
  };
  CHECK(check("http://a/").reason == KeptReason::kUnknown);
  auto damaged = check("http://cut/");
  CHECK(damaged.reason == KeptReason::kOriginalUnverified);
  CHECK(damaged.why.rfind("its original (cut.warc offset 0) could not be verified: " + cut, 0) ==
        0);
  auto ambiguous = check("http://dup/");
  CHECK(ambiguous.reason == KeptReason::kOriginalUnverified);
  CHECK(ambiguous.why ==
        "its original (dup.warc offset 0) could not be verified: several input files "
        "are called dup.warc; which holds the original is unknown");
  auto nowhere = check("http://none/");
  CHECK(nowhere.reason == KeptReason::kOriginalMissing);
  CHECK(nowhere.why ==
        "its original (none.warc offset 0) is missing: none.warc: not among the input "
        "files nor in any --warc-dir");
  CHECK(check("http://r/").reason == KeptReason::kOriginalMissing);
}

TEST_CASE("originals: two lines for one original must both hold the payload", "[warcrefs]") {
  TempDir dir;
  std::string a1 = Record("http://a/", kDate, kP), a2 = Record("http://a/", kDate, kQ);
  std::string path = dir.Write("a.warc", a1 + a2);
  warcrefs::VerifiedOriginals originals;
  originals.Add(Line("a.warc", 0, a1.size(), "http://a/", kDate, 1));
  originals.Add(Line("a.warc", a1.size(), a2.size(), "http://a/", kDate, 1));
  warcrefs::OriginalPlaces places;
  places.inputs["a.warc"] = path;
  REQUIRE(originals.ReadAll(places) == 0);
  CHECK(originals.Check(Line("c", 0, 1, "http://c/", kDate, 2, "http://a/", kDate), Sha(kShaP))
            .reason == KeptReason::kOriginalDiffers);
}
