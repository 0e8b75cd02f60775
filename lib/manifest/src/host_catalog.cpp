#include "manifest/host_catalog.h"

#include <algorithm>
#include <map>

#include "manifest/reader.h"

namespace manifest {
namespace {

std::string LineText(uint64_t line) { return "line " + std::to_string(line); }

}  // namespace

int64_t HostCatalog::Find(const std::string& file) const {
  auto it = files.find(file);
  return it == files.end() ? -1 : static_cast<int64_t>(it->second);
}

const std::string* HostCatalog::UrlPrefix(const std::string& file) const {
  auto it = url_prefixes.find(file);
  return it == url_prefixes.end() ? nullptr : &it->second;
}

base::Result<HostCatalog> ReadHostCatalog(base::ByteSource* source) {
  manifest::LineReader lines(source);
  std::map<std::string, std::pair<std::string, uint64_t>> host_of;  // file -> (host, line)
  std::map<std::string, std::string> prefix_of;                     // file -> URL prefix
  std::string line;
  while (lines.Next(&line)) {
    const std::string where = LineText(lines.line_number());
    std::vector<std::string> fields;
    size_t pos = 0;
    auto blank = [](char c) {
      return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
    };
    for (;;) {
      while (pos < line.size() && blank(line[pos])) ++pos;
      if (pos == line.size() || line[pos] == '#') break;
      size_t end = pos;
      while (end < line.size() && !blank(line[end])) ++end;
      fields.push_back(line.substr(pos, end - pos));
      pos = end;
    }
    if (fields.empty()) continue;
    if (fields.size() != 2 && fields.size() != 3)
      return base::Status::InvalidArgument(where +
                                           ": expected \"filename host [url-prefix]\", found " +
                                           std::to_string(fields.size()) + " fields");
    std::string prefix = fields.size() == 3 ? fields[2] : "";
    if (!prefix.empty() && prefix.compare(0, 7, "http://") != 0 &&
        prefix.compare(0, 8, "https://") != 0)
      return base::Status::InvalidArgument(where + ": URL prefix \"" + prefix +
                                           "\" is not an http:// or https:// URL");
    const std::string& host = fields[1];
    // A NUL would end the file name early: "a\0x" and "a\0y" both write "PREFIX.a".
    if (host.find('\0') != std::string::npos)
      return base::Status::InvalidArgument(where +
                                           ": host holds a NUL byte (cannot be in a file name)");
    if (host.find('/') != std::string::npos || host[0] == '.' ||
        (host.size() >= 4 && host.compare(host.size() - 4, 4, ".tmp") == 0))
      return base::Status::InvalidArgument(
          where + ": host \"" + host +
          "\" cannot end an output file name (no '/', no leading '.', no \".tmp\" ending)");
    auto [it, fresh] = host_of.emplace(fields[0], std::make_pair(host, lines.line_number()));
    if (!fresh && it->second.first != host)
      return base::Status::InvalidArgument(where + ": file \"" + fields[0] + "\" has host \"" +
                                           host + "\" here and \"" + it->second.first + "\" on " +
                                           LineText(it->second.second));
    auto [at, first] = prefix_of.emplace(fields[0], prefix);
    if (!first && at->second != prefix)
      return base::Status::InvalidArgument(where + ": file \"" + fields[0] +
                                           "\" has URL prefix \"" + prefix + "\" here and \"" +
                                           at->second + "\" on " + LineText(it->second.second));
  }
  if (!lines.status().ok()) return lines.status();
  if (host_of.empty()) return base::Status::InvalidArgument("no \"filename host\" lines");
  HostCatalog catalog;
  for (const auto& [file, host] : host_of) catalog.hosts.push_back(host.first);
  std::sort(catalog.hosts.begin(), catalog.hosts.end());
  catalog.hosts.erase(std::unique(catalog.hosts.begin(), catalog.hosts.end()), catalog.hosts.end());
  for (const auto& [file, host] : host_of) {
    auto at = std::lower_bound(catalog.hosts.begin(), catalog.hosts.end(), host.first);
    catalog.files.emplace(file, static_cast<uint32_t>(at - catalog.hosts.begin()));
  }
  for (auto& [file, prefix] : prefix_of)
    if (!prefix.empty()) catalog.url_prefixes.emplace(file, std::move(prefix));
  return catalog;
}

}  // namespace manifest
