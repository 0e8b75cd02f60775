// The originals a manifest's copies name. A copy becomes a revisit only when
// the original it names exists and holds an identical payload: a manifest
// travels between hosts and hands, and a wrong line would destroy the only
// capture of a payload. Each original is read once, before any file is
// rewritten (rewriting shifts offsets), and only the SHA-256 of its payload
// is kept; the copy's payload is hashed when it is converted (Inspect) and
// compared with it.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "dedup/splice.h"
#include "fetch/range_source.h"
#include "manifest/entry.h"
#include "manifest/kept.h"
#include "warc/digest.h"
#include "warc/revisit.h"

namespace warcrefs {

// The originals (copy-1 lines) of a manifest, by digest and extension: a
// copy whose group's original is in the manifest must name that one. (A
// manifest split by host may hold a group's copies without its original.)
// What --trust-manifest checks.
class OriginalIndex {
 public:
  void Add(const manifest::Entry& original);
  void Seal();  // once, after the last Add
  // Empty when the copy's group has no original in the manifest; otherwise
  // whether the copy's ref-uri and ref-date name it.
  std::optional<bool> NamesItsOriginal(const manifest::Entry& copy) const;

 private:
  // (hash of digest and extension, hash of uri and date): 16 bytes per original.
  std::vector<std::pair<uint64_t, uint64_t>> originals_;
};

// Where originals are read: the input files (by base name), then the -d
// directories, or a remote store (--url-prefix, --db).
struct OriginalPlaces {
  std::map<std::string, std::string> inputs;  // base name -> path
  std::set<std::string> ambiguous;            // base names of several inputs
  std::vector<std::string> dirs;
  fetch::RangeSource* remote = nullptr;  // may be null
  // The files --referenced names damaged (real paths, and base names, as
  // DamagedInputs matches them): an original in one is not verified.
  std::set<std::string> damaged_real, damaged_base;
};

using DigestSpelling = warc::PayloadDigestSpelling;

// Why a copy is not converted (kUnknown: it may be).
using OriginalVerdict = dedup::OriginalVerdict;

struct Outcome;

// The originals some copy names, with the SHA-256 of their payloads.
// Memory: 64 bytes per distinct original while it is looked up (and 8 more
// while it is read), plus each file name once.
class VerifiedOriginals {
 public:
  // A copy-1 line some copy names. REQUIRES: added in manifest (file,
  // offset) order, before ReadAll.
  void Add(const manifest::Entry& original);
  size_t size() const { return originals_.size(); }
  // Reads every original, in file and offset order, then seals the set for
  // Check. Returns how many could not be verified (missing or unreadable).
  uint64_t ReadAll(const OriginalPlaces& places);
  // Whether `copy`, whose payload has this SHA-256, may become a revisit of
  // the original it names. Thread-safe after ReadAll.
  OriginalVerdict Check(const manifest::Entry& copy, const warc::Digest& sha256) const;

  // kUnusable: read, but a revisit could not name it (its stored digest's
  // spelling); kDamagedFile: in a file --referenced says is damaged.
  enum class State : uint8_t { kUnread, kOk, kMissing, kUnverified, kUnusable, kDamagedFile };

 private:
  struct Original {
    uint64_t group;   // KeyOf(digest, ext)
    uint64_t named;   // KeyOf(uri, date)
    uint64_t offset;  // as in the manifest
    uint32_t file;    // index into files_
    State state;
    DigestSpelling spelling;
    // kOk: the payload's SHA-256; otherwise the first 4 bytes index reasons_.
    std::array<uint8_t, 32> sha;
  };
  class Reader;
  void Take(Original* o, const Outcome& r, const std::string& where);
  void Fail(Original* o, State state, const std::string& why);
  std::string Where(const Original& o) const;

  std::vector<Original> originals_;
  std::vector<uint64_t> lengths_;     // while reading: parallel to originals_
  std::vector<std::string> files_;    // file fields, in manifest order
  std::vector<std::string> reasons_;  // why originals failed (distinct, bounded)
  std::map<std::string, uint32_t> reason_ids_;
};

}  // namespace warcrefs
