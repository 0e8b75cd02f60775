#include "urlpathost.h"

#include <algorithm>
#include <iterator>

namespace warcgen {
namespace {

constexpr double kPatternRate = 0.45;  // each pattern a host is not forced to have
constexpr double kTrapRate = 0.5, kSoftRate = 0.4;

const char* const kTlds[] = {"com", "org", "net", "de", "info", "co.uk", "edu"};
const char* const kScripts[][2] = {
    {"article.php", "print.php"}, {"story.php", "printer.php"}, {"view.php", "print.php"}};
const char* const kIndexFiles[] = {"index.html", "index.htm", "index.php", "default.asp",
                                   "index.jsp"};
const char* const kPrefixes[][2] = {{"srnr", "about"}, {"site", ""},    {"main", "public"},
                                    {"portal", ""},    {"home", "web"}, {"cms", "pub"}};
const char* const kTitles[][2] = {{"title", "tt"}, {"name", "nm"}, {"company", "co"}};
const char* const kTrackingNames[] = {"ref",    "src", "from", "cmp",     "trk",
                                      "source", "via", "aff",  "partner", "clickid"};

// Session ids by name, length and alphabet; the first five are the kinds
// urlcanon's aggressive canonicaliser removes (jsessionid of 10 or more,
// phpsessid, sid and sessionid of 16 or more, aspsessionidXXXXXXXX), the
// others it cannot know (a sid of 8 is too short for it).
struct SessionKind {
  const char* name;
  uint32_t length;
  const char* alphabet;
};
constexpr const char* kHex = "0123456789abcdef";
constexpr const char* kLowerAlnum = "0123456789abcdefghijklmnopqrstuvwxyz";
constexpr const char* kUpperAlnum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
constexpr const char* kAlnum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const SessionKind kSessions[] = {{"jsessionid", 32, kUpperAlnum},
                                 {"PHPSESSID", 26, kLowerAlnum},
                                 {"sid", 32, kHex},
                                 {"sessionid", 24, kAlnum},
                                 {"ASPSESSIONID", 24, kUpperAlnum},  // + 8 letters
                                 {"sessid", 32, kHex},
                                 {"s", 12, kAlnum},
                                 {"jsid", 16, kAlnum},
                                 {"token", 20, kAlnum},
                                 {"zenid", 26, kLowerAlnum},
                                 {"osCsid", 32, kHex},
                                 {"sid", 8, kHex},
                                 {"SESS", 16, kHex}};

template <typename T, size_t N>
const T& Pick(const T (&list)[N], Rng* rng) {
  return list[rng->Below(N)];
}

bool StyleAllows(PathStyle style, Pattern p) {
  switch (p) {
    case kOrder:
      return HasQuery(style);
    case kIndex:
      return IsDirectory(style);
    case kSlash:
      return IsDirectory(style) || style == PathStyle::kPid || style == PathStyle::kProfile;
    default:
      return true;
  }
}

// A path style that the host's forced pattern and trap allow (kId needs an
// id argument; if the pattern rules that out, the trap becomes kPage).
PathStyle DrawStyle(int forced, TrapStyle* trap, Rng* rng) {
  std::vector<PathStyle> styles;
  for (int s = 0; s <= static_cast<int>(PathStyle::kProfile); ++s)
    if (forced < 0 || StyleAllows(static_cast<PathStyle>(s), static_cast<Pattern>(forced)))
      styles.push_back(static_cast<PathStyle>(s));
  if (*trap == TrapStyle::kId) {
    std::vector<PathStyle> query;
    std::copy_if(styles.begin(), styles.end(), std::back_inserter(query), HasQuery);
    if (query.empty())
      *trap = TrapStyle::kPage;
    else
      styles = std::move(query);
  }
  return styles[rng->Below(styles.size())];
}

void DrawNames(const Vocabulary& v, std::unordered_set<std::string>* names, HostStyle* h,
               Rng* rng) {
  std::string stem;
  do stem = std::string(DrawPlainWord(v, rng)) + std::string(DrawPlainWord(v, rng));
  while (!names->insert(stem).second);
  std::string tld = Pick(kTlds, rng);
  std::string base = stem + "." + tld;
  bool www = rng->Chance(0.6);
  h->name = www ? "www." + base : base;
  h->scheme = rng->Chance(0.3) ? "https" : "http";
  std::vector<std::string> aliases = {"mirror." + base, stem + "-alias.net", "old." + base,
                                      stem + (tld == "com" ? ".net" : ".com")};
  for (size_t n = 1 + rng->Below(2); n-- > 0;) {
    size_t i = rng->Below(aliases.size());
    h->aliases.push_back(aliases[i]);
    aliases.erase(aliases.begin() + static_cast<std::ptrdiff_t>(i));
  }
  if (www)
    h->wwws = {base, "www2." + base};
  else
    h->wwws = {"www." + base};
  if (rng->Chance(0.5)) h->wwws.push_back("www3." + base);
}

void DrawSession(HostStyle* h, bool path, Rng* rng) {
  if (path) {
    static const SessionStyle kPath[] = {SessionStyle::kParen, SessionStyle::kDir,
                                         SessionStyle::kJsession, SessionStyle::kAspNet};
    h->session = kPath[rng->Below(h->path == PathStyle::kAspx ? 4 : 3)];
    h->session_name = h->session == SessionStyle::kJsession ? "jsessionid" : "";
    // ;jsessionid= of exactly 32 is what urlcanon strips; 24 it does not.
    h->session_length = h->session == SessionStyle::kJsession ? (rng->Chance(0.5) ? 32 : 24)
                        : h->session == SessionStyle::kDir    ? 16
                                                              : 24;
    h->session_alphabet = h->session == SessionStyle::kJsession ? kUpperAlnum : kLowerAlnum;
    return;
  }
  const SessionKind& kind = Pick(kSessions, rng);
  h->session = SessionStyle::kQuery;
  h->session_name = kind.name;
  if (h->session_name == "ASPSESSIONID")
    for (int i = 0; i < 8; ++i) h->session_name.push_back(static_cast<char>('A' + rng->Below(26)));
  h->session_length = kind.length;
  h->session_alphabet = kind.alphabet;
}

void DrawPaths(const Vocabulary& v, HostStyle* h, Rng* rng) {
  for (size_t n = 4 + rng->Below(4); n-- > 0;) h->sections.emplace_back(DrawPlainWord(v, rng));
  if (h->path == PathStyle::kTitle) {
    const auto& title = Pick(kTitles, rng);
    h->sections.insert(h->sections.begin(), title[0]);
    h->id_prefix = title[1];
  }
  const auto& script = Pick(kScripts, rng);
  h->script = script[0];
  h->print_script = script[1];
  h->index_file = Pick(kIndexFiles, rng);
  for (const char* segment : Pick(kPrefixes, rng))
    if (*segment) h->prefix.emplace_back(segment);
  h->id_stride = static_cast<uint32_t>(6 + rng->Below(35));
}

void DrawTracking(HostStyle* h, Rng* rng) {
  std::vector<std::string> names(std::begin(kTrackingNames), std::end(kTrackingNames));
  for (size_t n = 1 + rng->Below(3); n-- > 0;) {
    size_t i = rng->Below(names.size());
    h->tracking.push_back(names[i]);
    names.erase(names.begin() + static_cast<std::ptrdiff_t>(i));
  }
  if (rng->Chance(0.4))
    for (const char* utm : {"utm_source", "utm_medium", "utm_campaign"}) h->tracking.push_back(utm);
}

PrintStyle DrawPrint(PathStyle style, Rng* rng) {
  std::vector<PrintStyle> styles = {PrintStyle::kPrefix, PrintStyle::kQueryPrint,
                                    PrintStyle::kQueryView};
  if (StyleAllows(style, kSlash)) styles.push_back(PrintStyle::kLast);
  if (style == PathStyle::kScript) styles.push_back(PrintStyle::kScript);
  return styles[rng->Below(styles.size())];
}

}  // namespace

const char* PatternName(Pattern pattern) {
  static const char* const kNames[] = {
      "scheme", "port",  "www",          "alias",         "case",     "prefix", "print",
      "index",  "slash", "session-path", "session-query", "tracking", "order"};
  return kNames[pattern];
}

bool IsDirectory(PathStyle style) {
  return style == PathStyle::kTitle || style == PathStyle::kRecipe;
}

bool HasQuery(PathStyle style) { return style == PathStyle::kScript || style == PathStyle::kAspx; }

std::string_view DrawPlainWord(const Vocabulary& v, Rng* rng) {
  std::string_view word;
  for (int tries = 0; tries < 16 && word.size() < 3; ++tries)
    word = v.Spelling(v.Unaccented(v.DrawWord(rng, Script::kLatin, false)));
  return word.size() < 3 ? std::string_view("news") : word;
}

HostStyle DrawHost(const Vocabulary& v, int id, std::unordered_set<std::string>* names, Rng* rng) {
  HostStyle h;
  h.id = id;
  int forced = id < kPatternCount ? id : -1;
  h.trap = id < 5                   ? static_cast<TrapStyle>(id + 1)
           : rng->Chance(kTrapRate) ? static_cast<TrapStyle>(1 + rng->Below(5))
                                    : TrapStyle::kNone;
  h.soft = id < 4                   ? static_cast<SoftStyle>(id + 1)
           : rng->Chance(kSoftRate) ? static_cast<SoftStyle>(1 + rng->Below(4))
                                    : SoftStyle::kNone;
  h.path = DrawStyle(forced, &h.trap, rng);
  DrawNames(v, names, &h, rng);
  DrawPaths(v, &h, rng);
  for (int p = 0; p < kPatternCount; ++p)
    if ((p == forced || rng->Chance(kPatternRate)) && StyleAllows(h.path, static_cast<Pattern>(p)))
      h.patterns |= 1u << p;
  if (h.trap == TrapStyle::kDual) h.patterns |= 1u << kTracking;
  if (h.Has(kSessionPath) && h.Has(kSessionQuery))  // one session mechanism a site
    h.patterns &= ~(1u << (forced == kSessionPath || (forced != kSessionQuery && rng->Chance(0.5))
                               ? kSessionQuery
                               : kSessionPath));
  if (h.Has(kSessionPath) || h.Has(kSessionQuery)) DrawSession(&h, h.Has(kSessionPath), rng);
  if (h.Has(kTracking)) DrawTracking(&h, rng);
  if (h.Has(kPrint)) h.print = DrawPrint(h.path, rng);
  return h;
}

}  // namespace warcgen
