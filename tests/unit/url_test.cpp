// URL canonicalisation: the spellings replay tools take for one URL get one key.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "url/canon.h"
#include "urlcanon_json.h"

namespace {

using url::Canonicalize;
using url::SurtKey;

using urlcanon_test::Json;
using urlcanon_test::Vectors;

// Checks that each pair gets one key, but those listed as known to differ
// (with the reason); a known one that passes is reported too, to keep the
// list honest.
void CheckSameKey(const std::vector<std::pair<std::string, std::string>>& pairs,
                  const std::map<std::string, std::string>& known) {
  size_t checked = 0;
  for (const auto& [in, out] : pairs) {
    bool same = SurtKey(in) == SurtKey(out);
    bool expected_to_fail = known.count(in) > 0;
    INFO("input \"" << in << "\" key " << SurtKey(in) << ", expected \"" << out << "\" key "
                    << SurtKey(out));
    CHECK(same != expected_to_fail);
    ++checked;
  }
  CHECK(checked > 0);
}

}  // namespace

TEST_CASE("url: spellings pywb takes for one URL get one key", "[url]") {
  // The task's cases: scheme and host case, default port, fragment, and
  // percent-encoding of unreserved characters.
  CHECK(SurtKey("http://EXAMPLE.com:80/a#top") == SurtKey("http://example.com/a"));
  CHECK(SurtKey("http://example.com/%7Euser") == SurtKey("http://example.com/~user"));
  CHECK(SurtKey("HTTP://Example.COM/a") == "com,example)/a");
  CHECK(SurtKey("https://www.example.com:443/") == "com,example)/");
  CHECK(SurtKey("http://www12.example.com/a/") == "com,example)/a");
  CHECK(SurtKey("http://example.com:8080/") == "com,example:8080)/");
  CHECK(SurtKey("http://example.com/a?b=2&a=1") == "com,example)/a?a=1&b=2");
  CHECK(SurtKey("http://example.com/a?") == "com,example)/a");
  CHECK(SurtKey("http://example.com/a/./b/../c") == "com,example)/a/c");
  CHECK(SurtKey("http://example.com/A%2fB") == "com,example)/a/b");
  CHECK(SurtKey("http://user:pw@example.com/") == "com,example)/");
  CHECK(SurtKey("  http://example.com/\t  ") == "com,example)/");
  CHECK(SurtKey("example.com") == "com,example)/");
  CHECK(SurtKey("http://https://example.com/") == "com,example)/");
  CHECK(SurtKey("http://example.com:/a") == "com,example)/a");
  CHECK(SurtKey("http://3279880203/blah") == "11,0,127,195)/blah");
  CHECK(SurtKey("http://017.0.0.1/") == "1,0,0,15)/");
  CHECK(SurtKey("http://www.google.com.../") == "com,google)/");
  CHECK(SurtKey("urn:x:Y") == "urn:x:y");
  CHECK(SurtKey("dns:www.example.com") == "com,example,www)");
  CHECK(SurtKey("") == "http:/");
  // Session ids (jsessionid, ASP.NET in the path).
  CHECK(SurtKey("http://a.com/x?jsessionid=0123456789abcdefghijklmnopqrstuv&y=1") ==
        "com,a)/x?y=1");
  CHECK(SurtKey("http://a.com/(S(4hqa0555fwsecu455xqckv45))/mileg.aspx") == "com,a)/mileg.aspx");
  CHECK(SurtKey("http://a.com/(4hqa0555fwsecu455xqckv45)/mileg.aspx") == "com,a)/mileg.aspx");
}

TEST_CASE("url: what replay tools tell apart stays apart", "[url]") {
  CHECK(SurtKey("http://example.com/a") != SurtKey("http://example.com/b"));
  CHECK(SurtKey("http://example.com/a?x=1") != SurtKey("http://example.com/a?x=2"));
  CHECK(SurtKey("http://example.com:8080/") != SurtKey("http://example.com/"));
  CHECK(SurtKey("http://example.com/a%23b") != SurtKey("http://example.com/a"));
  CHECK(SurtKey("http://a.example.com/") != SurtKey("http://example.com/"));
  CHECK(SurtKey("http://example.com/a%20b") == "com,example)/a%20b");
}

