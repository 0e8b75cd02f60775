// neardup_truth: bench/neardup_bench.sh's judge against the generator's
// truth (warcgen --neardup: truth/pages.tsv, truth/texts.tsv).
//
//   neardup_truth labels T PAGES TEXTS SIGFILE PAIRS CLUSTERS
//   neardup_truth f1 PAGES TEXTS [PER_PAGE] < `warcshingle --text` output
//
// labels: the intended near-duplicates at T are the pairs of pages whose
// TRUE main texts have a 5-word-shingle Jaccard >= T (words by
// neardup::Words, so Japanese pages too; for Latin pages the line "latin
// tokenisation" counts pages where Words differs from lower-casing and
// splitting on what is not a letter or digit, which the generator promises
// is the same). warcnear's PAIRS (-t T) are expanded by the star rule
// (members of an identical-set group have their first record's pairs, and
// each other), then compared with the intended pairs (precision, recall,
// F1). CLUSTERS (warcnear --clusters) are compared pair-wise (two pages in
// one cluster) with two clusterings of the intended pairs: their connected
// components, and warcnear's own centre-based rule applied to them in
// capture order. Trap pairs (op=trap and its base): the fraction warcnear
// does not pair, and the fraction it does not put in one cluster.
//
// f1: token F1 (multisets of neardup::Words) of each page's extracted main
// text against its true text; mean over pages, all / Latin / Japanese;
// PER_PAGE gets "id f1" lines.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <numeric>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "neardup/sigfile.h"
#include "neardup/similarity.h"
#include "neardup/words.h"

namespace {

struct PageInfo {
  std::string file, op;
  uint64_t offset = 0;
  long base = -1;
  bool japanese = false;
};

std::vector<std::string> Split(const std::string& line, char sep) {
  std::vector<std::string> out;
  std::stringstream in(line);
  for (std::string f; std::getline(in, f, sep);) out.push_back(f);
  return out;
}

using Key = std::pair<std::string, uint64_t>;

struct Truth {
  std::vector<PageInfo> pages;  // by id = capture order
  std::vector<std::string> texts;
  std::map<Key, uint32_t> id_of;
};

Truth ReadTruth(const char* pages_path, const char* texts_path) {
  Truth t;
  std::ifstream pages(pages_path), texts(texts_path);
  for (std::string line; std::getline(pages, line);) {
    if (line.empty() || line[0] == '#') continue;
    auto f = Split(line, '\t');
    PageInfo p;
    p.file = f[1];
    p.offset = std::stoull(f[2]);
    p.op = f[5];
    p.base = f[6] == "-" ? -1 : std::stol(f[6]);
    p.japanese = std::stol(f[7]) % 20 == 3;  // sites 3, 23, 43, ... (warcgen --help)
    t.id_of[{p.file, p.offset}] = static_cast<uint32_t>(t.pages.size());
    t.pages.push_back(p);
  }
  t.texts.resize(t.pages.size());
  for (std::string line; std::getline(texts, line);) {
    auto tab = line.find('\t');
    std::string text = line.substr(tab + 1);
    std::replace(text.begin(), text.end(), '\t', '\n');
    t.texts[std::stoul(line.substr(0, tab))] = text;
  }
  return t;
}

// Lower-case, split on what is not an ASCII letter or digit or a UTF-8 byte.
std::vector<std::string> LatinWords(const std::string& text) {
  std::vector<std::string> out;
  std::string w;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c >= 0x80) {
      w += static_cast<char>(std::tolower(c));
    } else if (!w.empty()) {
      out.push_back(w);
      w.clear();
    }
  }
  if (!w.empty()) out.push_back(w);
  return out;
}

uint64_t Choose2(uint64_t n) { return n * (n - 1) / 2; }

// Pairs in one cluster of both: sum over cells of C(n, 2).
void PairF1(const char* name, const std::vector<uint32_t>& got, const std::vector<uint32_t>& want) {
  std::map<std::pair<uint32_t, uint32_t>, uint64_t> cells;
  std::map<uint32_t, uint64_t> g, w;
  for (size_t i = 0; i < got.size(); ++i) {
    ++cells[{got[i], want[i]}];
    ++g[got[i]];
    ++w[want[i]];
  }
  uint64_t both = 0, gp = 0, wp = 0;
  for (auto& [k, n] : cells) both += Choose2(n);
  for (auto& [k, n] : g) gp += Choose2(n);
  for (auto& [k, n] : w) wp += Choose2(n);
  double p = gp ? double(both) / gp : 1, r = wp ? double(both) / wp : 1;
  std::printf("%s pairs_got %llu pairs_want %llu precision %.4f recall %.4f f1 %.4f\n", name,
              (unsigned long long)gp, (unsigned long long)wp, p, r,
              p + r ? 2 * p * r / (p + r) : 0);
}

