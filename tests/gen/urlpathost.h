// The --urlpatterns corpus's hosts: each has its own URL conventions, drawn
// at random, which decide how its pages are spelled (urlpaturl.h) and which
// other spellings of a page it serves with the same bytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "ndtext.h"
#include "rng.h"

namespace warcgen {

// The ways a host spells one page differently, in the order a variant
// applies them and names them in urls.tsv's kind ("www+case+tracking").
enum Pattern : uint8_t {
  kScheme,        // http <-> https
  kPort,          // the default port written out (":80", ":443")
  kWww,           // a www\d* spelling of the host (www2.H for www.H, www.H for H)
  kAlias,         // another host name for the same site (mirror.H, H-alias.net)
  kCase,          // letter case of the host or a path segment (the server ignores it)
  kPrefix,        // an irrelevant path prefix (/srnr/about/art/ for /art/)
  kPrint,         // the print version: the same payload (this site prints by CSS)
  kIndex,         // /dir/index.html for /dir/
  kSlash,         // a trailing slash added or removed
  kSessionPath,   // a session id in the path (/s(..)/, /sess-../, ;jsessionid=, /(S(..))/)
  kSessionQuery,  // a session id argument (sid=.., PHPSESSID=.., token=..)
  kTracking,      // the site's tracking arguments (ref=, src=, utm_source=, ...)
  kOrder,         // the query's arguments in another order
  kPatternCount
};
const char* PatternName(Pattern pattern);

// How a host writes a page's canonical URL.
enum class PathStyle : uint8_t {
  kArticle,  // /culture/2010/word-word-lttU7d6kIuGq.html
  kTitle,    // /title/tt0123456/ (a directory)
  kRecipe,   // /recipe/12345/word-word/ (a directory)
  kPid,      // /p123 (no extension, no slash)
  kScript,   // /news/article.php?id=123&cat=news
  kAspx,     // /Pages/ViewArticle.aspx?ArticleID=123&Section=News
  kProfile,  // /friends-lttU7d6kIuGq (360.yahoo.com's deep tokens)
};
bool IsDirectory(PathStyle style);  // kTitle, kRecipe: the URL ends in '/'
bool HasQuery(PathStyle style);     // kScript, kAspx: two arguments

enum class SessionStyle : uint8_t { kNone, kQuery, kParen, kDir, kJsession, kAspNet };
enum class PrintStyle : uint8_t { kNone, kPrefix, kLast, kQueryPrint, kQueryView, kScript };
// Parameters that DO change the content: pages that differ from a base
// page by one argument (?page=2, ?id=18, ?lang=fr, ?sort=price), or (kDual)
// by the value of the host's first tracking argument, on /compare/ pages.
enum class TrapStyle : uint8_t { kNone, kPage, kId, kLang, kSort, kDual };
// Tiny pages served under many unrelated URLs: nginx's default 404 (the
// same bytes on every such host), Apache's (naming the host), a 302 to the
// login page, a "not found" page sent with 200.
enum class SoftStyle : uint8_t { kNone, kNginx, kApache, kRedirect, kSoft200 };

struct HostStyle {
  int id = 0;
  std::string name;       // the canonical host: "www.plintorvasek.com" or "plintorvasek.org"
  std::string scheme;     // the canonical scheme: "http" or "https"
  uint32_t patterns = 0;  // bit p set: the host serves Pattern p's spellings
  PathStyle path = PathStyle::kArticle;
  std::vector<std::string> sections;  // path words: "culture", "recipe", ...
  std::string id_prefix;              // kTitle: "tt", "nm" or "co" before 7 digits
  std::string script, print_script;   // kScript: "article.php", "print.php"
  std::string index_file;             // kIndex: "index.html", "default.asp", ...
  std::vector<std::string> prefix;    // kPrefix: {"srnr", "about"}
  std::vector<std::string> aliases;   // kAlias: host names std cannot merge
  std::vector<std::string> wwws;      // kWww: host names std merges
  SessionStyle session = SessionStyle::kNone;
  std::string session_name;           // kQuery: "PHPSESSID", "sid", "token", ...
  uint32_t session_length = 0;        // of a session id
  std::string session_alphabet;       // its characters
  std::vector<std::string> tracking;  // "ref", "utm_source", ...
  PrintStyle print = PrintStyle::kNone;
  TrapStyle trap = TrapStyle::kNone;
  SoftStyle soft = SoftStyle::kNone;
  // Page number n has numeric id 1000 + n * id_stride + [0, id_stride - 3):
  // a kId trap's pages (id + 1, 2, 3) meet no other page's.
  uint32_t id_stride = 10;

  bool Has(Pattern p) const { return patterns >> p & 1; }
};

// Host `id`'s conventions. Hosts 0-12 serve Pattern (id % 13) for sure,
// hosts 0-4 have trap style id+1 and hosts 0-3 soft style id+1, so that 16
// hosts show every kind; the rest is drawn. `names` holds the site names
// (host names without www. and TLD) drawn so far: each is new.
HostStyle DrawHost(const Vocabulary& vocabulary, int id, std::unordered_set<std::string>* names,
                   Rng* rng);

// A word of the vocabulary of at least 3 letters, without accent.
std::string_view DrawPlainWord(const Vocabulary& vocabulary, Rng* rng);

}  // namespace warcgen
