// cover/expr.h: the coverage expression's parser and evaluator: every
// operator and function, precedence, the canonical text and its round
// trip, and every error with its column. The plan and AttrsOf are in
// cover_expr_plan_test.cpp.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "cover/expr.h"

using cover::Attrs;
using cover::Expr;
using cover::Measures;

namespace {

Expr Parsed(const std::string& text) {
  auto expr = Expr::Parse(text);
  INFO(text);
  if (!expr.ok()) FAIL(expr.status().message());
  return *expr;
}

std::string Error(const std::string& text) {
  auto expr = Expr::Parse(text);
  if (expr.ok()) return "parsed: " + expr->ToString();
  CHECK(expr.status().code() == base::Status::Code::kInvalidArgument);
  return expr.status().message();
}

// a: the older page; b: a longer page of the same site a year later.
Attrs RecordA() {
  Attrs a;
  a.url = "http://example.org/news/1";
  a.host = "example.org";
  a.domain = "example.org";
  a.path = "/news/1";
  a.mime = "text/html";
  a.title = "Budget Vote";
  a.digest = "sha1:aaaa";
  a.date = 1262304000;  // 2010-01-01T00:00:00Z
  a.status = 200;
  a.length = 1000;
  a.tokens = 400;
  return a;
}

Attrs RecordB() {
  Attrs b;
  b.url = "http://www.example.org/news/1";
  b.host = "www.example.org";
  b.domain = "example.org";
  b.path = "/news/1";
  b.mime = "text/html";
  b.title = "budget vote";
  b.digest = "sha1:bbbb";
  b.date = 1300000000;  // 2011-03-13T07:06:40Z
  b.status = 200;
  b.length = 2500;
  b.tokens = 900;
  return b;
}

Measures SomeMeasures() {
  Measures m;
  m.containment = 0.75;
  m.jaccard = 0.4;
  m.dice = 0.5;
  return m;
}

bool Holds(const std::string& text) {
  return Parsed(text).Holds(RecordA(), RecordB(), SomeMeasures());
}

}  // namespace

TEST_CASE("cover_expr: arithmetic, its precedence and associativity", "[cover_expr]") {
  CHECK(Holds("1 + 2 * 3 = 7"));
  CHECK(Holds("(1 + 2) * 3 = 9"));
  CHECK(Holds("10 - 4 - 3 = 3"));    // (10 - 4) - 3
  CHECK(Holds("100 / 10 / 5 = 2"));  // (100 / 10) / 5
  CHECK(Holds("2 * 3 / 4 = 1.5"));
  CHECK(Holds("-2 * 3 = -6"));
  CHECK(Holds("- -2 = 2"));
  CHECK(Holds("2 - -2 = 4"));
  CHECK(Holds("-(1 + 2) = -3"));
  CHECK(Holds("1 / 0 = 0"));  // division by zero gives 0
  CHECK(Holds("a.length / (b.status - 200) = 0"));
  CHECK(Holds("1e3 = 1000 and .5 = 0.5 and 2.5E-1 = 0.25 and 7 = 7.0"));
  CHECK(Holds("b.length - a.length = 1500 and b.tokens / a.tokens = 2.25"));
  CHECK(Holds("containment = 0.75 and jaccard = 0.4 and dice = 0.5"));
}

TEST_CASE("cover_expr: functions", "[cover_expr]") {
  CHECK(Holds("year(a.date) = 2010 and month(a.date) = 1 and day(a.date) = 1"));
  CHECK(Holds("year(b.date) = 2011 and month(b.date) = 3 and day(b.date) = 13"));
  CHECK(Holds("year(a.date - 1) = 2009 and month(a.date - 1) = 12 and day(a.date - 1) = 31"));
  CHECK(Holds("year(-1) = 1969 and day(0) = 1"));
  CHECK(Holds("month(951782400) = 2 and day(951782400) = 29"));  // 2000-02-29
  CHECK(Holds("year(1e300) = 0"));                               // outside the calendar
  CHECK(Holds("abs(-3) = 3 and abs(a.date - b.date) = b.date - a.date"));
  CHECK(Holds("lower(a.title) = lower(b.title)"));
  CHECK(Holds("lower(a.title) = \"budget vote\""));
  CHECK(Holds("lower('A\xc3\x89Z') = 'a\xc3\x89z'"));  // ASCII only
  CHECK_FALSE(Holds("a.title = b.title"));
}