TEST_CASE("url: the canonical URL, as surt's doctests give it", "[url]") {
  CHECK(Canonicalize("http://host/%25%32%35") == "http://host/%25");
  CHECK(Canonicalize("http://host/%2525252525252525") == "http://host/%25");
  CHECK(Canonicalize("http://host/%%%25%32%35asd%%") == "http://host/%25%25%25asd%25%25");
  CHECK(Canonicalize("http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/") ==
        "http://168.188.99.26/.secure");
  CHECK(Canonicalize("http://host.com//twoslashes?more//slashes") ==
        "http://host.com/twoslashes?more//slashes");
  CHECK(Canonicalize("http://evil.com/foo#bar#baz") == "http://evil.com/foo");
  CHECK(Canonicalize("http:// leadingspace.com/") == "http://%20leadingspace.com/");
  CHECK(Canonicalize("http://[2001:DB8::1]:8080/") == "http://[2001:db8::1]:8080/");
  CHECK(url::UnescapeRepeatedly("%!A%21%21%25") == "%!A!!%");
  CHECK(url::UnescapeRepeatedly("%25%32%35") == "%");
  CHECK(url::UnescapeRepeatedly("%2") == "%2");
}

TEST_CASE("url: any bytes give a key, in linear time", "[url]") {
  // Decoding "%25" a million times over would take hours done pass by pass.
  std::string deep = "http://a/%";
  for (int i = 0; i < 500000; ++i) deep += "25";
  CHECK(SurtKey(deep) == "a)/%25");
  std::string junk;
  for (int i = 0; i < 4096; ++i) junk += static_cast<char>(i * 37);
  CHECK(SurtKey(junk) == SurtKey(junk));
  std::string slashes = "http://a/";
  for (int i = 0; i < 100000; ++i) slashes += "(aaaaaaaaaaaaaaaaaaaaaaaa)/..";
  CHECK(!SurtKey(slashes).empty());
}

// The iipc/urlcanon vectors (../shared/urlcanon): each maps a URL to its
// canonical spelling under another canonicaliser. What applies here: every
// input and its expected spelling name one URL, so they must get one key.
TEST_CASE("url: urlcanon vectors: an input and its canonical form share a key", "[url]") {
  auto semantic = Vectors("semantic_precise.json");
  if (!semantic) {
    WARN("../shared/urlcanon not present: skipped");
    return;
  }
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const auto& [in, out] : semantic->members) {
    // Only http(s): the other schemes (file:, data:, blob:) are no WARC
    // response's business, and surt treats them loosely.
    if (out.kind != Json::kString || (out.str.rfind("http://", 0) && out.str.rfind("https://", 0)))
      continue;
    pairs.emplace_back(in, out.str);
  }
  const std::map<std::string, std::string> known = {
      {"http://%e2%98%83.net",
       "IDNA: punycode (as surt) not done, the host is compared percent-encoded"},
      {"http://\u2603.net/",
       "IDNA: punycode (as surt) not done, the host is compared percent-encoded"},
      {"https://%e2%98%83",
       "IDNA: punycode (as surt) not done, the host is compared percent-encoded"},
      {"https://fa\xc3\x9f.ExAmPlE/",
       "IDNA: punycode (as surt) not done, the host is compared percent-encoded"},
      {"http:%2e%2e%2e/a/b", "WHATWG reads a host of dots as IPv4 0.0.0.0; surt leaves it empty"},
      {"http:%2e%2e/a/b", "WHATWG reads a host of dots as IPv4 0.0.0.0; surt leaves it empty"},
      {"http:%2e/a/b", "WHATWG reads a host of dots as IPv4 0.0.0.0; surt leaves it empty"},
      {"http:/%2e%2e%2e/a/b", "WHATWG reads a host of dots as IPv4 0.0.0.0; surt leaves it empty"},
      {"http:/%2e%2e/a/b", "WHATWG reads a host of dots as IPv4 0.0.0.0; surt leaves it empty"},
      {"http:/%2e/a/b", "WHATWG reads a host of dots as IPv4 0.0.0.0; surt leaves it empty"},
      {"http://%2e%2e%2e/a/b", "WHATWG reads a host of dots as IPv4 0.0.0.0; surt leaves it empty"},
      {"http://%2e%2e/a/b", "WHATWG reads a host of dots as IPv4 0.0.0.0; surt leaves it empty"},
      {"http://%2e/a/b", "WHATWG reads a host of dots as IPv4 0.0.0.0; surt leaves it empty"},
      {"http:///%2e%2e%2e/a/b",
       "WHATWG reads a host of dots as IPv4 0.0.0.0; surt leaves it empty"},
      {"http:///%2e%2e/a/b", "WHATWG reads a host of dots as IPv4 0.0.0.0; surt leaves it empty"},
      {"http:///%2e/a/b", "WHATWG reads a host of dots as IPv4 0.0.0.0; surt leaves it empty"},
      {"https://0x.0x.0",
       "\"0x\" as the number 0 is WHATWG's; inet_aton (as surt's resolver) refuses it"},
  };
  CheckSameKey(pairs, known);
}

