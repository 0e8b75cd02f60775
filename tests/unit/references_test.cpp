// What existing revisits refer to: the reference lines and their lookups.
#include "manifest/references.h"

#include <catch2/catch.hpp>

#include "base/source.h"

namespace {

manifest::ReferenceSet Loaded(const std::string& text, base::Status* status = nullptr) {
  base::StringSource source(text);
  manifest::ReferenceSet set;
  base::Status s = set.Load(&source, "refs.txt");
  if (status) *status = s;
  set.Seal();
  return set;
}

}  // namespace

TEST_CASE("references: each kind of line protects what a revisit resolves to", "[manifest]") {
  auto set = Loaded(
      "# from warcsum --revisit-refs\n"
      "capture http://a/ 2020-01-01T00:00:00Z\n"
      "payload http://b/ sha1:aa20238aab9cea0696a9b5d5f7a44a42de16adfc\n"
      "uri http://c/\n"
      "record <urn:uuid:1>\n");
  CHECK(set.size() == 4);
  // capture: that URI at that date, whatever the digest.
  CHECK(set.Refers("http://a/", "2020-01-01T00:00:00Z", "sha1:00"));
  CHECK_FALSE(set.Refers("http://a/", "2021-01-01T00:00:00Z", "sha1:00"));
  // payload: any date of that URI with that digest.
  CHECK(set.Refers("http://b/", "1999-01-01T00:00:00Z",
                   "sha1:aa20238aab9cea0696a9b5d5f7a44a42de16adfc"));
  CHECK_FALSE(set.Refers("http://b/", "1999-01-01T00:00:00Z", "sha1:bb"));
  // uri: any capture of it.
  CHECK(set.Refers("http://c/", "2000-01-01T00:00:00Z", "md5:00"));
  // record: by WARC-Record-ID, whatever the URI.
  CHECK(set.Refers("http://x/", "2000-01-01T00:00:00Z", "md5:00", "<urn:uuid:1>"));
  CHECK_FALSE(set.Refers("http://x/", "2000-01-01T00:00:00Z", "md5:00", "<urn:uuid:2>"));
  CHECK_FALSE(set.Refers("http://x/", "2000-01-01T00:00:00Z", "md5:00"));
  // The kinds do not mix: a capture key is not a uri key.
  CHECK_FALSE(set.Refers("http://a/", "", ""));
  CHECK(set.HasCapture("http://a/", "2020-01-01T00:00:00Z"));
  CHECK_FALSE(set.HasCapture("http://b/", "sha1:aa20238aab9cea0696a9b5d5f7a44a42de16adfc"));
}

TEST_CASE("references: a line of no known kind is an error with its line number", "[manifest]") {
  base::Status status;
  Loaded("capture http://a/ 2020-01-01T00:00:00Z\nuri http://c/ extra\n", &status);
  CHECK(status.message() ==
        "refs.txt: line 2: expected \"capture URI DATE\", \"payload URI DIGEST\", \"uri URI\", "
        "\"record ID\", \"damaged FILE\" or \"incomplete WHAT\", found \"uri http://c/ extra\"");
  Loaded("capture http://a/  2020\n", &status);
  CHECK(status.message().find("line 1:") != std::string::npos);
  Loaded("", &status);
  CHECK(status.ok());
}

TEST_CASE("references: dates to the second, record IDs without brackets", "[manifest]") {
  auto set = Loaded(
      "capture http://a/ 2020-01-01T00:00:00Z\n"
      "capture http://b/ 2020-01-01T00:00:00.5Z\n"
      "record urn:uuid:1\n");
  // A revisit dated to the second refers to a capture stored with a fraction,
  // and the other way round.
  CHECK(set.Refers("http://a/", "2020-01-01T00:00:00.123456Z", "sha1:00"));
  CHECK(set.Refers("http://b/", "2020-01-01T00:00:00Z", "sha1:00"));
  CHECK_FALSE(set.Refers("http://a/", "2020-01-01T00:00:01Z", "sha1:00"));
  CHECK(set.Refers("http://x/", "d", "sha1:00", "<urn:uuid:1>"));
  CHECK(manifest::ReferenceSet::ToTimestamp("2020-01-01T00:00:00.1Z") == "20200101000000");
  CHECK(manifest::ReferenceSet::ToTimestamp("2020-01-01T00:00Z") == "20200101000000");
  CHECK(set.incomplete().empty());
}

