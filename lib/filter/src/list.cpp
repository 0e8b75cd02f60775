#include "filter/list.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>

#include "manifest/cover_line.h"
#include "manifest/entry.h"
#include "manifest/fields.h"
#include "manifest/reader.h"

namespace filter {
namespace {

bool ParseDecimal(std::string_view s, uint64_t* v) {
  if (s.empty() || s.size() > 20) return false;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *v);
  return ec == std::errc() && end == s.data() + s.size();
}

// A field as messages quote it: at most 60 bytes, those outside printable
// ASCII as \xNN (a binary file given as LIST must not garble the terminal).
std::string Quote(std::string_view s) {
  std::string q(1, '"');
  for (unsigned char c : s.substr(0, 60)) {
    if (c >= 0x20 && c < 0x7f) {
      q.push_back(static_cast<char>(c));
    } else {
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      q.append(hex);
    }
  }
  q.append(s.size() > 60 ? "...\"" : "\"");
  return q;
}

base::Status NotDecimal(int field, const char* name, std::string_view found) {
  return base::Status::Corruption("field " + std::to_string(field) + " (" + name +
                                  "): expected a decimal number, found " + Quote(found));
}

// Fields 1 and 2 (and 3 when `length`): file, offset, length.
base::Status ParseLocation(const std::vector<std::string_view>& f, bool length, ListLine* out) {
  if (f.size() < 2)
    return base::Status::Corruption("expected FILE OFFSET ..., found " + Quote(f[0]));
  if (f[0].empty()) return base::Status::Corruption("field 1 (file): empty");
  out->file = manifest::DecodeField(f[0]);
  if (!ParseDecimal(f[1], &out->offset)) return NotDecimal(2, "offset", f[1]);
  if (length && !ParseDecimal(f[2], &out->length)) return NotDecimal(3, "length", f[2]);
  return base::Status::Ok();
}

}  // namespace

bool IsListComment(std::string_view line) {
  return line.empty() || line[0] == '#' || line.find_first_not_of(" \t\r") == line.npos;
}

base::Result<ListLine> ParseListLine(std::string_view line) {
  std::vector<std::string_view> f = manifest::SplitFields(line);
  ListLine out;
  if (f.size() >= 7 && (f[6] == "keep" || f[6] == "covered-by")) {
    auto cover = manifest::ParseCoverLine(line);  // warccover(5): the one parser
    if (!cover.ok()) return base::Status::Corruption(cover.status().message());
    out.file = manifest::DecodeField(cover->key.file);
    out.offset = cover->key.offset;
    out.length = cover->key.length;
    out.verdict = cover->keep ? Verdict::kKeep : Verdict::kDrop;
    return out;
  }
  if (auto s = ParseLocation(f, false, &out); !s.ok()) return s;
  // A whole manifest line also says the record's length.
  manifest::Shape shape;
  if (manifest::ShapeOfFieldCount(f.size(), &shape)) {
    auto entry = manifest::ParseLine(line);
    if (entry.ok()) out.length = entry->length;
  }
  return out;
}

base::Status ListIndex::Load(base::ByteSource* source, std::vector<std::string>* bad) {
  manifest::LineReader reader(source);
  std::string line;
  while (reader.Next(&line)) {
    if (IsListComment(line)) continue;
    auto parsed = ParseListLine(line);
    if (!parsed.ok()) {
      bad->push_back("line " + std::to_string(reader.line_number()) + ": " +
                     parsed.status().message());
      continue;
    }
    ++lines_;
    by_file_[parsed->file].push_back(
        {parsed->offset, parsed->length, reader.line_number(), parsed->verdict});
  }
  return reader.status();
}

namespace {

std::string Lines(const std::vector<Judgement>& j) {
  return j.size() == 1 ? "1 line" : std::to_string(j.size()) + " lines";
}

// Sorts by offset; a record named twice is kept once (kept if either line
// keeps it; both verdicts is an error).
void SortAndMerge(const std::string& file, std::vector<Judgement>* j,
                  std::vector<std::string>* errors) {
  std::stable_sort(j->begin(), j->end(),
                   [](const Judgement& a, const Judgement& b) { return a.offset < b.offset; });
  size_t out = 0;
  for (size_t i = 0; i < j->size(); ++i) {
    Judgement& cur = (*j)[i];
    if (out > 0 && (*j)[out - 1].offset == cur.offset) {
      Judgement& first = (*j)[out - 1];
      if (first.verdict != cur.verdict) {
        errors->push_back("line " + std::to_string(cur.line) + ": " + file + ": offset " +
                          std::to_string(cur.offset) + ": also named at line " +
                          std::to_string(first.line) + ", one keeping it and one not; kept");
        first.verdict = Verdict::kKeep;
      }
      if (first.length == 0) first.length = cur.length;
      continue;
    }
    (*j)[out++] = cur;
  }
  j->resize(out);
}

}  // namespace

InputMatch MatchInputs(ListIndex* list, const std::vector<InputName>& inputs) {
  InputMatch m;
  m.per_input.resize(inputs.size());
  std::map<std::string, std::vector<size_t>> by_base, by_real;
  for (size_t i = 0; i < inputs.size(); ++i) {
    by_base[inputs[i].base].push_back(i);
    by_real[inputs[i].real].push_back(i);
  }
  for (auto& [file, judgements] : list->by_file()) {
    bool path = file.find('/') != std::string::npos;
    const auto& index = path ? by_real : by_base;
    std::string key = file;
    if (path) {
      if (char* real = ::realpath(file.c_str(), nullptr)) {
        key = real;
        ::free(real);
      }
    }
    std::string where = "line " + std::to_string(judgements.front().line) + ": " + file + ": ";
    auto it = index.find(key);
    if (it == index.end()) {
      m.errors.push_back(where + "not among the inputs (" + Lines(judgements) + ")");
      continue;
    }
    if (it->second.size() > 1) {
      m.errors.push_back(where + "names several inputs (" + std::to_string(it->second.size()) +
                         " files of that name); its " + Lines(judgements) + " not applied");
      continue;
    }
    auto& mine = m.per_input[it->second.front()];
    mine.insert(mine.end(), judgements.begin(), judgements.end());
  }
  list->by_file().clear();
  for (size_t i = 0; i < inputs.size(); ++i)
    SortAndMerge(inputs[i].base, &m.per_input[i], &m.errors);
  return m;
}

}  // namespace filter
