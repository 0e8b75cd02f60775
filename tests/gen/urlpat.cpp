// warcgen --urlpatterns: its help, its command line and its run.
#include "urlpat.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>

#include "output.h"
#include "toolcommon/diag.h"
#include "toolcommon/io.h"
#include "toolcommon/temp_files.h"

namespace warcgen {

const char* const kUrlPatternsHelp = R"(
--urlpatterns writes a corpus for learning URL rewrite rules from duplicate
clusters instead (issue 17; Koppula et al., "Learning URL patterns for
webpage de-duplication"): --urls records (URLs), one WARC/1.1 response a
URL after one warcinfo record per file, in --files files (default urls /
50000, 4 to 64; at most 1000; --prefix, default "urlpatterns"; --level,
default 1; --plain), each record in a file drawn at random, dated
2009-2011 at random.
--sites hosts (default urls / 500, at least 8; sizes spread over a factor
12), each with conventions of its own, drawn at random: how it writes a
page's URL (/culture/2010/word-word-lttU7d6kIuGq.html, /title/tt0123456/,
/recipe/12345/word-word/, /p123, /news/article.php?id=123&cat=x,
/Pages/ViewArticle.aspx?ArticleID=123&Section=News, /word-lttU7d6kIuGq),
and which of these other spellings of a page it serves with the same
payload bytes (hosts 0-12 one of them for sure, the others each with
probability 0.45, where the URL form allows):
  scheme         http for https and back          port   ":80", ":443"
  www            www.H, www2.H, www3.H for H or www.H
  alias          mirror.H, old.H, H-alias.net, H.net (another host name)
  case           the host or a path segment in another letter case
  prefix         an irrelevant path prefix: /srnr/about/art/ for /art/
  print          the print version: a /print/ prefix, a print last
                 segment, ?print=1, ?view=print or print.php for article.php
  index          /dir/index.html (index.php, default.asp, ...) for /dir/
  slash          a trailing slash added or removed
  session-path   /s(id)/..., /sess-id/..., ...;jsessionid=id, /(S(id))/...
  session-query  a session argument: jsessionid, PHPSESSID, sid, sessionid,
                 ASPSESSIONIDXXXXXXXX (which urlcanon removes when long
                 enough), sessid, s, jsid, token, zenid, osCsid, SESS, a
                 short sid (which it does not); a new id each time
  tracking       the host's own: 1-3 of ref, src, from, cmp, trk, source,
                 via, aff, partner, clickid, and on some utm_source,
                 utm_medium, utm_campaign
  order          the query's arguments in another order
A page is its canonical URL and 0 to 64 other spellings, each by 1 (70%),
2 (25%) or 3 patterns (geometric, --variants on average: default 2, and 9
with --manifest-only); every
URL is new, and a spelling the standard canonicaliser would merge with
another page's is drawn again. Traps, on hosts 0-4 and half the others: a
page, then 1-3 pages that differ from it by an argument that DOES change
the content: ?page=2, 3, 4; the id one further (id=18 after id=17);
?lang=fr, de, es; ?sort=price, date, name; or ("dual") the host's first
tracking argument with a number on /compare/ pages (?ref=1234: content)
while elsewhere it tracks (?ref=home). Soft pages, on hosts 0-3 and 40% of
the others, 2.5% of their URLs: one tiny body (under 512 bytes) under many
unrelated URLs: nginx's 404 page (the same bytes on every such host),
Apache's 404 (naming the host), a 302 to the login page, or a "not found"
page sent with 200. Other pages are HTML of some 5-8 KB (the near-duplicate
corpus's templates, one a host, around a new text of 80-330 words).
The truth goes to --out DIR:
  urls.tsv   a '#' line naming the columns, then one line a URL, sorted by
    uri (LC_ALL=C), tab-separated: uri host page kind std. uri: as captured
    (a manifest field); host: the host's canonical name; page: 0, 1, ...:
    equal pages, equal payloads; kind: canonical, trap (a trap's other
    pages, and every page of a dual trap), soft404, or the patterns that
    spelled this URL joined by '+' in the order above (a trap page's with
    "trap+" before them); std: 1 if url::AggressiveCanonicalize gives it the
    form of its page's canonical URL (a soft page's: its first URL), else 0.
  manifest   what `warcsum --recompute FILES` prints (files in name order).
--manifest-only writes no WARC files and no manifest, but the processed
manifest for the same URLs, dates and files (given the same --variants)
to DIR/processed, as `warcsum
FILES | LC_ALL=C sort -k6,6 | warccollres --proc` would give it, with fake
digests (one a page), offsets and lengths (in the files' order; soft pages
300-500 bytes, others 1500-9000, more for a longer URI): for the speed
bench, --urls 10000000 gives 10 M URLs in about 1.1 M clusters.
)";

