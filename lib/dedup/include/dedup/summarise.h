// Record -> manifest entries (stage 1, warcsum(1)): one manifest line per
// listed record of a WARC or ARC file, and the reference lines
// (manifest/references.h) of its revisit records. warcsum lists whole files
// with SumSource; warcrefs' verify pass (dedup/verify.h) reads a rewritten
// file itself and hands a Summariser the records it does not check, so that
// its after-manifest is warcsum's, byte for byte.
//
// Nothing here prints: lines and diagnostics go to the caller's FileSink.
//
//   dedup::FileSink sink;
//   sink.lines = [&](std::string* lines) { out.append(*lines); lines->clear(); };
//   sink.message = [&](const std::string& m) { errors.push_back(m); };
//   dedup::FileSummary s = dedup::SumSource(&source, "a.warc.gz", {}, sink);
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "base/source.h"
#include "gzmulti/segment_reader.h"
#include "manifest/entry.h"
#include "warc/digest.h"
#include "warc/payload.h"
#include "warc/reader.h"
#include "warc/record.h"

namespace dedup {

struct SumOptions {
  warc::DigestAlgorithm algorithm = warc::DigestAlgorithm::kSha1;
  bool recompute = false;  // never reuse a stored WARC-Payload-Digest
  bool verify = false;     // hash and compare with the stored digest
  bool keep_empty = false;
  bool keep_truncated = false;
  uint32_t types = warc::kResponse;
  gzmulti::ReaderOptions reader;
};

struct FileSummary {
  uint64_t records = 0;     // records read
  uint64_t listed = 0;      // manifest lines written
  uint64_t problems = 0;    // damaged or unlisted records
  uint64_t mismatches = 0;  // --verify: stored digest differs
  uint64_t bytes = 0;       // compressed bytes read
  uint64_t misaligned = 0;
  uint64_t skipped = 0;  // compressed bytes passed over after damage
  bool damaged = false;  // damage met: records may have gone unread
};

// Receives what one file produces: manifest lines (a batch of complete lines)
// and diagnostics (each without the tool name; "offset N: ...").
struct FileSink {
  std::function<void(std::string* lines)> lines;
  std::function<void(const std::string& message)> message;
  // Optional: notes, which are no error ("offset 0: no records").
  std::function<void(const std::string& message)> note;
  // Optional: receives the reference lines of the file's revisit records
  // (manifest/references.h), in batches of complete lines.
  std::function<void(std::string* lines)> references;
  // Optional (warcshingle): the payload of each record that may be listed,
  // as it is read: payload_start, then its pieces (the stream has the HTTP
  // header), then listed with the entry if its manifest line is written.
  // A record not listed (damaged, say) just starts no listed call.
  std::function<void(const warc::Record& record)> payload_start;
  std::function<void(const warc::PayloadStream& stream, std::string_view piece)> payload_piece;
  std::function<void(const manifest::Entry& entry)> listed;
  std::atomic<uint64_t>* bytes_read = nullptr;  // progress counters, may be null
  std::atomic<uint64_t>* records_read = nullptr;
};

// The per-record half of SumSource, for a caller that runs the read loop
// itself and handles some records on its own:
//
//   dedup::Summariser summariser(field, options, sink);
//   warc::RecordReader reader(&source, options.reader, summariser.reporter());
//   while (reader.Next(&record))
//     if (!MineToCheck(record, &reader)) summariser.Add(record, &reader);
//   summariser.Finish(reader);
//
// The sink and options must outlive it.
class Summariser {
 public:
  // `file_field` is what goes into the manifest's file field.
  Summariser(const std::string& file_field, const SumOptions& options, const FileSink& sink);
  ~Summariser();
  Summariser(const Summariser&) = delete;
  Summariser& operator=(const Summariser&) = delete;

  // Reports the reader's problems to sink.message, counted in problems.
  warc::Reporter* reporter();
  // Takes the record `reader` has just returned: counts it, gives the
  // reference lines of a revisit, and lists it if the options say so (its
  // payload is read and reader->Finish called).
  void Add(const warc::Record& record, warc::RecordReader* reader);
  // Hands the lines still batched to the sink; the summary, with the
  // reader's statistics.
  FileSummary Finish(const warc::RecordReader& reader);

 private:
  class SinkReporter;

  const SumOptions& options_;
  const FileSink& sink_;
  FileSummary summary_;
  std::unique_ptr<SinkReporter> reporter_;
  warc::Hasher hasher_;
  std::unique_ptr<warc::Hasher> verify_hasher_;  // when the stored digest uses another algorithm
  std::string lines_, references_;
  manifest::Entry entry_;
  uint64_t reported_bytes_ = 0;
};

// Reads one WARC or ARC source; `file_field` is what goes into the manifest's
// file field.
FileSummary SumSource(base::ByteSource* source, const std::string& file_field,
                      const SumOptions& options, const FileSink& sink);

// For a file with damage, which may hold revisits no read saw: gives
// sink.references the line "damaged PATH", then the references harvested
// from all the source's bytes (dedup/harvest.h), read again from offset 0.
// False when they cannot be vouched for (problems go to sink.message): the
// file is then incomplete. REQUIRES: sink.references.
bool HarvestDamaged(base::ByteSource* source, const std::string& path, const FileSink& sink);

}  // namespace dedup
