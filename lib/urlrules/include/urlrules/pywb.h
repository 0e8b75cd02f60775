// The rules in the form of pywb 2.x's rules.yaml (pywb/rules.yaml,
// read by pywb/warcserver/index/fuzzymatcher.py), for curators to review
// before anything is copied into a replay configuration.
//
// pywb's fuzzy lookup runs when an exact lookup fails: the first rule whose
// url_prefix (a SURT prefix) and match regex fit the request; it searches
// the captures under the requested URL up to its '?', keeping those that
// hold every captured group (`find_all`: every match is one). So it can say
// only what rules that drop arguments say: the rule's path kept as it is
// ("/**?trk=*&*" copied as "${**}?${*}", "/list?trk=x&*" as "${1}?${*}")
// becomes a lookup that captures every argument but the dropped ones, under
// the rule's host and literal leading components. The lookup fires for any
// URL under that prefix with arguments: the dropped arguments are ignored
// wherever they are. Rules that change the path or the host (print
// versions, session ids in the path, aliases) cannot be a fuzzy lookup:
// they are written as comments, with why.
#pragma once

#include <string>

#include "urlrules/ruleset.h"

namespace urlrules {

std::string FormatPywb(const RuleSet& rules);

}  // namespace urlrules
