// What each page of the near-duplicate corpus is: a new page on a site, or
// an earlier page changed by an Op; and how it is delivered (charset, where
// the charset is declared, Content-Encoding, chunked framing).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ndencode.h"
#include "ndsite.h"
#include "ndtext.h"
#include "neardup.h"
#include "rng.h"

namespace warcgen {

// Where the charset is declared. kConflict: the HTTP header says the right
// charset, the <meta> a wrong one (the header wins, as HTML says).
enum class Declared : uint8_t { kBoth, kHttp, kMeta, kHttpEquiv, kNone, kConflict, kBom };
const char* DeclaredName(Declared declared);

struct Delivery {
  std::string charset;  // utf-8, windows-1252, iso-8859-1, shift_jis, euc-jp
  Declared declared = Declared::kBoth;
  Coding coding = Coding::kIdentity;
  bool chunked = false;
};

struct Page {
  uint64_t id = 0;
  Op op = Op::kNew;
  int64_t base = -1;   // the page it was derived from
  std::string detail;  // the op's parameters: "rate=0.0213 n=14"
  int site = 0;
  std::shared_ptr<const MainText> text;
  PageView view;
  Delivery delivery;
  std::string uri;
};

class PagePicker {
 public:
  // REQUIRES: options checked; vocabulary and rng outlive the picker.
  PagePicker(const NearDupOptions& options, const Vocabulary& vocabulary, Rng* rng);

  // The next page (id = pages drawn so far); remembered as a later base.
  const Page& Next();
  const Site& site(int i) const { return sites_[static_cast<size_t>(i)]; }

 private:
  Page NewPage(uint64_t id);
  Page Derive(const Page& base, Op op, uint64_t id);
  void EditWords(Op op, Page* page);
  PageView NewView(uint64_t id);
  Delivery NewDelivery(const Site& site);
  std::string NewUri(const Site& site, const MainText& text, uint64_t id);
  Op DrawOp();

  const NearDupOptions& o_;
  const Vocabulary& v_;
  Rng* rng_;
  std::vector<Site> sites_;
  std::vector<int> latin_sites_, japanese_sites_;
  std::vector<Page> history_;  // a ring of the last pages
  uint64_t next_id_ = 0;
  double op_total_ = 0;
};

}  // namespace warcgen
