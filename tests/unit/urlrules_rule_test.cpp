// URL rules: the rules file's text, matching and applying, pair-wise
// rules, the decision tree and folding across shapes, on hand-made URLs.
#include <array>
#include <catch2/catch.hpp>

#include "url/urlcanon.h"
#include "urlrules/generalise.h"
#include "urlrules/pairwise.h"
#include "urlrules/rule.h"
#include "urlrules/ruleset.h"

using namespace urlrules;

namespace {

UrlTokens T(std::string_view url) {
  UrlTokens t;
  REQUIRE(Tokenise(url::AggressiveCanonicalize(url), &t));
  return t;
}

Rule R(std::string_view host, std::string_view context, std::string_view target,
       const Delimiters& d = {}) {
  auto r = ParseRule(host, context, target, d);
  INFO(r.status().message());
  REQUIRE(r.ok());
  return r.value();
}

// The URL a rule makes of url, "" when it does not apply.
std::string Applied(const Rule& r, std::string_view u, const Delimiters& d = {}) {
  UrlTokens out;
  if (!Apply(r, T(u), d, &out)) return "";
  return url::AggressiveCanonicalize(Join(out));
}

std::vector<PairRule> Pairs(const std::vector<std::pair<std::string, std::string>>& urls,
                            const Delimiters& d) {
  std::vector<PairRule> pairs;
  for (const auto& [s, t] : urls) pairs.push_back(PairRule{T(s), MakeTemplate(T(s), T(t), d)});
  return pairs;
}

std::vector<std::string> Texts(const std::vector<Rule>& rules) {
  std::vector<std::string> out;
  for (const Rule& r : rules)
    out.push_back(FormatRule(r) + " learned=" + std::to_string(r.stats.learned));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("Rules are written as they are read") {
  Delimiters d{"-.()", false};
  const std::vector<std::array<std::string, 3>> lines = {
      {"a.com", "/print/**", "${host}/${**}"},
      {"a.com", "/s(*)/*", "${host}/${2}"},
      {"a.com", "/**/index.html", "${host}/${**}"},
      {"a.com", "/article/*?ref=*&*", "${host}/${1}/${2}?${*}"},
      {"a.com", "/friends-*", "${host}/${1.1}?id=${1.3}"},
      {"mirror.a.com", "/**?*", "a.com/${**}?${*}"},
      {"a.com", "/", "${host}/"},
      {"a.com", "/{amp|print}/*?v={1|2}", "${host}/x%2A${1}?v=${?v}"}};
  for (const auto& line : lines) {
    Rule r = R(line[0], line[1], line[2], d);
    CHECK(FormatRule(r) == std::string(line[0]) + " " + line[1] + " -> " + line[2]);
  }
  Delimiters typed{"-", true};  // "tt0123456" is "tt", "0123456"
  for (const char* context :
       {"/title/tt*", "/title/*0123456", "/title/{nm|tt}*-x", "/title/tt0123456"}) {
    Rule r = R("imdb.com", context, "${host}/${1}", typed);
    CHECK(FormatContext(r.context) == context);
  }
  CHECK(Applied(R("imdb.com", "/title/tt*", "${host}/${2.2}", typed),
                "http://imdb.com/title/tt0111161", typed) == "http://imdb.com/0111161");
  CHECK(EscapeLiteral("a*b{c}|$ %") == "a%2Ab%7Bc%7D%7C%24%20%25");
  CHECK(UnescapeLiteral(EscapeLiteral("a*b{c}|$ %2F%")) == "a*b{c}|$ %2F%");
}

TEST_CASE("A rule file's mistakes are refused with what was expected") {
  auto bad = [](std::string_view c, std::string_view t) {
    return ParseRule("a.com", c, t, {}).status().message();
  };
  CHECK(bad("print/**", "${host}/${**}") ==
        "expected a context starting with '/', found \"print/**\"");
  CHECK(bad("/a/**/b", "${host}/") == "expected a component pattern, found \"**\"");
  CHECK(bad("/a?x", "${host}/") == "expected an argument pattern name=value, found \"x\"");
  CHECK(bad("/a", "nohost") == "expected a target HOST/PATH, found \"nohost\"");
  CHECK(bad("/a", "${host}/${2}").find("expected references to matched components only") == 0);
  CHECK(bad("/a", "${host}/${**}").find("expected references to matched components only") == 0);
  CHECK(bad("/a", "${host}/${1").find("expected a target component") == 0);
}

TEST_CASE("Contexts match by components, deep tokens, values and argument names") {
  Delimiters d{"-.()", false};
  Rule print = R("a.com", "/print/**", "${host}/${**}", d);
  CHECK(Applied(print, "http://a.com/print/news/2009/story.html", d) ==
        "http://a.com/news/2009/story.html");
  CHECK(Applied(print, "http://a.com/print", d) == "");  // '**' is one component or more
  CHECK(Applied(print, "http://a.com/news/print/x", d) == "");

  Rule index = R("a.com", "/**/index.html", "${host}/${**}", d);
  CHECK(Applied(index, "http://a.com/dir/sub/index.html", d) == "http://a.com/dir/sub");
  CHECK(Applied(index, "http://a.com/dir/index.htm", d) == "");

  Rule session = R("a.com", "/s(*)/*", "${host}/${2}", d);
  CHECK(Applied(session, "http://a.com/s(x8k2j3l9)/page.html", d) == "http://a.com/page.html");
  CHECK(Applied(session, "http://a.com/t(x8k2j3l9)/page.html", d) == "");
  CHECK(Applied(session, "http://a.com/s(x8k-2j3l9)/page.html", d) == "");  // a token more

  Rule tracking = R("a.com", "/**?trk=*&*", "${host}/${**}?${*}", d);
  CHECK(Applied(tracking, "http://a.com/a/b?trk=mail&id=7&page=2", d) ==
        "http://a.com/a/b?id=7&page=2");
  CHECK(Applied(tracking, "http://a.com/a/b?id=7", d) == "");
  CHECK(Applied(tracking, "http://a.com/a/b?trk=1&trk=2", d) == "");  // named twice: ambiguous

  Rule exact =
      R("a.com", "/article.php?id=*&view={print|text}", "${host}/article.php?id=${?id}", d);
  CHECK(Applied(exact, "http://a.com/article.php?view=print&id=7", d) ==
        "http://a.com/article.php?id=7");
  CHECK(Applied(exact, "http://a.com/article.php?view=full&id=7", d) == "");
  CHECK(Applied(exact, "http://a.com/article.php?view=print&id=7&x=1", d) == "");  // no '&*'

  Rule alias = R("mirror.a.com", "/**?*", "a.com/${**}?${*}", d);
  CHECK(Applied(alias, "http://mirror.a.com/x/y?b=2&a=1", d) == "http://a.com/x/y?a=1&b=2");

  Rule friends = R("360.yahoo.com", "/friends-*", "${host}/profile?id=${1.3}", d);
  CHECK(Applied(friends, "http://360.yahoo.com/friends-lttU7d6kIuGq", d) ==
        "http://360.yahoo.com/profile?id=lttu7d6kiugq");
}

TEST_CASE("Pair-wise rules refer to the source wherever the target repeats it") {
  Delimiters d{"-.()", false};
  auto tpl = [&](std::string_view s, std::string_view t) {
    return FormatTemplate(MakeTemplate(T(s), T(t), d));
  };
  CHECK(tpl("http://a.com/print/news/x.html", "http://a.com/news/x.html") == "${host}/${2}/${3}");
  CHECK(tpl("http://a.com/news/x.html/print", "http://a.com/news/x.html") == "${host}/${1}/${2}");
  CHECK(tpl("http://a.com/s(k2j3)/x.html", "http://a.com/x.html") == "${host}/${2}");
  CHECK(tpl("http://a.com/x?id=7&trk=mail", "http://a.com/x?id=7") == "${host}/${1}?id=${?id}");
  CHECK(tpl("http://mirror.a.com/x", "http://a.com/x") == "a.com/${1}");
  CHECK(tpl("http://a.com/print.php?id=7", "http://a.com/article.php?id=7") ==
        "${host}/article.php?id=${?id}");
  CHECK(tpl("http://a.com/print.php?id=7", "http://a.com/story/7") == "${host}/story/${?id}");
  CHECK(tpl("http://a.com/friends-k9Xz", "http://a.com/profile/k9Xz") == "${host}/profile/${1.3}");
  CHECK(tpl("http://a.com/dir/index.html", "http://a.com/dir") == "${host}/${1}");
}

TEST_CASE("Target selection prefers static, short URLs; sources one per shape first") {
  std::vector<UrlTokens> urls = {T("http://a.com/print/news/x"), T("http://a.com/news/x?trk=1"),
                                 T("http://a.com/news/x"), T("http://mirror.a.com/news/x"),
                                 T("http://a.com/print/news/y")};
  CHECK(SelectTarget(urls) == 2);
  CHECK(SelectSources(urls, 2, 16) == std::vector<size_t>{0, 1, 3, 4});
  CHECK(SelectSources(urls, 2, 2) == std::vector<size_t>{0, 1});
  std::vector<UrlTokens> same = {T("http://a.com/b"), T("http://a.com/a")};
  CHECK(SelectTarget(same) == 1);
}

TEST_CASE("The decision tree keeps what decides the transformation and wildcards the rest") {
  Delimiters d{"-.()", false};
  // One shape (a.com, 1 component, argument "view"): the view decides.
  std::vector<std::pair<std::string, std::string>> urls;
  for (std::string page : {"alpha", "beta", "gamma", "delta"}) {
    urls.emplace_back("http://a.com/" + page + "?view=print", "http://a.com/" + page);
    urls.emplace_back("http://a.com/" + page + "?view=mobile", "http://m.a.com/" + page);
  }
  CHECK(Texts(GeneraliseShape(Pairs(urls, d), d)) ==
        std::vector<std::string>{"a.com /*?view=mobile -> m.a.com/${1} learned=4",
                                 "a.com /*?view=print -> ${host}/${1} learned=4"});

  // Session ids in the path: the "s(" and ")" tokens stay, the id goes.
  urls.clear();
  for (std::string id : {"k2j3", "x9z8", "q1w2", "e3r4"})
    for (std::string page : {"a.html", "b.html", "c.html"})
      urls.emplace_back("http://a.com/s(" + id + ")/" + page, "http://a.com/" + page);
  CHECK(Texts(GeneraliseShape(Pairs(urls, d), d)) ==
        std::vector<std::string>{"a.com /s(*)/*.html -> ${host}/${2} learned=12"});

  // Two values stay a choice of both; one stays literal.
  urls = {{"http://a.com/print/x", "http://a.com/x"}, {"http://a.com/amp/y", "http://a.com/y"}};
  CHECK(Texts(GeneraliseShape(Pairs(urls, d), d)) ==
        std::vector<std::string>{"a.com /{amp|print}/{x|y} -> ${host}/${2} learned=2"});
  urls = {{"http://a.com/print/x", "http://a.com/x"}};
  CHECK(Texts(GeneraliseShape(Pairs(urls, d), d)) ==
        std::vector<std::string>{"a.com /print/x -> ${host}/${2} learned=1"});
}

TEST_CASE("No key splits when none helps: the leaf keeps its majority") {
  Delimiters d{".", false};
  std::vector<std::pair<std::string, std::string>> urls;
  for (std::string page : {"p1", "p2", "p3", "p4", "p5"})
    urls.emplace_back("http://a.com/" + page + "?trk=" + page + "x", "http://a.com/" + page);
  urls.emplace_back("http://a.com/p6?trk=p6x", "http://b.com/p6");  // one odd target
  CHECK(Texts(GeneraliseShape(Pairs(urls, d), d)) ==
        std::vector<std::string>{"a.com /*?trk=* -> ${host}/${1} learned=5"});
}

TEST_CASE("Traps: arguments the duplicates keep are copied, never dropped") {
  Delimiters d{".", false};
  std::vector<std::pair<std::string, std::string>> urls;
  for (std::string page : {"1", "2", "3", "4"})
    for (std::string trk : {"mail", "feed", "tw"})
      urls.emplace_back("http://a.com/list?page=" + page + "&trk=" + trk,
                        "http://a.com/list?page=" + page);
  auto rules = GeneraliseShape(Pairs(urls, d), d);
  REQUIRE(rules.size() == 1);
  CHECK(FormatRule(rules[0]) == "a.com /list?page=*&trk=* -> ${host}/${1}?page=${?page}");
  CHECK(Applied(rules[0], "http://a.com/list?page=9&trk=x", d) == "http://a.com/list?page=9");
  CHECK(Applied(rules[0], "http://a.com/list?page=8&trk=x", d) == "http://a.com/list?page=8");
  Rule folded;
  REQUIRE(FoldRule(rules[0], &folded));
  CHECK(FormatRule(folded) == "a.com /list?trk=*&* -> ${host}/${1}?${*}");
  CHECK(Applied(folded, "http://a.com/list?page=9&trk=x&sort=d", d) ==
        "http://a.com/list?page=9&sort=d");
}

TEST_CASE("Folding: wildcard components and arguments copied as they are become '**' and '&*'") {
  Rule f;
  CHECK(FoldRule(R("a.com", "/print/*/*", "${host}/${2}/${3}"), &f));
  CHECK(FormatRule(f) == "a.com /print/**?* -> ${host}/${**}?${*}");
  CHECK(FoldRule(R("a.com", "/*/*/index.html", "${host}/${1}/${2}"), &f));
  CHECK(FormatRule(f) == "a.com /**/index.html?* -> ${host}/${**}?${*}");
  CHECK(FoldRule(R("a.com", "/*/x-*/print", "${host}/${1}/${2}", Delimiters{"-", false}), &f));
  CHECK(FormatRule(f) == "a.com /**/print?* -> ${host}/${**}?${*}");  // "x-*" varies: it folds
  CHECK(FoldRule(R("a.com", "/*/news/print", "${host}/${1}/${2}"), &f));
  CHECK(FormatRule(f) ==
        "a.com /**/news/print?* -> ${host}/${**}/${1}?${*}");    // a literal stops it
  CHECK(FoldRule(R("a.com", "/*/*", "${host}/${2}/${1}"), &f));  // reordered: only other arguments
  CHECK(FormatRule(f) == "a.com /*/*?* -> ${host}/${2}/${1}?${*}");
  Rule again;
  CHECK_FALSE(FoldRule(f, &again));
  CHECK(FoldRule(R("mirror.a.com", "/*/*?a=*", "a.com/${1}/${2}?a=${?a}"), &f));
  CHECK(FormatRule(f) == "mirror.a.com /**?* -> a.com/${**}?${*}");

  std::vector<Rule> leaves = {R("a.com", "/print/*", "${host}/${2}"),
                              R("a.com", "/print/*/*", "${host}/${2}/${3}"),
                              R("a.com", "/only/*", "${host}/${2}/x")};
  leaves[0].stats.learned = 5;
  leaves[1].stats.learned = 7;
  leaves[2].stats.learned = 2;
  CHECK(Texts(FoldAcrossShapes(leaves)) ==
        std::vector<std::string>{"a.com /only/*?* -> ${host}/${2}/x?${*} learned=2",
                                 "a.com /print/**?* -> ${host}/${**}?${*} learned=12"});
}

TEST_CASE("A rule set applies rules in turn, canonically, and stops on a cycle") {
  RuleSet set;
  set.SetDelimiters("a.com", Delimiters{"-", false});
  set.Add(R("mirror.a.com", "/**?*", "a.com/${**}?${*}"));
  set.Add(R("a.com", "/**?trk=*&*", "${host}/${**}?${*}"));
  set.Add(R("a.com", "/**?utm_source=*&*", "${host}/${**}?${*}"));
  set.Add(R("a.com", "/print/**?*", "${host}/${**}?${*}"));
  // Hand-written literals the canonicaliser changes: upper case, a space.
  set.Add(R("a.com", "/old?id=*&*", "${host}/New%20Page?z=${?id}&${*}"));
  // Two rules that undo each other.
  set.Add(R("b.com", "/x", "${host}/y"));
  set.Add(R("b.com", "/y", "${host}/x"));
  set.Finish();
  std::vector<int> chain;
  std::vector<std::string> steps;
  CHECK(set.Canonicalize("https://mirror.a.com/print/News?utm_source=x&b=2&trk=m&a=1", &chain) ==
        "http://a.com/news?a=1&b=2");
  CHECK(chain.size() == 4);
  CHECK(set.ApplyRules("http://a.com/old?id=7&b=1", &chain, &steps) ==
        "http://a.com/new%20page?b=1&z=7");
  CHECK(url::AggressiveCanonicalize("http://a.com/New Page?z=7&b=1") ==
        "http://a.com/new%20page?b=1&z=7");
  CHECK(steps == std::vector<std::string>{"http://a.com/new%20page?b=1&z=7"});
  // b.com: x -> y, then y -> x is the form it came from: it stops at y.
  CHECK(set.ApplyRules("http://b.com/x", &chain) == "http://b.com/y");
  CHECK(chain.size() == 1);
  CHECK(set.ApplyRules("http://c.com/x", &chain) == "http://c.com/x");
  CHECK(chain.empty());
}

TEST_CASE("A copied rule set works on its own (its host index is its own)") {
  RuleSet copy;
  {
    RuleSet original;
    original.Add(R("mirror.a.com", "/**?*", "a.com/${**}?${*}"));
    original.Finish();
    copy = original;
    RuleSet constructed(original);
    CHECK(constructed.ApplyRules("http://mirror.a.com/x") == "http://a.com/x");
  }
  CHECK(copy.ApplyRules("http://mirror.a.com/x") == "http://a.com/x");
}
