#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "toolcommon/diag.h"
#include "toolcommon/io.h"
#include "urlrules/corpus.h"
#include "urlrules/read.h"
#include "urlrules/ruleset.h"
#include "warcurlrules.h"

namespace warcurlrules {

// Reads o.inputs (-r, '-' lists) into corpus and finishes it; errors go to
// diag. False when no manifest was listed.
bool ReadManifests(const Options& o, urlrules::UrlCorpus* corpus, urlrules::ReadCounts* counts,
                   toolcommon::Diag* diag);
bool LoadRules(const std::string& path, urlrules::RuleSet* rules, toolcommon::Diag* diag);
// Calls block with the non-empty lines of each input in turn (stdin when
// none), about 8 MB of them at a time, read in one piece. False when an
// input could not be read.
bool ForEachUrlBlock(const std::vector<std::string>& inputs, bool show_progress,
                     toolcommon::Diag* diag,
                     const std::function<void(const std::vector<std::string_view>&)>& block);
// text into path ('-': stdout), through a temporary file renamed into place.
base::Status WriteWhole(const std::string& path, const std::string& text);

}  // namespace warcurlrules
