#include "refs.h"

#include <cstdio>
#include <map>
#include <set>

#include "check.h"
#include "jobs.h"
#include "originals.h"
#include "prepare.h"
#include "spool.h"
#include "toolcommon/io.h"
#include "toolcommon/paths.h"
#include "warc/digest.h"

namespace warcrefs {
using toolcommon::BaseName;
using toolcommon::DirName;
using toolcommon::RealPath;
namespace {

Inputs ListInputs(const Options& options, toolcommon::Diag* diag) {
  Inputs inputs;
  for (const auto& path : toolcommon::ExpandInputs(options.inputs, true, diag)) {
    std::string base = BaseName(path);
    auto [it, inserted] = inputs.by_name.emplace(base, path);
    if (!inserted && RealPath(it->second) == RealPath(path)) continue;  // the same file again
    if (!inserted) inputs.ambiguous.insert(base);
    inputs.all_by_name[base].push_back(path);
    ++inputs.files;
  }
  return inputs;
}

bool CheckManifestFile(const std::string& path, const std::string& name, const Options& options,
                       const Inputs& inputs, toolcommon::Diag* diag, ManifestFacts* facts) {
  auto source = base::FileSource::Open(path);
  if (!source.ok()) {
    diag->Error(name + ": " + source.status().message());
    return false;
  }
  if (!CheckManifest(source->get(), name, diag, inputs, options.trust_manifest, facts))
    return false;
  facts->originals.Seal();
  facts->copy_ones.Seal();
  facts->needed.Seal();
  return true;
}

// --referenced: false (reported) when it cannot be read or forbids any rewrite.
bool LoadRevisitRefs(const Options& options, toolcommon::Diag* diag,
                     manifest::ReferenceSet* revisit_refs) {
  if (options.referenced.empty()) return true;
  if (auto s = revisit_refs->LoadFile(options.referenced); !s.ok()) {
    diag->Error(s.message() + "; nothing rewritten");
    return false;
  }
  // A revisit in a file warcsum did not read at all may refer to any
  // record: converting any of them could leave it resolving to nothing.
  // A damaged file's references were harvested from its bytes: the file
  // itself is not rewritten, the rest is.
  return !RefuseForReferences(*revisit_refs, options, diag);
}

// The targets about to be written: what a killed run left beside them goes.
void RemoveTargetLeftovers(const Options& options, const Inputs& inputs, const ManifestFacts& facts,
                           const std::set<std::string>& damaged, toolcommon::Diag* diag) {
  std::map<std::string, std::set<std::string>> targets;  // directory -> base names
  for (const auto& base : facts.copy_files) {
    const std::string& path = inputs.by_name.at(base);
    if (damaged.count(path)) continue;
    std::string target = options.in_place ? RealPath(path) : options.out_dir + "/" + base;
    targets[DirName(target)].insert(BaseName(target));
  }
  RemoveLeftovers(targets, options.dry_run, diag);
}

// As warcsum by default, in the manifest's algorithm.
AfterSumOptions AfterSumOf(const std::string& first_digest) {
  AfterSumOptions after_sum;
  if (!first_digest.empty()) {
    auto digest = warc::ParseDigest(first_digest);
    if (digest.ok()) after_sum.algorithm = digest->algorithm;
  }
  return after_sum;
}

void ReportTotal(const Options& options, const Totals& t, toolcommon::Diag* diag) {
  // Signed: revisits longer than the tiny records they replace make files grow.
  char percent[32] = "0.0%";
  if (t.before > 0 && t.after != t.before)
    std::snprintf(percent, sizeof percent, "%+.1f%%",
                  100.0 * (static_cast<double>(t.after) - static_cast<double>(t.before)) /
                      static_cast<double>(t.before));
  diag->Info("total: " + std::to_string(t.files) + " files, " +
             (options.dry_run ? "would convert " : "converted ") + std::to_string(t.converted) +
             " of " + std::to_string(t.lines) + " duplicates, " + toolcommon::HumanBytes(t.before) +
             " -> " + toolcommon::HumanBytes(t.after) + " (" + percent + ")");
  diag->Verbose("total bytes: " + std::to_string(t.before) + " -> " + std::to_string(t.after) +
                ", " + std::to_string(t.converted) + " converted");
}

}  // namespace

int Run(const Options& options, toolcommon::Diag* diag) {
  constexpr int kFailed = toolcommon::kExitSomeInputsFailed;
  // stdin is read twice (check, then apply): keep a copy.
  ManifestSpool spool;
  JobPlan plan;
  plan.options = &options;
  plan.manifest_path = options.manifest;
  if (options.manifest == "-") {
    if (!spool.CopyStdin(diag)) return kFailed;
    plan.manifest_path = spool.path();
  }
  plan.name = toolcommon::InputName(options.manifest);
  Inputs inputs = ListInputs(options, diag);
  ManifestFacts facts;
  if (!CheckManifestFile(plan.manifest_path, plan.name, options, inputs, diag, &facts))
    return kFailed;
  manifest::ReferenceSet revisit_refs;
  if (!LoadRevisitRefs(options, diag, &revisit_refs)) return kFailed;
  const std::set<std::string> damaged =
      DamagedInputs(revisit_refs.damaged(), inputs, options.referenced, diag);
  // The originals are read before any file is rewritten.
  VerifiedOriginals verified;
  if (!options.trust_manifest && !VerifyOriginals(options, plan.manifest_path, inputs, facts.needed,
                                                  revisit_refs.damaged(), diag, &verified))
    return kFailed;
  RemoveTargetLeftovers(options, inputs, facts, damaged, diag);
  plan.inputs = &inputs;
  plan.facts = &facts;
  plan.revisit_refs = &revisit_refs;
  plan.damaged = &damaged;
  plan.verified = &verified;
  plan.after_sum = AfterSumOf(facts.first_digest);
  Totals totals;
  if (!RewriteAll(plan, diag, &totals)) return kFailed;
  ReportTotal(options, totals, diag);
  return diag->ExitCode();
}

}  // namespace warcrefs
