// cover/expr.h: the plan of an expression (blocking keys, the content
// threshold, --explain's text), the keys' values, and AttrsOf on records
// of a signature file.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "cover/expr.h"
#include "neardup/sigfile.h"

using cover::Attrs;
using cover::Expr;
using cover::Plan;

namespace {

Plan PlanOf(const std::string& text) {
  auto expr = Expr::Parse(text);
  INFO(text);
  if (!expr.ok()) FAIL(expr.status().message());
  return expr->plan();
}

std::vector<std::string> Keys(const std::string& text) {
  std::vector<std::string> keys;
  for (const auto& key : PlanOf(text).keys) keys.push_back(key.text);
  return keys;
}

using Strings = std::vector<std::string>;

Attrs KeyRecord() {
  Attrs r;
  r.host = "example.org";
  r.title = std::string(1, '1');  // not = "1": gcc 12 -Wrestrict false positive
  r.date = 1262304000;
  r.status = 1;
  r.tokens = 0.1;
  return r;
}

}  // namespace

TEST_CASE("cover_expr: the paper's examples' plans", "[cover_expr]") {
  Plan one = PlanOf("containment >= 0.7 and a.date <= b.date");
  CHECK(one.keys.empty());
  REQUIRE(one.measure);
  CHECK(*one.measure == neardup::Measure::kContainment);
  CHECK(one.threshold == 0.7);
  CHECK(one.reads_content);
  CHECK(one.Explain() == "blocking keys: none\ncandidates: exact join, containment >= 0.7\n");

  Plan two = PlanOf("containment >= 0.7 and a.date <= b.date and a.host = b.host");
  CHECK(two.Explain() == "blocking key: a.host\ncandidates: exact join, containment >= 0.7\n");

  Plan month =
      PlanOf("jaccard >= 0.8 and year(a.date) = year(b.date) and month(a.date) = month(b.date)");
  CHECK(month.Explain() ==
        "blocking key: year(a.date)\nblocking key: month(a.date)\n"
        "candidates: exact join, jaccard >= 0.8\n");

  Plan last = PlanOf("a.url = b.url and a.date <= b.date");
  CHECK_FALSE(last.measure);
  CHECK_FALSE(last.reads_content);
  CHECK(last.Explain() ==
        "blocking key: a.url\n"
        "candidates: no content threshold at the top level: every pair inside a block is "
        "evaluated\n");
  CHECK(PlanOf("a.date <= b.date").Explain() ==
        "blocking keys: none\n"
        "candidates: no content threshold at the top level: every pair of records is "
        "evaluated\n");
}

TEST_CASE("cover_expr: blocking keys", "[cover_expr]") {
  CHECK(Keys("a.host = b.host") == Strings{"a.host"});
  CHECK(Keys("b.host = a.host") == Strings{"a.host"});  // written R = L
  CHECK(Keys("lower(b.title) = lower(a.title)") == Strings{"lower(a.title)"});
  CHECK(Keys("a.length + 1 = b.length + 1") == Strings{"(a.length + 1)"});
  CHECK(Keys("(a.host = b.host and a.date < b.date) and (containment > 0.5 and "
             "a.domain = b.domain)") == Strings{"a.host", "a.domain"});  // nested and's
  CHECK(Keys("a.host = b.host and a.host = b.host") == Strings{"a.host"});
  CHECK(Keys("a.domain == b.domain and year(a.date) = year(b.date)") ==
        Strings{"a.domain", "year(a.date)"});
  // Not keys: other attributes, one side, under or or not, or no attribute.
  CHECK(Keys("a.host = b.domain").empty());
  CHECK(Keys("a.host = a.host").empty());
  CHECK(Keys("a.host = 'example.org'").empty());
  CHECK(Keys("a.host = b.host or a.date < b.date").empty());
  CHECK(Keys("not a.host != b.host").empty());
  CHECK(Keys("a.host != b.host").empty());
  CHECK(Keys("a.date - b.date = 0").empty());
  CHECK(Keys("year(a.date) = year(b.date) + 0").empty());
  CHECK(Keys("a.date + b.date = b.date + a.date").empty());  // reads both sides
  CHECK(Keys("containment = containment").empty());
  CHECK(Keys("1 = 1").empty());
}