uint32_t Find(std::vector<uint32_t>& parent, uint32_t x) {
  while (parent[x] != x) x = parent[x] = parent[parent[x]];
  return x;
}

int Labels(double t, char** argv) {
  Truth truth = ReadTruth(argv[0], argv[1]);
  const uint32_t n = static_cast<uint32_t>(truth.pages.size());
  std::vector<std::vector<uint64_t>> sets(n);
  int latin_mismatch = 0;
  for (uint32_t i = 0; i < n; ++i) {
    auto words = neardup::Words(truth.texts[i]);
    if (!truth.pages[i].japanese && words != LatinWords(truth.texts[i])) ++latin_mismatch;
    sets[i] = neardup::Shingles(words, 5);
  }
  std::printf("latin tokenisation: %d pages where neardup::Words differs\n", latin_mismatch);
  // The intended pairs, all compared (size bound only).
  std::set<std::pair<uint32_t, uint32_t>> want;
  for (uint32_t a = 0; a < n; ++a)
    for (uint32_t b = a + 1; b < n; ++b) {
      double small = std::min(sets[a].size(), sets[b].size());
      double large = std::max(sets[a].size(), sets[b].size());
      if (small == 0 || small < t * large) continue;
      if (neardup::Compare(sets[a], sets[b]).jaccard >= t) want.insert({a, b});
    }
  // warcnear's pairs, expanded by identical-set groups of the signature file.
  auto sig = neardup::SigFile::Open(argv[2]);
  if (!sig.ok()) return std::fprintf(stderr, "%s\n", sig.status().message().c_str()), 1;
  std::map<std::vector<uint64_t>, std::vector<uint32_t>> groups;
  std::vector<uint32_t> group_of(n, UINT32_MAX);
  std::vector<std::vector<uint32_t>> members;
  for (size_t i = 0; i < (*sig)->size(); ++i) {
    auto r = (*sig)->record(i);
    uint32_t id = truth.id_of.at({std::string(r.file), r.offset});
    if (!r.shingles.empty())
      groups[std::vector<uint64_t>(r.shingles.begin(), r.shingles.end())].push_back(id);
  }
  for (auto& [set, ids] : groups) {
    for (uint32_t id : ids) group_of[id] = static_cast<uint32_t>(members.size());
    members.push_back(ids);
  }
  std::set<std::pair<uint32_t, uint32_t>> got;
  auto add = [&](uint32_t a, uint32_t b) {
    if (a != b) got.insert({std::min(a, b), std::max(a, b)});
  };
  std::ifstream pairs(argv[3]);
  for (std::string line; std::getline(pairs, line);) {
    auto f = Split(line, ' ');
    uint32_t a = truth.id_of.at({f[0], std::stoull(f[1])});
    uint32_t b = truth.id_of.at({f[2], std::stoull(f[3])});
    for (uint32_t x : members[group_of[a]])
      for (uint32_t y : members[group_of[b]]) add(x, y);
  }
  uint64_t tp = 0;
  for (auto& p : got) tp += want.count(p);
  double p = got.empty() ? 1 : double(tp) / got.size(),
         r = want.empty() ? 1 : double(tp) / want.size();
  std::printf("pairs got %zu want %zu both %llu precision %.4f recall %.4f f1 %.4f\n", got.size(),
              want.size(), (unsigned long long)tp, p, r, p + r ? 2 * p * r / (p + r) : 0);
  // Misses and false pairs of a page with its base, by the page's op.
  std::map<std::string, std::pair<int, int>> by_op;  // op -> (missed, false)
  for (uint32_t i = 0; i < n; ++i) {
    if (truth.pages[i].base < 0) continue;
    std::pair<uint32_t, uint32_t> pb{static_cast<uint32_t>(truth.pages[i].base), i};
    bool w = want.count(pb), g = got.count(pb);
    if (w && !g) ++by_op[truth.pages[i].op].first;
    if (g && !w) ++by_op[truth.pages[i].op].second;
  }
  for (auto& [op, c] : by_op)
    std::printf("page-base pairs op=%s missed %d false %d\n", op.c_str(), c.first, c.second);
  // Clusters.
  std::vector<uint32_t> cluster(n, UINT32_MAX);
  std::ifstream clusters(argv[4]);
  for (std::string line; std::getline(clusters, line);) {
    auto f = Split(line, ' ');
    cluster[truth.id_of.at({f[0], std::stoull(f[1])})] = static_cast<uint32_t>(std::stoul(f[2]));
  }
  std::vector<uint32_t> parent(n), centre(n);
  std::iota(parent.begin(), parent.end(), 0);
  for (auto& [a, b] : want) parent[Find(parent, a)] = Find(parent, b);
  std::vector<uint32_t> component(n);
  for (uint32_t i = 0; i < n; ++i) component[i] = Find(parent, i);
  std::vector<uint32_t> reps;  // centre-based, capture order
  for (uint32_t i = 0; i < n; ++i) {
    centre[i] = i;
    for (uint32_t r : reps)
      if (want.count({r, i})) {
        centre[i] = r;
        break;
      }
    if (centre[i] == i) reps.push_back(i);
  }
  PairF1("clusters vs components", cluster, component);
  PairF1("clusters vs centre-based", cluster, centre);
  int traps = 0, trap_unpaired = 0, trap_apart = 0, trap_intended = 0;
  for (uint32_t i = 0; i < n; ++i) {
    if (truth.pages[i].op != "trap") continue;
    uint32_t b = static_cast<uint32_t>(truth.pages[i].base);
    ++traps;
    trap_unpaired += !got.count({b, i});
    trap_apart += cluster[b] != cluster[i];
    trap_intended += want.count({b, i});
  }
  std::printf("trap pairs %d not paired %.4f not clustered together %.4f intended-near %d\n", traps,
              traps ? double(trap_unpaired) / traps : 1, traps ? double(trap_apart) / traps : 1,
              trap_intended);
  return 0;
}