TEST_CASE("cover_expr: comparisons of numbers and of strings", "[cover_expr]") {
  CHECK(Holds("a.date < b.date and a.date <= b.date and b.date > a.date and b.date >= a.date"));
  CHECK(Holds("a.date <= a.date and a.date >= a.date and a.date = a.date"));
  CHECK_FALSE(Holds("a.date > b.date"));
  CHECK_FALSE(Holds("a.date >= b.date"));
  CHECK_FALSE(Holds("a.date < a.date"));
  CHECK(Holds("a.date != b.date"));
  CHECK_FALSE(Holds("a.status != b.status"));
  CHECK(Holds("a.status == b.status"));  // == is =
  CHECK(Holds("a.host != b.host and a.domain = b.domain and a.path = b.path"));
  CHECK(Holds("a.host = 'example.org' and b.url = \"http://www.example.org/news/1\""));
  CHECK(Holds("\"abc\" < \"abd\" and \"b\" > \"abc\" and \"ab\" < \"abc\" and \"\" < \"a\""));
  CHECK(Holds("'\xc3\xa9' > 'z'"));  // byte order, unsigned
  CHECK(Holds("a.mime = b.mime and a.digest < b.digest and a.tokens < b.tokens"));
  CHECK(Holds("'it\\'s' = \"it's\" and \"say \\\"hi\\\"\" = 'say \"hi\"' and 'a\\\\b' > 'a'"));
}

TEST_CASE("cover_expr: and, or, not and their precedence", "[cover_expr]") {
  CHECK(Holds("1 = 1 or 1 = 2 and 1 = 2"));  // and binds tighter than or
  CHECK_FALSE(Holds("(1 = 1 or 1 = 2) and 1 = 2"));
  CHECK(Holds("not 1 = 2 and 1 = 1"));  // (not ...) and ...
  CHECK(Holds("not (1 = 1 and 1 = 2)"));
  CHECK(Holds("not 1 = 1 or 1 = 1"));  // (not ...) or ...
  CHECK_FALSE(Holds("not (1 = 1 or 1 = 2)"));
  CHECK(Holds("not not 1 = 1"));
  CHECK(Holds("1 = 1 AND A.Host = 'example.org' Or NOT 1 = 1"));  // names ignore case
  CHECK(Parsed("1 = 1 or 1 = 2 and 1 = 2").ToString() == "((1 = 1) or ((1 = 2) and (1 = 2)))");
  CHECK(Parsed("not 1 = 2 and 1 = 1").ToString() == "((not (1 = 2)) and (1 = 1))");
  CHECK(Parsed("1 + 2 * 3 = -a.date / 2 - 1").ToString() ==
        "((1 + (2 * 3)) = (((-a.date) / 2) - 1))");
}

TEST_CASE("cover_expr: the paper's examples as written", "[cover_expr]") {
  Attrs a = RecordA(), b = RecordB();
  Measures m = SomeMeasures();  // containment 0.75
  Expr one = Parsed("containment >= 0.7 and a.date <= b.date");
  CHECK(one.ToString() == "((containment >= 0.7) and (a.date <= b.date))");
  CHECK(one.Holds(a, b, m));
  CHECK_FALSE(one.Holds(b, a, m));  // b is newer
  m.containment = 0.69;
  CHECK_FALSE(one.Holds(a, b, m));
  m.containment = 0.7;
  CHECK(one.Holds(a, b, m));

  Expr two = Parsed("containment >= 0.7 and a.date <= b.date and a.host = b.host");
  CHECK(two.ToString() == "(((containment >= 0.7) and (a.date <= b.date)) and (a.host = b.host))");
  CHECK_FALSE(two.Holds(a, b, m));  // www.example.org is another host
  b.host = a.host;
  CHECK(two.Holds(a, b, m));

  Expr month =
      Parsed("jaccard >= 0.8 and year(a.date) = year(b.date) and month(a.date) = month(b.date)");
  m.jaccard = 0.9;
  CHECK_FALSE(month.Holds(a, b, m));  // another year
  b.date = a.date + 30 * 86400;       // 2010-01-31
  CHECK(month.Holds(a, b, m));
  b.date = a.date + 31 * 86400;  // 2010-02-01
  CHECK_FALSE(month.Holds(a, b, m));

  // The historian keeps the last version of each page.
  Expr last = Parsed("a.url = b.url and a.date <= b.date");
  CHECK_FALSE(last.Holds(RecordA(), RecordB(), m));
  b = RecordA();
  b.date += 1;
  CHECK(last.Holds(RecordA(), b, m));
  CHECK_FALSE(last.Holds(b, RecordA(), m));
}

