// Pair-wise rules (Koppula et al., section 4): in a cluster of duplicates,
// one URL is the target and every other URL a source; the rule of a pair
// says how the source becomes the target, with references to the source's
// components, deep tokens and arguments wherever the target holds them.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "urlrules/rule.h"
#include "urlrules/tokens.h"

namespace urlrules {

// Target selection: the most canonical-looking URL of a cluster, that is
// static (fewest query arguments), short (fewest path components, then
// fewest bytes), then first in byte order. (The paper's "fewest hops from
// the home page" needs the crawl's link graph, which a manifest lacks.)
// Returns the index of the target in urls; REQUIRES: urls not empty.
size_t SelectTarget(const std::vector<UrlTokens>& urls);

// Sources in the order they are used: each distinct shape (host, number of
// components, argument names) first, then the rest; at most max_sources.
std::vector<size_t> SelectSources(const std::vector<UrlTokens>& urls, size_t target,
                                  size_t max_sources);

// How source becomes target, with the source's delimiters d.
Template MakeTemplate(const UrlTokens& source, const UrlTokens& target, const Delimiters& d);

// The shape of a source: "host\tcomponents\targ,names": pair-wise rules
// are generalised shape by shape.
std::string ShapeKey(const UrlTokens& u);

}  // namespace urlrules
