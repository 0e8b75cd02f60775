// The manifest line format: field encoding, formatting, parsing with exact
// error texts, and ManifestReader's line numbers and comments.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "base/source.h"
#include "manifest/entry.h"
#include "manifest/reader.h"

using manifest::Entry;
using manifest::ParseLine;

namespace {

const char kSha1Empty[] = "sha1:da39a3ee5e6b4b0d3255bfef95601890afd80709";

Entry Six() {
  Entry e;
  e.file = "crawl-07.warc.gz";
  e.offset = 183204;
  e.length = 1234;
  e.uri = "http://example.com/a?b=c";
  e.date = "2014-01-03T03:03:21Z";
  e.digest = kSha1Empty;
  return e;
}

std::string Error(std::string_view line) {
  auto r = ParseLine(line);
  if (r.ok()) return "parsed";
  CHECK(r.status().code() == base::Status::Code::kInvalidArgument);
  return r.status().message();
}

// What a ManifestReader reports, one string per call to Next().
std::vector<std::string> ReadManifest(base::ByteSource* source) {
  manifest::ManifestReader reader(source);
  std::vector<std::string> out;
  Entry e;
  for (;;) {
    switch (reader.Next(&e)) {
      case manifest::ManifestReader::Outcome::kEntry:
        out.push_back("entry at line " + std::to_string(reader.line_number()) + ": " +
                      manifest::FormatLine(e));
        continue;
      case manifest::ManifestReader::Outcome::kBadLine:
        out.push_back("bad: " + reader.error().message() + " [" + reader.line() + "]");
        continue;
      case manifest::ManifestReader::Outcome::kReadError:
        out.push_back("read error: " + reader.error().message());
        return out;
      case manifest::ManifestReader::Outcome::kEnd:
        return out;
    }
  }
}

std::vector<std::string> ReadManifest(const std::string& text) {
  base::StringSource source(text);
  return ReadManifest(&source);
}

}  // namespace

TEST_CASE("EncodeField percent-encodes bytes outside 0x21-0x7e", "[manifest]") {
  CHECK(manifest::EncodeField("http://example.com/a b") == "http://example.com/a%20b");
  CHECK(manifest::EncodeField("tab\there") == "tab%09here");
  CHECK(manifest::EncodeField(std::string("\x00\x01\n\r\x1f\x7f", 6)) == "%00%01%0A%0D%1F%7F");
  CHECK(manifest::EncodeField("caf\xc3\xa9") == "caf%C3%A9");  // UTF-8, byte by byte
  CHECK(manifest::EncodeField("\xff") == "%FF");
  CHECK(manifest::EncodeField("") == "-");
  // Printable ASCII is left alone, '%' too unless it would read as an escape.
  CHECK(manifest::EncodeField("!\"#$%&'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~") ==
        "!\"#$%&'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~");
  CHECK(manifest::EncodeField("http://x/a%2Fb%3A") == "http://x/a%2Fb%3A");
  CHECK(manifest::EncodeField("100%") == "100%");
  CHECK(manifest::EncodeField("%zz%7e%4") == "%zz%7e%4");
  // A '%' that starts "%XX" of a byte that would be encoded, or of '%', is
  // escaped itself, so that decoding gives the raw text back.
  CHECK(manifest::EncodeField("a%20b") == "a%2520b");
  CHECK(manifest::EncodeField("%25") == "%2525");
  CHECK(manifest::EncodeField("%c3%A9") == "%25c3%25A9");
  CHECK(manifest::EncodeField("%%20") == "%%2520");
}

