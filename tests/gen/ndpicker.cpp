#include "ndpicker.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace warcgen {
namespace {

constexpr size_t kHistory = 4096;
constexpr size_t kShortWords = 120;     // a short item's words, at most
constexpr int64_t kEpoch = 1420070400;  // 2015-01-01T00:00:00Z: the first page's timestamp

// Fraction of words edited: spread around the 5-word-shingle J = 0.8 boundary
// (about 2% of words), with a tail to 30%.
double EditRate(Rng* rng) {
  double u = rng->Unit(), x = rng->Unit();
  if (u < 0.45) return 0.001 + 0.019 * x;
  if (u < 0.75) return 0.02 + 0.03 * x;
  if (u < 0.9) return 0.05 + 0.07 * x;
  return 0.12 + 0.18 * x;
}

std::string Format(const char* format, double a, double b = 0) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, a, b);
  return buf;
}

}  // namespace

const char* DeclaredName(Declared declared) {
  static const char* const kNames[] = {"both", "http",     "meta", "http-equiv",
                                       "none", "conflict", "bom"};
  return kNames[static_cast<int>(declared)];
}

PagePicker::PagePicker(const NearDupOptions& options, const Vocabulary& vocabulary, Rng* rng)
    : o_(options), v_(vocabulary), rng_(rng) {
  int sites = o_.sites ? o_.sites : static_cast<int>(std::clamp<uint64_t>(o_.pages / 40, 8, 5000));
  for (int i = 0; i < sites; ++i) {
    // One site in 20 is Japanese, the fourth among the first 20 included.
    Script script = i % 20 == 3 ? Script::kJapanese : Script::kLatin;
    double scale = 0.6 + 0.8 * rng_->Unit();
    sites_.push_back(MakeSite(v_, i, script, static_cast<uint32_t>(o_.page_size * scale), rng_));
    (script == Script::kJapanese ? japanese_sites_ : latin_sites_).push_back(i);
  }
  for (int op = 1; op < kOpCount; ++op) op_total_ += o_.op_weights[op];
}

Op PagePicker::DrawOp() {
  double x = rng_->Unit() * op_total_;
  for (int op = 1; op < kOpCount; ++op) {
    x -= o_.op_weights[op];
    if (x < 0 && o_.op_weights[op] > 0) return static_cast<Op>(op);
  }
  for (int op = kOpCount - 1;; --op)
    if (o_.op_weights[op] > 0) return static_cast<Op>(op);
}

const Page& PagePicker::Next() {
  uint64_t id = next_id_++;
  Page page;
  if (!history_.empty() && rng_->Chance(o_.derived_rate)) {
    Op op = DrawOp();
    const Page* base = &history_[rng_->Below(history_.size())];
    // A trap is drawn on a short page where one is near: there the template
    // outweighs the main text, as on the pages that trapped shingling.
    for (int tries = 0; op == Op::kTrap && base->text->ParagraphWords() > kShortWords && tries < 16;
         ++tries)
      base = &history_[rng_->Below(history_.size())];
    const auto& same_script =
        base->text->script == Script::kJapanese ? japanese_sites_ : latin_sites_;
    if (op == Op::kRetemplate && same_script.size() < 2) op = Op::kRefresh;  // no other site
    page = Derive(*base, op, id);
  } else {
    page = NewPage(id);
  }
  size_t slot = history_.size() < kHistory ? history_.size() : id % kHistory;
  if (slot == history_.size()) history_.emplace_back();
  history_[slot] = std::move(page);
  return history_[slot];
}

PageView PagePicker::NewView(uint64_t id) {
  PageView view;
  view.seed = rng_->Next();
  view.comments = static_cast<uint32_t>(rng_->Below(21));
  view.ad_seed = rng_->Next();
  view.published = kEpoch + static_cast<int64_t>(id * 7 + rng_->Below(86400));
  view.views = static_cast<uint32_t>(rng_->Below(100000));
  return view;
}

Delivery PagePicker::NewDelivery(const Site& site) {
  Delivery d;
  d.charset = site.charset;
  uint64_t r = rng_->Below(100);
  d.declared = r < 40   ? Declared::kBoth
               : r < 60 ? Declared::kHttp
               : r < 78 ? Declared::kMeta
               : r < 86 ? Declared::kHttpEquiv
               : r < 93 ? Declared::kNone
                        : Declared::kConflict;
  if (d.charset == "utf-8" && rng_->Chance(0.1)) d.declared = Declared::kBom;
  r = rng_->Below(100);
  d.coding = r < 50   ? Coding::kIdentity
             : r < 75 ? Coding::kGzip
             : r < 82 ? Coding::kDeflate
             : r < 85 ? Coding::kDeflateRaw
                      : Coding::kBrotli;
  d.chunked = rng_->Chance(0.2);
  return d;
}

std::string PagePicker::NewUri(const Site& site, const MainText& text, uint64_t id) {
  std::string uri = site.id % 3 == 0 ? "https://" : "http://";
  uri.append(site.host);
  static const char* const kSections[] = {"news", "world", "business", "sport", "culture", "blog"};
  uri.append("/").append(kSections[rng_->Below(std::size(kSections))]).append("/2015/");
  if (text.script == Script::kLatin) {
    for (size_t i = 0; i < text.headline.size() && i < 5; ++i) {
      uint32_t word = text.headline[i];
      // The slug is ASCII: an accented word is spelled without its accent.
      uri.append(v_.Spelling(v_.Unaccented(word))).append("-");
    }
  } else {
    uri.append("k");
  }
  return uri.append(std::to_string(id)).append(".html");
}

