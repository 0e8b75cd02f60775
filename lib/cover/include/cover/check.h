// warccover --check: a cover file verified against the signature files and
// the expression, independently of how it was made: every record has one
// line with its own key, every covered record's coverer is a kept record,
// the expression holds for the pair exactly, and the printed measures are
// the recomputed ones.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "cover/expr.h"
#include "neardup/sig_corpus.h"

namespace cover {

struct CheckResult {
  uint64_t lines = 0, kept = 0, covered = 0;
  uint64_t problems = 0;
  // The first problems, each "COVER:LINE: what" (or "COVER: what").
  std::vector<std::string> messages;
};

// Reads the cover file at path. attrs[i] are corpus.docs[i]'s attributes.
// A file that cannot be read is one problem.
CheckResult CheckCover(const std::string& path, const neardup::SigCorpus& corpus,
                       std::span<const Attrs> attrs, const Expr& expr);

}  // namespace cover
