// GenerateUrlPatterns: which URLs each host serves, page by page, with the
// truth: hosts one after another, each with its share of --urls; pages
// with their canonical URL and other spellings; trap groups; soft URLs.
// Every URL is new, and the standard canonicaliser never gives two pages
// the same form (a spelling that would is drawn again), so that its merges
// are all right and `std` says exactly what it already gets.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <unordered_set>
#include <utility>
#include <vector>

#include "url/urlcanon.h"
#include "urlpat.h"
#include "urlpatout.h"
#include "urlpaturl.h"

namespace warcgen {
namespace {

constexpr int64_t kStart = 1230768000;  // 2009-01-01T00:00:00Z: the first capture
constexpr int64_t kEnd = 1325375999;    // 2011-12-31T23:59:59Z: the last
constexpr double kSoftShare = 0.025;    // of a soft host's URLs
constexpr double kTrapRate = 0.12;      // of a trap host's pages: a trap group begins
constexpr int kTries = 8;               // draws for a URL that is new
constexpr uint32_t kMaxVariants = 64;
constexpr uint64_t kNoPage = std::numeric_limits<uint64_t>::max();

// The host's URLs and forms are kept as 64-bit hashes (a collision only
// makes a URL be drawn again): 8 bytes a step, each mixed by a multiply.
uint64_t Hash(std::string_view s) {
  uint64_t h = 0xcbf29ce484222325ULL ^ s.size();
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t word;
    std::memcpy(&word, s.data() + i, 8);
    h = (h ^ word) * 0x9e3779b97f4a7c15ULL;
    h ^= h >> 29;
  }
  for (; i < s.size(); ++i) h = (h ^ static_cast<unsigned char>(s[i])) * 0x100000001b3ULL;
  return h ^ (h >> 32);
}

// Hash -> page for one host's URLs and forms: open addressing, sized for
// the host (its budget) so that clearing it costs what the host does.
class HashMap {
 public:
  void Reset(uint64_t expected) {
    size_t size = 16;
    while (size < 4 * expected) size *= 2;
    slots_.assign(size, {0, 0});
    used_ = 0;
  }
  // The page stored under key, or inserts page there and returns it.
  uint64_t FindOrInsert(uint64_t key, uint64_t page) {
    if (2 * (used_ + 1) > slots_.size()) Grow();
    auto& slot = Find(key | 1);  // 0 marks an empty slot
    if (slot.first == 0) slot = {key | 1, page}, ++used_;
    return slot.second;
  }
  bool Contains(uint64_t key) { return Find(key | 1).first != 0; }

 private:
  std::pair<uint64_t, uint64_t>& Find(uint64_t key) {
    size_t mask = slots_.size() - 1;
    for (size_t i = key & mask;; i = (i + 1) & mask)
      if (slots_[i].first == key || slots_[i].first == 0) return slots_[i];
  }
  void Grow() {
    std::vector<std::pair<uint64_t, uint64_t>> old(slots_.size() * 2, {0, 0});
    old.swap(slots_);
    for (const auto& slot : old)
      if (slot.first) Find(slot.first) = slot;
  }
  std::vector<std::pair<uint64_t, uint64_t>> slots_;
  size_t used_ = 0;
};

class Planner {
 public:
  Planner(const UrlPatternOptions& options, const Vocabulary& vocabulary, UrlPatternWriter* out,
          int files, UrlPatternSummary* summary)
      : o_(options), v_(vocabulary), out_(out), files_(files), summary_(summary), rng_(o_.seed) {}
  base::Status Run();

 private:
  base::Status Host(const HostStyle& host, uint64_t budget);
  base::Status Group(const HostUrls& urls);
  // One page at canonical (false: not new, nothing written).
  base::Status Page(const HostUrls& urls, const UrlParts& canonical, bool trap, bool* made);
  base::Status Soft(const HostUrls& urls);
  // Writes uri_ as a record of page if it is new and its standard form
  // (form_, unless known) does not belong to another page; *made says
  // whether it was.
  base::Status Emit(uint64_t page, const std::string& page_form, bool soft, std::string_view kind,
                    bool* made, bool form_known = false);
  bool Full() const { return written_ >= budget_; }

