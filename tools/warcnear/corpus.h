// The records warcnear works on: every record of the signature files read,
// numbered in capture order.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "neardup/sigfile.h"
#include "neardup/similarity.h"
#include "toolcommon/diag.h"

namespace warcnear {

// Every record of the signature files read, in capture order: WARC-Date,
// then WARC file name, then offset (then signature file and position, for
// a record listed twice).
struct Corpus {
  std::vector<std::unique_ptr<neardup::SigFile>> files;
  struct Ref {
    uint32_t file, index;
  };
  std::vector<Ref> refs;
  std::vector<neardup::Doc> docs;  // docs[i] is refs[i]'s record

  neardup::SigRecordView view(size_t i) const { return files[refs[i].file]->record(refs[i].index); }
  const neardup::SigHeader& header() const { return files.front()->header(); }
};

// Opens the inputs; one that cannot be read, or whose settings differ from
// the first readable one's, is reported to diag and left out.
Corpus Load(const std::vector<std::string>& inputs, toolcommon::Diag* diag);

}  // namespace warcnear