TEST_CASE("EncodeField is stable on plain values and DecodeField inverts it", "[manifest]") {
  // Values without anything to escape come out unchanged, so encoding them
  // again changes nothing.
  for (const char* raw : {"http://example.com/", "2014-01-03T03:03:21Z", "a%2Fb", "100%", "x"}) {
    INFO(raw);
    std::string once = manifest::EncodeField(raw);
    CHECK(once == raw);
    CHECK(manifest::EncodeField(once) == once);
  }
  const std::vector<std::string> raws = {"a b",         "%",         "%%",
                                         "%2",          "%20",       "%2F",
                                         "%25",         "%2525",     "%C3%A9",
                                         "%c3",         "100%",      "%%20",
                                         "%g0",         "%7f",       "%7e",
                                         "caf\xc3\xa9", "a\tb\nc",   "%0A\n",
                                         " leading",    "trailing ", std::string("\x00%00", 4),
                                         "-",           "--",        "%2D",
                                         "%252D",       "x%2D",      ""};
  for (const std::string& raw : raws) {
    INFO("raw \"" << raw << "\"");
    std::string encoded = manifest::EncodeField(raw);
    for (unsigned char c : encoded) CHECK((c > 0x20 && c < 0x7f));
    CHECK(manifest::DecodeField(encoded) == raw);
  }
  CHECK(manifest::DecodeField("http://example.com/a%20b") == "http://example.com/a b");
  CHECK(manifest::DecodeField("caf%C3%A9") == "caf\xc3\xa9");
  CHECK(manifest::DecodeField("a%2Fb") == "a%2Fb");  // not an escape in a manifest
  CHECK(manifest::DecodeField("-") == "");
}

TEST_CASE("EncodeField: a value that is exactly \"-\" is not the empty value", "[manifest]") {
  // "-" stands for an empty field, so a real "-" is written %2D (and a real
  // "%2D" as %252D): a WARC-Target-URI "-" must not read back as empty.
  CHECK(manifest::EncodeField("-") == "%2D");
  CHECK(manifest::EncodeField("") == "-");
  CHECK(manifest::DecodeField("%2D") == "-");
  CHECK(manifest::EncodeField("%2D") == "%252D");
  CHECK(manifest::DecodeField("%252D") == "%2D");
  // Only the whole field: a '-' or "%2D" inside a value stays as it is.
  CHECK(manifest::EncodeField("a-b") == "a-b");
  CHECK(manifest::EncodeField("--") == "--");
  CHECK(manifest::EncodeField("x%2D") == "x%2D");
  CHECK(manifest::DecodeField("x%2D") == "x%2D");
  CHECK(manifest::DecodeField("%2Dx") == "%2Dx");
}

TEST_CASE("FormatLine: 6, 7 and 10 fields, exact text", "[manifest]") {
  Entry e = Six();
  e.uri = manifest::EncodeField("http://example.com/a b");
  e.file = manifest::EncodeField("my crawl.warc.gz");
  CHECK(manifest::FormatLine(e) ==
        "my%20crawl.warc.gz 183204 1234 http://example.com/a%20b 2014-01-03T03:03:21Z " +
            std::string(kSha1Empty));
  e.uri = manifest::EncodeField("");
  e.date = manifest::EncodeField("");
  CHECK(manifest::FormatLine(e) == "my%20crawl.warc.gz 183204 1234 - - " + std::string(kSha1Empty));

  Entry seven = Six();
  seven.fields_count = 7;
  seven.ext = 3;
  CHECK(manifest::FormatLine(seven) ==
        "crawl-07.warc.gz 183204 1234 http://example.com/a?b=c 2014-01-03T03:03:21Z " +
            std::string(kSha1Empty) + " 3");

  Entry ten = seven;
  ten.fields_count = 10;
  ten.copy = 2;
  ten.ref_uri = manifest::EncodeField("http://example.com/orig inal");
  ten.ref_date = "2013-12-31T23:59:59Z";
  CHECK(manifest::FormatLine(ten) ==
        "crawl-07.warc.gz 183204 1234 http://example.com/a?b=c 2014-01-03T03:03:21Z " +
            std::string(kSha1Empty) + " 3 2 http://example.com/orig%20inal 2013-12-31T23:59:59Z");
  // The first copy has no reference: "-" whatever the fields hold.
  ten.copy = 1;
  CHECK(manifest::FormatLine(ten) ==
        "crawl-07.warc.gz 183204 1234 http://example.com/a?b=c 2014-01-03T03:03:21Z " +
            std::string(kSha1Empty) + " 3 1 - -");

  std::string appended = "previous\n";
  manifest::AppendLine(Six(), &appended);
  CHECK(appended == "previous\n" + manifest::FormatLine(Six()) + "\n");
}

