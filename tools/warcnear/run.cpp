// warcnear's wiring: signature files -> documents in capture order ->
// identical sets folded -> candidates (lsh, simhash, exact) checked exactly
// -> pair lines or cluster lines.
#include <algorithm>
#include <atomic>
#include <optional>
#include <string>

#include "neardup/cluster.h"
#include "neardup/join.h"
#include "neardup/lsh.h"
#include "neardup/sig_corpus.h"
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

// What the candidate stage found: pairs (or, for LSH clusters, the
// clusters directly), and how, for the summary.
struct Found {
  neardup::NearPairs near;
  std::optional<neardup::Clusters> clusters;
  std::string how;
};

// Every so many exact checks, the records' pages go back to the kernel:
// the checks read scattered shingle sets, and the kernel maps whole large
// folios around each one, so that without this a tenth of the records
// checked would hold most of the file in memory.
constexpr uint64_t kChecksPerRelease = 1 << 5;

Found FindNear(const neardup::SigCorpus& c, const neardup::IdenticalSets& identical,
               const RunOptions& options) {
  std::atomic<uint64_t> checks{0};
  neardup::NearQuery query{options.measure, options.threshold, options.jobs};
  query.checked = [&] {
    if (++checks % kChecksPerRelease == 0) c.ReleaseRecords();
  };
  const auto& ids = identical.representatives;
  Found f;
  if (options.method == Method::kLsh) {
    const auto banding = neardup::ChooseBanding(JaccardThreshold(options), c.header().num_perm);
    f.how = "lsh " + std::to_string(banding.bands) + " bands x " + std::to_string(banding.rows) +
            " rows (S-curve at Jaccard " + Fixed(JaccardThreshold(options)) + ": " +
            Fixed(banding.recall_at_threshold) + ")";
    if (options.clusters) {
      f.clusters = neardup::LshClusters(c.docs, identical, banding, query, &f.near.candidates);
    } else {
      f.near = neardup::LshPairs(c.docs, ids, banding, query);
    }
  } else if (options.method == Method::kSimhash) {
    f.near = neardup::SimhashPairs(c.docs, ids, options.bits, query);
    f.how = "simhash within " + std::to_string(options.bits) + " bits";
  } else {
    f.near = neardup::ExactJoin(c.docs, ids, query);
    f.how = "exact join";
  }
  if (options.clusters && !f.clusters) {
    f.clusters = neardup::ClusterInCaptureOrder(identical, f.near.pairs);
  }
  return f;
}

}  // namespace

int Run(const RunOptions& options, toolcommon::Diag* diag) {
  auto stage = [&](const std::string& what) {
    if (options.progress) diag->ProgressLine("warcnear: " + what, false);
  };
  stage("reading signature files");
  neardup::SigCorpus c =
      neardup::LoadSigCorpus(options.inputs, [&](const std::string& m) { diag->Error(m); });
  if (c.files.empty()) return toolcommon::kExitSomeInputsFailed;
  if (c.header().mod_p != 0) {
    diag->Info("note: the signature files keep only the shingles whose hash is 0 mod " +
               std::to_string(c.header().mod_p) + ": the similarities are estimates");
  }
  stage("folding identical sets");
  const auto identical = neardup::FindIdenticalSets(c.docs);
  stage("candidates");
  const Found found = FindNear(c, identical, options);
  const auto star = neardup::StarPairs(identical);
  stage("writing");
  base::Status written;
  if (found.clusters) {
    written = WriteClusters(c, *found.clusters, options.measure, options.output);
  } else {
    auto all = found.near.pairs;
    all.insert(all.end(), star.begin(), star.end());
    written = WritePairs(c, std::move(all), options.output);
  }
  if (options.progress) diag->ProgressLine("warcnear: done", true);
  if (!written.ok()) {
    diag->Error(written.message());
    return toolcommon::kExitSomeInputsFailed;
  }
  std::string summary = Count(c.docs.size(), "record") + ", " +
                        Count(identical.representatives.size(), "distinct set") + " of shingles, " +
                        Count(c.files.size(), "signature file") + "; " + found.how + "; " +
                        Count(found.near.candidates, "candidate") + " checked; ";
  const std::string at = " at " + std::string(neardup::MeasureName(options.measure)) +
                         " >= " + Fixed(options.threshold);
  if (found.clusters) {
    summary += Count(found.clusters->count, "cluster") + at;
  } else {
    summary += Count(found.near.pairs.size(), "pair") + at + " and " + Count(star.size(), "pair") +
               " of identical sets";
  }
  diag->Info(summary);
  return diag->ExitCode();
}

}  // namespace warcnear
