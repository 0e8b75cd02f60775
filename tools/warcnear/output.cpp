#include "output.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <numeric>
#include <string_view>
#include <tuple>

#include "toolcommon/io.h"

namespace warcnear {

namespace {

// Lines compare scattered shingle sets: their pages go back to the kernel
// every so many lines (neardup::SigCorpus::ReleaseRecords).
constexpr uint64_t kLinesPerRelease = 1 << 5;

// Output through a buffer of about 1 MB.
class LineWriter {
 public:
  base::Status Open(const std::string& path) { return out_.Open(path, false); }
  base::Status Add(const std::string& line) {
    buffer_ += line;
    return buffer_.size() < (1 << 20) ? base::Status::Ok() : Flush();
  }
  base::Status Commit() {
    if (auto s = Flush(); !s.ok()) return s;
    return out_.Commit();
  }

 private:
  base::Status Flush() {
    auto s = out_.Write(buffer_.data(), buffer_.size());
    buffer_.clear();
    return s;
  }
  toolcommon::OutputFile out_;
  std::string buffer_;
};

// a < b as the decimal texts of a and b compare (bytes): "100" < "20".
bool DecimalTextLess(uint64_t a, uint64_t b) {
  char x[24], y[24];
  auto ex = std::to_chars(x, x + sizeof x, a).ptr, ey = std::to_chars(y, y + sizeof y, b).ptr;
  return std::lexicographical_compare(x, ex, y, ey);
}

// The place of each record that is in a pair in the byte order of its
// "file offset" text (others: 0). A pair line starts "file1 offset1 file2
// offset2 ", and file names hold no byte below '!', so the lines sort as
// the pairs of these places do: by name (names are sorted), then offset text.
std::vector<uint32_t> TextRanks(const neardup::SigCorpus& c,
                                const std::vector<neardup::Pair>& pairs) {
  std::vector<uint32_t> order, rank(c.docs.size(), 0);
  for (const auto& p : pairs) order.insert(order.end(), {p.a, p.b});
  std::sort(order.begin(), order.end());
  order.erase(std::unique(order.begin(), order.end()), order.end());
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    const neardup::SigCorpus::Key &x = c.keys[a], &y = c.keys[b];
    if (x.name != y.name) return x.name < y.name;
    if (x.offset != y.offset) return DecimalTextLess(x.offset, y.offset);
    return a < b;
  });
  for (uint32_t r = 0; r < order.size(); ++r) rank[order[r]] = r;
  return rank;
}

// The pair with its smaller record (file bytes, then offset) first.
neardup::Pair Oriented(const neardup::SigCorpus& c, neardup::Pair p) {
  const neardup::SigCorpus::Key &a = c.keys[p.a], &b = c.keys[p.b];
  if (std::tie(b.name, b.offset) < std::tie(a.name, a.offset)) std::swap(p.a, p.b);
  return p;
}

std::string PairLine(const neardup::SigCorpus& c, neardup::Pair p) {
  auto s = neardup::Compare(c.docs[p.a].shingles, c.docs[p.b].shingles);
  return c.KeyText(p.a) + ' ' + c.KeyText(p.b) + ' ' + Fixed(s.jaccard) + ' ' +
         Fixed(s.containment_ab) + ' ' + Fixed(s.containment_ba) + '\n';
}

}  // namespace

std::string Fixed(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", v);
  return buf;
}

base::Status WritePairs(const neardup::SigCorpus& c, std::vector<neardup::Pair> pairs,
                        const std::string& path) {
  for (auto& p : pairs) p = Oriented(c, p);
  const std::vector<uint32_t> rank = TextRanks(c, pairs);
  std::sort(pairs.begin(), pairs.end(), [&](neardup::Pair x, neardup::Pair y) {
    return std::tie(rank[x.a], rank[x.b]) < std::tie(rank[y.a], rank[y.b]);
  });
  LineWriter out;
  if (auto s = out.Open(path); !s.ok()) return s;
  for (size_t i = 0; i < pairs.size(); ++i) {
    if (auto s = out.Add(PairLine(c, pairs[i])); !s.ok()) return s;
    if (i % kLinesPerRelease == kLinesPerRelease - 1) c.ReleaseRecords();
  }
  return out.Commit();
}

base::Status WriteClusters(const neardup::SigCorpus& c, const neardup::Clusters& clusters,
                           neardup::Measure measure, const std::string& path) {
  LineWriter out;
  if (auto s = out.Open(path); !s.ok()) return s;
  for (uint32_t i = 0; i < c.docs.size(); ++i) {
    const uint32_t rep = clusters.representative[i];
    // A representative's similarity to itself is 1, whatever its set.
    const double value =
        rep == i
            ? 1.0
            : neardup::Value(neardup::Compare(c.docs[i].shingles, c.docs[rep].shingles), measure);
    auto line = c.KeyText(i) + ' ' + std::to_string(clusters.id[i]) + ' ' + c.KeyText(rep) + ' ' +
                Fixed(value) + '\n';
    if (auto st = out.Add(line); !st.ok()) return st;
    if (i % kLinesPerRelease == kLinesPerRelease - 1) c.ReleaseRecords();
  }
  return out.Commit();
}

}  // namespace warcnear
