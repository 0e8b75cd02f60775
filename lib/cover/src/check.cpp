#include "cover/check.h"

#include <fstream>
#include <unordered_map>
#include <unordered_set>

#include "cover/graph.h"
#include "cover/overlap.h"
#include "manifest/cover_line.h"
#include "manifest/entry.h"

namespace cover {

namespace {

constexpr size_t kMaxMessages = 100;

class Checker {
 public:
  Checker(const std::string& path, const neardup::SigCorpus& corpus, std::span<const Attrs> attrs,
          const Expr& expr)
      : path_(path), corpus_(corpus), attrs_(attrs), expr_(expr) {
    for (uint32_t i = 0; i < corpus.docs.size(); ++i) index_.emplace(KeyText(i), i);
  }

  CheckResult Run() {
    std::ifstream in(path_, std::ios::binary);
    if (!in) {
      Problem(0, "cannot be read");
      return result_;
    }
    std::vector<manifest::CoverLine> lines;
    std::vector<uint64_t> line_numbers;
    line_of_.assign(corpus_.docs.size(), 0);
    std::string text;
    for (uint64_t number = 1; std::getline(in, text); ++number) {
      if (text.empty() || text[0] == '#') continue;
      ++result_.lines;
      auto line = manifest::ParseCoverLine(text);
      if (!line.ok()) {
        Problem(number, line.status().message());
        continue;
      }
      if (Place(number, *line)) {
        lines.push_back(std::move(*line));
        line_numbers.push_back(number);
      }
    }
    for (uint32_t i = 0; i < line_of_.size(); ++i) {
      if (line_of_[i] == 0) Problem(0, "no line for the record " + KeyText(i));
    }
    for (size_t k = 0; k < lines.size(); ++k) CheckCovered(line_numbers[k], lines[k]);
    return result_;
  }

 private:
  std::string KeyText(uint32_t i) const { return corpus_.KeyText(i); }

  void Problem(uint64_t line, const std::string& what) {
    ++result_.problems;
    if (result_.messages.size() < kMaxMessages) {
      std::string message = path_;
      if (line > 0) message.append(":").append(std::to_string(line));
      result_.messages.push_back(message.append(": ").append(what));
    }
  }

  // Finds the line's record; records which lines keep.
  bool Place(uint64_t number, const manifest::CoverLine& line) {
    const std::string key = line.key.file + ' ' + std::to_string(line.key.offset);
    auto it = index_.find(key);
    if (it == index_.end()) {
      Problem(number, "no record " + key + " in the signature files");
      return false;
    }
    const uint32_t i = it->second;
    if (line_of_[i] != 0) {
      Problem(number, "a second line for " + key + " (the first is line " +
                          std::to_string(line_of_[i]) + ")");
      return false;
    }
    line_of_[i] = number;
    const auto& ref = corpus_.refs[i];
    const manifest::Entry own = neardup::KeyOf(corpus_.files[ref.file]->record(ref.index));
    if (!(own == line.key)) {
      Problem(number, "the key differs from the signature file's: expected \"" +
                          manifest::FormatLine(own) + "\"");
    }
    if (line.keep) {
      kept_.insert(i);
      ++result_.kept;
    } else {
      ++result_.covered;
    }
    return true;
  }

  void CheckCovered(uint64_t number, const manifest::CoverLine& line) {
    if (line.keep) return;
    const uint32_t a = index_.at(line.key.file + ' ' + std::to_string(line.key.offset));
    const std::string by = line.by_file + ' ' + std::to_string(line.by_offset);
    auto it = index_.find(by);
    if (it == index_.end()) return Problem(number, "the coverer " + by + " is no record");
    const uint32_t b = it->second;
    if (b == a) return Problem(number, "covered by itself: say keep");
    if (!kept_.count(b)) return Problem(number, "the coverer " + by + " is not kept");
    const Overlap o = OverlapOf(corpus_.docs[a], corpus_.docs[b], true);
    if (!expr_.Holds(attrs_[a], attrs_[b], MeasuresOf(o))) {
      return Problem(number, "the expression does not hold for this record and " + by);
    }
    const std::string measures = MeasuresText(o);
    if (measures != line.measures) {
      Problem(number, "measures \"" + line.measures + "\", recomputed \"" + measures + "\"");
    }
  }

  const std::string& path_;
  const neardup::SigCorpus& corpus_;
  std::span<const Attrs> attrs_;
  const Expr& expr_;
  std::unordered_map<std::string, uint32_t> index_;  // "file offset" -> record
  std::vector<uint64_t> line_of_;                    // per record: its line, 0 if none
  std::unordered_set<uint32_t> kept_;
  CheckResult result_;
};

}  // namespace

CheckResult CheckCover(const std::string& path, const neardup::SigCorpus& corpus,
                       std::span<const Attrs> attrs, const Expr& expr) {
  return Checker(path, corpus, attrs, expr).Run();
}

}  // namespace cover
