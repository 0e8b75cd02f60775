// What each record of the versioned corpus is: the next version of the
// current page (a URL), or the first version of a new page, which may
// absorb or move an earlier page's last version. Pages are made one after
// another, each with its whole chain of versions, dated 2009-2011.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ndsite.h"
#include "ndtext.h"
#include "rng.h"
#include "versioned.h"

namespace warcgen {

enum class VersionKind : uint8_t {
  kNew,        // a new page with a new text, related to no earlier page
  kUnchanged,  // a re-crawl: the same text (view counter and ads change)
  kEdited,     // a few words inserted, deleted or replaced
  kGrown,      // paragraphs appended: the base lies in it, Jaccard is low
  kRewritten,  // the same headline over a new text: not covered
  kAbsorbs,    // a new page on the base's site: a new headline over the
               // base's paragraphs and as many again, or more
  kMoved,      // the base's text on another site, at the same path
};
const char* VersionKindName(VersionKind kind);

struct Version {
  uint64_t page = 0;    // 0, 1, ...: one URL
  uint32_t number = 1;  // 1, 2, ... within the page
  VersionKind kind = VersionKind::kNew;
  int64_t base_page = -1;  // the record derived from: page and number
  uint32_t base_number = 0;
  int site = 0;
  int64_t date = 0;  // capture time, seconds since 1970
  std::shared_ptr<const MainText> text;
  PageView view;
  std::string uri;
};

class VersionPicker {
 public:
  // REQUIRES: vocabulary and rng outlive the picker.
  VersionPicker(const VersionedOptions& options, const Vocabulary& vocabulary, Rng* rng);

  // The next record; `pages()` counts the pages begun so far.
  const Version& Next();
  const Site& site(int i) const { return sites_[static_cast<size_t>(i)]; }
  uint64_t pages() const { return next_page_; }

 private:
  struct Ended {  // a finished page's last version, a base for later pages
    uint64_t page;
    uint32_t number;
    int site;
    int64_t date;
    std::shared_ptr<const MainText> text;
    std::string path;  // the URL's path, kept by a move
    bool used;
  };

  void StartPage();
  void NextVersion();
  void PlanDates(int64_t after, uint32_t versions);
  Ended* DrawBase();
  int OtherSite(int site);
  std::string Uri(int site, const std::string& path) const;
  std::string NewPath(const MainText& text, int64_t date);
  void AppendParagraphs(size_t words, MainText* text);

  const VersionedOptions& o_;
  const Vocabulary& v_;
  Rng* rng_;
  std::vector<Site> sites_;
  std::vector<Ended> ended_;  // a ring of the last pages
  Version current_;
  std::string path_;            // the current page's
  std::vector<int64_t> dates_;  // the current page's capture times, oldest first
  uint64_t next_page_ = 0;
};

}  // namespace warcgen
