// Tokens and deep tokens of URLs, on the examples Koppula et al. (WSDM
// 2010) discuss: 360.yahoo.com's "friends-<id>" profiles, imdb.com's
// "tt<digits>" titles, allrecipes.com's recipe slugs and ag.arizona.edu's
// file names.
#include <catch2/catch.hpp>

#include "url/urlcanon.h"
#include "urlrules/tokens.h"

using urlrules::Delimiters;
using urlrules::UrlTokens;

namespace {
std::vector<std::string> Deep(std::string_view component, const Delimiters& d) {
  std::vector<std::string> out;
  for (std::string_view t : urlrules::DeepTokens(component, d)) out.emplace_back(t);
  return out;
}
}  // namespace

TEST_CASE("Tokenise splits host, components and arguments, and Join gives the URL back") {
  std::string u =
      url::AggressiveCanonicalize("http://www.imdb.com/title/tt0123456/?ref_=nv_sr_1&b=2");
  CHECK(u == "http://imdb.com/title/tt0123456?b=2&ref_=nv_sr_1");
  UrlTokens t;
  REQUIRE(urlrules::Tokenise(u, &t));
  CHECK(t.scheme == "http");
  CHECK(t.host == "imdb.com");
  CHECK(t.segments == std::vector<std::string>{"title", "tt0123456"});
  REQUIRE(t.args.size() == 2);
  CHECK(t.args[0].name == "b");
  CHECK(t.args[1].name == "ref_");
  CHECK(t.args[1].value == "nv_sr_1");
  CHECK(urlrules::Join(t) == u);

  for (const char* s :
       {"http://a.com/", "http://a.com:8080/x?y", "http://a.com/?a=&b", "http://a.com/a//b"}) {
    REQUIRE(urlrules::Tokenise(s, &t));
    CHECK(urlrules::Join(t) == s);
  }
  CHECK_FALSE(urlrules::Tokenise("urn:isbn:123", &t));
  CHECK_FALSE(urlrules::Tokenise("dns:example.com", &t));
}

TEST_CASE("360.yahoo.com: a profile's id splits from its name at '-'") {
  std::vector<std::string> components = {"friends-lttU7d6kIuGq", "blog-lttU7d6kIuGq",
                                         "profile-A5fGz0uQ1aXk", "friends-A5fGz0uQ1aXk",
                                         "blog-kk0Zq3Pz9yWe",    "help"};
  Delimiters d = urlrules::LearnDelimiters(components);
  CHECK(d.chars == "-");
  CHECK_FALSE(d.letter_digit);
  CHECK(Deep("friends-lttU7d6kIuGq", d) ==
        std::vector<std::string>{"friends", "-", "lttU7d6kIuGq"});
  CHECK(Deep("help", d) == std::vector<std::string>{"help"});
}

TEST_CASE("imdb.com: a title id splits between its type letters and its digits") {
  std::vector<std::string> components = {"title",     "tt0123456", "tt0098765", "name",
                                         "nm0000151", "nm0000206", "tt0111161"};
  Delimiters d = urlrules::LearnDelimiters(components);
  CHECK(d.chars.empty());
  CHECK(d.letter_digit);
  CHECK(Deep("tt0123456", d) == std::vector<std::string>{"tt", "0123456"});
  CHECK(Deep("title", d) == std::vector<std::string>{"title"});
  CHECK(Deep("abc12", d) == std::vector<std::string>{"abc12"});  // too few digits for an id
}

TEST_CASE("allrecipes.com and ag.arizona.edu: slugs and file names split at their own delimiters") {
  std::vector<std::string> recipes = {
      "recipe",      "chocolate-chip-cookies", "detail.aspx", "banana-bread",
      "photos.aspx", "easy-meatloaf",          "reviews.aspx"};
  Delimiters d = urlrules::LearnDelimiters(recipes);
  CHECK(d.chars == "-.");
  CHECK(Deep("chocolate-chip-cookies", d) ==
        std::vector<std::string>{"chocolate", "-", "chip", "-", "cookies"});
  CHECK(Deep("detail.aspx", d) == std::vector<std::string>{"detail", ".", "aspx"});

  std::vector<std::string> files = {"pubs",  "az1234.pdf", "az_1187.html", "garden_tips.html",
                                    "crops", "index.html"};
  Delimiters a = urlrules::LearnDelimiters(files);
  CHECK(a.chars == "._");
  CHECK(Deep("az_1187.html", a) == std::vector<std::string>{"az", "_", "1187", ".", "html"});
  CHECK(Deep("a..b", a) == std::vector<std::string>{"a", ".", ".", "b"});
}

TEST_CASE("A byte found in too few components is not a delimiter; reserved bytes never are") {
  std::vector<std::string> components(40, "plain");
  components.push_back("one~tilde");
  components.push_back("two~tildes");
  Delimiters d = urlrules::LearnDelimiters(components);
  CHECK(d.chars.empty());  // 2 of 42 is under 5%
  std::vector<std::string> stars = {"a*b", "c*d", "e%20f", "g%2Fh", "i$j", "k$l"};
  CHECK(urlrules::LearnDelimiters(stars).chars.empty());
}

TEST_CASE("Delimiters are written and read back") {
  Delimiters d{"-._", true};
  CHECK(urlrules::FormatDelimiters(d) == "-._#");
  Delimiters back;
  REQUIRE(urlrules::ParseDelimiters("-._#", &back));
  CHECK(back == d);
  REQUIRE(urlrules::ParseDelimiters("none", &back));
  CHECK(back == Delimiters{});
  CHECK_FALSE(urlrules::ParseDelimiters("a-", &back));
  CHECK_FALSE(urlrules::ParseDelimiters("*", &back));
}
