// URL rules measured on hand-made corpora: UrlCorpus (URLs once, their
// clusters, held-out clusters), ReadClusters on manifest text, Judge's
// counts for a good and a wrong rule, WilsonInterval, EstimateDuplicates.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>

#include "base/source.h"
#include "urlrules/corpus.h"
#include "urlrules/estimate.h"
#include "urlrules/judge.h"
#include "urlrules/read.h"
#include "urlrules/ruleset.h"

using urlrules::Judgement;
using urlrules::RuleSet;
using urlrules::UrlCorpus;

namespace {

// "sha1:000...n". With a held-out share of 0.5, XXH3 of "D(n):0" holds
// out n = 1, 2, 3, 6 and lets n = 4, 5, 8 teach (checked below).
std::string D(int n) {
  char text[64];
  std::snprintf(text, sizeof text, "sha1:%040d", n);
  return text;
}

RuleSet Rules(const std::string& text) {
  auto parsed = RuleSet::Parse(text);
  INFO((parsed.ok() ? std::string() : parsed.status().message()));
  REQUIRE(parsed.ok());
  return parsed.value();
}

uint32_t Id(const UrlCorpus& corpus, std::string_view url) {
  for (uint32_t id = 0; id < corpus.url_count(); ++id)
    if (corpus.url(id) == url) return id;
  FAIL("no URL " << url);
  return 0;
}

std::vector<uint32_t> Clusters(const UrlCorpus& corpus, uint32_t id) {
  return {corpus.clusters_begin(id), corpus.clusters_end(id)};
}

std::vector<uint32_t> Members(const UrlCorpus& corpus, uint32_t c) {
  return {corpus.members_begin(c), corpus.members_end(c)};
}

// Two pages with print versions (one of them also in a second cluster), a
// print URL alone, two ?page=N pages of their own content.
void AddPages(UrlCorpus* corpus) {
  corpus->Add("http://a.com/story", D(1), 0);  // H
  corpus->Add("http://a.com/print/story", D(1), 0);
  corpus->Add("http://a.com/other", D(4), 0);  // L
  corpus->Add("http://a.com/print/other", D(4), 0);
  corpus->Add("http://a.com/list?page=1", D(2), 0);    // H
  corpus->Add("http://a.com/list?page=2", D(3), 0);    // H
  corpus->Add("http://a.com/print/nowhere", D(5), 0);  // L
  corpus->Add("http://a.com/news", D(6), 0);           // H
  corpus->Add("http://a.com/print/news", D(6), 0);
  corpus->Add("http://a.com/print/news", D(8), 0);  // L: a later capture
  corpus->Finish();
}

// A good rule (print versions) and a wrong one (drops page).
const char* const kRules =
    "# warcurlrules 1\n"
    "host a.com none\n"
    "rule a.com /print/* -> ${host}/${2} precision=1.0000 judged=9 correct=9 learned=3\n"
    "rule a.com /list?page=* -> ${host}/${1} precision=1.0000 judged=9 correct=9 learned=3\n";

}  // namespace

TEST_CASE("UrlCorpus holds each canonical URL once, with the clusters of its records") {
  UrlCorpus corpus(0.5);
  corpus.Add("http://a.com/story", D(1), 0);
  corpus.Add("https://www.A.com/Story/#top", D(1), 0);  // the same URL, canonical
  corpus.Add("http://a.com/print/story", D(1), 0);
  corpus.Add("http://a.com/news", D(6), 0);
  corpus.Add("http://a.com/print/news", D(6), 0);
  corpus.Add("http://a.com/print/news", D(8), 0);  // one URL, two clusters
  corpus.Add("http://a.com/other", D(4), 0);
  corpus.Add("http://a.com/other", D(4), 1);  // another ext: another cluster
  corpus.Finish();

  CHECK(corpus.records() == 8);
  REQUIRE(corpus.url_count() == 5);
  CHECK(corpus.url(0) == "http://a.com/story");
  CHECK(corpus.url(3) == "http://a.com/print/news");
  // Clusters are numbered as first seen: D1, D6, D8, D4:0, D4:1.
  REQUIRE(corpus.cluster_count() == 5);
  CHECK(corpus.cluster_held_out(0));   // D1
  CHECK(corpus.cluster_held_out(1));   // D6
  CHECK(!corpus.cluster_held_out(2));  // D8
  CHECK(!corpus.cluster_held_out(3));  // D4:0
  CHECK(Clusters(corpus, 0) == std::vector<uint32_t>{0});
  CHECK(Clusters(corpus, 3) == std::vector<uint32_t>{1, 2});
  CHECK(Clusters(corpus, 4) == std::vector<uint32_t>{3, 4});
  CHECK(Members(corpus, 0) == std::vector<uint32_t>{0, 1});
  CHECK(Members(corpus, 1) == std::vector<uint32_t>{2, 3});
  CHECK(Members(corpus, 2) == std::vector<uint32_t>{3});
  // Held out: every cluster of the URL's records is.
  CHECK(corpus.held_out(0));
  CHECK(corpus.held_out(2));
  CHECK(!corpus.held_out(3));  // D6 is, D8 is not
  CHECK(!corpus.held_out(4));

  UrlCorpus none;  // no share: nothing held out
  none.Add("http://a.com/story", D(1), 0);
  none.Finish();
  CHECK(!none.cluster_held_out(0));
  CHECK(!none.held_out(0));
}

