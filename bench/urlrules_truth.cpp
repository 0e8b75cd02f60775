// bench/urlrules_bench.sh's ground truth: the generated corpus's pages
// (warcgen --urlpatterns, urls.tsv: uri host page kind std) split into
// learning and held-out pages, and the rules scored on the held-out ones.
//
//   urlrules_truth split SHARE TRUTH PROCESSED HELDOUT > learn.processed
//     the manifest lines of pages not held out (a page is held out when a
//     hash of its id falls under SHARE); the others into HELDOUT
//   urlrules_truth score SHARE TRUTH RULES T...
//     for each threshold T, the rules of learned precision >= T applied to
//     the held-out URLs: the reduction beyond url::AggressiveCanonicalize,
//     how much of it is right, against what is achievable (every spelling
//     of a page one form), and merges of different pages through traps.
#include <xxhash.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "manifest/entry.h"
#include "manifest/fields.h"
#include "url/urlcanon.h"
#include "urlrules/ruleset.h"

namespace {

struct Row {
  std::string uri, page, kind;
};

bool HeldOut(const std::string& page, double share) {
  return static_cast<double>(XXH3_64bits(page.data(), page.size()) >> 11) * 0x1.0p-53 < share;
}

std::vector<Row> ReadTruth(const char* path) {
  std::ifstream in(path);
  std::vector<Row> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    size_t start = 0;
    for (size_t tab; (tab = line.find('\t', start)) != std::string::npos; start = tab + 1)
      f.push_back(line.substr(start, tab - start));
    f.push_back(line.substr(start));
    if (f.size() < 4) continue;
    rows.push_back(Row{f[0], f[2], f[3]});
  }
  return rows;
}

int Split(double share, const char* truth, const char* processed, const char* held_out) {
  std::unordered_map<std::string, bool> held;  // uri -> held out
  for (const Row& r : ReadTruth(truth)) held[r.uri] = HeldOut(r.page, share);
  std::ifstream in(processed);
  std::ofstream out(held_out);
  std::string line;
  uint64_t kept = 0, left = 0, unknown = 0;
  while (std::getline(in, line)) {
    auto fields = manifest::SplitFields(line);
    if (fields.size() < 7) continue;
    auto it = held.find(manifest::DecodeField(fields[3]));
    if (it == held.end()) ++unknown;
    if (it != held.end() && it->second) {
      out << line << '\n';
      ++left;
      continue;
    }
    std::cout << line << '\n';
    ++kept;
  }
  std::fprintf(stderr,
               "urlrules_truth: %llu lines to learn from, %llu held out, %llu not in the truth\n",
               static_cast<unsigned long long>(kept), static_cast<unsigned long long>(left),
               static_cast<unsigned long long>(unknown));
  return 0;
}

int Score(double share, const char* truth, const char* rules_path,
          const std::vector<double>& thresholds) {
  std::ifstream rin(rules_path);
  std::string text((std::istreambuf_iterator<char>(rin)), std::istreambuf_iterator<char>());
  auto parsed = urlrules::RuleSet::Parse(text);
  if (!parsed.ok()) {
    std::fprintf(stderr, "urlrules_truth: %s: %s\n", rules_path, parsed.status().message().c_str());
    return 1;
  }
  // Held-out URLs in their standard form, each with its page (soft-404
  // bodies are one "page" under unrelated URLs: not something to merge).
  std::map<std::string, std::pair<std::string, bool>> standard;  // form -> (page, trap)
  uint64_t raw = 0;
  std::set<std::string> raw_pages;
  for (const Row& r : ReadTruth(truth)) {
    if (!HeldOut(r.page, share) || r.kind.find("soft404") != std::string::npos) continue;
    ++raw;
    raw_pages.insert(r.page);
    standard.emplace(url::AggressiveCanonicalize(r.uri),
                     std::make_pair(r.page, r.kind.find("trap") != std::string::npos));
  }
  std::set<std::string> pages;
  for (const auto& [form, p] : standard) pages.insert(p.first);
  uint64_t achievable = standard.size() - pages.size();
  std::printf(
      "held-out URLs %llu (%llu pages); the standard canonicaliser leaves %zu forms: %llu more "
      "merges achievable\n",
      static_cast<unsigned long long>(raw), static_cast<unsigned long long>(raw_pages.size()),
      standard.size(), static_cast<unsigned long long>(achievable));
  for (double t : thresholds) {
    urlrules::RuleSet set = parsed.value().Filtered([&](const urlrules::Rule& r) {
      return r.stats.judged > 0 &&
             static_cast<double>(r.stats.correct) >= t * static_cast<double>(r.stats.judged);
    });
    std::map<std::string, std::vector<const std::pair<std::string, bool>*>> groups;
    for (const auto& [form, p] : standard) groups[set.ApplyRules(form)].push_back(&p);
    uint64_t reduced = 0, right = 0, trap_merges = 0;
    for (const auto& [form, members] : groups) {
      std::set<std::string> distinct;
      bool trap = false;
      for (const auto* m : members) distinct.insert(m->first), trap = trap || m->second;
      reduced += members.size() - 1;
      right += members.size() - distinct.size();
      if (distinct.size() > 1 && trap) ++trap_merges;
    }
    std::printf(
        "precision>=%-6g rules %5zu  merges %8llu  right %8llu  truth precision %.4f  share of "
        "achievable %.4f  "
        "trap merges %llu\n",
        t, set.rules().size(), static_cast<unsigned long long>(reduced),
        static_cast<unsigned long long>(right),
        reduced ? static_cast<double>(right) / static_cast<double>(reduced) : 1.0,
        achievable ? static_cast<double>(right) / static_cast<double>(achievable) : 1.0,
        static_cast<unsigned long long>(trap_merges));
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string what = argc > 1 ? argv[1] : "";
  if (what == "split" && argc == 6) return Split(std::stod(argv[2]), argv[3], argv[4], argv[5]);
  if (what == "score" && argc >= 6) {
    std::vector<double> t;
    for (int i = 5; i < argc; ++i) t.push_back(std::stod(argv[i]));
    return Score(std::stod(argv[2]), argv[3], argv[4], t);
  }
  std::fprintf(
      stderr,
      "usage: urlrules_truth split SHARE TRUTH PROCESSED HELDOUT | score SHARE TRUTH RULES T...\n");
  return 2;
}
