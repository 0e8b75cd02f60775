#include "urlpaturl.h"

#include <algorithm>
#include <cctype>

namespace warcgen {
namespace {

constexpr const char* kAlnum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

std::string RandomToken(const char* alphabet, size_t size, Rng* rng) {
  size_t n = std::char_traits<char>::length(alphabet);
  std::string token(size, ' ');
  for (char& c : token) c = alphabet[rng->Below(n)];
  return token;
}

bool HasLetter(const std::string& s) {
  return std::any_of(s.begin(), s.end(), [](char c) { return std::isalpha(c & 0xff) != 0; });
}

// Another letter case of s, which has a letter: all lower if s has an
// upper-case letter, else all upper or the first letter of each word.
std::string OtherCase(const std::string& s, Rng* rng) {
  std::string out = s;
  if (std::any_of(s.begin(), s.end(), [](char c) { return std::isupper(c & 0xff) != 0; })) {
    for (char& c : out) c = static_cast<char>(std::tolower(c & 0xff));
  } else if (rng->Chance(0.5)) {
    for (char& c : out) c = static_cast<char>(std::toupper(c & 0xff));
  } else {
    bool start = true;
    for (char& c : out) {
      if (start && std::isalpha(c & 0xff)) c = static_cast<char>(std::toupper(c & 0xff));
      start = !std::isalnum(c & 0xff);
    }
    if (out == s)  // no word starts with a letter: "2010-x" -> "2010-X" failed
      for (char& c : out) c = static_cast<char>(std::toupper(c & 0xff));
  }
  return out;
}

bool HasArg(const UrlParts& url, const std::string& name) {
  return std::any_of(url.query.begin(), url.query.end(),
                     [&](const auto& arg) { return arg.first == name; });
}

// "/a/b.html", not "/a/b" or "/".
bool HasExtension(const UrlParts& url) {
  return !url.segments.empty() && url.segments.back().find('.') != std::string::npos;
}

std::string TrackingValue(const std::string& name, Rng* rng) {
  static const char* const kPlaces[] = {"home", "rss", "twitter", "sidebar", "top", "related"};
  static const char* const kSources[] = {"newsletter", "facebook", "twitter", "google", "feed"};
  static const char* const kMedia[] = {"email", "social", "cpc", "rss"};
  if (name == "ref" || name == "from" || name == "via")
    return kPlaces[rng->Below(std::size(kPlaces))];
  if (name == "src" || name == "source" || name == "utm_source")
    return kSources[rng->Below(std::size(kSources))];
  if (name == "utm_medium") return kMedia[rng->Below(std::size(kMedia))];
  if (name == "utm_campaign") return "spring" + std::to_string(2009 + rng->Below(3));
  return RandomToken(kAlnum, 6 + rng->Below(5), rng);
}

}  // namespace

void UrlParts::Spell(std::string* out) const {
  out->assign(scheme).append("://").append(host);
  if (!port.empty()) out->append(":").append(port);
  for (const std::string& segment : segments) out->append("/").append(segment);
  if (segments.empty() || dir) out->append("/");
  for (size_t i = 0; i < query.size(); ++i)
    out->append(i ? "&" : "?").append(query[i].first).append("=").append(query[i].second);
}

UrlParts HostUrls::Root() const {
  UrlParts url;
  url.scheme = h_.scheme;
  url.host = h_.name;
  return url;
}

// "word-word-lttU7d6kIuGq": words, then a token a case-insensitive server
// would still tell apart from every other page's.
std::string HostUrls::Slug(Rng* rng) const {
  std::string slug;
  for (size_t n = 1 + rng->Below(3); n-- > 0;) slug.append(DrawPlainWord(v_, rng)).append("-");
  return slug + RandomToken(kAlnum, 12, rng);
}

std::string HostUrls::SessionId(Rng* rng) const {
  return RandomToken(h_.session_alphabet.c_str(), h_.session_length, rng);
}

UrlParts HostUrls::Canonical(uint64_t local, Rng* rng) const {
  UrlParts url = Root();
  uint64_t number = 1000 + local * h_.id_stride + rng->Below(h_.id_stride - 3);
  const std::string& section = h_.sections[1 + rng->Below(h_.sections.size() - 1)];
  auto& s = url.segments;
  switch (h_.path) {
    case PathStyle::kArticle:
      s = {section, std::to_string(2005 + rng->Below(7)), Slug(rng) + ".html"};
      break;
    case PathStyle::kTitle: {
      std::string digits = std::to_string(number);
      s = {h_.sections[0],
           h_.id_prefix + std::string(7 - std::min<size_t>(7, digits.size()), '0') + digits};
      url.dir = true;
      break;
    }
    case PathStyle::kRecipe:
      s = {h_.sections[0], std::to_string(number),
           std::string(DrawPlainWord(v_, rng)) + "-" + std::string(DrawPlainWord(v_, rng))};
      url.dir = true;
      break;
    case PathStyle::kPid:
      s = {"p" + std::to_string(number)};
      break;
    case PathStyle::kScript:
      s = {section, h_.script};
      url.query = {{"id", std::to_string(number)}, {"cat", h_.sections[0]}};
      break;
    case PathStyle::kAspx: {
      std::string capitalised = section;
      capitalised[0] = static_cast<char>(std::toupper(capitalised[0] & 0xff));
      s = {"Pages", "ViewArticle.aspx"};
      url.query = {{"ArticleID", std::to_string(number)}, {"Section", capitalised}};
      break;
    }
    case PathStyle::kProfile:
      s = {Slug(rng)};
      break;
  }
  return url;
}

UrlParts HostUrls::Trap(const UrlParts& base, int d, uint64_t item) const {
  static const char* const kLangs[] = {"en", "fr", "de", "es"};
  static const char* const kSorts[] = {"", "price", "date", "name"};
  UrlParts url = base;
  switch (h_.trap) {
    case TrapStyle::kPage:
      if (d > 0) url.query.emplace_back("page", std::to_string(d + 1));
      break;
    case TrapStyle::kId:  // the id argument, one further: ids of pages are further apart
      for (auto& arg : url.query)
        if (d > 0 && (arg.first == "id" || arg.first == "ArticleID"))
          arg.second = std::to_string(std::stoull(arg.second) + static_cast<uint64_t>(d));
      break;
    case TrapStyle::kLang:
      if (d > 0) url.query.emplace_back("lang", kLangs[d]);
      break;
    case TrapStyle::kSort:
      if (d > 0) url.query.emplace_back("sort", kSorts[d]);
      break;
    case TrapStyle::kDual: {  // ?ref=104 on /compare/ pages, ?ref=home elsewhere
      url.segments.insert(url.segments.begin(), "compare");
      url.query.emplace_back(h_.tracking[0], std::to_string(item + static_cast<uint64_t>(d)));
      break;
    }
    case TrapStyle::kNone:
      break;
  }
  return url;
}

bool HostUrls::Applies(Pattern p, const UrlParts& url) const {
  if (!h_.Has(p)) return false;
  switch (p) {
    case kOrder:
      return url.query.size() >= 2;
    case kIndex:
      return url.dir;
    case kSlash:
      return url.dir || !HasExtension(url);
    case kPrint:
      return h_.print != PrintStyle::kLast || url.dir || !HasExtension(url);
    case kTracking:
      return std::any_of(h_.tracking.begin(), h_.tracking.end(),
                         [&](const std::string& name) { return !HasArg(url, name); });
    default:
      return true;
  }
}

bool HostUrls::Variant(const UrlParts& canonical, Rng* rng, UrlParts* out,
                       std::string* kind) const {
  Pattern usable[kPatternCount];
  size_t count = 0;
  for (int p = 0; p < kPatternCount; ++p)
    if (Applies(static_cast<Pattern>(p), canonical)) usable[count++] = static_cast<Pattern>(p);
  if (count == 0) return false;
  double r = rng->Unit();
  size_t want = r < 0.70 ? 1 : r < 0.95 ? 2 : 3;
  uint32_t chosen = 0;
  // Patterns that change the same piece exclude each other.
  const uint32_t kHostGroup = 1u << kWww | 1u << kAlias;
  const uint32_t kEndGroup = 1u << kIndex | 1u << kSlash | 1u << kPrint;
  for (size_t n = 0; n < want && count > 0; ++n) {
    size_t i = rng->Below(count);
    uint32_t bit = 1u << usable[i];
    usable[i] = usable[--count];
    if (chosen & (bit & kHostGroup ? kHostGroup : bit & kEndGroup ? kEndGroup : bit)) continue;
    chosen |= bit;
  }
  *out = canonical;
  kind->clear();
  for (int p = 0; p < kPatternCount; ++p) {
    if (!(chosen >> p & 1)) continue;
    Apply(static_cast<Pattern>(p), rng, out);
    if (!kind->empty()) kind->push_back('+');
    kind->append(PatternName(static_cast<Pattern>(p)));
  }
  return true;
}

void HostUrls::Apply(Pattern p, Rng* rng, UrlParts* url) const {
  auto& s = url->segments;
  switch (p) {
    case kScheme:
      url->scheme = url->scheme == "http" ? "https" : "http";
      break;
    case kPort:
      url->port = url->scheme == "http" ? "80" : "443";
      break;
    case kWww:
      url->host = h_.wwws[rng->Below(h_.wwws.size())];
      break;
    case kAlias:
      url->host = h_.aliases[rng->Below(h_.aliases.size())];
      break;
    case kCase:
      ChangeCase(rng, url);
      break;
    case kPrefix:
      s.insert(s.begin(), h_.prefix.begin(), h_.prefix.end());
      break;
    case kPrint:
      if (h_.print == PrintStyle::kPrefix) s.insert(s.begin(), "print");
      if (h_.print == PrintStyle::kLast) s.push_back("print"), url->dir = false;
      if (h_.print == PrintStyle::kQueryPrint) url->query.emplace_back("print", "1");
      if (h_.print == PrintStyle::kQueryView) url->query.emplace_back("view", "print");
      if (h_.print == PrintStyle::kScript)
        std::replace(s.begin(), s.end(), h_.script, h_.print_script);
      break;
    case kIndex:
      s.push_back(h_.index_file);
      url->dir = false;
      break;
    case kSlash:
      url->dir = !url->dir;
      break;
    case kSessionPath: {
      std::string id = SessionId(rng);
      if (h_.session == SessionStyle::kParen) s.insert(s.begin(), "s(" + id + ")");
      if (h_.session == SessionStyle::kDir) s.insert(s.begin(), "sess-" + id);
      if (h_.session == SessionStyle::kAspNet) s.insert(s.begin(), "(S(" + id + "))");
      if (h_.session == SessionStyle::kJsession) {
        if (url->dir) s.emplace_back(), url->dir = false;  // "/dir/;jsessionid=..."
        s.back().append(";jsessionid=").append(id);
      }
      break;
    }
    case kSessionQuery: {
      auto at = url->query.begin() + static_cast<std::ptrdiff_t>(rng->Below(url->query.size() + 1));
      url->query.emplace(at, h_.session_name, SessionId(rng));
      break;
    }
    case kTracking:
      AddTracking(rng, url);
      break;
    case kOrder: {
      auto before = url->query;
      for (size_t i = url->query.size(); i > 1; --i)
        std::swap(url->query[i - 1], url->query[rng->Below(i)]);
      if (url->query == before)
        std::rotate(url->query.begin(), url->query.begin() + 1, url->query.end());
      break;
    }
    case kPatternCount:
      break;
  }
}

// The host in another case, or one of the path's segments that has a letter.
void HostUrls::ChangeCase(Rng* rng, UrlParts* url) const {
  std::vector<size_t> lettered;
  for (size_t i = 0; i < url->segments.size(); ++i)
    if (HasLetter(url->segments[i])) lettered.push_back(i);
  if (lettered.empty() || rng->Chance(0.3)) {
    url->host = OtherCase(url->host, rng);
    return;
  }
  std::string& segment = url->segments[lettered[rng->Below(lettered.size())]];
  segment = OtherCase(segment, rng);
}

// utm_source and utm_medium (and utm_campaign), or one or two of the site's
// own names; never a name the URL has already.
void HostUrls::AddTracking(Rng* rng, UrlParts* url) const {
  std::vector<std::string> names;
  for (const std::string& name : h_.tracking)
    if (!HasArg(*url, name)) names.push_back(name);
  bool utm = !names.empty() && names.back() == "utm_campaign" && rng->Chance(0.5);
  std::vector<std::string> add;
  if (utm) {
    add = {"utm_source", "utm_medium"};
    if (rng->Chance(0.5)) add.emplace_back("utm_campaign");
  } else {
    names.erase(std::remove_if(names.begin(), names.end(),
                               [](const std::string& n) { return n.rfind("utm_", 0) == 0; }),
                names.end());
    if (names.empty()) names = {"utm_source"};
    for (size_t n = 1 + rng->Below(2); n-- > 0 && !names.empty();) {
      size_t i = rng->Below(names.size());
      add.push_back(names[i]);
      names.erase(names.begin() + static_cast<std::ptrdiff_t>(i));
    }
  }
  for (const std::string& name : add) url->query.emplace_back(name, TrackingValue(name, rng));
}

UrlParts HostUrls::Soft(uint64_t n, Rng* rng) const {
  UrlParts url = Root();
  std::string word(DrawPlainWord(v_, rng)), number = std::to_string(n * 97 + rng->Below(97));
  if (h_.soft == SoftStyle::kRedirect) {  // pages behind the login
    if (rng->Chance(0.5))
      url.segments = {"members", word, number};
    else
      url.segments = {"account", "settings.php"}, url.query = {{"item", number}};
    return url;
  }
  switch (rng->Below(4)) {
    case 0:
      url.segments = {"old", word + "-" + number + ".html"};
      break;
    case 1:
      url.segments = {"images", word + number + ".jpg"};
      break;
    case 2:
      url.segments = {"cgi-bin", word + ".cgi"}, url.query = {{"n", number}};
      break;
    default:
      url.segments = {word, std::string(DrawPlainWord(v_, rng)), number}, url.dir = true;
  }
  return url;
}

}  // namespace warcgen