TEST_CASE("cover_expr: the content threshold", "[cover_expr]") {
  struct Case {
    std::string text;
    std::optional<neardup::Measure> measure;
    double threshold;
  };
  const auto kC = neardup::Measure::kContainment;
  const auto kJ = neardup::Measure::kJaccard;
  const auto kD = neardup::Measure::kDice;
  const std::vector<Case> cases = {
      {"containment >= 0.7", kC, 0.7},
      {"containment > 0.7", kC, 0.7},
      {"0.6 <= jaccard", kJ, 0.6},
      {"0.6 < dice", kD, 0.6},
      {"containment >= 0.25 + 0.5", kC, 0.75},  // a constant expression
      {"containment >= 3 / 4 and a.host = b.host", kC, 0.75},
      {"containment >= 0.6 and jaccard >= 0.8 and dice >= 0.8", kJ, 0.8},  // largest, first
      {"a.date <= b.date and (dice >= 0.9 and containment > 0.5)", kD, 0.9},
      // No threshold: under or / not, an upper bound, not a constant, 0 or less.
      {"containment >= 0.7 or a.host = b.host", std::nullopt, 0},
      {"not containment < 0.7", std::nullopt, 0},
      {"containment <= 0.7", std::nullopt, 0},
      {"0.7 >= containment", std::nullopt, 0},
      {"containment >= a.length / 1000", std::nullopt, 0},
      {"containment >= jaccard", std::nullopt, 0},
      {"containment >= 0", std::nullopt, 0},
      {"containment > -1", std::nullopt, 0},
      {"containment >= 1 / 0", std::nullopt, 0},  // 1 / 0 is 0
      {"containment = 1", std::nullopt, 0},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    Plan plan = PlanOf(c.text);
    CHECK(plan.measure == c.measure);
    if (c.measure) CHECK(plan.threshold == c.threshold);
    CHECK(plan.reads_content);
  }
  CHECK(PlanOf("containment >= 0.6 and jaccard >= 0.8").Explain() ==
        "blocking keys: none\ncandidates: exact join, jaccard >= 0.8\n");
  CHECK(PlanOf("a.host = b.host or jaccard > 0.1").reads_content);
  CHECK_FALSE(PlanOf("a.host = b.host and a.length < b.length").reads_content);
}

TEST_CASE("cover_expr: blocking key values", "[cover_expr]") {
  auto expr = Expr::Parse(
      "a.host = b.host and year(a.date) = year(b.date) and a.title = b.title and "
      "a.status = b.status and -a.length = -b.length and a.tokens = b.tokens");
  REQUIRE(expr.ok());
  const auto& keys = expr->plan().keys;
  REQUIRE(keys.size() == 6);
  const Attrs r = KeyRecord();
  CHECK(keys[0].Of(r) == "sexample.org");
  CHECK(keys[1].Of(r) == "n2010");
  CHECK(keys[2].Of(r) == "s1");  // a string "1" and a number 1 never meet
  CHECK(keys[3].Of(r) == "n1");
  CHECK(keys[4].Of(r) == "n0");  // -0 is 0
  CHECK(keys[5].Of(r) == "n0.10000000000000001");
  Attrs other = r;
  other.date += 86400 * 364;  // 2010-12-31
  other.tokens = std::nextafter(0.1, 1.0);
  CHECK(keys[1].Of(other) == keys[1].Of(r));
  CHECK(keys[5].Of(other) != keys[5].Of(r));  // exact: one ulp apart
}

namespace {

neardup::SigRecord MakeRecord(const std::string& uri, const std::string& date,
                              const std::string& host) {
  neardup::SigRecord r;
  r.key.file = "crawl.warc.gz";
  r.key.offset = 10;
  r.key.length = 4321;
  r.key.uri = uri;
  r.key.date = date;
  r.key.digest = "sha1:2jmj7l5rsw0yvb";
  r.status = 404;
  r.host = host;
  r.mime = "text/html";
  r.title.assign("Caf\xc3\xa9 au lait");
  r.tokens = 321;
  r.minhash = {1, 2, 3};
  r.shingles = {5, 9};
  return r;
}

// The signature file's bytes in 8-byte aligned memory, as FromBytes needs.
struct SigBytes {
  std::vector<uint64_t> words;
  size_t size = 0;
  std::string_view view() const { return {reinterpret_cast<const char*>(words.data()), size}; }
};

SigBytes Write(const std::vector<neardup::SigRecord>& records) {
  neardup::SigHeader header;
  header.num_perm = 3;
  header.extract = "dom";
  header.creator = "test";
  std::string out;
  neardup::SigWriter writer(header, [&](std::string_view bytes) {
    out.append(bytes);
    return base::Status::Ok();
  });
  for (const auto& r : records) REQUIRE(writer.Add(r).ok());
  REQUIRE(writer.Finish().ok());
  SigBytes bytes;
  bytes.words.resize(out.size() / 8 + 1);
  bytes.size = out.size();
  std::memcpy(bytes.words.data(), out.data(), out.size());
  return bytes;
}

}  // namespace

