#include "output.h"

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <string_view>
#include <tuple>

#include "toolcommon/io.h"

namespace warcnear {

namespace {

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

std::string Key(const neardup::SigRecordView& v) {
  return std::string(v.file) + ' ' + std::to_string(v.offset);
}

// Each record's place in the byte order of its "file offset" text. A pair
// line starts "file1 offset1 file2 offset2 ", and file names hold no byte
// below '!', so the lines sort as the pairs of these places do.
std::vector<uint32_t> TextRanks(const Corpus& c) {
  std::vector<uint32_t> order(c.docs.size()), rank(c.docs.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    auto x = Key(c.view(a)), y = Key(c.view(b));
    return x != y ? x < y : a < b;
  });
  for (uint32_t r = 0; r < order.size(); ++r) rank[order[r]] = r;
  return rank;
}

// The pair with its smaller record (file bytes, then offset) first.
neardup::Pair Oriented(const Corpus& c, neardup::Pair p) {
  auto a = c.view(p.a), b = c.view(p.b);
  if (std::tie(b.file, b.offset) < std::tie(a.file, a.offset)) std::swap(p.a, p.b);
  return p;
}

std::string PairLine(const Corpus& c, neardup::Pair p) {
  auto a = c.view(p.a), b = c.view(p.b);
  auto s = neardup::Compare(a.shingles, b.shingles);
  return Key(a) + ' ' + Key(b) + ' ' + Fixed(s.jaccard) + ' ' + Fixed(s.containment_ab) + ' ' +
         Fixed(s.containment_ba) + '\n';
}

}  // namespace

std::string Fixed(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", v);
  return buf;
}

base::Status WritePairs(const Corpus& c, std::vector<neardup::Pair> pairs,
                        const std::string& path) {
  const std::vector<uint32_t> rank = TextRanks(c);
  for (auto& p : pairs) p = Oriented(c, p);
  std::sort(pairs.begin(), pairs.end(), [&](neardup::Pair x, neardup::Pair y) {
    return std::tie(rank[x.a], rank[x.b]) < std::tie(rank[y.a], rank[y.b]);
  });
  LineWriter out;
  if (auto s = out.Open(path); !s.ok()) return s;
  for (const auto& p : pairs) {
    if (auto s = out.Add(PairLine(c, p)); !s.ok()) return s;
  }
  return out.Commit();
}

base::Status WriteClusters(const Corpus& c, const neardup::Clusters& clusters,
                           neardup::Measure measure, const std::string& path) {
  LineWriter out;
  if (auto s = out.Open(path); !s.ok()) return s;
  for (uint32_t i = 0; i < c.docs.size(); ++i) {
    auto v = c.view(i), r = c.view(clusters.representative[i]);
    auto s = neardup::Compare(v.shingles, r.shingles);
    auto line = Key(v) + ' ' + std::to_string(clusters.id[i]) + ' ' + Key(r) + ' ' +
                Fixed(neardup::Value(s, measure)) + '\n';
    if (auto st = out.Add(line); !st.ok()) return st;
  }
  return out.Commit();
}

}  // namespace warcnear