TEST_CASE("references: incomplete lines say what was not read", "[manifest]") {
  auto set = Loaded("capture http://a/ d\nincomplete /x/a.warc.gz\nincomplete\n");
  CHECK(set.incomplete() == std::vector<std::string>{"/x/a.warc.gz", "?"});
  CHECK(set.Refers("http://a/", "d", ""));
}

TEST_CASE("references: an empty set refers to nothing", "[manifest]") {
  manifest::ReferenceSet set;
  set.Seal();
  CHECK_FALSE(set.Refers("", "", ""));
  set.AddCapture("http://a/", "d");
  set.AddOriginal("http://b/", "d", "sha1:aa");
  set.Seal();
  CHECK(set.HasCapture("http://a/", "d"));
  // An original is its URI, date and digest: another payload captured in the
  // same second is not it.
  CHECK(set.HasOriginal("http://b/", "d", "sha1:aa"));
  CHECK_FALSE(set.HasOriginal("http://b/", "d", "sha1:bb"));
  CHECK_FALSE(set.HasCapture("http://b/", "d"));
}

TEST_CASE("references: URIs match by their canonical form, on both sides", "[manifest][url]") {
  auto set = Loaded(
      "capture http://EXAMPLE.com:80/a#top 2020-01-01T00:00:00Z\n"
      "payload http://example.com/%7Euser sha1:aa\n"
      "uri https://www.Example.com/b/\n");
  // The original as stored, in another spelling of the URI each reference names.
  CHECK(set.Refers("http://example.com/a", "2020-01-01T00:00:00Z", "sha1:00"));
  CHECK(set.HasCapture("http://example.com/a", "2020-01-01T00:00:00Z"));
  CHECK(set.Refers("http://example.com/~user", "1999-01-01T00:00:00Z", "sha1:aa"));
  CHECK(set.Refers("http://example.com/b", "2000-01-01T00:00:00Z", "md5:00"));
  // And the other way round: the reference in the plain spelling, the
  // original in an odd one.
  auto plain = Loaded("capture http://example.com/~a 2020-01-01T00:00:00Z\n");
  CHECK(plain.Refers("HTTP://example.COM:80/%7ea#x", "2020-01-01T00:00:00Z", "sha1:00"));
  // Manifest-encoded fields are decoded first (a space is %20 in both).
  auto spaced = Loaded("uri http://example.com/a%20b\n");
  CHECK(spaced.Refers("http://example.com/a%20b", "d", "sha1:00"));
  // Still only that URL, date and digest.
  CHECK_FALSE(set.Refers("http://example.com/a", "2021-01-01T00:00:00Z", "sha1:00"));
  CHECK_FALSE(set.Refers("http://example.com/user", "1999-01-01T00:00:00Z", "sha1:aa"));
  CHECK_FALSE(set.Refers("http://example.com/c", "2000-01-01T00:00:00Z", "md5:00"));
  // Originals a manifest names are matched as spelled.
  manifest::ReferenceSet originals;
  originals.AddOriginal("http://example.com/a", "d", "sha1:aa");
  originals.Seal();
  CHECK(originals.HasOriginal("http://example.com/a", "d", "sha1:aa"));
  CHECK_FALSE(originals.HasOriginal("http://EXAMPLE.com/a", "d", "sha1:aa"));
}

TEST_CASE("references: damaged lines name files, decoded, and keep their references",
          "[manifest]") {
  auto set = Loaded(
      "damaged /x/a%20b.warc.gz\n"
      "uri http://a/\n"
      "damaged c.warc\n");
  CHECK(set.damaged() == std::vector<std::string>{"/x/a b.warc.gz", "c.warc"});
  CHECK(set.incomplete().empty());
  CHECK(set.Refers("http://a/", "d", "sha1:00"));
  base::Status status;
  Loaded("damaged\n", &status);
  CHECK(status.message().find("line 1: expected") != std::string::npos);
  Loaded("damaged a b\n", &status);
  CHECK(status.message().find("line 1: expected") != std::string::npos);
}

