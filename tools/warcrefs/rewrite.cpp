#include "rewrite.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "dedup/new_file.h"
#include "dedup/splice.h"
#include "manifest/kept.h"
#include "toolcommon/io.h"
#include "toolcommon/paths.h"
#include "toolcommon/replace.h"
#include "toolcommon/temp_files.h"

namespace warcrefs {
using toolcommon::BaseName;
using toolcommon::DirName;
using toolcommon::RealPath;
namespace {

// A file still being written to (an open crawl's WARC, say) or replaced
// while we read it must not lose what came in meanwhile: checked just before
// the rename, so the window left is the rename itself.
base::Status InputUnchanged(int in_fd, const std::string& input, const struct stat& before) {
  struct stat now;
  if (::fstat(in_fd, &now) != 0) return base::Status::IOError("fstat: " + base::ErrnoText(errno));
  if (now.st_size != before.st_size || now.st_mtim.tv_sec != before.st_mtim.tv_sec ||
      now.st_mtim.tv_nsec != before.st_mtim.tv_nsec)
    return base::Status::Corruption("the input changed while it was being rewritten (" +
                                    std::to_string(before.st_size) + " bytes when it was read, " +
                                    std::to_string(now.st_size) + " now)");
  if (::stat(input.c_str(), &now) != 0 || now.st_ino != before.st_ino ||
      now.st_dev != before.st_dev)
    return base::Status::Corruption(
        "the input was replaced by another file while it was being rewritten");
  return base::Status::Ok();
}

// What Inspect checks each line against.
dedup::InspectRules RulesOf(const RewriteOptions& options) {
  dedup::InspectRules rules;
  rules.damaged_file = options.damaged_file;
  rules.revisit_refs = options.revisit_refs;
  rules.manifest_refs = options.manifest_refs;
  if (const OriginalIndex* originals = options.originals)
    rules.names_its_original = [originals](const manifest::Entry& copy) {
      return originals->NamesItsOriginal(copy);
    };
  if (const VerifiedOriginals* verified = options.verified)
    rules.check_original = [verified](const manifest::Entry& copy, const warc::Digest& sha256) {
      return verified->Check(copy, sha256);
    };
  return rules;
}

// What the verify pass checks of a record converted at `offset`.
dedup::Conversion ConversionOf(uint64_t offset, const manifest::Entry& e,
                               dedup::Inspection* inspection) {
  dedup::Conversion c;
  c.in_offset = offset;
  c.in_length = inspection->length;
  c.out_length = inspection->revisit_bytes.size();
  c.record_id = std::move(inspection->record_id);
  c.payload_digest = std::move(inspection->payload_digest);
  c.version = std::move(inspection->version);
  c.content_type = std::move(inspection->content_type);
  c.uri = e.uri;
  c.date = e.date;
  c.ref_uri = manifest::DecodeField(e.ref_uri);
  c.ref_date = manifest::DecodeField(e.ref_date);
  return c;
}

// The temporary file beside the target, removed on SIGINT/SIGTERM.
dedup::NewFileOptions NewFileOf(const RewriteOptions& options) {
  dedup::NewFileOptions o;
  o.dir = DirName(options.target);
  o.name = std::string(".").append(BaseName(options.target)).append(".warcrefs-XXXXXX");
  o.created = toolcommon::RegisterTempFile;
  o.removed = toolcommon::UnregisterTempFile;
  return o;
}

// Gives the new file the owner and mode of `st` and renames it over the
// target; empty on success, else why not (the file is then removed).
std::string Install(dedup::NewFile* file, const struct stat& st, const std::string& target) {
  // The new file takes the old one's owner and mode (the owner only where we may).
  if (::fchown(file->fd(), st.st_uid, st.st_gid) != 0) {
  }
  ::fchmod(file->fd(), st.st_mode & 07777);
  if (::rename(file->path().c_str(), target.c_str()) != 0) {
    int err = errno;
    file->Discard();
    return "cannot rename the new file into place: " + base::ErrnoText(err);
  }
  file->Installed();
  return "";
}

// Verify, sync, rename.
void Commit(dedup::NewFile* file, int in_fd, const struct stat& st, const std::string& input,
            const RewriteOptions& options, dedup::AfterLines* after, FileResult* result) {
  auto fail = [&](const std::string& why) {
    result->problems.push_back(why + "; " +
                               (options.in_place ? "file left as it was" : "nothing written"));
    result->bytes_after = result->bytes_before;
    result->converted = 0;  // nothing was written
    file->Discard();
  };
  uint64_t in_size = static_cast<uint64_t>(st.st_size);
  if (auto s = file->Finish(in_size, BaseName(input), after ? &options.after_sum : nullptr, after);
      !s.ok())
    return fail(s.message());
  if (auto s = InputUnchanged(in_fd, input, st); !s.ok()) return fail(s.message());
  if (auto why = Install(file, st, options.target); !why.empty()) {
    result->problems.push_back(why);
    result->bytes_after = result->bytes_before;
    result->converted = 0;
    return;
  }
  if (auto s = toolcommon::SyncDirectory(DirName(options.target)); !s.ok())
    result->problems.push_back(s.message());
  result->written = true;
}

// RewriteFile without the after-manifest of a file left as it was; `after`
// (null: none wanted) receives the new file's lines.
FileResult Rewrite(const std::string& input, const DupSource& next_dup,
                   const RewriteOptions& options, dedup::AfterLines* after) {
  FileResult result;
  manifest::Entry e;
  auto count_rest = [&] {
    while (next_dup(&e)) ++result.lines;
    return result;
  };
  int in_fd = ::open(input.c_str(), O_RDONLY | O_CLOEXEC);
  if (in_fd < 0) {
    result.problems.push_back("cannot open: " + base::ErrnoText(errno));
    return count_rest();
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{in_fd};
  struct stat st;
  if (::fstat(in_fd, &st) != 0) {
    result.problems.push_back("cannot stat: " + base::ErrnoText(errno));
    return count_rest();
  }
  uint64_t in_size = static_cast<uint64_t>(st.st_size);
  result.bytes_before = result.bytes_after = in_size;
  unsigned char magic[2] = {0, 0};
  bool gzip = ::pread(in_fd, magic, 2, 0) == 2 && magic[0] == 0x1f && magic[1] == 0x8b;

  dedup::RevisitWriter revisit_writer(gzip);
  const dedup::InspectRules rules = RulesOf(options);
  dedup::NewFile file(in_fd,
                      NewFileOf(options));  // created at the first conversion, unless a dry run
  int64_t shift = 0;    // how much earlier records already converted moved this one back
  uint64_t in_pos = 0;  // end of the last record decided on
  while (next_dup(&e)) {
    ++result.lines;
    std::string where = "offset " + std::to_string(e.offset) + ": ";
    int64_t moved = static_cast<int64_t>(e.offset) - shift;
    if (moved < 0 || static_cast<uint64_t>(moved) < in_pos) {
      result.problems.push_back(where + "overlaps the record before it; not applied");
      continue;
    }
    uint64_t offset = static_cast<uint64_t>(moved);
    dedup::Inspection inspection =
        dedup::Inspect(in_fd, in_size, offset, &revisit_writer, e, rules);
    if (inspection.kind == dedup::Inspection::Kind::kMismatch) {
      result.problems.push_back(where + inspection.reason + "; not applied");
      continue;
    }
    if (inspection.kind == dedup::Inspection::Kind::kKeep) {
      (inspection.error ? result.problems : result.notes).push_back(where + inspection.reason);
      std::string detail =
          inspection.reason.substr(inspection.reason.rfind("kept: ", 0) == 0 ? 6 : 0);
      result.kept.push_back(manifest::FormatKeptLine(e.file, e.offset, e.uri, e.date, e.digest,
                                                     inspection.kept, detail));
      continue;
    }
    in_pos = offset + inspection.length;
    if (inspection.kind == dedup::Inspection::Kind::kAlready) {
      ++result.already;
      shift += static_cast<int64_t>(e.length) - static_cast<int64_t>(inspection.length);
      continue;
    }
    ++result.converted;
    result.bytes_after -= inspection.length - inspection.revisit_bytes.size();
    if (options.dry_run) continue;
    file.Add(ConversionOf(offset, e, &inspection), inspection.revisit_bytes);
  }
  if (result.converted == 0 || options.dry_run) return result;
  Commit(&file, in_fd, st, input, options, after, &result);
  return result;
}

}  // namespace

FileResult RewriteFile(const std::string& input, const std::vector<manifest::Entry>& dups,
                       const RewriteOptions& options) {
  size_t next = 0;
  return RewriteFile(
      input,
      [&](manifest::Entry* e) {
        if (next == dups.size()) return false;
        *e = dups[next++];
        return true;
      },
      options);
}

FileResult RewriteFile(const std::string& input, const DupSource& next_dup,
                       const RewriteOptions& options) {
  if (!options.after_lines) return Rewrite(input, next_dup, options, nullptr);
  dedup::AfterLines after;
  FileResult result = Rewrite(input, next_dup, options, &after);
  const std::string note = " (not listed in the after-manifest)";
  if (result.written) {
    auto s = after.lines.Drain([&](const char* data, size_t n) {
      std::string piece(data, n);
      options.after_lines(&piece);
      return base::Status::Ok();
    });
    if (!s.ok()) {
      result.problems.push_back("after-manifest: " + s.message());
      result.after_incomplete = true;
    }
    for (const auto& p : after.problems) result.problems.push_back(p + note);
    return result;
  }
  // Not rewritten: the file after the run is the input as it is.
  auto source = base::FileSource::Open(input);
  if (!source.ok()) {
    result.problems.push_back("after-manifest: " + source.status().message());
    return result;
  }
  dedup::FileSink sink;
  sink.lines = options.after_lines;
  sink.message = [&](const std::string& m) { result.problems.push_back(m + note); };
  dedup::SumSource(source->get(), BaseName(input), options.after_sum, sink);
  return result;
}

}  // namespace warcrefs