  const UrlPatternOptions& o_;
  const Vocabulary& v_;
  UrlPatternWriter* out_;
  int files_;
  UrlPatternSummary* summary_;
  Rng rng_;  // URLs, dates, files: the same with and without --manifest-only
  uint64_t next_page_ = 0;
  uint64_t nginx_page_ = kNoPage;  // nginx's 404: one payload for every host that sends it
  std::string nginx_form_;
  // The current host's.
  const HostStyle* host_ = nullptr;
  uint64_t budget_ = 0, written_ = 0, local_ = 0, soft_urls_ = 0;
  uint64_t soft_page_ = kNoPage;
  std::string soft_form_;
  HashMap uris_;                   // URI -> page
  HashMap forms_;                  // standard form -> page
  std::string uri_, form_, kind_;  // scratch
  UrlParts variant_;
};

base::Status Planner::Run() {
  int hosts = o_.hosts ? o_.hosts : static_cast<int>(std::max<uint64_t>(8, o_.urls / 500));
  // Host sizes spread over a factor 12; their shares of --urls add up exactly.
  std::vector<double> weights(static_cast<size_t>(hosts));
  double total = 0;
  for (double& w : weights) total += w = std::exp(2.5 * rng_.Unit());
  std::unordered_set<std::string> names;
  double before = 0;
  for (int h = 0; h < hosts; ++h) {
    uint64_t from = static_cast<uint64_t>(o_.urls * (before / total));
    before += weights[static_cast<size_t>(h)];
    uint64_t to = h + 1 == hosts ? o_.urls : static_cast<uint64_t>(o_.urls * (before / total));
    HostStyle host = DrawHost(v_, h, &names, &rng_);
    if (auto s = Host(host, to - from); !s.ok()) return s;
  }
  summary_->hosts = static_cast<uint64_t>(hosts);
  summary_->pages = next_page_;
  return base::Status::Ok();
}

base::Status Planner::Host(const HostStyle& host, uint64_t budget) {
  host_ = &host;
  budget_ = budget;
  written_ = local_ = soft_urls_ = 0;
  soft_page_ = host.soft == SoftStyle::kNginx ? nginx_page_ : kNoPage;
  soft_form_ = host.soft == SoftStyle::kNginx ? nginx_form_ : "";
  uris_.Reset(budget);
  forms_.Reset(budget);
  if (auto s = out_->BeginHost(host); !s.ok()) return s;
  HostUrls urls(host, v_);
  double soft = std::min(0.5, kSoftShare * (1 + o_.variants));  // a draw a page, not a URL
  for (int idle = 0; !Full() && idle < 1000;) {
    uint64_t was = written_;
    base::Status s;
    if (host.soft != SoftStyle::kNone && rng_.Chance(soft)) {
      s = Soft(urls);
    } else if (host.trap != TrapStyle::kNone && rng_.Chance(kTrapRate)) {
      s = Group(urls);
    } else {
      bool made = false;
      for (int t = 0; t < kTries && !made && s.ok(); ++t)
        s = Page(urls, urls.Canonical(local_++, &rng_), false, &made);
    }
    if (!s.ok()) return s;
    idle = written_ == was ? idle + 1 : 0;
  }
  return base::Status::Ok();
}

// A base page and 1-3 pages that differ from it by an argument that
// changes the content; with kDual all of them carry that argument.
base::Status Planner::Group(const HostUrls& urls) {
  int pages = 1 + static_cast<int>(rng_.Below(3));
  uint64_t item = 100 + rng_.Below(90000);
  UrlParts base = urls.Canonical(local_++, &rng_);
  bool dual = host_->trap == TrapStyle::kDual;
  for (int d = 0; d <= pages && !Full(); ++d) {
    bool made = false;
    if (auto s =
            Page(urls, d == 0 && !dual ? base : urls.Trap(base, d, item), d > 0 || dual, &made);
        !s.ok() || (!made && d == 0))
      return s;  // no base, no group
  }
  return base::Status::Ok();
}

base::Status Planner::Page(const HostUrls& urls, const UrlParts& canonical, bool trap, bool* made) {
  canonical.Spell(&uri_);
  std::string page_form = url::AggressiveCanonicalize(uri_);
  if (uris_.Contains(Hash(uri_)) || forms_.Contains(Hash(page_form))) return base::Status::Ok();
  uint64_t page = next_page_++;
  if (auto s = out_->BeginPage(page); !s.ok()) return s;
  form_ = page_form;
  if (auto s = Emit(page, page_form, false, trap ? "trap" : "canonical", made, true); !s.ok())
    return s;
  double more = o_.variants / (1 + o_.variants);  // geometric: the mean is o_.variants
  uint32_t variants = 0;
  while (variants < kMaxVariants && rng_.Chance(more)) ++variants;
  for (uint32_t i = 0; i < variants && !Full(); ++i) {
    bool new_url = false;
    for (int t = 0; t < kTries && !new_url; ++t) {
      if (!urls.Variant(canonical, &rng_, &variant_, &kind_)) return base::Status::Ok();
      if (trap) kind_.insert(0, "trap+");
      variant_.Spell(&uri_);
      if (auto s = Emit(page, page_form, false, kind_, &new_url); !s.ok()) return s;
    }
  }
  return base::Status::Ok();
}

base::Status Planner::Soft(const HostUrls& urls) {
  bool made = false;
  for (int t = 0; t < kTries && !made; ++t) {
    urls.Soft(soft_urls_++, &rng_).Spell(&uri_);
    form_ = url::AggressiveCanonicalize(uri_);
    if (soft_page_ == kNoPage) {  // the page's first URL: its canonical one
      soft_page_ = next_page_++;
      soft_form_ = form_;
      if (host_->soft == SoftStyle::kNginx) nginx_page_ = soft_page_, nginx_form_ = soft_form_;
    }
    if (auto s = Emit(soft_page_, soft_form_, true, "soft404", &made, true); !s.ok()) return s;
  }
  return base::Status::Ok();
}

base::Status Planner::Emit(uint64_t page, const std::string& page_form, bool soft,
                           std::string_view kind, bool* made, bool form_known) {
  *made = false;
  uint64_t uri_hash = Hash(uri_);
  if (uris_.Contains(uri_hash)) return base::Status::Ok();
  if (!form_known) form_ = url::AggressiveCanonicalize(uri_);
  if (forms_.FindOrInsert(Hash(form_), page) != page) return base::Status::Ok();
  uris_.FindOrInsert(uri_hash, page);
  UrlRecord r;
  r.uri = uri_;
  r.host = host_;
  r.page = page;
  r.kind = kind;
  r.std_merged = form_ == page_form;
  r.soft = soft;
  r.date = kStart + static_cast<int64_t>(rng_.Below(static_cast<uint64_t>(kEnd - kStart + 1)));
  r.file = static_cast<int>(rng_.Below(static_cast<uint64_t>(files_)));
  ++written_;
  *made = true;
  return out_->Write(r);
}

}  // namespace

base::Status GenerateUrlPatterns(const UrlPatternOptions& options, UrlPatternSummary* summary) {
  Vocabulary vocabulary;
  UrlPatternWriter out(options, options.files, vocabulary, summary);
  if (auto s = out.Open(); !s.ok()) return s;
  Planner planner(options, vocabulary, &out, options.files, summary);
  if (auto s = planner.Run(); !s.ok()) return s;
  return out.Finish();
}

}  // namespace warcgen
