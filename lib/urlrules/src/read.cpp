#include "urlrules/read.h"

#include <string_view>

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
      ++counts->bad_lines;
      bad_line("line " + std::to_string(reader.line_number()) +
               ": expected 7 or 10 fields (warccollres or warcsumproc: records proved identical), "
               "found 6");
      continue;
    }
    if (e.length < options.min_length || EmptyPayload(e.digest)) {
      ++counts->small;
      continue;
    }
    corpus->Add(e.uri, e.digest, e.ext);
    ++counts->records;
  }
}

}  // namespace urlrules
