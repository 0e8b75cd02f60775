#include "original_read.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstring>

#include "manifest/entry.h"
#include "manifest/references.h"
#include "warc/payload.h"
#include "warc/revisit.h"

namespace warcrefs {

bool IsFile(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

uint64_t NamedKey(const warc::Record& record) {
  return manifest::KeyOf(
      {manifest::EncodeField(record.TargetUri()), manifest::EncodeField(record.Date())});
}

// Hashes the payload of the record `reader` just returned (`before`: the
// problems reported until then).
Outcome HashPayload(warc::RecordReader* reader, const warc::Record& record,
                    const ErrorKeeping& source, const Problems& problems, uint64_t before) {
  Outcome out;
  warc::Hasher hasher(warc::DigestAlgorithm::kSha256), sha1(warc::DigestAlgorithm::kSha1);
  warc::PayloadStream payload(reader, record);
  std::string_view piece;
  while (payload.Next(&piece)) hasher.Update(piece), sha1.Update(piece);
  uint64_t length = 0;
  bool complete = reader->Finish(&length);
  if (!source.error.ok()) return {Outcome::kFetchFailed, source.error.message()};
  if (!complete || problems.count > before)
    return {Outcome::kDamaged,
            "damaged: " + (problems.count > before ? problems.last : "not read completely")};
  warc::Digest digest = hasher.Final();
  std::memcpy(out.sha.data(), digest.bytes.data(), std::min<size_t>(32, digest.bytes.size()));
  auto spelling = warc::PayloadDigestSpellingOf(record.headers.First("WARC-Payload-Digest"),
                                                sha1.Final(), &out.why);
  if (!spelling) out.kind = Outcome::kUnusable;
  out.spelling = spelling.value_or(DigestSpelling::kBase32);
  return out;
}

// Reads the original that should start the range [offset, offset + length):
// a response record (what warcsum lists; not the request before it, say)
// with the URI and date it is named by.
Outcome ReadAt(base::ByteSource* range, uint64_t offset, uint64_t length, uint64_t named) {
  ErrorKeeping source(range);
  Problems problems;
  gzmulti::ReaderOptions options;
  options.start_offset = offset;
  options.limit = length;
  warc::RecordReader reader(&source, options, &problems);
  warc::Record record;
  if (!reader.Next(&record)) {
    if (!source.error.ok()) return {Outcome::kFetchFailed, source.error.message()};
    return {Outcome::kNotHere, "no record starts there"};
  }
  if (record.offset != offset) return {Outcome::kNotHere, "no record starts there"};
  if (record.type != warc::kResponse || NamedKey(record) != named)
    return {Outcome::kNotHere,
            std::string(record.type == warc::kRevisit    ? "a revisit"
                        : record.type != warc::kResponse ? "a record not a response"
                                                         : "another record") +
                " is there (uri \"" + manifest::EncodeField(record.TargetUri()) + "\", date \"" +
                manifest::EncodeField(record.Date()) + "\")"};
  return HashPayload(&reader, record, source, problems, problems.count);
}

}  // namespace warcrefs
