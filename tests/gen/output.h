// What both output formats write through: buffered files renamed into place,
// and manifest fields spelled as warcmanifest(5) says.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "base/status.h"
#include "toolcommon/io.h"

namespace warcgen {

// A toolcommon::OutputFile (NAME.tmp, renamed into place) written in 1 MB blocks.
class BufferedFile {
 public:
  base::Status Open(const std::string& path) { return file_.Open(path, false); }
  base::Status Append(std::string_view data);
  // Writes what is buffered, syncs and renames the file into place.
  base::Status Commit();
  // Bytes appended so far: the offset of the next byte in the file.
  uint64_t bytes() const { return bytes_; }

 private:
  base::Status Flush();

  toolcommon::OutputFile file_;
  std::string buffer_;
  uint64_t bytes_ = 0;
};

// Appends raw as a manifest field: bytes outside 0x21-0x7e as %XX, "-" for an
// empty value, and a '%' as %25 where the raw value would otherwise read as
// such an escape ("%20" -> "%2520"; "%41" stays), so that decoding is exact.
// Written out here rather than taken from the manifest library, so that the
// truth does not share the code it checks.
void AppendField(std::string_view raw, std::string* out);

// Appends "file offset length uri date digest\n", the line warcsum writes for
// a record: raw values, encoded here by AppendField. digest is as spelled in
// the manifest ("sha1:hex").
void AppendManifestLine(std::string_view file, uint64_t offset, uint64_t length,
                        std::string_view uri, std::string_view date, std::string_view digest,
                        std::string* out);

// What each generating mode does around its work: creates out_dir (when
// given), installs the interrupt handler, runs generate and reports its
// failure on stderr. Returns the exit status; *seconds is how long generate
// took (at least 1 ms, so that rates can be divided by it).
int RunGenerator(const std::string& out_dir, const std::function<base::Status()>& generate,
                 double* seconds);

}  // namespace warcgen
