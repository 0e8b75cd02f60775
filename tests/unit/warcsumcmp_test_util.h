// Shared by warcsumcmp's unit tests: Cmp() runs a comparison over strings
// and collects its lines; TempDir is a directory removed at the end.
#pragma once

#include <stdlib.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "base/source.h"
#include "warcsumcmp.h"

namespace warcsumcmp_test {

namespace fs = std::filesystem;
using Lines = std::vector<std::string>;

struct Output {
  base::Status status;
  Lines lines;
  warcsumcmp::Summary summary;
};

inline Output Cmp(const std::string& before, const std::string& after,
                  const std::optional<std::string>& processed = std::nullopt,
                  const warcsumcmp::CompareOptions& options = {}) {
  base::StringSource b(before), a(after), p(processed.value_or(""));
  warcsumcmp::Input in_b{"before", &b}, in_a{"after", &a}, in_p{"proc", &p};
  Output out;
  out.status = warcsumcmp::Compare(
      in_b, in_a, processed ? &in_p : nullptr, options,
      [&](std::string_view line) {
        out.lines.emplace_back(line);
        return base::Status::Ok();
      },
      &out.summary);
  return out;
}

class TempDir {
 public:
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "warcsumcmp-test-XXXXXX").string();
    REQUIRE(::mkdtemp(tmpl.data()) != nullptr);
    path_ = tmpl;
  }
  ~TempDir() { fs::remove_all(path_); }
  const std::string& path() const { return path_; }
  bool Empty() const { return fs::is_empty(path_); }

 private:
  std::string path_;
};

}  // namespace warcsumcmp_test
