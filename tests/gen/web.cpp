#include "web.h"

#include <cstdio>

namespace warcgen {
namespace {

constexpr const char* kServers[] = {
    "Apache/2.4.10 (Debian)",
    "nginx/1.6.2",
    "Microsoft-IIS/8.5",
    "cloudflare-nginx",
    "Apache",
    "nginx",
    "LiteSpeed",
    "Apache/2.2.22 (Ubuntu)",
};

constexpr const char* kTlds[] = {".com", ".org", ".net", ".de", ".fr", ".co.uk", ".info", ".nl"};

uint64_t Fnv1a(std::string_view s) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (char c : s) h = (h ^ static_cast<uint8_t>(c)) * 0x100000001b3ULL;
  return h;
}

// Days since 1970-01-01 to a civil date (H. Hinnant's algorithm).
void CivilFromDays(int64_t z, int* y, int* m, int* d) {
  z += 719468;
  int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  int64_t doe = z - era * 146097;
  int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  int64_t mp = (5 * doy + 2) / 153;
  *d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  *m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  *y = static_cast<int>(yoe + era * 400 + (*m <= 2));
}

}  // namespace

Web::Web(const Content& content, Rng* rng) : content_(content) {
  static const char* const kSubdomains[] = {"www.", "www.", "www.", "", "blog.", "news.", "shop."};
  for (int i = 0; i < 400; ++i) {
    std::string host = rng->Chance(0.3) ? "https://" : "http://";
    host += kSubdomains[rng->Below(sizeof kSubdomains / sizeof *kSubdomains)];
    host += content_.Word(rng);
    if (rng->Chance(0.4)) host += "-";
    host += content_.Word(rng);
    host += kTlds[rng->Below(sizeof kTlds / sizeof *kTlds)];
    hosts_.push_back(std::move(host));
  }
}

std::string Web::NewUrl(const PayloadSpec& spec, Rng* rng) const {
  std::string url = hosts_[rng->Below(hosts_.size())];
  // Appended one piece at a time: the words must be drawn in a fixed order,
  // and the operands of a + b are not sequenced.
  auto w = [&] { return std::string_view(content_.Word(rng)); };
  auto number = [&](uint64_t below) { return std::to_string(rng->Below(below)); };
  if (spec.kind == PayloadKind::kBinary) {
    char hex[20];
    std::snprintf(hex, sizeof hex, "%08llx", static_cast<unsigned long long>(rng->Next() >> 32));
    url.append("/static/").append(w()).append("/").append(w()).append("-").append(hex);
    url.append(".").append(BinaryMedia(spec.media).extension);
  } else if (spec.kind == PayloadKind::kEmpty) {
    url.append("/api/").append(w()).append("?t=").append(number(1000000000));
  } else {
    switch (rng->Below(4)) {
      case 0:
        url.append("/").append(w()).append("/").append(w()).append("-").append(w()).append(".html");
        break;
      case 1:
        url.append("/").append(w()).append("/").append(number(100000)).append("/");
        break;
      case 2:
        url.append("/index.php?id=").append(number(1000000)).append("&page=").append(number(20));
        break;
      default:
        // Percent-encoded bytes, which the manifest must keep apart from its own escapes.
        static const char* const kSeparators[] = {"%20", "%2C", "+", "%E2%80%93"};
        url.append("/").append(w()).append("/").append(w()).append("?ref=").append(w());
        url.append(kSeparators[rng->Below(4)]).append(w());
        break;
    }
  }
  return url;
}

std::string_view Web::Host(Rng* rng) const { return HostOf(hosts_[rng->Below(hosts_.size())]); }

std::string_view HostOf(std::string_view url) {
  size_t start = url.find("://");
  start = start == std::string_view::npos ? 0 : start + 3;
  size_t end = url.find('/', start);
  return url.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
}

std::string_view PathOf(std::string_view url) {
  size_t start = url.find("://");
  start = start == std::string_view::npos ? 0 : start + 3;
  size_t slash = url.find('/', start);
  return slash == std::string_view::npos ? std::string_view("/") : url.substr(slash);
}

std::string IpOf(std::string_view host) {
  uint64_t h = Fnv1a(host);
  return std::to_string(23 + h % 180) + "." + std::to_string((h >> 8) & 255) + "." +
         std::to_string((h >> 16) & 255) + "." + std::to_string(1 + (h >> 24) % 254);
}

const char* ServerOf(std::string_view host) {
  return kServers[Fnv1a(host) % (sizeof kServers / sizeof *kServers)];
}

void Clock::Advance(Rng* rng) {
  uint64_t step = 1 + rng->Below(3000000);  // up to 3 s, in microseconds
  micros_ += static_cast<uint32_t>(step % 1000000);
  seconds_ += static_cast<int64_t>(step / 1000000) + micros_ / 1000000;
  micros_ %= 1000000;
}

std::string Clock::Warc(bool micros) const {
  int y, m, d;
  CivilFromDays(seconds_ / 86400, &y, &m, &d);
  int64_t s = seconds_ % 86400;
  char buf[40];
  if (micros)
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%06uZ", y, m, d,
                  static_cast<int>(s / 3600), static_cast<int>(s / 60 % 60),
                  static_cast<int>(s % 60), micros_);
  else
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02dZ", y, m, d,
                  static_cast<int>(s / 3600), static_cast<int>(s / 60 % 60),
                  static_cast<int>(s % 60));
  return buf;
}

std::string Clock::Arc() const {
  int y, m, d;
  CivilFromDays(seconds_ / 86400, &y, &m, &d);
  int64_t s = seconds_ % 86400;
  char buf[24];
  std::snprintf(buf, sizeof buf, "%04d%02d%02d%02d%02d%02d", y, m, d, static_cast<int>(s / 3600),
                static_cast<int>(s / 60 % 60), static_cast<int>(s % 60));
  return buf;
}

std::string Clock::Http(int64_t days_before) const {
  static const char* const kDays[] = {"Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"};
  static const char* const kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  int64_t t = seconds_ - days_before * 86400;
  int64_t days = t / 86400, s = t % 86400;
  int y, m, d;
  CivilFromDays(days, &y, &m, &d);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%s, %02d %s %04d %02d:%02d:%02d GMT", kDays[days % 7], d,
                kMonths[m - 1], y, static_cast<int>(s / 3600), static_cast<int>(s / 60 % 60),
                static_cast<int>(s % 60));
  return buf;
}

std::string NewUuid(Rng* rng) {
  uint64_t a = rng->Next(), b = rng->Next();
  a = (a & ~0xf000ULL) | 0x4000ULL;        // version 4
  b = (b & ~(3ULL << 62)) | (2ULL << 62);  // RFC 4122 variant
  char buf[64];
  std::snprintf(
      buf, sizeof buf, "<urn:uuid:%08llx-%04llx-%04llx-%04llx-%012llx>",
      static_cast<unsigned long long>(a >> 32), static_cast<unsigned long long>((a >> 16) & 0xffff),
      static_cast<unsigned long long>(a & 0xffff), static_cast<unsigned long long>(b >> 48),
      static_cast<unsigned long long>(b & 0xffffffffffffULL));
  return buf;
}

}  // namespace warcgen
