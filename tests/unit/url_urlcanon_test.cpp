// urlcanon's language-neutral vectors (../shared/urlcanon, iipc/urlcanon
// testdata) against url::AggressiveCanonicalize, Ssurt, Surt, WhatwgIpv4 and
// ResolvePathDots. Skipped when the folder is absent.
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "url/canon.h"
#include "url/urlcanon.h"
#include "urlcanon_json.h"

namespace {

using urlcanon_test::Json;
using urlcanon_test::JsonReader;
using urlcanon_test::Vectors;

const Json* Group(const Json& top, const std::string& name) {
  for (const auto& [key, value] : top.members)
    if (key == name) return &value;
  return nullptr;
}

// Every pair of an object checked; those listed as known to differ must
// differ (so that a fixed one leaves the list). Returns how many passed.
// (With `both`, the expected value goes through function too.)
template <typename F>
size_t CheckPairs(const Json& pairs, F&& function,
                  const std::map<std::string, std::string>& known = {}, bool both = false) {
  size_t passed = 0;
  for (const auto& [in, expected] : pairs.members) {
    std::string got = function(in);
    std::string want = both ? function(expected.str) : expected.str;
    INFO("input \"" << in << "\" expected \"" << want << "\" got \"" << got << "\"");
    bool listed = known.count(in) > 0;
    CHECK((got == want) != listed);
    passed += got == want;
  }
  return passed;
}

}  // namespace

TEST_CASE("urlcanon: the JSON reader reads what the vectors hold", "[url][urlcanon]") {
  Json v = JsonReader(R"({"a\tb": "\u00e9\u00ff", "n": null, "l": ["x", "\u65e5"]})").Value();
  REQUIRE(v.kind == Json::kObject);
  REQUIRE(v.members.size() == 3);
  CHECK(v.members[0].first == "a\tb");
  CHECK(v.members[0].second.str == "\xe9\xff");
  CHECK(v.members[1].second.kind == Json::kNull);
  REQUIRE(v.members[2].second.items.size() == 2);
  CHECK(v.members[2].second.items[1].str == "\xe6\x97\xa5");
  CHECK_THROWS(JsonReader(R"({"a" "b"})").Value());
}

TEST_CASE("urlcanon: aggressive.json, every vector", "[url][urlcanon]") {
  auto vectors = Vectors("aggressive.json");
  if (!vectors) {
    WARN("no " WARCDEDUP_URLCANON_DIR "/aggressive.json: skipped");
    return;
  }
  size_t passed = CheckPairs(*vectors, url::AggressiveCanonicalize);
  CHECK(passed == vectors->members.size());
  CHECK(passed == 43);  // 42 distinct inputs, one listed twice
}

TEST_CASE("urlcanon: ssurt.json, every group", "[url][urlcanon]") {
  auto vectors = Vectors("ssurt.json");
  if (!vectors) {
    WARN("no " WARCDEDUP_URLCANON_DIR "/ssurt.json: skipped");
    return;
  }
  using url::Surt;
  const std::map<std::string, std::string (*)(std::string_view)> kPlain = {
      {"ssurtHost", url::SsurtHost}, {"reverseHost", url::ReverseHost}, {"ssurt", url::Ssurt}};
  size_t passed = 0, total = 0;
  for (const auto& [group, pairs] : vectors->members) {
    INFO("group " << group);
    total += pairs.members.size();
    if (auto it = kPlain.find(group); it != kPlain.end())
      passed += CheckPairs(pairs, it->second);
    else if (group == "surt")
      passed += CheckPairs(pairs, [](const std::string& u) { return Surt(u); });
    else if (group == "surtWithoutScheme")
      passed += CheckPairs(pairs, [](const std::string& u) { return Surt(u, false); });
    else if (group == "surtWithoutTrailingComma")
      passed += CheckPairs(pairs, [](const std::string& u) { return Surt(u, true, false); });
    else
      FAIL("a group this test does not know");
  }
  CHECK(passed == total);
  CHECK(total == 37);
}

TEST_CASE("urlcanon: funky_ipv4.json, every vector", "[url][urlcanon]") {
  auto vectors = Vectors("funky_ipv4.json");
  if (!vectors) {
    WARN("no " WARCDEDUP_URLCANON_DIR "/funky_ipv4.json: skipped");
    return;
  }
  size_t passed = 0;
  for (const auto& [host, expected] : vectors->members) {
    auto got = url::WhatwgIpv4(host);
    INFO("host \"" << host << "\" got " << (got ? *got : "none"));
    bool ok = expected.kind == Json::kNull ? !got : got == expected.str;
    CHECK(ok);
    passed += ok;
  }
  CHECK(passed == 47);
}

TEST_CASE("urlcanon: path_dots.json, special and non-special", "[url][urlcanon]") {
  auto vectors = Vectors("path_dots.json");
  if (!vectors) {
    WARN("no " WARCDEDUP_URLCANON_DIR "/path_dots.json: skipped");
    return;
  }
  const Json* special = Group(*vectors, "special");
  const Json* nonspecial = Group(*vectors, "nonspecial");
  REQUIRE(special);
  REQUIRE(nonspecial);
  size_t passed =
      CheckPairs(*special, [](const std::string& p) { return url::ResolvePathDots(p, true); }) +
      CheckPairs(*nonspecial, [](const std::string& p) { return url::ResolvePathDots(p, false); });
  CHECK(passed == special->members.size() + nonspecial->members.size());
  CHECK(passed == 932);  // 376 distinct paths in each group, some listed twice
}