TEST_CASE("Judge: a rewrite is correct when its whole group shares one of its clusters") {
  UrlCorpus corpus(0.5);
  AddPages(&corpus);
  REQUIRE(corpus.url_count() == 9);
  RuleSet rules = Rules(kRules);
  REQUIRE(rules.rules().size() == 2);

  // Forms: /story (2 URLs), /other (2), /list (page=1 and page=2), /nowhere
  // (alone: rewritten, not judged), /news (2). print: story, other, news
  // (through D6, though print/news is in D8 too): 3 of 3. page: both URLs
  // meet a URL of another cluster: 0 of 2.
  for (int threads : {1, 2}) {
    Judgement all = urlrules::Judge(corpus, rules, /*held_out_only=*/false, threads);
    CHECK(all.urls == 9);
    CHECK(all.forms == 5);
    CHECK(all.rewritten == 6);
    CHECK(all.judged == 5);
    CHECK(all.correct == 3);
    CHECK(all.rules_used == 2);
    CHECK(all.per_rule[0].judged == 3);
    CHECK(all.per_rule[0].correct == 3);
    CHECK(all.per_rule[1].judged == 2);
    CHECK(all.per_rule[1].correct == 0);
    CHECK(all.reduction() == Approx(4.0 / 9));
  }

  // Held out only: print/other (D4) and print/news (D8 teaches) are not
  // judged, though they still take part in the groups.
  Judgement held = urlrules::Judge(corpus, rules, /*held_out_only=*/true, 1);
  CHECK(held.urls == 9);
  CHECK(held.forms == 5);
  CHECK(held.rewritten == 6);
  CHECK(held.judged == 3);
  CHECK(held.correct == 1);
  CHECK(held.per_rule[0].judged == 1);
  CHECK(held.per_rule[0].correct == 1);
  CHECK(held.per_rule[1].judged == 2);
  CHECK(held.per_rule[1].correct == 0);

  // Without the wrong rule the pages stay apart and nothing is wrong.
  RuleSet good = rules.Filtered([](const urlrules::Rule& r) { return r.context.args.empty(); });
  Judgement g = urlrules::Judge(corpus, good, /*held_out_only=*/false, 1);
  CHECK(g.forms == 6);
  CHECK(g.judged == 3);
  CHECK(g.correct == 3);
  CHECK(g.rules_used == 1);
}

TEST_CASE(
    "ReadClusters takes 7- and 10-field lines, stops at a 6-field one, leaves out small payloads") {
  std::string z = "2024-01-01T00:00:00Z";
  std::string text = "# a comment\n";
  text += "c.warc.gz 0 2000 http://a.com/x " + z + " " + D(1) + " 0 1 - -\n";
  text += "c.warc.gz 2000 2000 http://a.com/print/x " + z + " " + D(1) + " 0\n";
  text += "c.warc.gz 6000 500 http://a.com/small " + z + " " + D(3) + " 0\n";
  text += "c.warc.gz 6500 2000 http://a.com/blank " + z +
          " sha1:da39a3ee5e6b4b0d3255bfef95601890afd80709 0\n";
  text += "not a manifest line\n";
  text += "c.warc.gz 8500 2000 http://a.com/my%20page " + z + " " + D(2) + " 0 1 - -\n";
  // A warcsum line: the manifest is not one of proved clusters; reading stops.
  text += "c.warc.gz 4000 2000 http://a.com/y " + z + " " + D(2) + "\n";
  text += "c.warc.gz 9000 2000 http://a.com/z " + z + " " + D(2) + " 0\n";

  UrlCorpus corpus;
  urlrules::ReadCounts counts;
  std::vector<std::string> bad;
  base::StringSource source(text);
  base::Status s = urlrules::ReadClusters(&source, urlrules::ReadOptions{}, &corpus, &counts,
                                          [&](const std::string& m) { bad.push_back(m); });
  corpus.Finish();
  CHECK(s.message() ==
        "line 8: expected 7 or 10 fields (warccollres or warcsumproc: records proved "
        "identical), found 6; the rest of this manifest is not read");
  CHECK(counts.records == 3);
  CHECK(counts.small == 2);
  CHECK(counts.bad_lines == 1);
  REQUIRE(bad.size() == 1);
  CHECK(bad[0].rfind("line 6: ", 0) == 0);
  REQUIRE(corpus.url_count() == 3);
  CHECK(corpus.cluster_count() == 2);
  // The URI field decoded (%20 is a space), then canonical again.
  uint32_t spaced = Id(corpus, "http://a.com/my%20page");
  CHECK(Clusters(corpus, spaced) == std::vector<uint32_t>{1});
  CHECK(Members(corpus, 0) ==
        std::vector<uint32_t>{Id(corpus, "http://a.com/x"), Id(corpus, "http://a.com/print/x")});

  // min_length 0: the small record counts; an empty payload never does.
  UrlCorpus all;
  urlrules::ReadCounts all_counts;
  base::StringSource again(text);
  urlrules::ReadOptions o;
  o.min_length = 0;
  CHECK_FALSE(urlrules::ReadClusters(&again, o, &all, &all_counts, [](const std::string&) {}).ok());
  CHECK(all_counts.records == 4);
  CHECK(all_counts.small == 1);
}

