// Which files of a manifest are ARC files, by their content: the format of
// a file's first record, as lib/warc reads it, whatever the file's name.
//
// warcsumcmp asks when it has no kept list (warcrefs --kept) to say why a
// copy is still there: ARC has no revisit record, so warcrefs keeps the
// copies in ARC files. The manifest names a file by the text of its file
// field (encoded, see warcmanifest(5)); the file is looked for
//   - as written, when the name holds a '/' (a manifest of full paths);
//   - otherwise in each of dirs in turn, the first that holds it;
//   - with no dirs, in the current directory.
// A file that cannot be found or read, or whose first record cannot be read,
// is not known as ARC: its copies are not explained by ARC.
//
//   ArcFiles arc_files({"crawl", "more"});
//   if (arc_files.IsArc("a.warc.gz")) ...
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace warcsumcmp {

class ArcFiles {
 public:
  explicit ArcFiles(std::vector<std::string> dirs) : dirs_(std::move(dirs)) {}

  // Whether the file named by manifest field file is an ARC file. The last
  // answer is remembered: the comparison asks in file order.
  bool IsArc(std::string_view file);

 private:
  bool ReadFormat(const std::string& path, bool* arc) const;

  std::vector<std::string> dirs_;
  std::string last_file_;
  bool last_arc_ = false;
  bool asked_ = false;
};

}  // namespace warcsumcmp
