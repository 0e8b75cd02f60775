// warcnear's wiring: signature files -> documents in capture order ->
// identical sets folded -> candidates (lsh, simhash, exact) checked exactly
// -> pair lines or cluster lines.
#include <algorithm>
#include <string>

#include "corpus.h"
#include "neardup/cluster.h"
#include "neardup/join.h"
#include "neardup/lsh.h"
#include "neardup/sigfile.h"
#include "neardup/simhash_index.h"
#include "output.h"
#include "warcnear.h"

namespace warcnear {

namespace {

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

}  // namespace

int Run(const RunOptions& options, toolcommon::Diag* diag) {
  auto stage = [&](const std::string& what) {
    if (options.progress) diag->ProgressLine("warcnear: " + what, false);
  };
  stage("reading signature files");
  Corpus c = Load(options.inputs, diag);
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
  uint32_t cluster_count = 0;
  base::Status written;
  if (options.clusters) {
    const auto clusters = neardup::ClusterInCaptureOrder(identical, near.pairs);
    cluster_count = clusters.count;
    written = WriteClusters(c, clusters, options.measure, options.output);
  } else {
    auto all = near.pairs;
    all.insert(all.end(), star.begin(), star.end());
    written = WritePairs(c, std::move(all), options.output);
  }
  if (options.progress) diag->ProgressLine("warcnear: done", true);
  if (!written.ok()) {
    diag->Error(written.message());
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
