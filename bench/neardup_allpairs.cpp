// neardup_allpairs: the brute-force reference of bench/neardup_bench.sh for
// warcnear(1)'s exact check: every pair of records of a signature file,
// compared with neardup::Compare, no candidate stage.
//
//   neardup_allpairs SIGFILE PREFIX T...
//
// For each threshold T writes, in warcnear's pair format and order
// (`file1 offset1 file2 offset2 jaccard c12 c21`, LC_ALL=C sorted):
//   PREFIX.T.pairs  what warcnear -t T must print: the pairs of distinct
//                   sets with Jaccard >= T between the first records of
//                   their identical-set groups, plus each group member
//                   paired with its group's first record (warcnear(1),
//                   "Identical sets": the star rule; capture order is
//                   WARC-Date, then file name, then offset)
//   PREFIX.T.rep    the first half only: the pairs a candidate stage must
//                   find (the recall's denominator)
// The only filter before Compare is the size bound |A|/|B| >= T (Jaccard
// cannot reach T otherwise), exact by arithmetic. Not a tool: no error
// handling beyond a message.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <numeric>
#include <string>
#include <tuple>
#include <vector>

#include "neardup/sigfile.h"
#include "neardup/similarity.h"

namespace {

struct Hit {
  uint32_t a, b;  // capture-order indices
  neardup::Similarity s;
};

std::string Key(const neardup::SigRecordView& r) {
  return std::string(r.file) + ' ' + std::to_string(r.offset);
}

std::string Fixed(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", v);
  return buf;
}

// The pair line, the smaller key first (file by bytes, then offset).
std::string Line(const neardup::SigRecordView& x, const neardup::SigRecordView& y,
                 const neardup::Similarity& s) {
  bool swap = std::tie(x.file, x.offset) > std::tie(y.file, y.offset);
  const auto& a = swap ? y : x;
  const auto& b = swap ? x : y;
  double ab = swap ? s.containment_ba : s.containment_ab;
  double ba = swap ? s.containment_ab : s.containment_ba;
  return Key(a) + ' ' + Key(b) + ' ' + Fixed(s.jaccard) + ' ' + Fixed(ab) + ' ' + Fixed(ba);
}

void WriteSorted(const std::string& path, std::vector<std::string> lines) {
  std::sort(lines.begin(), lines.end());
  std::ofstream out(path);
  for (const auto& l : lines) out << l << '\n';
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: neardup_allpairs SIGFILE PREFIX T...\n");
    return 2;
  }
  auto file = neardup::SigFile::Open(argv[1]);
  if (!file.ok()) {
    std::fprintf(stderr, "neardup_allpairs: %s\n", file.status().message().c_str());
    return 1;
  }
  const auto& sig = *file.value();
  std::vector<double> thresholds;
  for (int i = 3; i < argc; ++i) thresholds.push_back(std::atof(argv[i]));
  const double lowest = *std::min_element(thresholds.begin(), thresholds.end());

  // Capture order.
  std::vector<neardup::SigRecordView> recs;
  for (size_t i = 0; i < sig.size(); ++i) recs.push_back(sig.record(i));
  std::stable_sort(recs.begin(), recs.end(), [](const auto& x, const auto& y) {
    return std::tie(x.date, x.file, x.offset) < std::tie(y.date, y.file, y.offset);
  });
  const uint32_t n = static_cast<uint32_t>(recs.size());

  // Identical sets: first[i] is the earliest record with the same set.
  std::vector<uint32_t> order(n), first(n);
  std::iota(order.begin(), order.end(), 0);
  auto set_less = [&](uint32_t x, uint32_t y) {
    const auto& a = recs[x].shingles;
    const auto& b = recs[y].shingles;
    if (std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end())) return true;
    if (std::lexicographical_compare(b.begin(), b.end(), a.begin(), a.end())) return false;
    return x < y;
  };
  std::sort(order.begin(), order.end(), set_less);
  for (uint32_t k = 0; k < n; ++k) {
    uint32_t i = order[k];
    first[i] = i;
    if (k > 0 && !recs[i].shingles.empty()) {
      const auto& p = recs[order[k - 1]].shingles;
      if (std::equal(p.begin(), p.end(), recs[i].shingles.begin(), recs[i].shingles.end()))
        first[i] = first[order[k - 1]];
    }
  }

  // Every pair of group-first records (non-empty sets), all compared.
  std::vector<uint32_t> reps;
  for (uint32_t i = 0; i < n; ++i)
    if (first[i] == i && !recs[i].shingles.empty()) reps.push_back(i);
  std::vector<Hit> hits;
  uint64_t compared = 0;
  for (size_t x = 0; x < reps.size(); ++x) {
    for (size_t y = x + 1; y < reps.size(); ++y) {
      const auto& a = recs[reps[x]].shingles;
      const auto& b = recs[reps[y]].shingles;
      double small = std::min(a.size(), b.size()), large = std::max(a.size(), b.size());
      if (small < lowest * large) continue;
      ++compared;
      auto s = neardup::Compare(a, b);
      if (s.jaccard >= lowest) hits.push_back({reps[x], reps[y], s});
    }
  }
  uint64_t members = 0;
  for (double t : thresholds) {
    std::vector<std::string> rep_lines, all_lines;
    for (const auto& h : hits)
      if (h.s.jaccard >= t) rep_lines.push_back(Line(recs[h.a], recs[h.b], h.s));
    all_lines = rep_lines;
    members = 0;
    for (uint32_t i = 0; i < n; ++i) {
      if (first[i] == i) continue;
      ++members;
      const auto& f = recs[first[i]];
      all_lines.push_back(Line(f, recs[i], neardup::Compare(f.shingles, recs[i].shingles)));
    }
    char name[32];
    std::snprintf(name, sizeof name, "%g", t);
    WriteSorted(std::string(argv[2]) + "." + name + ".rep", rep_lines);
    WriteSorted(std::string(argv[2]) + "." + name + ".pairs", all_lines);
  }
  std::printf("records %u distinct %zu members %llu compared %llu\n", n, reps.size(),
              static_cast<unsigned long long>(members), static_cast<unsigned long long>(compared));
  return 0;
}
