#include <sys/stat.h>

#include <cstdio>
#include <memory>
#include <set>
#include <utility>

#include "dedup/summarise.h"
#include "manifest/reader.h"
#include "neardup/sigfile.h"
#include "toolcommon/io.h"
#include "toolcommon/paths.h"
#include "toolcommon/progress.h"
#include "toolcommon/work_queue.h"
#include "warcshingle.h"

namespace warcshingle {

namespace {

using Key = std::pair<std::string, uint64_t>;  // file field, offset

struct Signed {
  neardup::SigRecord record;
  neardup::Extracted text;  // --text
  std::vector<std::string> notes;
};

// The records -m names: (file field, offset). Errors go to diag.
bool ReadWantedKeys(const std::string& path, std::set<Key>* keys, toolcommon::Diag* diag) {
  auto source = base::FileSource::Open(path);
  if (!source.ok()) {
    diag->Error(source.status().message());
    return false;
  }
  manifest::ManifestReader reader(source->get());
  manifest::Entry entry;
  for (;;) {
    auto outcome = reader.Next(&entry);
    if (outcome == manifest::ManifestReader::Outcome::kEnd) return true;
    if (outcome == manifest::ManifestReader::Outcome::kEntry) {
      keys->emplace(entry.file, entry.offset);
      continue;
    }
    diag->Error(path + ": " + reader.error().message());
    if (outcome == manifest::ManifestReader::Outcome::kReadError) return false;
  }
}

// "key title\n text\n\n" for --text.
std::string TextBlock(const manifest::Entry& key, const neardup::Extracted& text) {
  return "# " + key.file + " " + std::to_string(key.offset) + " " + key.uri + " " + key.date +
         "\n" + "# title: " + text.title + "\n" + text.text + "\n\n";
}

// Pages of all inputs, signed by the queue's workers, written in input order.
class Signer {
 public:
  Signer(const RunOptions& options, toolcommon::Diag* diag, neardup::SigWriter* writer)
      : options_(options),
        diag_(diag),
        writer_(writer),
        queue_(
            {.threads = options.jobs,
             .window = 64 * static_cast<size_t>(options.jobs),
             .max_weight = 64u << 20},
            [this](neardup::Page& page) { return Work(page); },
            [this](neardup::Page& page, Signed& result) { Deliver(page, result); }) {}

  void Submit(neardup::Page&& page) {
    size_t weight = page.payload.size();
    queue_.Submit(std::move(page), weight);
  }
  void Finish() { queue_.Finish(); }
  uint64_t pages() const { return pages_; }
  const base::Status& status() const { return status_; }

 private:
  Signed Work(neardup::Page& page) {
    thread_local std::unique_ptr<neardup::PageSigner> signer;
    if (!signer) signer = std::make_unique<neardup::PageSigner>(options_.sign);
    Signed out;
    if (options_.text)
      out.text = signer->MainText(page, &out.notes);
    else
      signer->Sign(page, &out.record, &out.notes);
    return out;
  }

  void Deliver(neardup::Page& page, Signed& result) {
    for (const auto& note : result.notes)
      diag_->Info(manifest::DecodeField(page.key.file) + ": offset " +
                  std::to_string(page.key.offset) + ": " + note);
    ++pages_;
    if (options_.text) {
      std::string block = TextBlock(page.key, result.text);
      std::fwrite(block.data(), 1, block.size(), stdout);
      return;
    }
    if (status_.ok()) status_ = writer_->Add(result.record);
  }

