#include "check.h"

#include "manifest/order.h"
#include "manifest/reader.h"
#include "toolcommon/paths.h"

namespace warcrefs {
using toolcommon::BaseName;

bool CheckManifest(base::ByteSource* source, const std::string& name, toolcommon::Diag* diag,
                   const Inputs& inputs, bool trust, ManifestFacts* facts) {
  manifest::ManifestReader reader(source);
  manifest::Entry entry, previous;
  bool have_previous = false;
  std::string copies_file;  // the file of the last copy line, and whether it is an input
  bool copies_rewritable = false;
  for (;;) {
    auto outcome = reader.Next(&entry);
    if (outcome == manifest::ManifestReader::Outcome::kEnd) return true;
    if (outcome != manifest::ManifestReader::Outcome::kEntry) {
      diag->Error(name + ": " + reader.error().message() + "; nothing rewritten");
      return false;
    }
    std::string where = name + ": line " + std::to_string(reader.line_number()) + ": ";
    if (entry.fields_count != 10) {
      diag->Error(where + "expected a post-processed line (10 fields), found " +
                  std::to_string(entry.fields_count) + " fields; nothing rewritten");
      return false;
    }
    if (have_previous && manifest::CompareFileOrder(previous, entry) > 0) {
      diag->Error(where +
                  "manifest not sorted by file and offset (sort it with LC_ALL=C sort "
                  "-k1,1 -k2,2n); nothing rewritten");
      return false;
    }
    // Two lines for one record (two digest algorithms, say) could make it a
    // copy by one and an original by the other. (Inputs that share a base
    // name give such lines too; they are not rewritten.)
    if (have_previous && previous.file == entry.file && previous.offset == entry.offset &&
        inputs.Rewritable(BaseName(manifest::DecodeField(entry.file)))) {
      diag->Error(where + "a second line for " + entry.file + " offset " +
                  std::to_string(entry.offset) + " (one line per record); nothing rewritten");
      return false;
    }
    if (!have_previous) facts->first_digest = entry.digest;
    // Keyed by the name a revisit resolves by, whatever the digest: a
    // record some line names as its original is never converted.
    if (entry.copy > 1) facts->originals.AddOriginal(entry.ref_uri, entry.ref_date, "");
    if (entry.copy == 1 && trust) facts->copy_ones.Add(entry);
    if (!have_previous || entry.file != previous.file) ++facts->files;
    if (entry.copy > 1 && entry.file != copies_file) {
      copies_file = entry.file;
      std::string base = BaseName(manifest::DecodeField(entry.file));
      copies_rewritable = inputs.Rewritable(base);
      if (copies_rewritable) facts->copy_files.insert(base);
    }
    if (entry.copy > 1 && copies_rewritable && !trust)
      facts->needed.AddOriginal(entry.ref_uri, entry.ref_date, entry.digest);
    previous = entry;
    have_previous = true;
  }
}

}  // namespace warcrefs