TEST_CASE("WilsonInterval: 95% bounds of a precision") {
  double low = -1, high = -1;
  urlrules::WilsonInterval(10, 10, &low, &high);
  CHECK(low == Approx(0.7225).margin(5e-5));
  CHECK(high == 1.0);
  urlrules::WilsonInterval(8, 10, &low, &high);
  CHECK(low == Approx(0.4902).margin(5e-5));
  CHECK(high == Approx(0.9433).margin(5e-5));
  urlrules::WilsonInterval(5, 10, &low, &high);
  CHECK(low == Approx(0.2366).margin(5e-5));
  CHECK(high == Approx(0.7634).margin(5e-5));
  urlrules::WilsonInterval(0, 10, &low, &high);
  CHECK(low == Approx(0.0).margin(1e-12));
  CHECK(high == Approx(0.2775).margin(5e-5));
  urlrules::WilsonInterval(0, 0, &low, &high);  // nothing judged: anything
  CHECK(low == 0.0);
  CHECK(high == 1.0);
}

TEST_CASE("EstimateDuplicates sums each duplicate's rule precision") {
  RuleSet rules = Rules(
      "host a.com none\n"
      "rule a.com /print/** -> ${host}/${**} precision=1.0000 judged=10 correct=10 learned=1\n"
      "rule a.com /**?ref=*&* -> ${host}/${**}?${*} precision=0.8000 judged=10 correct=8 "
      "learned=1\n"
      "rule a.com /old/** -> ${host}/${**} precision=- judged=0 correct=0 learned=1\n");
  REQUIRE(rules.rules().size() == 3);
  std::vector<urlrules::UrlForm> forms;
  for (const char* u :
       {"http://a.com/a", "http://a.com/print/a", "https://www.a.com/a#f", "http://a.com/a?ref=x",
        "http://a.com/b?ref=y", "http://a.com/print/c", "http://a.com/c?ref=z", "http://a.com/d",
        "http://a.com/old/e", "http://a.com/e"})
    forms.push_back(urlrules::FormOf(rules, u));
  CHECK(forms[0].rule == -1);
  CHECK(forms[1].rule == 0);
  CHECK(forms[3].rule == 1);
  CHECK(forms[8].rule == 2);
  CHECK(forms[2].url_hash == forms[0].url_hash);
  CHECK(forms[1].form_hash == forms[0].form_hash);
  CHECK(forms[1].url_hash != forms[0].url_hash);

  // /a: the page is /a; print/a (1) and a?ref=x (0.8) are duplicates. /c:
  // no URL is unrewritten, the least precise (c?ref=z) is the page and
  // print/c (1) the duplicate. /e: old/e's rule judged nothing (0, 0..1).
  // b?ref=y and /d meet nothing.
  urlrules::Estimate e = urlrules::EstimateDuplicates(forms);
  CHECK(e.lines == 10);
  CHECK(e.urls == 9);
  CHECK(e.forms == 5);
  CHECK(e.merged == 4);
  CHECK(e.expected == Approx(2.8));
  CHECK(e.stddev == Approx(0.4));  // sqrt(0.8 * 0.2)
  double l10, h10, l8, h8;
  urlrules::WilsonInterval(10, 10, &l10, &h10);
  urlrules::WilsonInterval(8, 10, &l8, &h8);
  CHECK(e.low == Approx(2 * l10 + l8));
  CHECK(e.high == Approx(2 * h10 + h8 + 1.0));
  CHECK(e.low == Approx(1.9351).margin(5e-5));
  CHECK(e.high == Approx(3.9433).margin(5e-5));

  // The order of the list changes nothing.
  std::reverse(forms.begin(), forms.end());
  urlrules::Estimate r = urlrules::EstimateDuplicates(forms);
  CHECK(r.merged == e.merged);
  CHECK(r.expected == Approx(e.expected));
  CHECK(r.low == Approx(e.low));
}
