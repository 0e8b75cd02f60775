// ManifestWriter: lines written in one place, handed on in blocks.
#include <catch2/catch.hpp>
#include <vector>

#include "base/source.h"
#include "manifest/reader.h"
#include "manifest/writer.h"

TEST_CASE("ManifestWriter: exact lines, blocks, a sink error", "[manifest]") {
  std::vector<std::string> blocks;
  manifest::ManifestWriter writer(
      [&](std::string_view b) {
        blocks.emplace_back(b);
        return base::Status::Ok();
      },
      40);
  auto e = manifest::ParseLine("a.warc 0 10 http://a/ 2020 sha1:ab");
  REQUIRE(e.ok());
  REQUIRE(writer.AddRaw("# comment").ok());
  CHECK(blocks.empty());
  REQUIRE(writer.Add(*e).ok());  // 10 + 35 bytes: past 40, flushed
  REQUIRE(blocks.size() == 1);
  CHECK(blocks[0] == "# comment\na.warc 0 10 http://a/ 2020 sha1:ab\n");
  e->set_shape(manifest::Shape::kProcessed);
  e->ext = 1;
  e->copy = 1;
  REQUIRE(writer.Add(*e).ok());
  REQUIRE(writer.Flush().ok());
  REQUIRE(blocks.size() == 2);
  CHECK(blocks[1] == "a.warc 0 10 http://a/ 2020 sha1:ab 1 1 - -\n");
  CHECK(writer.lines() == 3);
  CHECK(writer.bytes() == blocks[0].size() + blocks[1].size());

  manifest::ManifestWriter failing([](std::string_view) { return base::Status::IOError("full"); });
  REQUIRE(failing.Add(*e).ok());
  CHECK(failing.Flush().message() == "full");
}

TEST_CASE("ManifestWriter output reads back with ManifestReader", "[manifest]") {
  std::string text;
  manifest::ManifestWriter writer([&](std::string_view b) {
    text.append(b);
    return base::Status::Ok();
  });
  manifest::Entry e;
  e.file = "f";
  e.offset = 7;
  e.length = 3;
  e.uri = manifest::EncodeField("http://a/ b");
  e.date = "2020";
  e.digest = "sha1:00";
  REQUIRE(writer.Add(e).ok());
  REQUIRE(writer.Flush().ok());
  base::StringSource source(text);
  manifest::ManifestReader reader(&source);
  manifest::Entry back;
  REQUIRE(reader.Next(&back) == manifest::ManifestReader::Outcome::kEntry);
  CHECK(back == e);
  CHECK(manifest::DecodeField(back.uri) == "http://a/ b");
  CHECK(reader.Next(&back) == manifest::ManifestReader::Outcome::kEnd);
}
