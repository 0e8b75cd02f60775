#include "table.h"

#include <sys/stat.h>

#include <charconv>
#include <cstdio>
#include <fstream>
#include <memory>
#include <unordered_map>
#include <vector>

#include "base/source.h"
#include "manifest/entry.h"
#include "manifest/reader.h"
#include "toolcommon/io.h"
#include "toolcommon/paths.h"

namespace warcsumcmp {
namespace {

using Counts = std::unordered_map<std::string, int64_t>;

// Calls f(line) for every line of the file at path.
template <typename F>
base::Status ForEachLine(const std::string& path, F f) {
  auto source = base::FileSource::Open(path);
  if (!source.ok()) return base::Status::IOError(path + ": " + source.status().message());
  manifest::LineReader lines(source->get());
  std::string line;
  while (lines.Next(&line)) f(line);
  if (!lines.status().ok()) return lines.status().WithPrefix(path);
  return base::Status::Ok();
}

// Manifest lines per file, by the file's real (decoded) name.
base::Status CountRecords(const std::string& manifest_path, Counts* counts) {
  return ForEachLine(manifest_path, [&](const std::string& line) {
    std::string_view file(line.data(), line.find_first_of(" \t"));
    if (file.size() > line.size()) file = line;
    ++(*counts)[manifest::DecodeField(file)];
  });
}

int64_t Number(std::string_view text) {
  int64_t v = 0;
  std::from_chars(text.data(), text.data() + text.size(), v);
  return v;
}

bool AllDigits(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

// What warcrefs --dry-run -v predicts: per input, the bytes it would save
// and the copies it would convert; in all, the line before the table.
struct Prediction {
  Counts saved, converted;
  bool has_total = false;
  int64_t total_before = 0, total_after = 0, total_converted = 0;
};

// "N -> M, K converted" into three numbers; false for anything else.
bool ParseBytes(std::string_view text, int64_t out[3]) {
  size_t arrow = text.find(" -> "), comma = text.find(", ");
  if (arrow == text.npos || comma == text.npos || comma < arrow) return false;
  std::string_view parts[3] = {text.substr(0, arrow), text.substr(arrow + 4, comma - arrow - 4),
                               text.substr(comma + 2)};
  if (!parts[2].ends_with(" converted")) return false;
  parts[2].remove_suffix(10);
  for (int i = 0; i < 3; ++i) {
    if (!AllDigits(parts[i])) return false;
    out[i] = Number(parts[i]);
  }
  return true;
}

base::Status ReadPrediction(const std::string& path, Prediction* p) {
  return ForEachLine(path, [&](std::string_view line) {
    if (!line.starts_with("warcrefs: ")) return;
    line.remove_prefix(10);
    int64_t n[3];
    if (line.starts_with("total bytes: ") && ParseBytes(line.substr(13), n)) {
      p->has_total = true;
      p->total_before = n[0], p->total_after = n[1], p->total_converted = n[2];
    }
    // "NAME: bytes N -> M, K converted": the numbers never hold ": bytes ".
    size_t at = line.rfind(": bytes ");
    if (at == line.npos || !ParseBytes(line.substr(at + 8), n)) return;
    const std::string name(line.substr(0, at));
    p->saved[name] = n[0] - n[1];
    p->converted[name] = n[2];
  });
}

const char* FileType(std::string_view name) {
  if (name.ends_with(".warc.gz")) return "warc.gz";
  if (name.ends_with(".warc")) return "warc";
  if (name.ends_with(".arc.gz")) return "arc.gz";
  if (name.ends_with(".arc")) return "arc";
  return "other";
}

// Change from a to b in percent, as "%.1f%%"; "0.0%" from nothing.
std::string Percent(int64_t a, int64_t b) {
  char buf[64];
  if (a == 0) return "0.0%";
  std::snprintf(buf, sizeof buf, "%.1f%%", (double(b) - double(a)) * 100.0 / double(a));
  return buf;
}

void PrintRow(const std::string& type, int64_t r1, int64_t r2, int64_t b1, int64_t b2) {
  std::printf("%-10s %14lld %14lld %8s %16lld %16lld %8s\n", type.c_str(),
              static_cast<long long>(r1), static_cast<long long>(r2), Percent(r1, r2).c_str(),
              static_cast<long long>(b1), static_cast<long long>(b2), Percent(b1, b2).c_str());
}

bool Stat(const std::string& path, struct stat* st) { return ::stat(path.c_str(), st) == 0; }

// The file holding input f's records after the run (see TableOptions).
std::string AfterFile(const TableOptions& o, const std::string& f, const struct stat* since) {
  if (o.output_dir.empty() || !o.prediction.empty()) return f;
  const std::string candidate = o.output_dir + "/" + toolcommon::BaseName(f);
  struct stat st;
  if (!Stat(candidate, &st) || !S_ISREG(st.st_mode)) return f;
  if (since &&
      (st.st_mtim.tv_sec < since->st_mtim.tv_sec ||
       (st.st_mtim.tv_sec == since->st_mtim.tv_sec && st.st_mtim.tv_nsec < since->st_mtim.tv_nsec)))
    return f;  // older than the rewrite: not this run's
  return candidate;
}

// "SIZE PATH" lines into sizes, by path.
base::Status ReadSizes(const std::string& path, Counts* sizes) {
  return ForEachLine(path, [&](const std::string& line) {
    size_t space = line.find(' ');
    std::string name = space == line.npos ? line : line.substr(space + 1);
    (*sizes)[name] = Number(std::string_view(line).substr(0, space));
  });
}

// The sizes of the files after the run (as stat -c '%s %n' gives them),
// written to o.sizes_after when given.
base::Status SizesAfter(const TableOptions& o, const std::vector<std::string>& after_files,
                        Counts* sizes, toolcommon::Diag* diag) {
  std::string text;
  for (const std::string& a : after_files) {
    struct stat st;
    if (::lstat(a.c_str(), &st) != 0) {
      diag->Error(a + ": cannot read its size");
      continue;
    }
    (*sizes)[a] = static_cast<int64_t>(st.st_size);
    text += std::to_string(st.st_size) + " " + a + "\n";
  }
  if (o.sizes_after.empty()) return base::Status::Ok();
  toolcommon::OutputFile out;
  if (auto s = out.Open(o.sizes_after, false); !s.ok()) return s;
  if (auto s = out.Write(text.data(), text.size()); !s.ok()) return s;
  return out.Commit();
}

struct Row {
  int64_t records_before = 0, records_after = 0, bytes_before = 0, bytes_after = 0;
};

}  // namespace

int PrintTable(const TableOptions& o, toolcommon::Diag* diag) {
  std::vector<std::string> inputs;
  Counts recs_before, recs_after, size_before, size_after;
  Prediction prediction;
  const bool dry_run = !o.prediction.empty();
  base::Status s = ForEachLine(o.inputs, [&](const std::string& line) { inputs.push_back(line); });
  if (s.ok()) s = CountRecords(o.before, &recs_before);
  if (s.ok())
    s = dry_run ? ReadPrediction(o.prediction, &prediction) : CountRecords(o.after, &recs_after);
  if (s.ok()) s = ReadSizes(o.sizes_before, &size_before);
  if (dry_run) recs_after = recs_before;
  struct stat since;
  const bool has_since = !o.since.empty() && Stat(o.since, &since);
  std::vector<std::string> after_files;
  if (o.sizes_after_from.empty()) {
    for (const std::string& f : inputs)
      after_files.push_back(AfterFile(o, f, has_since ? &since : nullptr));
    if (s.ok()) s = SizesAfter(o, after_files, &size_after, diag);
  } else if (s.ok()) {
    Counts by_path;
    s = ReadSizes(o.sizes_after_from, &by_path);
    for (const auto& [path, size] : by_path) size_after[toolcommon::BaseName(path)] = size;
    for (const std::string& f : inputs) {
      after_files.push_back(toolcommon::BaseName(f));
      if (!size_after.count(after_files.back()))
        diag->Error(f + ": no size after the run in " + o.sizes_after_from);
    }
  }
  if (!s.ok()) {
    diag->Error(s.message());
    return toolcommon::kExitSomeInputsFailed;
  }

  std::vector<std::string> types;
  std::unordered_map<std::string, Row> rows;
  std::unordered_map<std::string, bool> counted;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const std::string& f = inputs[i];
    const std::string b = toolcommon::BaseName(f);
    const std::string type = FileType(b);
    if (!rows.count(type)) types.push_back(type);
    Row& row = rows[type];
    if (!counted[b]) {
      counted[b] = true;
      row.records_before += recs_before[b];
      row.records_after += recs_after[b] - prediction.converted[f];
    }
    row.bytes_before += size_before[f];
    row.bytes_after += size_after[after_files[i]] - prediction.saved[f];
  }
  if (dry_run) {
    // One figure, warcrefs --dry-run's: the bytes the real run would save.
    int64_t change = prediction.total_before - prediction.total_after;
    const std::string what = change >= 0 ? "would save " + std::to_string(change) + " bytes"
                                         : "would add " + std::to_string(-change) + " bytes";
    std::printf(
        "(dry run: a prediction by warcrefs --dry-run: %lld duplicates would become "
        "revisits, and the run %s)\n",
        static_cast<long long>(prediction.total_converted), what.c_str());
  }
  std::printf("%-10s %14s %14s %8s %16s %16s %8s\n", "type", "records before", "records after",
              "change", "bytes before", "bytes after", "change");
  Row total;
  for (const std::string& type : types) {
    const Row& r = rows[type];
    PrintRow(type, r.records_before, r.records_after, r.bytes_before, r.bytes_after);
    total.records_before += r.records_before, total.records_after += r.records_after;
    total.bytes_before += r.bytes_before, total.bytes_after += r.bytes_after;
  }
  PrintRow("total", total.records_before, total.records_after, total.bytes_before,
           total.bytes_after);
  if (std::fflush(stdout) != 0) {
    diag->Error("standard output: write error");
    return toolcommon::kExitSomeInputsFailed;
  }
  return diag->ExitCode();
}

}  // namespace warcsumcmp