TEST_CASE("cover_expr: AttrsOf a signature file's records", "[cover_expr]") {
  const std::vector<neardup::SigRecord> records = {
      MakeRecord("http://a.b.example.co.uk/news/caf%C3%A9%20x?q=1#top", "2010-01-01T00:00:00Z",
                 "a.b.example.co.uk"),
      MakeRecord("http://192.168.1.1:8080", "20100101000000", "192.168.1.1"),
      MakeRecord("http://[::1]/a/../b", "2016-12-31T23:59:60Z", "[::1]"),
      MakeRecord("http://co.uk/x", "2010-02-30T00:00:00Z", "co.uk"),
      MakeRecord("not%20a%20url", "-", "-"),
      MakeRecord("http://www.example.co.uk/", "2010-01-01T00:00:00.75Z", "www.example.co.uk"),
  };
  SigBytes bytes = Write(records);
  auto file = neardup::SigFile::FromBytes(bytes.view(), "t.sig");
  REQUIRE(file.ok());
  REQUIRE((*file)->size() == records.size());
  std::vector<Attrs> attrs;
  std::vector<bool> dated;
  for (size_t i = 0; i < records.size(); ++i) {
    bool ok = false;
    attrs.push_back(cover::AttrsOf((*file)->record(i), &ok));
    dated.push_back(ok);
  }
  const Attrs& first = attrs[0];
  CHECK(first.url == "http://a.b.example.co.uk/news/caf%C3%A9%20x?q=1#top");
  CHECK(first.host == "a.b.example.co.uk");
  CHECK(first.domain == "example.co.uk");
  CHECK(first.path == "/news/caf%C3%A9%20x");  // in manifest encoding, like url
  CHECK(first.date == 1262304000);
  CHECK(first.mime == "text/html");
  CHECK(first.title == "Caf\xc3\xa9 au lait");
  CHECK(first.digest == "sha1:2jmj7l5rsw0yvb");
  CHECK(first.status == 404);
  CHECK(first.length == 4321);
  CHECK(first.tokens == 321);
  CHECK(dated[0]);

  CHECK(attrs[1].domain == "192.168.1.1");  // an IP address is its own domain
  CHECK(attrs[1].path == "/");
  CHECK(attrs[1].date == 1262304000);  // 14 digits read as well
  CHECK(dated[1]);
  CHECK(attrs[2].domain == "[::1]");
  CHECK(attrs[2].path == "/a/../b");   // as written
  CHECK(attrs[2].date == 1483228800);  // a leap second is the next second
  CHECK(attrs[3].domain == "co.uk");   // a bare public suffix
  CHECK(attrs[3].date == 0);           // February 30th
  CHECK_FALSE(dated[3]);
  CHECK(attrs[4].domain == "-");
  CHECK(attrs[4].path == "/");  // not a URL
  CHECK_FALSE(dated[4]);
  CHECK(attrs[5].domain == "example.co.uk");
  CHECK(attrs[5].date == 1262304000);  // the fraction dropped

  auto same_site = Expr::Parse("a.domain = b.domain and a.host != b.host and a.date = b.date");
  REQUIRE(same_site.ok());
  CHECK(same_site->Holds(attrs[0], attrs[5], cover::Measures()));
  CHECK_FALSE(same_site->Holds(attrs[0], attrs[1], cover::Measures()));
}

TEST_CASE("cover_expr: related pairs share every blocking key's value", "[cover_expr]") {
  // Records that differ in host, case of title, date (across a month and a
  // year boundary) and length; every pair the expression relates must fall
  // in one block of every key, or the graph would miss it.
  std::vector<Attrs> records;
  for (const char* host : {"example.org", "www.example.org"})
    for (const char* title : {"Budget", "BUDGET", "Vote"})
      for (double date : {1262303999.0, 1262304000.0, 1264982400.0})  // 2009-12-31, 2010-01/02
        for (double length : {0.0, 100.0}) {
          Attrs r;
          r.host.assign(host);
          r.title.assign(title);
          r.date = date;
          r.length = length;
          records.push_back(r);
        }
  const std::vector<std::string> texts = {
      "containment >= 0.7 and a.date <= b.date and a.host = b.host",
      "jaccard >= 0.8 and year(a.date) = year(b.date) and month(a.date) = month(b.date)",
      "lower(b.title) = lower(a.title) and a.length * 2 = b.length * 2 and a.date < b.date",
  };
  cover::Measures m;
  m.containment = m.jaccard = m.dice = 1;
  for (const auto& text : texts) {
    INFO(text);
    auto expr = Expr::Parse(text);
    REQUIRE(expr.ok());
    REQUIRE(!expr->plan().keys.empty());
    int related = 0;
    for (const Attrs& a : records)
      for (const Attrs& b : records) {
        if (!expr->Holds(a, b, m)) continue;
        ++related;
        for (const auto& key : expr->plan().keys) CHECK(key.Of(a) == key.Of(b));
      }
    CHECK(related > 0);
  }
  auto lower = Expr::Parse(texts[2]);
  REQUIRE(lower.ok());
  CHECK(lower->plan().keys[0].Of(records[0]) == "sbudget");
  CHECK(lower->plan().keys[0].Of(records[0]) == lower->plan().keys[0].Of(records[6]));
}