namespace {

constexpr const char* kOwnOptions[] = {"--urls", "--variants", "--manifest-only"};
constexpr int kMaxFiles = 1000;

}  // namespace

bool WantsUrlPatterns(const std::function<bool(const char*)>& given) {
  return given("--urlpatterns") ||
         std::any_of(std::begin(kOwnOptions), std::end(kOwnOptions), given);
}

std::string CheckUrlPatterns(const std::function<bool(const char*)>& given,
                             const UrlPatternFlags& flags, const GenOptions& common, int sites,
                             UrlPatternOptions* options) {
  if (!flags.enabled)
    for (const char* own : kOwnOptions)
      if (given(own)) return std::string(own) + " needs --urlpatterns";
  for (const char* other :
       {"--versioned",      "--neardup",       "--size",           "--version",
        "--layout",         "--dup-rate",      "--near-dup-rate",  "--empty-rate",
        "--incompressible", "--chunked-rate",  "--min-payload",    "--max-payload",
        "--truth",          "--format",        "--arc-version",    "--dns-rate",
        "--non-http-rate",  "--filedesc-rate", "--space-url-rate", "--records",
        "--pages",          "--page-size",     "--derived-rate",   "--ops",
        "--stdout",         "--docs"})
    if (given(other)) return std::string(other) + " is not for --urlpatterns";
  if (common.out_dir.empty()) return "--urlpatterns needs --out DIR";
  if (flags.manifest_only && given("--level")) return "--level is not for --manifest-only";
  if (static_cast<uint64_t>(sites) > flags.urls) return "--sites: more hosts than --urls";
  if (given("--files") && static_cast<uint64_t>(common.files) > flags.urls)
    return "--files: more files than --urls";
  if (common.files > kMaxFiles)  // all are open at once
    return "--files: at most " + std::to_string(kMaxFiles) + " for --urlpatterns";
  UrlPatternOptions& o = *options;
  o.out_dir = common.out_dir;
  if (given("--prefix")) o.prefix = common.prefix;
  o.seed = common.seed;
  o.urls = flags.urls;
  o.hosts = sites;
  o.variants = given("--variants") ? flags.variants : flags.manifest_only ? 9 : 2;
  o.files = given("--files") ? common.files
                             : static_cast<int>(std::min<uint64_t>(
                                   std::clamp<uint64_t>(flags.urls / 50000, 4, 64), flags.urls));
  if (given("--level")) o.level = common.level;
  o.plain = common.plain;
  o.manifest_only = flags.manifest_only;
  return "";
}

int RunUrlPatterns(const UrlPatternOptions& options, bool quiet) {
  UrlPatternSummary summary;
  double seconds = 0;
  if (int rc = RunGenerator(
          options.out_dir, [&] { return GenerateUrlPatterns(options, &summary); }, &seconds);
      rc != 0)
    return rc;
  if (!quiet) {
    std::cerr << "warcgen: " << summary.hosts << " hosts, " << summary.pages << " pages, "
              << summary.urls << " URLs (" << summary.soft << " soft), ";
    if (options.manifest_only)
      std::cerr << "manifest only, ";
    else
      std::cerr << summary.files << " files, " << toolcommon::HumanBytes(summary.output_bytes)
                << " written, ";
    std::cerr << static_cast<uint64_t>(summary.urls / seconds) << " URLs/s\n";
  }
  return toolcommon::kExitSuccess;
}

}  // namespace warcgen
