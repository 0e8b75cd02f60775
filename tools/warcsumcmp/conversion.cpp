#include "conversion.h"

#include "manifest/entry.h"
#include "manifest/fields.h"
#include "warc/record.h"

namespace warcsumcmp {

std::string_view FileStem(std::string_view file) {
  // No suffix ends another, so their order does not matter.
  for (std::string_view suffix : {".arc.gz", ".warc.gz", ".arc", ".warc"}) {
    if (file.size() > suffix.size() && file.ends_with(suffix))
      return file.substr(0, file.size() - suffix.size());
  }
  return file;
}

std::string UriKey(std::string_view uri) {
  // Without a '%' the field is its raw value and holds no byte that
  // TargetUriOfArcUrl would encode: the key is the field (the common case).
  if (uri.find('%') == std::string_view::npos) return std::string(uri);
  return manifest::EncodeField(warc::TargetUriOfArcUrl(manifest::DecodeField(uri)));
}

base::Status StemFiles::Add(std::string_view file) {
  if (file == last_file_) return base::Status::Ok();
  last_file_ = std::string(file);
  manifest::JoinFields({FileStem(file), file}, &record_);
  return sorter_.Add(record_);
}

base::Status StemFiles::Check(const std::string& name, const char* role) {
  if (auto s = sorter_.Finish(); !s.ok()) return s;
  std::string previous, record;
  while (sorter_.Next(&record)) {
    std::string_view stem = manifest::LeadingFields(record, 1);
    if (!previous.empty() && record != previous && stem == manifest::LeadingFields(previous, 1)) {
      return base::Status::InvalidArgument(
          name + " (" + role + "): the stem " + std::string(stem.substr(0, stem.size() - 1)) +
          " names two files, " + std::string(manifest::FieldsAfter(previous, 1)) + " and " +
          std::string(manifest::FieldsAfter(record, 1)) +
          " (a conversion check matches files by stem: see warcsumcmp(1))");
    }
    previous = std::move(record);
  }
  return sorter_.status();
}

}  // namespace warcsumcmp
