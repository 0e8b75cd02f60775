// The --urlpatterns corpus's URLs: a page's canonical URL on its host, the
// pages of a trap (the same URL but for an argument that changes the
// content), the other spellings of a page by the host's patterns, and the
// unrelated URLs a host answers with its soft-404 or redirect page.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ndtext.h"
#include "rng.h"
#include "urlpathost.h"

namespace warcgen {

// A URL in pieces, so that patterns can change one piece.
struct UrlParts {
  std::string scheme, host, port;
  std::vector<std::string> segments;  // the path's, without '/'
  bool dir = false;                   // the path ends in '/'
  std::vector<std::pair<std::string, std::string>> query;

  // "scheme://host[:port]/seg/seg[/][?k=v&k=v]" into *out (replaced).
  void Spell(std::string* out) const;
};

class HostUrls {
 public:
  // REQUIRES: host and vocabulary outlive this.
  HostUrls(const HostStyle& host, const Vocabulary& vocabulary) : h_(host), v_(vocabulary) {}

  // The canonical URL of the host's page number `local` (0, 1, ...): its
  // numeric ids grow with `local`, its slugs carry random tokens.
  UrlParts Canonical(uint64_t local, Rng* rng) const;
  // Trap page d of a group whose first page has canonical URL `base`: d = 0
  // gives the first page itself, but for kDual (a /compare/ page with the
  // host's first tracking name as a content argument: its value item); d =
  // 1, 2, 3 the pages that differ from it by one argument's value.
  // REQUIRES: h_.trap != kNone, d <= 3.
  UrlParts Trap(const UrlParts& base, int d, uint64_t item) const;
  // Another spelling of the page at `canonical` by 1-3 of the host's
  // patterns that apply to it; *kind gets their names joined by '+'. False
  // when none applies.
  bool Variant(const UrlParts& canonical, Rng* rng, UrlParts* out, std::string* kind) const;
  // The n-th unrelated URL (a dead link, a page behind a login) that the
  // host answers with its soft page. REQUIRES: h_.soft != kNone.
  UrlParts Soft(uint64_t n, Rng* rng) const;

 private:
  bool Applies(Pattern p, const UrlParts& canonical) const;
  void Apply(Pattern p, Rng* rng, UrlParts* url) const;
  void ChangeCase(Rng* rng, UrlParts* url) const;
  void AddTracking(Rng* rng, UrlParts* url) const;
  std::string SessionId(Rng* rng) const;
  std::string Slug(Rng* rng) const;
  UrlParts Root() const;

  const HostStyle& h_;
  const Vocabulary& v_;
};

}  // namespace warcgen
