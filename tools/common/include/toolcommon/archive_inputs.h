// The archive files a set of inputs names, as warcdedup lists them (warcsum
// --list-inputs), with the checks that keep a run from counting a file twice
// or missing revisits that lead outside it.
//
// Unlike ExpandInputs (io.h), links inside the directories are not followed:
// a file reached through a link and directly would be counted twice. The
// walk is that of `find -H DIR -type f ! -name ".*"` with the WARC/ARC name
// filter: a directory named as an input is entered even through a link;
// inside it only regular files whose names end in .warc, .warc.gz, .arc or
// .arc.gz and do not start with '.' are listed (hidden directories are still
// walked); an input that is not a directory is listed as given. Example:
//
//   toolcommon::ArchiveInputs in;
//   if (!toolcommon::ListArchiveInputs({"crawl/", "extra.warc.gz"}, &in)) ...
//   // in.files: "crawl/a.warc.gz", "crawl/sub/b.warc", "extra.warc.gz"
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace toolcommon {

struct ArchiveInputs {
  // The files, sorted bytewise (as `LC_ALL=C sort`); a file named twice is
  // listed twice.
  std::vector<std::string> files;
  // The real paths (realpath) that more than one listed file leads to,
  // sorted, each once.
  std::vector<std::string> twice;
  // The symbolic links inside the input directories that lead outside the
  // inputs, in walk order, one "LINK: why" line each: a link to nothing, to
  // a directory outside every input directory, or to a file not listed
  // (the last two only when the link or what it leads to has an archive
  // name, as for a link to nothing).
  std::vector<std::string> link_problems;
  // The directories that could not be read ("DIR: error"): their files are
  // missing from the lists above.
  std::vector<std::string> errors;
};

// Whether name ends in .warc, .warc.gz, .arc or .arc.gz.
bool HasArchiveName(std::string_view name);

// Lists what args name into *out. Returns false when a directory could not
// be read (out->errors says which).
bool ListArchiveInputs(const std::vector<std::string>& args, ArchiveInputs* out);

}  // namespace toolcommon
