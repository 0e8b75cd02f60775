// warcnear's wiring: signature files -> documents in capture order ->
// identical sets folded -> candidates (lsh, simhash, exact) checked exactly
// -> pair lines or cluster lines.
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <memory>
#include <string>
#include <tuple>

#include "neardup/cluster.h"
#include "neardup/join.h"
#include "neardup/lsh.h"
#include "neardup/sigfile.h"
#include "neardup/simhash_index.h"
#include "toolcommon/io.h"
#include "warcnear.h"

namespace warcnear {

namespace {

// Every record of the signature files read, in capture order: WARC-Date,
// then WARC file name, then offset (then signature file and position, for
// a record listed twice).
struct Corpus {
  std::vector<std::unique_ptr<neardup::SigFile>> files;
  struct Ref {
    uint32_t file, index;
  };
  std::vector<Ref> refs;
  std::vector<neardup::Doc> docs;  // docs[i] is refs[i]'s record

  neardup::SigRecordView view(size_t i) const { return files[refs[i].file]->record(refs[i].index); }
  const neardup::SigHeader& header() const { return files.front()->header(); }
};

// Opens the inputs; one that cannot be read or whose settings differ from
// the first readable one's is reported and left out.
Corpus Load(const RunOptions& options, toolcommon::Diag* diag) {
  Corpus c;
  for (const auto& path : options.inputs) {
    auto file = neardup::SigFile::Open(path);
    if (!file.ok()) {
      diag->Error(file.status().message());
      continue;
    }
    if (!c.files.empty()) {
      auto s = neardup::CheckCompatible((*file)->header(), c.header());
      if (!s.ok()) {
        diag->Error(path + ": left out: its settings differ from " + c.files.front()->name() +
                    "'s: " + s.message());
        continue;
      }
    }
    c.files.push_back(std::move(*file));
  }
  // The sort keys, read once per record (views into the maps).
  struct Keyed {
    std::string_view date, file;
    uint64_t offset;
    Corpus::Ref ref;
    auto key() const { return std::tie(date, file, offset, ref.file, ref.index); }
  };
  std::vector<Keyed> keyed;
  for (uint32_t f = 0; f < c.files.size(); ++f) {
    for (uint32_t i = 0; i < c.files[f]->size(); ++i) {
      auto v = c.files[f]->record(i);
      keyed.push_back({v.date, v.file, v.offset, {f, i}});
    }
  }
  std::sort(keyed.begin(), keyed.end(),
            [](const Keyed& a, const Keyed& b) { return a.key() < b.key(); });
  c.refs.reserve(keyed.size());
  c.docs.reserve(keyed.size());
  for (const Keyed& k : keyed) {
    c.refs.push_back(k.ref);
    auto v = c.files[k.ref.file]->record(k.ref.index);
    c.docs.push_back({v.minhash, v.shingles, v.simhash});
  }
  return c;
}

// The Jaccard threshold LSH is tuned to: dice D >= t holds exactly when
// Jaccard D / (2 - D) >= t / (2 - t); containment has no such bound (a
// small set inside a large one), so its LSH candidates are those of
// Jaccard t, and pairs of very different sizes need --method exact.
double JaccardThreshold(const RunOptions& o) {
  return o.measure == neardup::Measure::kDice ? o.threshold / (2 - o.threshold) : o.threshold;
}

std::string Count(uint64_t n, const std::string& what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

std::string Fixed(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", v);
  return buf;
}

// "file offset" of record i, and whether it sorts before record j's.
bool KeyBefore(const Corpus& c, uint32_t i, uint32_t j) {
  auto a = c.view(i), b = c.view(j);
  return std::tie(a.file, a.offset) < std::tie(b.file, b.offset);
}

std::string PairLine(const Corpus& c, uint32_t i, uint32_t j) {
  if (KeyBefore(c, j, i)) std::swap(i, j);
  auto a = c.view(i), b = c.view(j);
  auto s = neardup::Compare(a.shingles, b.shingles);
  return std::string(a.file) + ' ' + std::to_string(a.offset) + ' ' + std::string(b.file) + ' ' +
         std::to_string(b.offset) + ' ' + Fixed(s.jaccard) + ' ' + Fixed(s.containment_ab) + ' ' +
         Fixed(s.containment_ba) + '\n';
}

// Pair lines, sorted as LC_ALL=C sort sorts them.
std::vector<std::string> PairLines(const Corpus& c, const std::vector<neardup::Pair>& pairs) {
  std::vector<std::string> lines;
  lines.reserve(pairs.size());
  for (const auto& p : pairs) lines.push_back(PairLine(c, p.a, p.b));
  std::sort(lines.begin(), lines.end());
  return lines;
}

// One line per record in capture order: file offset cluster rep-file
// rep-offset similarity (to the representative, under --measure).
std::vector<std::string> ClusterLines(const Corpus& c, const neardup::IdenticalSets& identical,
                                      const std::vector<neardup::Pair>& pairs,
                                      neardup::Measure measure, uint32_t* count) {
  auto clusters = neardup::ClusterInCaptureOrder(identical, pairs);
  *count = clusters.count;
  std::vector<std::string> lines;
  lines.reserve(c.docs.size());
  for (uint32_t i = 0; i < c.docs.size(); ++i) {
    auto v = c.view(i), r = c.view(clusters.representative[i]);
    auto s = neardup::Compare(v.shingles, r.shingles);
    lines.push_back(std::string(v.file) + ' ' + std::to_string(v.offset) + ' ' +
                    std::to_string(clusters.id[i]) + ' ' + std::string(r.file) + ' ' +
                    std::to_string(r.offset) + ' ' + Fixed(neardup::Value(s, measure)) + '\n');
  }
  return lines;
}

base::Status WriteLines(const std::string& path, const std::vector<std::string>& lines) {
  toolcommon::OutputFile out;
  if (auto s = out.Open(path, false); !s.ok()) return s;
  std::string buffer;
  for (const auto& line : lines) {
    buffer += line;
    if (buffer.size() >= (1 << 20)) {
      if (auto s = out.Write(buffer.data(), buffer.size()); !s.ok()) return s;
      buffer.clear();
    }
  }
  if (auto s = out.Write(buffer.data(), buffer.size()); !s.ok()) return s;
  return out.Commit();
}

}  // namespace

int Run(const RunOptions& options, toolcommon::Diag* diag) {
  auto stage = [&](const std::string& what) {
    if (options.progress) diag->ProgressLine("warcnear: " + what, false);
  };
  stage("reading signature files");
  Corpus c = Load(options, diag);
  if (c.files.empty()) return toolcommon::kExitSomeInputsFailed;
  if (c.header().mod_p != 0) {
    diag->Info("note: the signature files keep only the shingles whose hash is 0 mod " +
               std::to_string(c.header().mod_p) + ": the similarities are estimates");
  }
  stage("folding identical sets");
  const auto identical = neardup::FindIdenticalSets(c.docs);
  const neardup::NearQuery query{options.measure, options.threshold, options.jobs};
  const auto& ids = identical.representatives;
  std::string how;
  neardup::NearPairs near;
  if (options.method == Method::kLsh) {
    stage("candidates by LSH");
    const auto banding = neardup::ChooseBanding(JaccardThreshold(options), c.header().num_perm);
    near = neardup::LshPairs(c.docs, ids, banding, query);
    how = "lsh " + std::to_string(banding.bands) + " bands x " + std::to_string(banding.rows) +
          " rows (S-curve at Jaccard " + Fixed(JaccardThreshold(options)) + ": " +
          Fixed(banding.recall_at_threshold) + ")";
  } else if (options.method == Method::kSimhash) {
    stage("candidates by simhash");
    near = neardup::SimhashPairs(c.docs, ids, options.bits, query);
    how = "simhash within " + std::to_string(options.bits) + " bits";
  } else {
    stage("exact join");
    near = neardup::ExactJoin(c.docs, ids, query);
    how = "exact join";
  }
  const auto star = neardup::StarPairs(identical);
  stage("writing");
  std::vector<std::string> lines;
  uint32_t cluster_count = 0;
  if (options.clusters) {
    lines = ClusterLines(c, identical, near.pairs, options.measure, &cluster_count);
  } else {
    auto all = near.pairs;
    all.insert(all.end(), star.begin(), star.end());
    lines = PairLines(c, all);
  }
  if (options.progress) diag->ProgressLine("warcnear: done", true);
  if (auto s = WriteLines(options.output, lines); !s.ok()) {
    diag->Error(s.message());
    return toolcommon::kExitSomeInputsFailed;
  }
  std::string summary = Count(c.docs.size(), "record") + ", " + Count(ids.size(), "distinct set") +
                        " of shingles, " + Count(c.files.size(), "signature file") + "; " + how +
                        "; " + Count(near.candidates, "candidate") + " checked; " +
                        Count(near.pairs.size(), "pair") + " at " +
                        std::string(neardup::MeasureName(options.measure)) +
                        " >= " + Fixed(options.threshold) + " and " + Count(star.size(), "pair") +
                        " of identical sets";
  if (options.clusters) summary += "; " + Count(cluster_count, "cluster");
  diag->Info(summary);
  return diag->ExitCode();
}

}  // namespace warcnear
