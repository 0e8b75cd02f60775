// Fuzzes the rules file reader, urlrules::RuleSet::Parse, and what a
// parsed rule set does: its text written again, and canonicalisation.
//
// The input is a rules file (warcurlrules(5)) as a person may edit it.
//
// Invariants: an error names its line ("line N: ...", N within the text);
// a parsed set's Format parses again to the same text; applying it to
// sample URLs never fails and ends within the rewrite bound, with the same
// result from the set read back.
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_targets.h"
#include "urlrules/ruleset.h"

namespace fuzz {

int UrlRulesOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto set = urlrules::RuleSet::Parse(text);
  if (!set.ok()) {
    const std::string& m = set.status().message();
    Check(m.rfind("line ", 0) == 0, "error without a line: " + m);
    size_t lines = 1;
    for (char c : text) lines += c == '\n';
    Check(std::stoul(m.substr(5)) <= lines, "line beyond the text: " + m);
    return 0;
  }
  const std::string written = set->Format({});
  auto again = urlrules::RuleSet::Parse(written);
  Check(again.ok(), "written rules do not parse: " + written);
  Check(again->Format({}) == written, "written rules change when read back: " + written);
  static const char* kUrls[] = {
      "http://a.com/print/news/p1.html?trk=x&b=2",
      "https://www.a.com/s(k2j3)/x.html",
      "http://mirror.a.com/",
      "http://b.com/x/y/z/w?a=1&a=2&c",
      "http://360.yahoo.com/friends-lttU7d6kIuGq",
      "http://imdb.com/title/tt0123456/print",
  };
  std::vector<int> chain;
  for (const char* u : kUrls) {
    std::string form = set->Canonicalize(u, &chain);
    Check(chain.size() <= urlrules::RuleSet::kMaxRewrites, "too many rewrites");
    Check(form == again->Canonicalize(u), "the rules read back canonicalise differently");
  }
  return 0;
}

}  // namespace fuzz

#ifndef WARCDEDUP_FUZZ_REPLAY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::UrlRulesOneInput(data, size);
}
#endif
