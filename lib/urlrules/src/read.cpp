#include "urlrules/read.h"

#include <string_view>
#include <vector>

#include "manifest/fields.h"
#include "manifest/reader.h"

namespace urlrules {
namespace {

// Payload digests of the empty payload: every empty page is "identical".
bool EmptyPayload(std::string_view digest) {
  return digest == "sha1:da39a3ee5e6b4b0d3255bfef95601890afd80709" ||
         digest == "md5:d41d8cd98f00b204e9800998ecf8427e" ||
         digest == "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
}

}  // namespace

base::Status ReadClusters(base::ByteSource* source, const ReadOptions& options, UrlCorpus* corpus,
                          ReadCounts* counts,
                          const std::function<void(const std::string&)>& bad_line) {
  manifest::ManifestReader reader(source);
  manifest::Entry e;
  for (;;) {
    switch (reader.Next(&e)) {
      case manifest::ManifestReader::Outcome::kEnd:
        return base::Status::Ok();
      case manifest::ManifestReader::Outcome::kReadError:
        return reader.error();
      case manifest::ManifestReader::Outcome::kBadLine:
        ++counts->bad_lines;
        bad_line(reader.error().message());
        continue;
      case manifest::ManifestReader::Outcome::kEntry:
        break;
    }
    if (!e.has_ext()) {
      // A warcsum manifest, not one line gone wrong: one message, not one a line.
      return base::Status::InvalidArgument("line " + std::to_string(reader.line_number()) +
                                           ": expected 7 or 10 fields (warccollres or warcsumproc: "
                                           "records proved identical), found 6; the rest "
                                           "of this manifest is not read");
    }
    if (e.length < options.min_length || EmptyPayload(e.digest)) {
      ++counts->small;
      continue;
    }
    corpus->Add(e.uri, e.digest, e.ext);
    ++counts->records;
    if (options.near) {
      auto it = options.near->find(e.file + " " + std::to_string(e.offset));
      if (it != options.near->end()) {
        corpus->Add(e.uri, "near:" + it->second, 0);
        ++counts->near;
      }
    }
  }
}

base::Status ReadNearClusters(base::ByteSource* source, NearClusters* near,
                              const std::function<void(const std::string&)>& bad_line) {
  manifest::LineReader lines(source);
  std::string line;
  std::vector<std::string_view> f;
  while (lines.Next(&line)) {
    if (line.empty() || line[0] == '#') continue;
    manifest::SplitFields(line, &f);
    if (f.size() != 6 || f[0].empty() || f[3].empty() ||
        f[1].find_first_not_of("0123456789") != std::string::npos ||
        f[4].find_first_not_of("0123456789") != std::string::npos || f[1].empty() || f[4].empty()) {
      bad_line("line " + std::to_string(lines.line_number()) +
               ": expected \"file offset cluster rep-file rep-offset similarity\" (warcnear "
               "--clusters), found \"" +
               line.substr(0, 200) + "\"");
      continue;
    }
    std::string key(f[0]), rep(f[3]);
    key.append(" ").append(f[1]);
    rep.append(" ").append(f[4]);
    (*near)[key] = rep;  // a representative is in its own cluster
  }
  return lines.status();
}

}  // namespace urlrules