TEST_CASE("references: dates compare as 14-digit timestamps, as pywb does", "[manifest]") {
  auto set = Loaded(
      "capture http://a/ 2020-01-01T00:00Z\n"
      "capture http://b/ 2020-01-01\n"
      "capture http://c/ 2020-01-01T10:20:30Z\n");
  // Given to the minute or the day: the capture at its first second.
  CHECK(set.Refers("http://a/", "2020-01-01T00:00:00Z", "sha1:00"));
  CHECK(set.HasCapture("http://a/", "2020-01-01T00:00:00Z"));
  CHECK(set.Refers("http://b/", "2020-01-01T00:00:00.25Z", "sha1:00"));
  CHECK_FALSE(set.Refers("http://a/", "2020-01-01T00:01:00Z", "sha1:00"));
  // And on the lookup side.
  CHECK(set.Refers("http://c/", "20200101102030", "sha1:00"));
  CHECK_FALSE(set.Refers("http://c/", "2020-01-01T10:20Z", "sha1:00"));
  manifest::ReferenceSet added;
  added.AddCapture("http://d/", "2020-01-01T10:20Z");
  added.Seal();
  CHECK(added.HasCapture("http://d/", "2020-01-01T10:20:00Z"));
  CHECK(manifest::ReferenceSet::ToTimestamp("2020-01-01T10:20:30.123456Z") == "20200101102030");
}

TEST_CASE("references: many repeated lines stay few while loading", "[manifest]") {
  std::string text;
  for (int i = 0; i < 400000; ++i) text += i % 2 ? "record <urn:uuid:1>\n" : "uri http://a/\n";
  base::StringSource source(text);
  manifest::ReferenceSet set;
  REQUIRE(set.Load(&source, "refs.txt").ok());
  CHECK(set.size() <= (1u << 16));
  set.Seal();
  CHECK(set.size() == 2);
  CHECK(set.Refers("http://a/", "d", "sha1:00"));
}

TEST_CASE("references: the writers spell each line, encoded, and read back", "[manifest]") {
  std::string out;
  manifest::AppendCaptureReference("http://a/ b", "2020-01-01T00:00:00Z", &out);
  manifest::AppendPayloadReference("http://b/", "sha1:ab", &out);
  manifest::AppendUriReference("http://c/", &out);
  manifest::AppendRecordReference("<urn:uuid:1>", &out);
  manifest::AppendDamagedFile("dir/a b.warc", &out);
  manifest::AppendIncompleteInput("x y.warc", &out);
  manifest::AppendIncompleteNote("(inputs named but not read, see the errors above)", &out);
  CHECK(out ==
        "capture http://a/%20b 2020-01-01T00:00:00Z\n"
        "payload http://b/ sha1:ab\n"
        "uri http://c/\n"
        "record <urn:uuid:1>\n"
        "damaged dir/a%20b.warc\n"
        "incomplete x%20y.warc\n"
        "incomplete (inputs named but not read, see the errors above)\n");
  base::Status status;
  auto set = Loaded(out, &status);
  REQUIRE(status.ok());
  CHECK(set.Refers("http://a/%20b", "2020-01-01T00:00:00Z", "sha1:00"));
  CHECK(set.Refers("http://b/", "2021", "sha1:ab"));
  CHECK(set.Refers("http://c/", "2021", "sha1:00"));
  CHECK(set.Refers("http://z/", "2021", "sha1:00", "<urn:uuid:1>"));
  CHECK(set.damaged() == std::vector<std::string>{"dir/a b.warc"});
  CHECK(set.incomplete() == std::vector<std::string>{
                                "x%20y.warc", "(inputs named but not read, see the errors above)"});
}

TEST_CASE("references: ParseReferenceLine gives the kind and fields", "[manifest]") {
  using Kind = manifest::ReferenceLine::Kind;
  manifest::ReferenceLine r;
  REQUIRE(manifest::ParseReferenceLine("capture http://a/ 2020", &r));
  CHECK((r.kind == Kind::kCapture && r.a == "http://a/" && r.b == "2020"));
  REQUIRE(manifest::ParseReferenceLine("damaged a%20b", &r));
  CHECK((r.kind == Kind::kDamaged && r.a == "a b"));
  REQUIRE(manifest::ParseReferenceLine("incomplete", &r));
  CHECK((r.kind == Kind::kIncomplete && r.a == "?"));
  REQUIRE(manifest::ParseReferenceLine("# c", &r));
  CHECK(r.kind == Kind::kBlank);
  CHECK_FALSE(manifest::ParseReferenceLine("capture http://a/", &r));
  CHECK_FALSE(manifest::ParseReferenceLine("uri  http://a/", &r));
  CHECK_FALSE(manifest::ParseReferenceLine("what x", &r));
}
