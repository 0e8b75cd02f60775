// lib/fetch: finding a manifest's file by its field, locally and by URL.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "fetch/http.h"
#include "fetch/range_source.h"

namespace {

std::string ReadAll(base::ByteSource* source) {
  std::string out;
  char buf[64];
  for (;;) {
    auto got = source->Read(buf, sizeof buf);
    REQUIRE(got.ok());
    if (*got == 0) return out;
    out.append(buf, *got);
  }
}

}  // namespace

TEST_CASE("a URL prefix is followed by the real name, escaped for a URL path", "[fetch]") {
  fetch::PrefixResolver resolver("http://127.0.0.1:8080/warcs/");
  auto urls = resolver.Urls("plain-00001.warc.gz");
  REQUIRE(urls.ok());
  CHECK(*urls == std::vector<std::string>{"http://127.0.0.1:8080/warcs/plain-00001.warc.gz"});
  // The manifest field "odd%20name%20%C3%A9#1?.warc.gz" is the name
  // "odd name é#1?.warc.gz": '#' and '?' would end a URL path.
  urls = resolver.Urls("odd%20name%20%C3%A9#1?.warc.gz");
  REQUIRE(urls.ok());
  CHECK(*urls ==
        std::vector<std::string>{"http://127.0.0.1:8080/warcs/odd%20name%20%C3%A9%231%3F.warc.gz"});
  // A '%' kept as it is in the field (not before two hex digits) is escaped,
  // and so is ';' (path parameters to some servers).
  urls = resolver.Urls("100%zz/a;b.warc");
  REQUIRE(urls.ok());
  CHECK(*urls == std::vector<std::string>{"http://127.0.0.1:8080/warcs/100%25zz/a%3Bb.warc"});
}

TEST_CASE("only the manifest's own spelling of a name is accepted", "[fetch]") {
  CHECK(*fetch::FileNameOf("odd%20name%20%C3%A9.warc") == "odd name \xc3\xa9.warc");
  CHECK(*fetch::FileNameOf("a%b.warc.gz") == "a%b.warc.gz");
  // Another spelling of "a%b.warc.gz"; a NUL byte; "-" (an empty name).
  for (const char* field : {"a%25b.warc.gz", "x.warc.gz%00junk", "-"}) {
    INFO(field);
    CHECK_FALSE(fetch::FileNameOf(field).ok());
    CHECK_FALSE(fetch::PrefixResolver("http://h/").Urls(field).ok());
  }
}

TEST_CASE("local files are found by the real name behind an encoded field", "[fetch]") {
  char dir_template[] = "/tmp/fetch_test.XXXXXX";
  REQUIRE(::mkdtemp(dir_template) != nullptr);
  const std::string dir = dir_template;
  const std::string name = dir + "/odd name \xc3\xa9.warc";
  std::ofstream(name) << "0123456789";
  fetch::LocalRangeSource source({dir});
  auto range = source.Open({"odd%20name%20%C3%A9.warc", 3, 4});
  REQUIRE(range.ok());
  CHECK(ReadAll(range->get()) == "3456");
  CHECK(source.bytes_fetched() == 4);
  // The field taken literally names no file.
  auto missing = source.Open({"odd%20name.warc", 0, 1});
  CHECK_FALSE(missing.ok());
  // A file named "a%b.warc" is found by its field, never by another spelling.
  std::ofstream(dir + "/a%b.warc") << "abc";
  auto canonical = source.Open({"a%b.warc", 1, 2});
  REQUIRE(canonical.ok());
  CHECK(ReadAll(canonical->get()) == "bc");
  CHECK(source.bytes_fetched() == 4 + 2);  // bytes read, whatever the file
  auto other_spelling = source.Open({"a%25b.warc", 1, 2});
  REQUIRE_FALSE(other_spelling.ok());
  CHECK(other_spelling.status().message() ==
        "file field \"a%25b.warc\" is not a name as the manifest encodes it");
  std::remove((dir + "/a%b.warc").c_str());
  std::remove(name.c_str());
  ::rmdir(dir.c_str());
}
