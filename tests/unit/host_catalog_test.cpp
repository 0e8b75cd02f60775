// The host catalog (warcsumsplit --by-host): manifest::ReadHostCatalog.
#include "manifest/host_catalog.h"

#include <catch2/catch.hpp>

#include "base/source.h"

namespace {

base::Result<manifest::HostCatalog> Read(const std::string& text) {
  base::StringSource source(text);
  return manifest::ReadHostCatalog(&source);
}

}  // namespace

TEST_CASE("ReadHostCatalog: blanks, comments, sorted hosts", "[manifest]") {
  auto c = Read("# files\n b.warc\thost2 # trailing\n\na.warc host1\nc.warc host2\r\n");
  REQUIRE(c.ok());
  CHECK(c->hosts == std::vector<std::string>{"host1", "host2"});
  CHECK(c->Find("a.warc") == 0);
  CHECK(c->Find("b.warc") == 1);
  CHECK(c->Find("c.warc") == 1);
  CHECK(c->Find("d.warc") == -1);
}

TEST_CASE("ReadHostCatalog: errors name the line", "[manifest]") {
  CHECK(Read("a h\nb\n").status().message() ==
        "line 2: expected \"filename host [url-prefix]\", found 1 fields");
  CHECK(Read("a h\na g\n").status().message() ==
        "line 2: file \"a\" has host \"g\" here and \"h\" on line 1");
  CHECK(Read("a x/y\n").status().message() ==
        "line 1: host \"x/y\" cannot end an output file name (no '/', no leading '.', no \".tmp\" "
        "ending)");
  CHECK(Read("a h.tmp\n").status().message().find("line 1: host \"h.tmp\"") == 0);
  CHECK(Read("# nothing\n").status().message() == "no \"filename host\" lines");
  CHECK(Read("a h\na h\n").ok());  // the same line twice is fine
}

TEST_CASE("ReadHostCatalog (from warcsumsplit's tests)", "[manifest]") {
  auto read = [](const std::string& text) {
    base::StringSource source(text);
    return manifest::ReadHostCatalog(&source);
  };
  auto ok = read("# file host\nb.warc.gz  h2\n\ta.warc.gz\th1 # comment\nc.warc.gz h1\n\n");
  REQUIRE(ok.ok());
  CHECK(ok->hosts == std::vector<std::string>{"h1", "h2"});
  CHECK(ok->Find("a.warc.gz") == 0);
  CHECK(ok->Find("b.warc.gz") == 1);
  CHECK(ok->Find("c.warc.gz") == 0);
  CHECK(ok->Find("d.warc.gz") == -1);
  CHECK(read("a h1\na h2 x y\n").status().message() ==
        "line 2: expected \"filename host [url-prefix]\", found 4 fields");
  CHECK(read("a h1\nb h2\na h2\n").status().message() ==
        "line 3: file \"a\" has host \"h2\" here and \"h1\" on line 1");
  CHECK(read("a h1\na h1\n").ok());
  CHECK(read("a x/y\n").status().message() ==
        "line 1: host \"x/y\" cannot end an output file name (no '/', no leading '.', no \".tmp\" "
        "ending)");
  CHECK_FALSE(read("a ..\n").ok());
  CHECK_FALSE(read("a h.tmp\n").ok());
  CHECK(read("# only comments\n").status().message() == "no \"filename host\" lines");
}

TEST_CASE("ReadHostCatalog: a URL prefix per file", "[manifest]") {
  auto c = Read(
      "a.warc h1 http://h1:8080/warc/\nb.warc h2 https://h2/x/\nc.warc h2\n"
      "a.warc h1 http://h1:8080/warc/\n");
  REQUIRE(c.ok());
  REQUIRE(c->UrlPrefix("a.warc") != nullptr);
  CHECK(*c->UrlPrefix("a.warc") == "http://h1:8080/warc/");
  CHECK(*c->UrlPrefix("b.warc") == "https://h2/x/");
  CHECK(c->UrlPrefix("c.warc") == nullptr);
  CHECK(c->UrlPrefix("d.warc") == nullptr);
  CHECK(c->Find("b.warc") == 1);
  CHECK(Read("a h ftp://x/\n").status().message() ==
        "line 1: URL prefix \"ftp://x/\" is not an http:// or https:// URL");
  CHECK(Read("a h http://x/\na h http://y/\n").status().message() ==
        "line 2: file \"a\" has URL prefix \"http://y/\" here and \"http://x/\" on line 1");
  CHECK(Read("a h http://x/\na h\n").status().message() ==
        "line 2: file \"a\" has URL prefix \"\" here and \"http://x/\" on line 1");
}
