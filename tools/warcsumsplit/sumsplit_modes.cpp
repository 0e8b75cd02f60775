#include "sumsplit_modes.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <unordered_set>

#include "base/external_sorter.h"
#include "manifest/entry.h"
#include "manifest/reader.h"
#include "manifest/sort_key.h"

namespace warcsumsplit {

// -c, -s, --digest-range: lines go out as they are, in input order, which
// must be digest order. Sets *count to the number of partitions.
base::Status SplitSorted(const Options& options, Input* in, PartitionFiles* files,
                         ByteCounter* progress, uint64_t* count) {
  manifest::LineReader lines(in->source.get());
  SizeCutter cutter = options.mode == Mode::kSize
                          ? SizeCutter::BySize(options.size)
                          : SizeCutter::ByCount(options.partitions, in->size);
  bool by_range = options.mode == Mode::kDigestRange;
  std::string line, previous_digest;
  uint64_t previous_line = 0, current = 0;
  while (lines.Next(&line)) {
    progress->Add(line.size() + 1);
    if (IsComment(line)) {
      cutter.PlaceOther(line.size() + 1);
      if (auto s = files->Append(current, line); !s.ok()) return s;
      continue;
    }
    auto where = [&] { return in->name + ": " + LineText(lines.line_number()); };
    auto entry = manifest::ParseLine(line);
    if (!entry.ok()) return entry.status().WithPrefix(where());
    if (previous_line && entry->digest < previous_digest)
      return base::Status::InvalidArgument(where() + ": input not sorted by digest (digest \"" +
                                           entry->digest + "\" after \"" + previous_digest +
                                           "\" on " + LineText(previous_line) + ")");
    current = by_range ? DigestRangeIndex(entry->digest, options.partitions)
                       : cutter.Place(entry->digest, line.size() + 1);
    if (auto s = files->Append(current, line); !s.ok()) return s;
    previous_digest.swap(entry->digest);
    previous_line = lines.line_number();
  }
  if (!lines.status().ok()) return lines.status().WithPrefix(in->name);
  *count = options.mode == Mode::kSize ? cutter.current() + 1 : options.partitions;
  return base::Status::Ok();
}

namespace {

// --with-originals: the copy-1 line of each group (digest and extension) of
// the current digest, and the hosts that get a copy of it. In digest order
// a group's lines come together, so only the current digest's are held.
class OriginalRouter {
 public:
  using Emit = std::function<base::Status(uint32_t host, const manifest::Entry& original,
                                          std::string_view line)>;
  // Every line, in input order; host is its file's (-1: not in the catalog).
  base::Status Add(const manifest::Entry& entry, std::string_view line, int64_t host,
                   const std::string& where, const Emit& emit) {
    if (entry.digest != digest_) {
      if (!digest_.empty() && entry.digest < digest_)
        return base::Status::InvalidArgument(
            where +
            ": input not sorted by digest (--with-originals needs the digest order of "
            "warccollres --proc's output; digest \"" +
            entry.digest + "\" after \"" + digest_ + "\")");
      if (auto s = Flush(emit); !s.ok()) return s;
      digest_ = entry.digest;
    }
    Group& group = groups_[entry.ext];
    if (entry.copy == 1) {
      group.original = entry;
      group.line.assign(line);
    } else if (host >= 0) {
      group.hosts.insert(static_cast<uint32_t>(host));
    }
    return base::Status::Ok();
  }
  // Hands each host the originals of the groups it got copies of.
  base::Status Flush(const Emit& emit) {
    for (const auto& [ext, group] : groups_) {
      if (group.line.empty()) continue;  // no copy-1 line: warcrefs keeps the copies
      for (uint32_t host : group.hosts)
        if (auto s = emit(host, group.original, group.line); !s.ok()) return s;
    }
    groups_.clear();
    return base::Status::Ok();
  }

 private:
  struct Group {
    manifest::Entry original;
    std::string line;
    std::set<uint32_t> hosts;
  };
  std::string digest_;
  std::map<uint64_t, Group> groups_;
};

}  // namespace

// --by-host: each line is keyed by (host, file, offset) and sorted
// externally; the merged stream then fills the hosts' files one after the
// other. Records are manifest::AppendHostOrderKey's key and the line.
base::Status SplitByHost(const Options& options, const manifest::HostCatalog& catalog, Input* in,
                         PartitionFiles* files, ByteCounter* progress, toolcommon::Diag* diag) {
  base::ExternalSorter::Options sort_options;
  sort_options.temp_dir = OutputDir(options.prefix);
  sort_options.run_bytes = options.sort_buffer;
  sort_options.fan_in = options.sort_fan_in;
  base::ExternalSorter sorter(sort_options);
  manifest::LineReader lines(in->source.get());
  std::unordered_set<std::string> missing;
  uint64_t missing_lines = 0;
  std::string line, record;
  OriginalRouter originals;
  auto add_original = [&](uint32_t host, const manifest::Entry& original, std::string_view text) {
    record.clear();
    manifest::AppendHostOrderKey(host, original, &record);
    record.append(text);
    return sorter.Add(record);
  };
  while (lines.Next(&line)) {
    progress->Add(line.size() + 1);
    if (IsComment(line)) continue;
    auto where = [&] { return in->name + ": " + LineText(lines.line_number()); };
    auto entry = manifest::ParseLine(line);
    if (!entry.ok()) return entry.status().WithPrefix(where());
    int64_t host = catalog.Find(entry->file);
    if (options.duplicates_only) {
      if (entry->fields_count != 10)
        return base::Status::InvalidArgument(
            where() + ": --duplicates-only needs 10-field lines (from warcsumproc), found " +
            std::to_string(entry->fields_count) + " fields");
      if (options.with_originals) {
        auto s = originals.Add(*entry, line, host, where(), add_original);
        if (!s.ok()) return s;
      }
      if (entry->copy < 2) continue;
    }
    if (host < 0) {
      ++missing_lines;
      if (missing.insert(entry->file).second)
        diag->Error(where() + ": file \"" + entry->file + "\" is not in the catalog " +
                    options.catalog + "; its lines are not written to any partition");
      continue;
    }
    record.clear();
    manifest::AppendHostOrderKey(static_cast<uint32_t>(host), *entry, &record);
    record.append(line);
    if (auto s = sorter.Add(record); !s.ok()) return s;
  }
  if (!lines.status().ok()) return lines.status().WithPrefix(in->name);
  if (auto s = originals.Flush(add_original); !s.ok()) return s;
  if (auto s = sorter.Finish(); !s.ok()) return s;
  while (sorter.Next(&record)) {
    uint32_t host = 0;
    std::string_view keyed = manifest::LineAfterHostOrderKey(record, &host);
    if (auto s = files->Append(host, keyed); !s.ok()) return s;
  }
  if (!sorter.status().ok()) return sorter.status();
  if (missing_lines)
    diag->Error(std::to_string(missing_lines) + " lines of " + std::to_string(missing.size()) +
                " files missing from the catalog were not written");
  diag->Verbose("sorted " + std::to_string(sorter.records()) + " lines in " +
                std::to_string(std::max<uint64_t>(sorter.runs_written(), 1)) + " runs");
  return base::Status::Ok();
}

}  // namespace warcsumsplit