TEST_CASE("ParseLine and FormatLine round trip", "[manifest]") {
  Entry six = Six();
  Entry seven = Six();
  seven.fields_count = 7;
  seven.ext = 0;
  Entry ten = Six();
  ten.fields_count = 10;
  ten.ext = 18446744073709551615ull;
  ten.copy = 7;
  ten.ref_uri = "http://example.com/%C3%A9";
  ten.ref_date = "2013-12-31T23:59:59Z";
  ten.offset = 18446744073709551615ull;
  ten.length = 0;
  Entry first_copy = ten;
  first_copy.copy = 1;
  first_copy.ref_uri = "-";
  first_copy.ref_date = "-";
  for (const Entry& e : {six, seven, ten, first_copy}) {
    std::string line = manifest::FormatLine(e);
    INFO(line);
    auto parsed = ParseLine(line);
    REQUIRE(parsed.ok());
    CHECK(parsed.value() == e);
    CHECK(parsed->fields_count == e.fields_count);
    CHECK(manifest::FormatLine(parsed.value()) == line);
  }
  // Parsed fields stay encoded: a line read and written again is unchanged.
  std::string line = "a%20b.warc 0 10 http://x/%20y - md5:d41d8cd98f00b204e9800998ecf8427e";
  auto parsed = ParseLine(line);
  REQUIRE(parsed.ok());
  CHECK(parsed->file == "a%20b.warc");
  CHECK(parsed->uri == "http://x/%20y");
  CHECK(parsed->date == "-");
  CHECK(parsed->digest == "md5:d41d8cd98f00b204e9800998ecf8427e");
  CHECK(manifest::FormatLine(parsed.value()) == line);
}

TEST_CASE("Entry equality looks only at the fields the line has", "[manifest]") {
  Entry a = Six(), b = Six();
  b.ext = 5;  // not part of a 6-field entry
  CHECK(a == b);
  a.fields_count = b.fields_count = 7;
  CHECK_FALSE(a == b);
  b.ext = 0;
  CHECK(a == b);
  a.fields_count = 6;
  CHECK_FALSE(a == b);
}

TEST_CASE("ParseLine: wrong field counts and empty fields", "[manifest]") {
  const std::string d = kSha1Empty;
  CHECK(Error("f 0 1 u d") == "expected 6, 7 or 10 fields, found 5");
  CHECK(Error("f 0 1 u d " + d + " 1 2") == "expected 6, 7 or 10 fields, found 8");
  CHECK(Error("f 0 1 u d " + d + " 1 2 r") == "expected 6, 7 or 10 fields, found 9");
  CHECK(Error("f 0 1 u d " + d + " 1 2 r d x") == "expected 6, 7 or 10 fields, found 11");
  CHECK(Error("single") == "expected 6, 7 or 10 fields, found 1");
  CHECK(Error("") == "field 1: empty (fields are separated by exactly one space)");
  CHECK(Error("f 0  1 u d " + d) == "field 3: empty (fields are separated by exactly one space)");
  CHECK(Error(" f 0 1 u d " + d) == "field 1: empty (fields are separated by exactly one space)");
  CHECK(Error("f 0 1 u d " + d + " ") ==
        "field 7: empty (fields are separated by exactly one space)");
  CHECK(Error("f 0 1 u\td " + d) == "field 4: contains a control character");
  CHECK(Error("f 0 1 u d " + d + "\r") == "field 6: contains a control character");
  CHECK(Error("f 0 1 caf\xc3\xa9 d " + d) ==
        "field 4: contains a non-ASCII byte (must be percent-encoded)");
}