double TokenF1(const std::string& got, const std::string& want) {
  auto g = neardup::Words(got), w = neardup::Words(want);
  if (g.empty() && w.empty()) return 1;
  std::sort(g.begin(), g.end());
  std::sort(w.begin(), w.end());
  std::vector<std::string> both;
  std::set_intersection(g.begin(), g.end(), w.begin(), w.end(), std::back_inserter(both));
  if (both.empty()) return 0;
  double p = double(both.size()) / g.size(), r = double(both.size()) / w.size();
  return 2 * p * r / (p + r);
}

int F1(char** argv, const char* per_page_path) {
  FILE* per_page = per_page_path ? std::fopen(per_page_path, "w") : nullptr;
  Truth truth = ReadTruth(argv[0], argv[1]);
  std::vector<std::string> lines;
  for (std::string line; std::getline(std::cin, line);) lines.push_back(line);
  double sum[2] = {0, 0};
  int count[2] = {0, 0}, below[2] = {0, 0};
  for (size_t i = 0; i + 1 < lines.size(); ++i) {
    if (lines[i].rfind("# ", 0) != 0 || lines[i + 1].rfind("# title:", 0) != 0) continue;
    auto f = Split(lines[i].substr(2), ' ');
    if (f.size() != 4) continue;
    std::string text;
    size_t j = i + 2;
    for (; j < lines.size() && !(lines[j].rfind("# ", 0) == 0 && j + 1 < lines.size() &&
                                 lines[j + 1].rfind("# title:", 0) == 0);
         ++j)
      text += lines[j] + '\n';
    uint32_t id = truth.id_of.at({f[0], std::stoull(f[1])});
    int script = truth.pages[id].japanese;
    double f1 = TokenF1(text, truth.texts[id]);
    sum[script] += f1;
    ++count[script];
    below[script] += f1 < 0.9;
    if (per_page) std::fprintf(per_page, "%u %.4f\n", id, f1);
    i = j - 1;
  }
  std::printf("token_f1 all %.4f latin %.4f japanese %.4f pages %d %d below_0.9 %d %d\n",
              (sum[0] + sum[1]) / std::max(1, count[0] + count[1]), sum[0] / std::max(1, count[0]),
              sum[1] / std::max(1, count[1]), count[0], count[1], below[0], below[1]);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "labels" && argc == 8) return Labels(std::atof(argv[2]), argv + 3);
  if (mode == "f1" && (argc == 4 || argc == 5)) return F1(argv + 2, argc == 5 ? argv[4] : nullptr);
  std::fprintf(stderr,
               "usage: neardup_truth labels T PAGES TEXTS SIGFILE PAIRS CLUSTERS\n"
               "       neardup_truth f1 PAGES TEXTS [PER_PAGE] < warcshingle --text output\n");
  return 2;
}
