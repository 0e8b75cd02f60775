// What the coverage expression reads of a signature file's record
// (cover/expr.h AttrsOf).
#include <arpa/inet.h>
#include <curl/curl.h>
#include <libpsl.h>

#include <chrono>
#include <memory>
#include <string>
#include <unordered_map>

#include "base/timestamp.h"
#include "cover/expr.h"
#include "manifest/entry.h"
#include "neardup/sigfile.h"

namespace cover {

namespace {

// The Public Suffix List, loaded once. psl_latest picks the newer of the
// list built into libpsl and Debian's publicsuffix package
// (/usr/share/publicsuffix), so that an updated package takes effect
// without a rebuild; the built-in list if the file cannot be read. Lookups
// on a loaded context only read it: safe from many threads.
const psl_ctx_t* PublicSuffixes() {
  static const psl_ctx_t* const psl = [] {
    const psl_ctx_t* latest = psl_latest(nullptr);
    return latest ? latest : psl_builtin();
  }();
  return psl;
}

// An IP address (IPv6 in brackets, as curl gives the host) has no
// registered domain; the list's default rule would make "1.1" one of
// 192.168.1.1.
bool IsIpAddress(const std::string& host) {
  unsigned char address[16];
  if (inet_pton(AF_INET, host.c_str(), address) == 1) return true;
  if (host.size() > 2 && host.front() == '[' && host.back() == ']')
    return inet_pton(AF_INET6, host.substr(1, host.size() - 2).c_str(), address) == 1;
  return false;
}

std::string LookUpDomain(const std::string& host) {
  if (host.empty() || IsIpAddress(host)) return host;
  const psl_ctx_t* psl = PublicSuffixes();
  const char* domain = psl ? psl_registrable_domain(psl, host.c_str()) : nullptr;
  return domain ? std::string(domain) : host;  // a bare suffix, "localhost", "-"
}

// A lookup takes about 1.4 us and a crawl's records share few hosts: the
// answers are kept per thread, up to a bound (then forgotten, all at once).
constexpr size_t kDomainCacheSize = 1 << 16;

std::string DomainOf(const std::string& host) {
  thread_local std::unordered_map<std::string, std::string> cache;
  if (auto it = cache.find(host); it != cache.end()) return it->second;
  if (cache.size() >= kDomainCacheSize) cache.clear();
  return cache.emplace(host, LookUpDomain(host)).first->second;
}

struct UrlDeleter {
  void operator()(CURLU* url) const { curl_url_cleanup(url); }
};

// The path of the URI by curl's URL parser, as written (no dot segments
// removed, no query or fragment), in manifest encoding like url (so that
// a.path is the part of a.url it looks like); "/" when there is none or
// the URI does not parse. curl reads the raw URI (a space allowed).
std::string PathOf(std::string_view manifest_uri) {
  std::string uri = manifest::DecodeField(manifest_uri);
  std::unique_ptr<CURLU, UrlDeleter> url(curl_url());
  if (!url) return "/";
  const unsigned flags = CURLU_NON_SUPPORT_SCHEME | CURLU_PATH_AS_IS | CURLU_ALLOW_SPACE;
  if (curl_url_set(url.get(), CURLUPART_URL, uri.c_str(), flags) != CURLUE_OK) return "/";
  char* part = nullptr;
  std::string path = "/";
  if (curl_url_get(url.get(), CURLUPART_PATH, &part, 0) == CURLUE_OK && part && *part)
    path = manifest::EncodeField(part);
  curl_free(part);
  return path;
}

int Digits(std::string_view s) {
  int value = 0;
  for (char c : s) value = value * 10 + (c - '0');
  return value;
}

// Seconds since the epoch of the manifest's date: the WARC-Date as written
// (ISO 8601, "2014-02-16T05:02:21Z") or 14 digits, made a 14-digit
// timestamp as replay tools do (base::ToTimestamp: a fraction dropped,
// missing fields 0), then checked field by field. A leap second (:60) is
// the next second.
std::optional<double> SecondsOf(std::string_view manifest_date) {
  std::string stamp = base::ToTimestamp(manifest::DecodeField(manifest_date));
  if (stamp.size() != 14) return std::nullopt;
  for (char c : stamp)
    if (c < '0' || c > '9') return std::nullopt;
  using namespace std::chrono;
  year_month_day date{year(Digits(stamp.substr(0, 4))),
                      month(static_cast<unsigned>(Digits(stamp.substr(4, 2)))),
                      std::chrono::day(static_cast<unsigned>(Digits(stamp.substr(6, 2))))};
  int hh = Digits(stamp.substr(8, 2)), mm = Digits(stamp.substr(10, 2));
  int ss = Digits(stamp.substr(12, 2));
  if (!date.ok() || hh > 23 || mm > 59 || ss > 60) return std::nullopt;
  auto t = sys_days(date) + hours(hh) + minutes(mm) + seconds(ss);
  return static_cast<double>(t.time_since_epoch().count());
}

}  // namespace

Attrs AttrsOf(const neardup::SigRecordView& record, bool* ok) {
  Attrs attrs;
  attrs.url = std::string(record.uri);
  attrs.host = std::string(record.host);
  attrs.domain = DomainOf(attrs.host);
  attrs.path = PathOf(record.uri);
  attrs.mime = std::string(record.mime);
  attrs.title = std::string(record.title);
  attrs.digest = std::string(record.digest);
  attrs.status = record.status;
  attrs.length = static_cast<double>(record.length);
  attrs.tokens = record.tokens;
  std::optional<double> date = SecondsOf(record.date);
  attrs.date = date.value_or(0);
  if (ok) *ok = date.has_value();
  return attrs;
}

}  // namespace cover
