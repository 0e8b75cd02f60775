// The host catalog (warcsumsplit --by-host CATALOG): which host holds each
// WARC file, so that a manifest can be cut into one partition per host.
// Documented in warchostcatalog(5). Lines:
//
//   FILENAME HOST [URL-PREFIX]   the manifest's file field, the host's name,
//                                and where the file is served: its URL is
//                                URL-PREFIX + file name (warccollres and
//                                warcrefs --catalog fetch it from there)
//
// separated by blanks (spaces, tabs, CR, VT, FF); '#' starts a comment
// that runs to the end of the line; blank lines are skipped. A file listed
// twice must name the same host (and URL prefix) both times. Host names end output file
// names (PREFIX.HOST), so they may not hold '/' or a NUL byte, start with
// '.' or end in ".tmp".
//
//   auto catalog = manifest::ReadHostCatalog(&source);
//   if (!catalog.ok()) return catalog.status().WithPrefix(path);
//   int64_t host = catalog->Find(entry.file);  // -1: not listed
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/source.h"
#include "base/status.h"

namespace manifest {

struct HostCatalog {
  std::vector<std::string> hosts;                   // sorted, unique
  std::unordered_map<std::string, uint32_t> files;  // file field -> index in hosts
  // file field -> URL prefix, for the lines that give one.
  std::unordered_map<std::string, std::string> url_prefixes;
  // The host index of a file field, or -1.
  int64_t Find(const std::string& file) const;
  // The URL prefix of a file field, or nullptr.
  const std::string* UrlPrefix(const std::string& file) const;
};

// Reads a whole catalog. Errors are "line N: ..." (the caller adds the
// catalog's name), or "no \"filename host\" lines" for a catalog without any.
base::Result<HostCatalog> ReadHostCatalog(base::ByteSource* source);

}  // namespace manifest