TEST_CASE("ParseLine: bad numbers and digests name the field", "[manifest]") {
  const std::string d = kSha1Empty;
  CHECK(Error("f x1 10 u d " + d) == "field 2 (offset): expected a decimal number, found \"x1\"");
  CHECK(Error("f -1 10 u d " + d) == "field 2 (offset): expected a decimal number, found \"-1\"");
  CHECK(Error("f +1 10 u d " + d) == "field 2 (offset): expected a decimal number, found \"+1\"");
  CHECK(Error("f 18446744073709551616 10 u d " + d) ==
        "field 2 (offset): expected a decimal number, found \"18446744073709551616\"");
  CHECK(Error("f 0 1e3 u d " + d) == "field 3 (length): expected a decimal number, found \"1e3\"");

  CHECK(Error("f 0 1 u d sha1:XYZ") ==
        "field 6 (digest): expected algorithm:lowercasehex, found \"sha1:XYZ\"");
  CHECK(Error("f 0 1 u d sha1:DA39A3EE5E6B4B0D3255BFEF95601890AFD80709") ==
        "field 6 (digest): expected algorithm:lowercasehex, found "
        "\"sha1:DA39A3EE5E6B4B0D3255BFEF95601890AFD80709\"");
  CHECK(Error("f 0 1 u d sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ") ==
        "field 6 (digest): expected algorithm:lowercasehex, found "
        "\"sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ\"");
  CHECK(Error("f 0 1 u d sha1:abc") ==
        "field 6 (digest): expected algorithm:lowercasehex, found \"sha1:abc\"");
  CHECK(Error("f 0 1 u d SHA1:ab") ==
        "field 6 (digest): expected algorithm:lowercasehex, found \"SHA1:ab\"");
  CHECK(Error("f 0 1 u d :ab") ==
        "field 6 (digest): expected algorithm:lowercasehex, found \":ab\"");
  CHECK(Error("f 0 1 u d sha1:") ==
        "field 6 (digest): expected algorithm:lowercasehex, found \"sha1:\"");
  CHECK(Error("f 0 1 u d da39a3ee") ==
        "field 6 (digest): expected algorithm:lowercasehex, found \"da39a3ee\"");
  // Long values are cut in the message.
  std::string long_digest = "sha1:" + std::string(70, 'Z');
  CHECK(Error("f 0 1 u d " + long_digest) ==
        "field 6 (digest): expected algorithm:lowercasehex, found \"" + long_digest.substr(0, 60) +
            "...\"");

  CHECK(Error("f 0 1 u d " + d + " e") == "field 7 (ext): expected a decimal number, found \"e\"");
  CHECK(Error("f 0 1 u d " + d + " 0 0 - -") ==
        "field 8 (copy): expected a number from 1, found \"0\"");
  CHECK(Error("f 0 1 u d " + d + " 0 two - -") ==
        "field 8 (copy): expected a number from 1, found \"two\"");
}

TEST_CASE("ParseLine: copy 1 must not name a reference", "[manifest]") {
  const std::string d = kSha1Empty;
  CHECK(Error("f 0 1 u d " + d + " 0 1 http://example.com/ 2014-01-01T00:00:00Z") ==
        "field 9 (ref-uri): expected \"-\" for copy 1, found \"http://example.com/\"");
  CHECK(Error("f 0 1 u d " + d + " 0 1 http://example.com/ -") ==
        "field 9 (ref-uri): expected \"-\" for copy 1, found \"http://example.com/\"");
  // The error names the field that is wrong.
  CHECK(Error("f 0 1 u d " + d + " 0 1 - 2014-01-01T00:00:00Z") ==
        "field 10 (ref-date): expected \"-\" for copy 1, found \"2014-01-01T00:00:00Z\"");
  // Copies after the first do name their reference.
  auto second = ParseLine("f 0 1 u d " + d + " 0 2 http://example.com/ 2014-01-01T00:00:00Z");
  REQUIRE(second.ok());
  CHECK(second->copy == 2);
  CHECK(second->ref_uri == "http://example.com/");
  CHECK(second->ref_date == "2014-01-01T00:00:00Z");
}

TEST_CASE("ManifestReader: line numbers, '#' comments, blank lines, last line without newline",
          "[manifest]") {
  const std::string d = kSha1Empty;
  const std::vector<std::string> lines = {
      "# warcsum manifest",                       // line 1
      "a.warc.gz 0 10 http://a/ 2014 " + d,       // line 2
      "",                                         // line 3
      "#a comment without a space",               // line 4
      "not a manifest line",                      // line 5
      "b.warc.gz 10 20 http://b/ - " + d + " 4",  // line 6
      "c.warc.gz x1 20 http://c/ - " + d,         // line 7
      "d.warc.gz 30 40 http://d/ - " + d,         // line 8, no newline after it
  };
  std::string text;
  for (size_t i = 0; i < lines.size(); ++i) text += lines[i] + (i + 1 < lines.size() ? "\n" : "");
  CHECK(ReadManifest(text) ==
        std::vector<std::string>{
            "entry at line 2: " + lines[1],
            "bad: line 5: expected 6, 7 or 10 fields, found 4 [not a manifest line]",
            "entry at line 6: " + lines[5],
            "bad: line 7: field 2 (offset): expected a decimal number, found \"x1\" [" + lines[6] +
                "]",
            "entry at line 8: " + lines[7]});
  CHECK(ReadManifest("").empty());
  CHECK(ReadManifest("# only a comment").empty());
  CHECK(ReadManifest("\n\n\n").empty());
}