TEST_CASE("url: urlcanon vectors: aggressive", "[url]") {
  auto aggressive = Vectors("aggressive.json");
  if (!aggressive) {
    WARN("../shared/urlcanon not present: skipped");
    return;
  }
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const auto& [in, out] : aggressive->members) pairs.emplace_back(in, out.str);
  // The aggressive canonicaliser (a later issue) goes further than surt.
  const std::map<std::string, std::string> known = {
      {"http://example.com/"
       "?a=1&CFID=3304324&CFTOKEN=57491900&jsessionid=a63098d96360$B0$D9$A&foo=bar",
       "surt drops a jsessionid of 32 letters and digits only"},
      {"http://example.com/something/;jsessionid=E85FAC04E331FFCA55549B10B7C7A4FA",
       "surt drops no ;jsessionid= path parameter"},
  };
  CheckSameKey(pairs, known);
}

TEST_CASE("url: urlcanon vectors: dot segments and IPv4 forms", "[url]") {
  auto dots = Vectors("path_dots.json");
  auto ipv4 = Vectors("funky_ipv4.json");
  if (!dots || !ipv4) {
    WARN("../shared/urlcanon not present: skipped");
    return;
  }
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const auto& [kind, table] : dots->members) {
    if (kind != "special") continue;  // "nonspecial": schemes without hosts
    for (const auto& [in, out] : table.members)
      pairs.emplace_back("http://h.example" + in, "http://h.example" + out.str);
  }
  for (const auto& [in, out] : ipv4->members)
    if (out.kind == Json::kString)
      pairs.emplace_back("http://" + in + "/", "http://" + out.str + "/");
  const std::map<std::string, std::string> known = {
      {"http://07777777777/", "surt reads an all-digit host as decimal, even with a leading 0"},
  };
  CheckSameKey(pairs, known);
}

TEST_CASE("url: urlcanon vectors: canonicalising twice changes nothing", "[url]") {
  auto idem = Vectors("idempotence.json");
  if (!idem) {
    WARN("../shared/urlcanon not present: skipped");
    return;
  }
  size_t checked = 0;
  for (const auto& item : idem->items) {
    std::string once = Canonicalize(item.str);
    INFO(item.str << " -> " << once);
    CHECK(Canonicalize(once) == once);
    CHECK(SurtKey(once) == SurtKey(item.str));
    ++checked;
  }
  CHECK(checked > 0);
}