Page PagePicker::NewPage(uint64_t id) {
  Page page;
  page.id = id;
  page.site = static_cast<int>(rng_->Below(sites_.size()));
  const Site& site = sites_[static_cast<size_t>(page.site)];
  // One page in ten is a short item, where the template outweighs the text.
  size_t words = rng_->Chance(0.1) ? 20 + rng_->Below(kShortWords - 20) : 400 + rng_->Below(601);
  page.text = std::make_shared<MainText>(v_.NewText(rng_, site.script, words, site.accents));
  page.view = NewView(id);
  page.delivery = NewDelivery(site);
  page.uri = NewUri(site, *page.text, id);
  return page;
}

void PagePicker::EditWords(Op op, Page* page) {
  auto text = std::make_shared<MainText>(*page->text);
  double rate = EditRate(rng_);
  auto n = static_cast<uint32_t>(
      std::max(1.0, std::round(rate * static_cast<double>(text->ParagraphWords()))));
  uint32_t ins = op == Op::kInsert ? n : 0, del = op == Op::kDelete ? n : 0;
  uint32_t sub = op == Op::kSubstitute ? n : 0;
  if (op == Op::kEdit) {
    ins = static_cast<uint32_t>(rng_->Below(n + 1));
    del = static_cast<uint32_t>(rng_->Below(n - ins + 1));
    sub = n - ins - del;
  }
  v_.Insert(rng_, ins, text.get());
  v_.Delete(rng_, del, text.get());
  v_.Substitute(rng_, sub, text.get());
  page->text = std::move(text);
  page->detail = Format("rate=%.4f", rate) + " ins=" + std::to_string(ins) +
                 " del=" + std::to_string(del) + " sub=" + std::to_string(sub);
}

Page PagePicker::Derive(const Page& base, Op op, uint64_t id) {
  Page page = base;
  page.id = id;
  page.op = op;
  page.base = static_cast<int64_t>(base.id);
  page.detail.clear();
  const Site* site = &sites_[static_cast<size_t>(base.site)];
  bool same_uri = rng_->Chance(0.6);  // a later capture of the page, or a copy elsewhere
  switch (op) {
    case Op::kInsert:
    case Op::kDelete:
    case Op::kSubstitute:
    case Op::kEdit:
      EditWords(op, &page);
      page.view.published += static_cast<int64_t>(rng_->Below(86400 * 3));
      break;
    case Op::kReorder: {
      auto text = std::make_shared<MainText>(*base.text);
      auto moves = static_cast<uint32_t>(1 + rng_->Below(3));
      ReorderParagraphs(rng_, moves, text.get());
      page.text = std::move(text);
      page.detail = "moves=" + std::to_string(moves);
      break;
    }
    case Op::kTruncate: {
      auto text = std::make_shared<MainText>(*base.text);
      double keep = 0.5 + 0.48 * rng_->Unit();
      size_t words = text->ParagraphWords();
      Truncate(std::min(words - 1, static_cast<size_t>(keep * static_cast<double>(words))),
               text.get());
      page.text = std::move(text);
      page.detail = Format("keep=%.3f", keep);
      break;
    }
    case Op::kRetemplate: {
      const auto& same_script =
          base.text->script == Script::kJapanese ? japanese_sites_ : latin_sites_;
      int other = same_script[rng_->Below(same_script.size())];
      while (other == base.site) other = same_script[rng_->Below(same_script.size())];
      page.site = other;
      site = &sites_[static_cast<size_t>(other)];
      page.view = NewView(id);
      page.delivery = NewDelivery(*site);
      same_uri = false;
      page.detail = "from-site=" + std::to_string(base.site);
      break;
    }
    case Op::kTrap: {
      // As long as the base's text, so that only the words differ.
      size_t words = std::max<size_t>(20, base.text->Words());
      page.text = std::make_shared<MainText>(v_.NewText(rng_, site->script, words, site->accents));
      same_uri = false;
      break;
    }
    case Op::kRefresh:
      page.view.published += static_cast<int64_t>(1 + rng_->Below(86400 * 30));
      page.view.views += static_cast<uint32_t>(1 + rng_->Below(5000));
      page.view.ad_seed = rng_->Next();
      break;
    case Op::kNoise:
      page.view.noise = rng_->Next() | 1;
      break;
    case Op::kRecode: {
      Delivery d = NewDelivery(*site);
      // A Latin site's boilerplate holds characters only its own charset and
      // UTF-8 have; a Japanese site's fit all three Japanese charsets.
      static const char* const kJapanese[] = {"shift_jis", "euc-jp", "utf-8"};
      if (site->script == Script::kJapanese)
        d.charset = kJapanese[rng_->Below(3)];
      else if (rng_->Chance(0.5))
        d.charset = d.charset == "utf-8" ? site->charset : "utf-8";
      if (d.declared == Declared::kBom && d.charset != "utf-8") d.declared = Declared::kBoth;
      page.delivery = d;
      break;
    }
    case Op::kCopy:
    case Op::kNew:
      same_uri = false;
      break;
  }
  if (!same_uri) page.uri = NewUri(*site, *page.text, id);
  return page;
}

}  // namespace warcgen
