// The records warcnear and warccover work on: every record of the
// signature files read, numbered in capture order.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "neardup/sigfile.h"
#include "neardup/similarity.h"

namespace neardup {

// Every record of the signature files read, in capture order: WARC-Date,
// then WARC file name, then offset. Memory per record: refs, keys and docs
// (8 + 16 + 40 bytes); the signature files are mapped, and of them the
// stages read every record's sketch but only the shingles they compare.
struct SigCorpus {
  std::vector<std::unique_ptr<SigFile>> files;
  struct Ref {
    uint32_t file, index;
  };
  // A record's WARC file (its place in names) and offset: what the output
  // prints, kept here so that writing it reads no record of the files.
  struct Key {
    uint64_t offset;
    uint32_t name;
  };
  std::vector<std::string> names;  // the WARC file names, sorted (bytes)
  std::vector<Ref> refs;
  std::vector<Key> keys;
  std::vector<Doc> docs;  // docs[i] is refs[i]'s record

  const SigHeader& header() const { return files.front()->header(); }
  // Gives back the pages of the records read (SigFile::ReleaseRecords).
  void ReleaseRecords() const {
    for (const auto& f : files) f->ReleaseRecords();
  }
  // "file offset", as the output lines start.
  std::string KeyText(size_t i) const {
    return names[keys[i].name] + ' ' + std::to_string(keys[i].offset);
  }
};

// Opens the inputs; one that cannot be read, or whose settings differ from
// the first readable one's, is reported and left out. A record read
// before (the same WARC file and offset, in the same or an earlier
// signature file) is left out too, reported once per pair of signature
// files: "b.sig: 2 records left out: the same WARC records as in a.sig (the
// first: a.warc.gz 100, record 3 here, record 0 there)".
// Errors go to error(message), one call per message.
SigCorpus LoadSigCorpus(const std::vector<std::string>& inputs,
                        const std::function<void(const std::string&)>& error);

}  // namespace neardup