TEST_CASE("cover_expr: the canonical text reads back as the same expression", "[cover_expr]") {
  const std::vector<std::string> texts = {
      "containment >= 0.7 and a.date <= b.date and a.host = b.host",
      "not (jaccard > 0.25e1 or dice < .1) and a.title != 'x\"y\\'z\\\\'",
      "-a.length * -(2 + b.tokens) / 3 - 4 >= -5 or abs(a.date - b.date) < 86400 * 31",
      "lower(a.title) = lower(b.title) and year(a.date) = year(b.date) and a.status == 200",
      "1e300 > 0.1 and 123456789012345678 > 1 and 0.30000000000000004 > 0.3",
      "a.mime = 'text/html' or a.path < b.path or a.url >= b.url or a.digest <= b.digest",
      "NOT A.DOMAIN = B.DOMAIN And MONTH(b.DATE) > 6",
  };
  std::vector<std::pair<Attrs, Attrs>> pairs = {{RecordA(), RecordB()}, {RecordB(), RecordA()}};
  pairs.push_back({RecordA(), RecordA()});
  for (const auto& text : texts) {
    INFO(text);
    Expr first = Parsed(text);
    std::string canonical = first.ToString();
    Expr second = Parsed(canonical);
    CHECK(second.ToString() == canonical);
    for (const auto& [a, b] : pairs)
      for (double c : {0.0, 0.5, 1.0}) {
        Measures m;
        m.containment = c;
        m.jaccard = c / 2;
        m.dice = c;
        CHECK(first.Holds(a, b, m) == second.Holds(a, b, m));
      }
  }
  CHECK(Parsed(texts[1]).ToString() ==
        "((not ((jaccard > 2.5) or (dice < 0.1))) and (a.title != \"x\\\"y'z\\\\\"))");
  CHECK(Parsed(texts[4]).ToString() ==
        "(((1e+300 > 0.1) and (123456789012345680 > 1)) and (0.30000000000000004 > 0.3))");
  CHECK(Parsed(texts[6]).ToString() == "((not (a.domain = b.domain)) and (month(b.date) > 6))");
}