TEST_CASE("urlcanon: idempotence.json, canonicalising twice changes nothing", "[url][urlcanon]") {
  auto vectors = Vectors("idempotence.json");
  if (!vectors) {
    WARN("no " WARCDEDUP_URLCANON_DIR "/idempotence.json: skipped");
    return;
  }
  size_t passed = 0;
  for (const Json& item : vectors->items) {
    std::string once = url::AggressiveCanonicalize(item.str);
    std::string twice = url::AggressiveCanonicalize(once);
    INFO("input \"" << item.str << "\" once \"" << once << "\" twice \"" << twice << "\"");
    CHECK(once == twice);
    passed += once == twice;
  }
  CHECK(passed == 43);
}

TEST_CASE("urlcanon: semantic_precise.json, input and canonical form canonicalise alike",
          "[url][urlcanon]") {
  // The semantic canonicaliser keeps what the aggressive one drops (https,
  // www, case, fragments), so its outputs are no AggressiveCanonicalize
  // outputs; what applies is that an input and its semantic form name one
  // URL, and so get one aggressive form.
  auto vectors = Vectors("semantic_precise.json");
  if (!vectors) {
    WARN("no " WARCDEDUP_URLCANON_DIR "/semantic_precise.json: skipped");
    return;
  }
  // None known to fail (IDNA, WHATWG IPv4 forms, other schemes' default
  // ports and "ftp:x" spellings are all handled).
  size_t passed = CheckPairs(
      *vectors, [](const std::string& u) { return url::AggressiveCanonicalize(u); }, {}, true);
  CHECK(passed == vectors->members.size());
  CHECK(passed == 280);
}

TEST_CASE("urlcanon: the aggressive form, without the vectors folder", "[url][urlcanon]") {
  using url::AggressiveCanonicalize;
  CHECK(AggressiveCanonicalize("  https://www12.Foo.com:443/A/?b=1&a=2#x  ") ==
        "http://foo.com/a?a=2&b=1");
  CHECK(AggressiveCanonicalize("http://www.chub.org:443/foo") == "http://chub.org:443/foo");
  CHECK(AggressiveCanonicalize("http://e.com/x;jsessionid=E85FAC04E331FFCA55549B10B7C7A4FA") ==
        "http://e.com/x");
  CHECK(AggressiveCanonicalize("http://e.com/?a=1&jsessionid=a63098d96360$B0$D9$A&b=2") ==
        "http://e.com/?a=1&b=2");
  CHECK(AggressiveCanonicalize("http://e.com/?a=1&CFID=12&CFTOKEN=15-a&b=2") ==
        "http://e.com/?a=1&b=2");
  // A short sid is an argument, not a session id.
  CHECK(AggressiveCanonicalize("http://e.com/?sid=12") == "http://e.com/?sid=12");
  CHECK(AggressiveCanonicalize("ftp:e.com/") == "ftp://e.com/");
  CHECK(AggressiveCanonicalize("gopher://e.com:70/") == "gopher://e.com/");
  CHECK(AggressiveCanonicalize("http://0x.0x.0/") == "http://0.0.0.0/");
  CHECK(AggressiveCanonicalize("http://%2e%2e/a") == "http://0.0.0.0/a");
  CHECK(AggressiveCanonicalize("http://[1:2:0:0:0:0:0:3]/") == "http://[1:2::3]/");
  CHECK(AggressiveCanonicalize("https://fa\xc3\x9f.ExAmPlE/") == "http://xn--fa-hia.example/");
  CHECK(AggressiveCanonicalize("http://\xe2\x98\x83.net/") == "http://xn--n3h.net/");
  // The surt-package canonicaliser is unchanged beside it.
  CHECK(url::Canonicalize("https://www.chub.org:443/foo") == "https://chub.org/foo");
  CHECK(url::Ssurt("http://u@a.b.org:81/p?q#f") == "org,b,a,//81:http@u:/p?q#f");
  CHECK(url::Surt("http://10.1.2.3:81/p", false) == "10.1.2.3:81)/p");
  CHECK(url::ResolvePathDots("/a\\..", true) == "/");
  CHECK(url::ResolvePathDots("/a\\..", false) == "/a\\..");
  CHECK(url::WhatwgIpv4("192.0x00A80001") == "192.168.0.1");
  CHECK(!url::WhatwgIpv4("4294967296"));
}

TEST_CASE("urlcanon: any bytes give a form, in linear time", "[url][urlcanon]") {
  std::string args = "http://a/?";
  for (int i = 0; i < 200000; ++i) args += "&cfid=1";
  CHECK(url::AggressiveCanonicalize(args).size() > 10);
  std::string dots = "/";
  for (int i = 0; i < 200000; ++i) dots += "a/../";
  CHECK(url::ResolvePathDots(dots, true) == "/");
  std::string junk;
  for (int i = 0; i < 4096; ++i) junk += static_cast<char>(i * 37);
  CHECK(url::AggressiveCanonicalize(junk) == url::AggressiveCanonicalize(junk));
  CHECK(url::Ssurt(junk) == url::Ssurt(junk));
  CHECK(!url::WhatwgIpv4(std::string(100000, '9')));
}
