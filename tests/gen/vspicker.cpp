#include "vspicker.h"

#include <algorithm>
#include <cmath>

namespace warcgen {
namespace {

constexpr size_t kHistory = 4096;
constexpr int64_t kStart = 1230768000;  // 2009-01-01T00:00:00Z: the first crawl
constexpr int64_t kEnd = 1325375999;    // 2011-12-31T23:59:59Z: the last
constexpr int64_t kDay = 86400;
constexpr uint32_t kMaxVersions = 16;
constexpr size_t kMaxWords = 1600;  // a page this long grows no more

const char* const kLabels[] = {"news", "www", "blog", "archive", "politics", "library"};
const char* const kSections[] = {"news", "business", "sport", "culture", "opinion", "debates"};

// Site i's host. Even sites come three to a registered domain
// (news-0.example-0.co.uk, politics-4.example-0.co.uk, ...), odd ones have
// their own (www-1.example-1.org).
std::string HostOf(int i) {
  std::string host = std::string(kLabels[i % 6]) + "-" + std::to_string(i) + ".example-";
  if (i % 2 == 0) return host + std::to_string(i / 6) + ".co.uk";
  return host + std::to_string(i) + ".org";
}

void ReplaceAll(std::string* s, const std::string& from, const std::string& to) {
  for (size_t at = s->find(from); at != std::string::npos; at = s->find(from, at + to.size()))
    s->replace(at, from.size(), to);
}

}  // namespace

const char* VersionKindName(VersionKind kind) {
  static const char* const kNames[] = {"new",       "unchanged", "edited", "grown",
                                       "rewritten", "absorbs",   "moved"};
  return kNames[static_cast<int>(kind)];
}

VersionPicker::VersionPicker(const VersionedOptions& options, const Vocabulary& vocabulary,
                             Rng* rng)
    : o_(options), v_(vocabulary), rng_(rng) {
  int sites = o_.sites ? o_.sites : static_cast<int>(std::clamp<uint64_t>(o_.docs / 400, 8, 4000));
  for (int i = 0; i < sites; ++i) {
    // The smallest template (some 5 KB), so that records stay a few KB
    // compressed; HTML5 elements, so that the main text is an <article>;
    // the host as above, in the template too.
    Site site;
    do site = MakeSite(v_, i, Script::kLatin, 8000, rng_);
    while (site.layout != 0);
    std::string host = HostOf(i);
    for (std::string* part : {&site.head, &site.top, &site.tags, &site.footer})
      ReplaceAll(part, site.host, host);
    site.host = std::move(host);
    sites_.push_back(std::move(site));
  }
}

const Version& VersionPicker::Next() {
  if (dates_.empty())
    StartPage();
  else
    NextVersion();
  dates_.erase(dates_.begin());
  if (dates_.empty()) {  // the page's last version: a base for later pages
    Ended ended{current_.page, current_.number, current_.site, current_.date,
                current_.text, path_,           false};
    if (ended_.size() < kHistory)
      ended_.push_back(std::move(ended));
    else
      ended_[current_.page % kHistory] = std::move(ended);
  }
  return current_;
}

// The capture times of a page's versions: gaps of 5 days to 6 months,
// squeezed into what is left of 2011 when needed; strictly increasing.
void VersionPicker::PlanDates(int64_t after, uint32_t versions) {
  std::vector<int64_t> gaps(versions - 1);
  int64_t span = 0;
  for (auto& gap : gaps) span += gap = 5 * kDay + static_cast<int64_t>(rng_->Below(175 * kDay));
  int64_t first;
  if (after < 0) {
    first = kStart + static_cast<int64_t>(rng_->Below(static_cast<uint64_t>(kEnd - kStart)));
    if (span > kEnd - first) first = std::max(kStart, kEnd - span);
  } else {
    first = after + 1 + static_cast<int64_t>(rng_->Below(30 * kDay));
    first = std::min(first, kEnd - static_cast<int64_t>(versions));
  }
  double scale = span > kEnd - first ? static_cast<double>(kEnd - first) / span : 1.0;
  dates_.assign(1, first);
  for (int64_t gap : gaps)
    dates_.push_back(dates_.back() + std::max<int64_t>(1, std::llround(gap * scale)));
  // Rounding may overshoot: the last versions a second apart at the end.
  for (uint32_t i = 0; i < versions; ++i)
    dates_[i] = std::min(dates_[i], kEnd - static_cast<int64_t>(versions - 1 - i));
}

// One of the last pages, not yet absorbed or moved, ending early enough
// that a later page fits before 2012; null if 8 draws find none.
VersionPicker::Ended* VersionPicker::DrawBase() {
  for (int tries = 0; tries < 8 && !ended_.empty(); ++tries) {
    Ended& e = ended_[rng_->Below(ended_.size())];
    if (!e.used && e.date < kEnd - 60 * kDay) return &e;
  }
  return nullptr;
}

// Another site: half the time one under the same registered domain, if any.
int VersionPicker::OtherSite(int site) {
  int sites = static_cast<int>(sites_.size());
  if (site % 2 == 0 && rng_->Chance(0.5)) {
    int group = site / 6 * 6, sibling = group + 2 * static_cast<int>(rng_->Below(3));
    if (sibling != site && sibling < sites) return sibling;
  }
  int other = static_cast<int>(rng_->Below(static_cast<uint64_t>(sites - 1)));
  return other >= site ? other + 1 : other;
}

std::string VersionPicker::Uri(int site, const std::string& path) const {
  return (site % 3 == 0 ? "https://" : "http://") + sites_[static_cast<size_t>(site)].host + path;
}

// "/culture/2010/word-word-word-123.html": the page's id keeps it unique.
std::string VersionPicker::NewPath(const MainText& text, int64_t date) {
  std::string path = "/";
  path.append(kSections[rng_->Below(std::size(kSections))]).append("/");
  path.append(std::to_string(2009 + (date - kStart) / (365 * kDay))).append("/");
  for (size_t i = 0; i < text.headline.size() && i < 4; ++i)
    path.append(v_.Spelling(v_.Unaccented(text.headline[i]))).append("-");
  return path.append(std::to_string(next_page_)).append(".html");
}

// About `words` more words, in new paragraphs at the end.
void VersionPicker::AppendParagraphs(size_t words, MainText* text) {
  MainText more = v_.NewText(rng_, text->script, words, false);
  for (auto& p : more.paragraphs) text->paragraphs.push_back(std::move(p));
}

void VersionPicker::StartPage() {
  Version& c = current_;
  c = Version();
  c.page = next_page_;
  uint32_t versions = 1;
  double more = 1 - 1 / o_.versions_per_url;  // geometric: the mean is versions_per_url
  while (versions < kMaxVersions && rng_->Chance(more)) ++versions;
  double r = rng_->Unit();
  Ended* base = r < o_.absorb_rate + o_.move_rate ? DrawBase() : nullptr;
  if (base) {
    base->used = true;
    c.kind = r < o_.absorb_rate ? VersionKind::kAbsorbs : VersionKind::kMoved;
    c.base_page = static_cast<int64_t>(base->page);
    c.base_number = base->number;
    PlanDates(base->date, versions);
  } else {
    PlanDates(-1, versions);
  }
  c.date = dates_.front();
  if (c.kind == VersionKind::kMoved) {
    c.site = OtherSite(base->site);
    c.text = base->text;
    path_ = base->path;
  } else {
    c.site = base ? base->site : static_cast<int>(rng_->Below(sites_.size()));
    const Site& site = sites_[static_cast<size_t>(c.site)];
    size_t words = base ? 1 : 150 + rng_->Below(301);  // absorbs: the headline is what counts
    auto text = std::make_shared<MainText>(v_.NewText(rng_, Script::kLatin, words, site.accents));
    if (base) {  // a new headline over the base's paragraphs, and more after them
      text->paragraphs = base->text->paragraphs;
      AppendParagraphs(base->text->ParagraphWords() * (100 + rng_->Below(150)) / 100, text.get());
    }
    c.text = std::move(text);
    path_ = NewPath(*c.text, c.date);
  }
  c.uri = Uri(c.site, path_);
  c.view.seed = rng_->Next();
  c.view.comments = static_cast<uint32_t>(rng_->Below(2));
  c.view.ad_seed = rng_->Next();
  c.view.published = c.date - static_cast<int64_t>(rng_->Below(2 * kDay));
  c.view.views = static_cast<uint32_t>(rng_->Below(1000));
  ++next_page_;
}

void VersionPicker::NextVersion() {
  Version& c = current_;
  c.base_page = static_cast<int64_t>(c.page);
  c.base_number = c.number++;
  c.date = dates_.front();
  c.view.views += static_cast<uint32_t>(1 + rng_->Below(5000));
  c.view.ad_seed = rng_->Next();
  double total = o_.unchanged + o_.edited + o_.grown + o_.rewritten;
  double x = rng_->Unit() * total;
  c.kind = x < o_.unchanged                          ? VersionKind::kUnchanged
           : x < o_.unchanged + o_.edited            ? VersionKind::kEdited
           : x < o_.unchanged + o_.edited + o_.grown ? VersionKind::kGrown
                                                     : VersionKind::kRewritten;
  size_t words = c.text->ParagraphWords();
  if (c.kind == VersionKind::kGrown && words > kMaxWords) c.kind = VersionKind::kEdited;
  if (c.kind == VersionKind::kUnchanged) return;
  auto text = std::make_shared<MainText>(*c.text);
  if (c.kind == VersionKind::kEdited) {
    v_.Substitute(rng_, static_cast<uint32_t>(1 + rng_->Below(3)), text.get());
    v_.Insert(rng_, static_cast<uint32_t>(rng_->Below(2)), text.get());
    v_.Delete(rng_, static_cast<uint32_t>(rng_->Below(2)), text.get());
  } else if (c.kind == VersionKind::kGrown) {
    AppendParagraphs(words * (60 + rng_->Below(140)) / 100, text.get());
  } else {  // rewritten: the headline stays
    MainText fresh = v_.NewText(rng_, Script::kLatin, std::max<size_t>(words, 150), false);
    text->paragraphs = std::move(fresh.paragraphs);
  }
  c.text = std::move(text);
}

}  // namespace warcgen
