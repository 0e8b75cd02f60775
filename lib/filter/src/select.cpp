// Select (filter/select.h): the LIST's verdicts, then what belongs with the
// records they select, to a fixed point.
#include "filter/select.h"

#include <algorithm>
#include <deque>
#include <unordered_map>

namespace filter {
namespace {

bool Follows(warc::RecordType t) { return t == warc::kRequest || t == warc::kMetadata; }

struct FileGraph {
  // WARC-Concurrent-To links, both directions, by record index.
  std::vector<std::vector<size_t>> links;
  // Key -> records: their record ID, and a response's or resource's capture.
  std::unordered_multimap<uint64_t, size_t> by_key;
};

FileGraph GraphOf(const std::vector<RecordInfo>& records) {
  FileGraph g;
  g.links.resize(records.size());
  std::unordered_map<uint64_t, size_t> by_id;
  for (size_t i = 0; i < records.size(); ++i) {
    if (records[i].id) {
      by_id.emplace(records[i].id, i);
      g.by_key.emplace(records[i].id, i);
    }
    if (records[i].capture) g.by_key.emplace(records[i].capture, i);
  }
  for (size_t i = 0; i < records.size(); ++i) {
    for (uint64_t to : records[i].concurrent) {
      auto it = by_id.find(to);
      if (it == by_id.end() || it->second == i) continue;
      g.links[i].push_back(it->second);
      g.links[it->second].push_back(i);
    }
  }
  return g;
}

// The LIST's verdict per record (-1: not judged); errors for lines naming
// no record.
std::vector<int> Verdicts(const std::vector<RecordInfo>& records,
                          const std::vector<Judgement>& judged,
                          std::vector<std::pair<uint64_t, std::string>>* errors) {
  std::vector<int> verdict(records.size(), -1);
  for (const Judgement& j : judged) {
    auto it = std::lower_bound(records.begin(), records.end(), j.offset,
                               [](const RecordInfo& r, uint64_t o) { return r.offset < o; });
    std::string where = "offset " + std::to_string(j.offset);
    if (it == records.end() || it->offset != j.offset) {
      errors->emplace_back(j.line, where + ": no record starts there");
      continue;
    }
    if (j.length != 0 && j.length != it->length) {
      errors->emplace_back(j.line, where + ": the record is " + std::to_string(it->length) +
                                       " bytes long, the line says " + std::to_string(j.length) +
                                       "; not applied");
      continue;
    }
    verdict[it - records.begin()] = static_cast<int>(j.verdict);
  }
  return verdict;
}

}  // namespace

Selection Select(const std::vector<RecordInfo>& records, const std::vector<Judgement>& judged,
                 const std::vector<uint64_t>& needed, const SelectOptions& options) {
  Selection sel;
  sel.why.assign(records.size(), Why::kDropped);
  const std::vector<int> verdict = Verdicts(records, judged, &sel.errors);
  const FileGraph g = GraphOf(records);
  std::deque<size_t> todo;
  auto write = [&](size_t i, Why why) {
    if (sel.why[i] != Why::kDropped) return;
    sel.why[i] = why;
    todo.push_back(i);
  };
  for (size_t i = 0; i < records.size(); ++i) {
    const RecordInfo& r = records[i];
    if (verdict[i] >= 0) {
      if ((verdict[i] == static_cast<int>(Verdict::kKeep)) != options.invert)
        write(i, Why::kListed);
    } else if (r.type != warc::kWarcinfo && !(Follows(r.type) && !g.links[i].empty())) {
      if (options.only_listed == options.invert) write(i, Why::kUnlisted);
    }
  }
  // Originals other files' revisits need.
  for (uint64_t key : needed) {
    auto [from, to] = g.by_key.equal_range(key);
    if (from != to) sel.found.push_back(key);
    for (auto it = from; it != to; ++it) write(it->second, Why::kOriginal);
  }
  bool any = false;
  while (!todo.empty()) {
    size_t i = todo.front();
    todo.pop_front();
    any = any || records[i].type != warc::kWarcinfo;
    for (size_t j : g.links[i])
      if (Follows(records[j].type)) write(j, Why::kBelongs);
    if (uint64_t key = records[i].refers) {
      auto [from, to] = g.by_key.equal_range(key);
      if (from == to) sel.wanted.push_back(key);
      for (auto it = from; it != to; ++it) write(it->second, Why::kOriginal);
    }
  }
  for (size_t i = 0; any && i < records.size(); ++i)
    if (records[i].type == warc::kWarcinfo) write(i, Why::kBelongs);
  std::sort(sel.wanted.begin(), sel.wanted.end());
  sel.wanted.erase(std::unique(sel.wanted.begin(), sel.wanted.end()), sel.wanted.end());
  return sel;
}

}  // namespace filter