TEST_CASE("ManifestReader: lines longer than its buffer", "[manifest]") {
  const std::string uri = "http://example.com/" + std::string(200000, 'x');
  std::string text;
  for (int i = 0; i < 3; ++i)
    text += "f.warc.gz " + std::to_string(i) + " 1 " + uri + " - " + kSha1Empty + "\n";
  base::StringSource source(text);
  manifest::ManifestReader reader(&source);
  Entry e;
  for (uint64_t i = 0; i < 3; ++i) {
    REQUIRE(reader.Next(&e) == manifest::ManifestReader::Outcome::kEntry);
    CHECK(e.offset == i);
    CHECK(e.uri == uri);
    CHECK(reader.line_number() == i + 1);
  }
  CHECK(reader.Next(&e) == manifest::ManifestReader::Outcome::kEnd);
}

namespace {
class BrokenSource : public base::ByteSource {
 public:
  explicit BrokenSource(std::string first) : first_(std::move(first)) {}
  base::Result<size_t> Read(char* buf, size_t n) override {
    if (done_) return base::Status::IOError("read error: Input/output error");
    done_ = true;
    size_t take = std::min(n, first_.size());
    std::copy(first_.data(), first_.data() + take, buf);
    return take;
  }
  base::Status Seek(uint64_t) override { return base::Status::Unsupported("no"); }

 private:
  std::string first_;
  bool done_ = false;
};
}  // namespace

TEST_CASE("ManifestReader: a read error ends reading", "[manifest]") {
  BrokenSource source("a.warc.gz 0 10 http://a/ - " + std::string(kSha1Empty) + "\nb.warc");
  CHECK(ReadManifest(&source) ==
        std::vector<std::string>{
            "entry at line 1: a.warc.gz 0 10 http://a/ - " + std::string(kSha1Empty),
            "read error: read error: Input/output error"});
}

// warcsum's --types list (lib/warc): every comma-separated item must name a
// type, so an empty one (a trailing comma) is an error like an unknown name.
#include "warc/record.h"

TEST_CASE("ParseRecordTypeList: an empty item is an error", "[manifest][warc]") {
  CHECK(warc::ParseRecordTypeList("response,resource") ==
        std::optional<uint32_t>(warc::kResponse | warc::kResource));
  CHECK(warc::ParseRecordTypeList("response") == std::optional<uint32_t>(warc::kResponse));
  CHECK_FALSE(warc::ParseRecordTypeList("response,").has_value());
  CHECK_FALSE(warc::ParseRecordTypeList(",response").has_value());
  CHECK_FALSE(warc::ParseRecordTypeList("response,,resource").has_value());
  CHECK_FALSE(warc::ParseRecordTypeList(",").has_value());
  CHECK_FALSE(warc::ParseRecordTypeList("").has_value());
}

TEST_CASE("ManifestReader: line_offset is where the entry's line starts", "[manifest]") {
  // warcrefs reads a file's run of lines again from there. Lines longer
  // than the reader's 64 KB buffer cross refills.
  const std::string a = "a 0 1 http://x/ d sha1:aa\n", comment = "# note\n\n";
  const std::string b = "b 0 1 http://" + std::string(70000, 'y') + "/ d sha1:bb\n";
  const std::string c = "c 0 1 http://z/ d sha1:cc";  // no final newline
  const std::string text = a + comment + b + b + c;
  base::StringSource source(text);
  manifest::ManifestReader reader(&source);
  manifest::Entry e;
  std::vector<uint64_t> offsets;
  while (reader.Next(&e) == manifest::ManifestReader::Outcome::kEntry)
    offsets.push_back(reader.line_offset());
  CHECK(offsets == std::vector<uint64_t>{0, a.size() + comment.size(),
                                         a.size() + comment.size() + b.size(),
                                         a.size() + comment.size() + 2 * b.size()});
}