TEST_CASE("cover_expr: errors name the column, what was expected and what was found",
          "[cover_expr]") {
  const std::string attributes =
      " (attributes: url host domain path date mime title status length digest tokens)";
  CHECK(Error("a.date foo") == "column 8: expected a comparison operator, found 'foo'");
  CHECK(Error("a.host = b.host and a.date foo") ==
        "column 28: expected a comparison operator, found 'foo'");
  CHECK(Error("a.host = 0.7") == "column 1: cannot compare a string (a.host) with a number (0.7)");
  CHECK(Error("1 < 2 and b.length + 1 = lower(a.title)") ==
        "column 11: cannot compare a number (b.length + 1) with a string (lower(a.title))");
  CHECK(Error("a.date > 0 and a.hots = 'x'") ==
        "column 16: unknown attribute 'a.hots'" + attributes);
  CHECK(Error("date > 0") == "column 1: 'date' needs a side: a.date or b.date");
  CHECK(Error("1 < Host") == "column 5: 'Host' needs a side: a.host or b.host");
  CHECK(Error("c.host = 'x'") ==
        "column 1: unknown side 'c' in 'c.host': a is the covered record, b the covering one");
  CHECK(Error("x.y.z = 1") ==
        "column 1: unknown side 'x' in 'x.y.z': a is the covered record, b the covering one");
  CHECK(Error("1 = A.Host.x") == "column 5: unknown attribute 'A.Host.x'" + attributes);
  CHECK(Error("1 = a.") == "column 5: unknown attribute 'a.'" + attributes);
  CHECK(Error("foo(a.date) = 1") ==
        "column 1: unknown name 'foo' (measures: containment jaccard dice; functions: year "
        "month day lower abs; attributes: a.NAME b.NAME)");
  CHECK(Error("(a.date < b.date") ==
        "column 17: expected ')' to close the '(' at column 1, found the end of the expression");
  CHECK(Error("((a.date) < b.date") ==
        "column 19: expected ')' to close the '(' at column 1, found the end of the expression");
  CHECK(Error("a.date < b.date)") ==
        "column 16: unbalanced parentheses: ')' without a '(' before it");
  CHECK(Error("a.date < b.date a.date") ==
        "column 17: expected 'and', 'or' or the end of the expression, found 'a.date'");
  CHECK(Error("") == "column 1: the expression is empty");
  CHECK(Error(" \t ") == "column 1: the expression is empty");
  CHECK(Error("a.date < b.date < 5") ==
        "column 17: expected 'and', 'or' or ')' after a comparison, found '<' (comparisons do "
        "not chain)");
  CHECK(Error("containment") ==
        "column 12: expected a comparison operator, found the end of the expression");
  CHECK(Error("(containment)") ==
        "column 14: expected a comparison operator, found the end of the expression");
  CHECK(Error("1 = 1 and 2") ==
        "column 12: expected a comparison operator, found the end of the expression");
  CHECK(Error("not a.date") ==
        "column 11: expected a comparison operator, found the end of the expression");
  CHECK(Error("(a.date) and 1 = 1") == "column 10: expected a comparison operator, found 'and'");
  CHECK(Error("(1 = 1) = (2 = 2)") ==
        "column 2: cannot compare a condition (1 = 1): join conditions with and, or, not");
  CHECK(Error("a.host + 1 = 2") ==
        "column 1: '+' needs a number on each side, found a string (a.host)");
  CHECK(Error("2 * (1 < 2) = 2") ==
        "column 6: '*' needs a number on each side, found a condition (1 < 2)");
  CHECK(Error("-a.host = 'x'") == "column 2: '-' needs a number, found a string (a.host)");
  CHECK(Error("year(a.host) = 1") == "column 6: year() needs a number, found a string (a.host)");
  CHECK(Error("lower(a.date) = 'x'") ==
        "column 7: lower() needs a string, found a number (a.date)");
  CHECK(Error("year(a.date, 1) = 1") == "column 12: year() takes one argument, found ','");
  CHECK(Error("year a.date = 1") == "column 6: expected '(' after 'year', found 'a.date'");
  CHECK(Error("abs(1 = 1") ==
        "column 10: expected ')' to close abs( at column 1, found the end of the expression");
  CHECK(Error("a.date = and") == "column 10: expected a value, found 'and'");
  CHECK(Error("a.date = )") ==
        "column 10: expected a value (a number, a string, a measure, a.ATTR, b.ATTR or a "
        "function), found ')'");
  CHECK(Error("a.title = \"abc") ==
        "column 11: expected a closing \" for the string that starts here, found the end of the "
        "expression");
  CHECK(Error("a.title = 'a\\nb'") ==
        "column 13: unknown escape '\\n' in a string: only \\\\, \\' and \\\" are escapes");
  CHECK(Error("a.date = 1e999") == "column 10: number out of range: '1e999'");
  CHECK(Error("a.date = 1abc") == "column 10: expected a number, found '1abc'");
  CHECK(Error("a.date = 1.2.3") == "column 10: expected a number, found '1.2.3'");
  CHECK(Error("a.date ! 1") == "column 8: expected '!=', found '!'");
  CHECK(Error("a.date # 1") == "column 8: unexpected character '#'");
  // Columns count characters: the "é" is one.
  CHECK(Error("a.title = '\xc3\xa9' and a.x = 1") ==
        "column 19: unknown attribute 'a.x'" + attributes);
  CHECK(Error("a.title \xe2\x89\xa0 'x'") == "column 9: unexpected character '\xe2\x89\xa0'");
}

TEST_CASE("cover_expr: nesting is bounded", "[cover_expr]") {
  std::string deep(600, '(');
  deep.append("1 = 1");
  deep.append(std::string(600, ')'));
  CHECK(Error(deep) == "column 501: the expression nests too deeply (over 500 levels)");
  std::string nested(150, '(');
  nested.append("1 = 1");
  nested.append(std::string(150, ')'));
  CHECK(Parsed(nested).ToString() == "(1 = 1)");

  std::string chain = "0";
  for (int i = 0; i < 200; ++i) chain.append(" + 1");
  CHECK(Parsed(chain + " = 200").Holds(RecordA(), RecordB(), Measures()));
  // Its canonical text nests 201 levels deep and parses again.
  CHECK(Parsed(Parsed(chain + " = 200").ToString()).Holds(RecordA(), RecordB(), Measures()));
  for (int i = 0; i < 100; ++i) chain.append(" + 1");
  CHECK(Error(chain + " = 300") == "column 1: the expression nests too deeply (over 250 levels)");
  // Found by the fuzzer: 200 unary minus signs are a tree 200 deep whose
  // canonical text, "(-(-(-...)))", nests 400 levels; it parses again.
  std::string minus(200, '-');
  CHECK(Parsed(Parsed("1 = " + minus + "1").ToString()).Holds(RecordA(), RecordB(), Measures()));
}
