// The rules in the form of pywb 2.x's rules.yaml (pywb/rules.yaml,
// read by pywb/warcserver/index/fuzzymatcher.py), for curators to review
// before anything is copied into a replay configuration.
//
// pywb's fuzzy lookup runs when an exact lookup fails: the first rule whose
// url_prefix (a SURT prefix) and match regex fit the request; its captured
// groups become CDX filters, `find_all` makes every match one. What it can
// say of our rules:
//  - arguments that do not matter (a context "/**?trk=*&*" copied as
//    "${**}?${*}"): `match` captures every other argument, `find_all: true`;
//  - a rule of one host whose target keeps some of the URL's pieces: `match`
//    captures the pieces the target keeps (the components and arguments it
//    refers to), so a capture holding them is found.
// Host aliases and targets made of literals only cannot be a fuzzy lookup:
// they are written as comments, with why.
#pragma once

#include <string>

#include "urlrules/ruleset.h"

namespace urlrules {

std::string FormatPywb(const RuleSet& rules);

}  // namespace urlrules
