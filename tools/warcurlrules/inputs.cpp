// What warcurlrules' commands share: reading manifests into a corpus,
// reading the rules file, URL lists line by line, output files.
#include "inputs.h"

#include <cstdio>

#include "base/source.h"
#include "toolcommon/progress.h"

namespace warcurlrules {

bool ReadManifests(const Options& o, urlrules::UrlCorpus* corpus, urlrules::ReadCounts* counts,
                   toolcommon::Diag* diag) {
  std::vector<std::string> paths = toolcommon::ExpandInputs(o.inputs, o.recursive, diag);
  urlrules::ReadOptions ro;
  ro.min_length = o.min_payload;
  urlrules::NearClusters near;
  if (!o.near_clusters.empty()) {
    auto source = base::FileSource::Open(o.near_clusters);
    base::Status s =
        source.ok() ? urlrules::ReadNearClusters(
                          source->get(), &near,
                          [&](const std::string& m) { diag->Error(o.near_clusters + ": " + m); })
                    : source.status();
    if (!s.ok()) diag->Error(o.near_clusters + ": " + s.message());
    ro.near = &near;
  }
  for (const std::string& path : paths) {
    auto source = base::FileSource::Open(path);
    if (!source.ok()) {
      diag->Error(path + ": " + source.status().message());
      continue;
    }
    base::Status s =
        urlrules::ReadClusters(source->get(), ro, corpus, counts,
                               [&](const std::string& m) { diag->Error(path + ": " + m); });
    if (!s.ok()) diag->Error(path + ": " + s.message());
  }
  corpus->Finish();
  return !paths.empty();
}

bool LoadRules(const std::string& path, urlrules::RuleSet* rules, toolcommon::Diag* diag) {
  auto source = base::FileSource::Open(path);
  if (!source.ok()) {
    diag->Error(path + ": " + source.status().message());
    return false;
  }
  std::string text;
  char buf[1 << 16];
  for (;;) {
    auto n = source.value()->Read(buf, sizeof buf);
    if (!n.ok()) {
      diag->Error(path + ": " + n.status().message());
      return false;
    }
    if (n.value() == 0) break;
    text.append(buf, n.value());
  }
  auto parsed = urlrules::RuleSet::Parse(text);
  if (!parsed.ok()) {
    diag->Error(path + ": " + parsed.status().message());
    return false;
  }
  *rules = std::move(parsed.value());
  return true;
}

bool ForEachUrlBlock(const std::vector<std::string>& inputs, bool show_progress,
                     toolcommon::Diag* diag,
                     const std::function<void(const std::vector<std::string_view>&)>& block) {
  std::vector<std::string> paths = inputs.empty() ? std::vector<std::string>{"-"} : inputs;
  constexpr size_t kRead = size_t{8} << 20;
  bool ok = true;
  toolcommon::Progress progress(diag, show_progress, paths.size(), 0);
  std::string buffer;
  std::vector<std::string_view> lines;
  // The whole lines of buffer[0, end) to block; empty lines skipped.
  auto flush = [&](size_t end) {
    lines.clear();
    for (size_t start = 0; start < end;) {
      size_t nl = buffer.find('\n', start);
      if (nl == std::string::npos || nl > end) nl = end;
      if (nl > start) lines.emplace_back(buffer.data() + start, nl - start);
      start = nl + 1;
    }
    if (!lines.empty()) block(lines);
    *progress.records_counter() += lines.size();
    buffer.erase(0, std::min(buffer.size(), end + 1));
  };
  for (const std::string& path : paths) {
    auto source = base::FileSource::Open(path);
    if (!source.ok()) {
      diag->Error(path + ": " + source.status().message());
      ok = false;
      continue;
    }
    buffer.clear();
    for (;;) {
      size_t had = buffer.size();
      buffer.resize(had + kRead);
      auto n = source.value()->Read(buffer.data() + had, kRead);
      buffer.resize(had + (n.ok() ? n.value() : 0));
      if (!n.ok()) {
        diag->Error((path == "-" ? std::string("standard input") : path) + ": " +
                    n.status().message());
        ok = false;
        break;
      }
      if (n.value() == 0) break;
      size_t last = buffer.rfind('\n');
      if (last != std::string::npos && last >= had) flush(last);
    }
    flush(buffer.size());  // a last line without its newline
    progress.FileDone();
  }
  progress.Finish();
  return ok;
}

base::Status WriteWhole(const std::string& path, const std::string& text) {
  toolcommon::OutputFile out;
  if (auto s = out.Open(path, false); !s.ok()) return s;
  if (auto s = out.Write(text.data(), text.size()); !s.ok()) return s;
  return out.Commit();
}

}  // namespace warcurlrules
