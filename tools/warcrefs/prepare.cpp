#include "prepare.h"

#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>

#include "dedup/temp_output.h"
#include "manifest/reader.h"
#include "toolcommon/paths.h"

namespace warcrefs {
using toolcommon::BaseName;
using toolcommon::DirName;
using toolcommon::RealPath;

namespace {

// The copy-1 lines that copies in the input files name, read again from the
// manifest (checked already: every line parses).
base::Status CollectOriginals(const std::string& path, const manifest::ReferenceSet& needed,
                              VerifiedOriginals* originals) {
  auto source = base::FileSource::Open(path);
  if (!source.ok()) return source.status();
  manifest::ManifestReader reader(source->get());
  manifest::Entry entry;
  while (reader.Next(&entry) == manifest::ManifestReader::Outcome::kEntry)
    if (entry.copy == 1 && needed.HasOriginal(entry.uri, entry.date, entry.digest))
      originals->Add(entry);
  return base::Status::Ok();
}

}  // namespace

// Reads every original the copies name (before any file is rewritten: that
// shifts offsets). False when the originals cannot be reached at all.
bool VerifyOriginals(const Options& options, const std::string& manifest_path, const Inputs& inputs,
                     const manifest::ReferenceSet& needed, const std::vector<std::string>& damaged,
                     toolcommon::Diag* diag, VerifiedOriginals* originals) {
  if (auto s = CollectOriginals(manifest_path, needed, originals); !s.ok()) {
    diag->Error(options.manifest + ": " + s.message() + "; nothing rewritten");
    return false;
  }
  OriginalPlaces places;
  places.inputs = inputs.by_name;
  places.ambiguous = inputs.ambiguous;
  places.dirs = options.fetch.warc_dirs;
  for (const auto& path : damaged) {
    places.damaged_real.insert(RealPath(path));
    places.damaged_base.insert(BaseName(path));
  }
  std::unique_ptr<fetch::RangeSource> remote;
  if (options.fetch.remote() && originals->size() > 0) {
    auto made = fetch::MakeRangeSource(options.fetch);
    if (!made.ok()) {
      diag->Error(made.status().message() + "; nothing rewritten");
      return false;
    }
    remote = std::move(made.value());
    places.remote = remote.get();
  }
  uint64_t failed = originals->ReadAll(places);
  diag->Verbose("read " + std::to_string(originals->size()) + " originals" +
                (failed ? " (" + std::to_string(failed) + " missing or unreadable)" : ""));
  return true;
}

// Removes the temporary files a killed run left beside the targets about to
// be written (exactly the names mkstemp gives them there).
void RemoveLeftovers(const std::map<std::string, std::set<std::string>>& targets, bool dry_run,
                     toolcommon::Diag* diag) {
  for (const auto& [dir, bases] : targets) {
    std::vector<std::string> found = dedup::FindLeftovers(dir, ".warcrefs-", bases);
    for (const auto& path : found) {
      if (dry_run) {
        diag->Info(path + ": temporary file of an interrupted run (would be removed)");
      } else if (::unlink(path.c_str()) == 0) {
        diag->Info(path + ": removed the temporary file of an interrupted run");
      } else {
        diag->Error(path + ": cannot remove the temporary file of an interrupted run: " +
                    base::ErrnoText(errno));
      }
    }
  }
}

// The inputs --referenced names as damaged (warcsum could not read them
// whole): matched by real path, else by base name. Each is reported.
std::set<std::string> DamagedInputs(const std::vector<std::string>& damaged, const Inputs& inputs,
                                    const std::string& list, toolcommon::Diag* diag) {
  std::map<std::string, std::string> by_real;  // real path -> input path
  for (const auto& [base, paths] : inputs.all_by_name)
    for (const auto& path : paths) by_real.emplace(RealPath(path), path);
  std::set<std::string> result;
  for (const auto& path : damaged) {
    std::string how;
    if (auto it = by_real.find(RealPath(path)); it != by_real.end()) {
      result.insert(it->second);
    } else if (auto named = inputs.all_by_name.find(BaseName(path));
               named != inputs.all_by_name.end()) {
      result.insert(named->second.begin(), named->second.end());
      how = " (matched to the input " + named->second.front() + " by its base name)";
    } else {
      how = " (not among the inputs)";
    }
    diag->Error(list + ": " + path + " is damaged (warcsum could not read it whole)" + how +
                ": not rewritten, its copies are kept");
  }
  return result;
}

// --referenced names inputs not read at all, or (with --strict) damaged ones:
// their revisits are unknown, so nothing may be converted.
bool RefuseForReferences(const manifest::ReferenceSet& refs, const Options& options,
                         toolcommon::Diag* diag) {
  std::vector<std::string> what = refs.incomplete();
  if (options.strict) what.insert(what.end(), refs.damaged().begin(), refs.damaged().end());
  if (what.empty()) return false;
  std::string named;
  for (size_t i = 0; i < what.size(); ++i) named += (i ? ", " : "") + what[i];
  diag->Error(options.referenced + ": the revisits of " + std::to_string(what.size()) +
              (what.size() == 1 ? " input are" : " inputs are") + " unknown (" + named +
              ": damaged, or not read, by warcsum); nothing rewritten. Repair those files, or "
              "move them out of the collection, and take the references again (warcdedup: "
              "--restart)");
  return true;
}

}  // namespace warcrefs