  const RunOptions& options_;
  toolcommon::Diag* diag_;
  neardup::SigWriter* writer_;
  toolcommon::OrderedWorkQueue<neardup::Page, Signed> queue_;
  uint64_t pages_ = 0;
  base::Status status_;
};

// Reads one input, handing its pages to the signer.
void ReadPages(const std::string& path, const RunOptions& options, const std::set<Key>* wanted,
               Signer* signer, toolcommon::Progress* progress, toolcommon::Diag* diag) {
  auto source = base::FileSource::Open(path);
  if (!source.ok()) {
    diag->Error(source.status().message());
    return;
  }
  std::string field = options.full_path ? path : toolcommon::BaseName(path);
  neardup::PageCollector pages(options.filter, [&](neardup::Page&& page) {
    if (!wanted || wanted->count({page.key.file, page.key.offset})) signer->Submit(std::move(page));
  });
  dedup::FileSink sink;
  sink.lines = [](std::string* lines) { lines->clear(); };
  sink.message = [&](const std::string& m) { diag->Error(path + ": " + m); };
  sink.note = [&](const std::string& m) { diag->Info(path + ": " + m); };
  sink.payload_start = [&](const warc::Record& record) { pages.Start(record); };
  sink.payload_piece = [&](const warc::PayloadStream& stream, std::string_view piece) {
    pages.Piece(stream, piece);
  };
  sink.listed = [&](const manifest::Entry& entry) { pages.Listed(entry); };
  sink.bytes_read = progress->bytes_counter();
  sink.records_read = progress->records_counter();
  // warcsum's default options: the key is its manifest line, byte for byte.
  dedup::SumSource(source->get(), field, dedup::SumOptions(), sink);
  progress->FileDone();
}

}  // namespace

int Run(const RunOptions& options, toolcommon::Diag* diag) {
  std::set<Key> wanted;
  if (!options.manifest.empty() && !ReadWantedKeys(options.manifest, &wanted, diag))
    return diag->ExitCode();
  std::vector<std::string> inputs =
      toolcommon::ExpandInputs(options.inputs, options.recursive, diag);
  uint64_t total_bytes = 0;
  for (const auto& path : inputs) {
    struct stat st;
    if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) total_bytes += st.st_size;
  }
  toolcommon::OutputFile out;
  if (!options.text) {
    if (auto s = out.Open(options.output, false); !s.ok()) {
      diag->Error(s.message());
      return diag->ExitCode();
    }
  }
  neardup::SigHeader header;
  header.k = static_cast<uint32_t>(options.sign.k);
  header.num_perm = static_cast<uint32_t>(options.sign.num_perm);
  header.mod_p = options.sign.mod_p;
  header.extract = options.extract_name;
  header.creator = std::string("warcshingle ") + WARCDEDUP_VERSION;
  neardup::SigWriter writer(
      header, [&](std::string_view bytes) { return out.Write(bytes.data(), bytes.size()); });
  toolcommon::Progress progress(diag, options.progress && diag->verbosity() > 0, inputs.size(),
                                total_bytes);
  Signer signer(options, diag, &writer);
  for (const auto& path : inputs)
    ReadPages(path, options, options.manifest.empty() ? nullptr : &wanted, &signer, &progress,
              diag);
  signer.Finish();
  progress.Finish();
  if (!options.text) {
    base::Status status = signer.status();
    if (status.ok()) status = writer.Finish();
    if (status.ok()) status = out.Commit();
    if (!status.ok()) diag->Error(options.output + ": " + status.message());
  }
  diag->Info(std::to_string(inputs.size()) + " files, " + std::to_string(signer.pages()) +
             " pages " + (options.text ? "extracted" : "signed"));
  return diag->ExitCode();
}

int Dump(const std::vector<std::string>& files, bool shingles, toolcommon::Diag* diag) {
  for (const auto& path : files) {
    auto file = neardup::SigFile::Open(path);
    if (!file.ok()) {
      diag->Error(file.status().message());
      continue;
    }
    const auto& sig = *file.value();
    std::string header = neardup::DumpHeader(sig.header()) + "\n";
    std::fwrite(header.data(), 1, header.size(), stdout);
    auto form = shingles ? neardup::DumpShingles::kList : neardup::DumpShingles::kCount;
    for (size_t i = 0; i < sig.size(); ++i) {
      std::string line = neardup::DumpRecord(sig.record(i), form) + "\n";
      std::fwrite(line.data(), 1, line.size(), stdout);
    }
  }
  return diag->ExitCode();
}

}  // namespace warcshingle
