#include "convert/arc_to_warc.h"

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>

#include "base/spill_buffer.h"
#include "warc/payload.h"
#include "warc/writer.h"
#include "warc_headers.h"

namespace convert {

namespace {

// Counts what the reader reports on its way to the caller's reporter, one
// problem per place: a record that the reader reported already (an ARC
// record without a date is not listed either) and the converter then
// cannot convert is still one problem.
class CountingReporter : public warc::Reporter {
 public:
  CountingReporter(warc::Reporter* to, uint64_t* problems) : to_(to), problems_(problems) {}
  void Problem(const base::Status& status) override {
    const std::string& message = status.message();
    std::string_view place(message.data(), std::min(message.find(':'), message.size()));
    if (place != last_place_) ++*problems_;
    last_place_ = place;
    to_->Problem(status);
  }
  void Note(const std::string& message) override { to_->Note(message); }

 private:
  warc::Reporter* to_;
  uint64_t* problems_;
  std::string last_place_;  // "offset N" of the last problem
};

// A block kept while its digests are computed: in memory up to a limit,
// beyond it in a SpillBuffer (a temporary file past a few MB).
class BlockStore {
 public:
  BlockStore(uint64_t limit, const std::string& temp_dir) : limit_(limit), temp_dir_(temp_dir) {}
  void Clear() {
    memory_.clear();
    spill_.reset();
    size_ = 0;
  }
  void Append(std::string_view piece) {
    size_ += piece.size();
    if (!spill_ && memory_.size() + piece.size() <= limit_) {
      memory_.append(piece);
      return;
    }
    if (!spill_) {
      spill_ = std::make_unique<base::SpillBuffer>(temp_dir_);
      spill_->Append(&memory_);
    }
    std::string copy(piece);
    spill_->Append(&copy);
  }
  bool in_memory() const { return !spill_; }
  std::string_view memory() const { return memory_; }
  uint64_t size() const { return size_; }
  base::Status Drain(const gzmulti::Sink& sink) {
    return spill_->Drain([&](const char* data, size_t n) { return sink({data, n}); });
  }

 private:
  uint64_t limit_;
  std::string temp_dir_;
  std::string memory_;
  std::unique_ptr<base::SpillBuffer> spill_;
  uint64_t size_ = 0;
};

// Reads the current record's block into *store and *facts.
ReadOutcome ReadBlock(warc::RecordReader* reader, const warc::Record& record, BlockStore* store,
                      BlockFacts* facts) {
  warc::Hasher block_hash(warc::DigestAlgorithm::kSha1);
  warc::Hasher payload_hash(warc::DigestAlgorithm::kSha1);
  store->Clear();
  warc::PayloadStream payload(reader, record);
  payload.set_block_tap([&](std::string_view piece) {
    block_hash.Update(piece);
    store->Append(piece);
  });
  std::string_view piece;
  while (payload.Next(&piece)) payload_hash.Update(piece);
  facts->http = payload.http();
  facts->block_digest = block_hash.Final();
  facts->payload_digest = payload_hash.Final();
  uint64_t length = 0;
  bool located = reader->Finish(&length);
  return HowRead(*reader, located);
}

}  // namespace

std::string ConvertedRecordId(std::string_view arc_name, uint64_t offset, uint64_t nth) {
  std::string name("arc2warc:");
  name.append(arc_name).append(":").append(std::to_string(offset));
  if (nth > 1) name.append(":").append(std::to_string(nth));
  return warc::NameBasedRecordId(name);
}

std::string RecordIds::Next(uint64_t offset) {
  nth_ = offset == offset_ ? nth_ + 1 : 1;
  offset_ = offset;
  return ConvertedRecordId(arc_name_, offset, nth_);
}

base::Status ConvertArc(base::ByteSource* source, const ConvertNames& names,
                        const ConvertOptions& options, const gzmulti::Sink& sink,
                        warc::Reporter* reporter, ConvertStats* stats) {
  CountingReporter counting(reporter, &stats->problems);
  warc::RecordReader reader(source, {}, &counting);
  warc::RecordWriter writer(sink, {.gzip = options.gzip, .level = options.level});
  BlockStore store(options.in_memory_limit, options.temp_dir);
  FileContext context{names.warc_name, "", "", true};
  RecordIds ids(names.arc_name);
  warc::Record record;
  warc::HeaderMap headers;
  base::Status status;
  while (status.ok() && reader.Next(&record)) {
    ++stats->records_in;
    context.record_id = ids.Next(record.offset);
    if (options.bytes_read) {
      *options.bytes_read += reader.bytes_consumed() - stats->bytes_in;
      stats->bytes_in = reader.bytes_consumed();
    }
    if (record.format != warc::FileFormat::kArc) {
      counting.Problem(base::Status::Corruption(
          "offset " + std::to_string(record.offset) +
          ": a WARC record, not an ARC one: this is no ARC file, nothing converted"));
      break;
    }
    BlockFacts facts;
    ReadOutcome outcome = ReadBlock(&reader, record, &store, &facts);
    if (outcome == ReadOutcome::kDamaged) continue;  // reported by the reader
    facts.cut_short = outcome == ReadOutcome::kCutShort;
    std::string problem;
    if (!WarcHeadersFor(record, facts, context, &headers, &problem)) {
      counting.Problem(
          base::Status::Corruption("offset " + std::to_string(record.offset) + ": " + problem));
      continue;
    }
    if (store.in_memory()) {
      status = writer.Write(options.warc_version, headers, store.memory());
    } else {
      status = writer.WriteStreamed(options.warc_version, headers, store.size(),
                                    [&](const gzmulti::Sink& to) { return store.Drain(to); });
    }
    if (headers.First("WARC-Type") == "warcinfo")
      context.warcinfo_id = std::string(*headers.First("WARC-Record-ID"));
    context.first = false;
    ++stats->records_out;
    if (facts.cut_short) ++stats->records_truncated;
  }
  if (options.bytes_read) *options.bytes_read += reader.bytes_consumed() - stats->bytes_in;
  stats->bytes_in = reader.bytes_consumed();
  stats->bytes_out = writer.bytes_written();
  return status;
}

}  // namespace convert
