#include "convert/verify.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "convert/arc_to_warc.h"
#include "warc/digest.h"
#include "warc/http.h"
#include "warc/reader.h"
#include "warc_headers.h"

namespace convert {

namespace {

// Keeps the first problem a reader reports.
class FirstProblem : public warc::Reporter {
 public:
  void Problem(const base::Status& status) override {
    if (count_++ == 0) first_ = status.message();
  }
  uint64_t count() const { return count_; }
  const std::string& first() const { return first_; }

 private:
  uint64_t count_ = 0;
  std::string first_;
};

std::string Where(const warc::Record& arc, const warc::Record& warc) {
  return "ARC offset " + std::to_string(arc.offset) + ", WARC offset " +
         std::to_string(warc.offset) + ": ";
}

// The WARC side of one record pair: its block, piece by piece, hashed as
// warcsum would (the payload of an application/http block).
class WarcBlock {
 public:
  WarcBlock(warc::RecordReader* reader, const warc::Record& record)
      : reader_(reader), http_(record.HasHttpBlock()) {}
  // The next unread bytes of the block; empty at its end.
  std::string_view& Pending() {
    if (pending_.empty() && reader_->ReadBlock(&pending_)) {
      block_hash_.Update(pending_);
      payload_hash_.Update(http_ ? splitter_.Feed(pending_) : pending_);
    }
    return pending_;
  }
  // Whether the record's stored digests match its block; "" when they do.
  std::string CheckDigests(const warc::Record& record) {
    if (http_) payload_hash_.Update(splitter_.Finish());
    std::string wrong;
    for (auto [field, hasher] : {std::pair{"WARC-Block-Digest", &block_hash_},
                                 std::pair{"WARC-Payload-Digest", &payload_hash_}}) {
      warc::Digest computed = hasher->Final();
      auto stored = record.headers.First(field);
      if (!stored) continue;
      auto parsed = warc::ParseDigest(*stored);
      if (!parsed.ok() || !(parsed.value() == computed))
        wrong += std::string(wrong.empty() ? "" : "; ") + field + " " + std::string(*stored) +
                 " does not match the block (" + computed.ToWarcString() + ")";
    }
    return wrong;
  }

 private:
  warc::RecordReader* reader_;
  bool http_;
  std::string_view pending_;
  warc::HttpSplitter splitter_;
  warc::Hasher block_hash_{warc::DigestAlgorithm::kSha1};
  warc::Hasher payload_hash_{warc::DigestAlgorithm::kSha1};
};

// Compares the current ARC record's block with the current WARC record's,
// byte for byte, and reads both to their ends.
base::Status ComparePair(warc::RecordReader* arc_reader, const warc::Record& arc,
                         warc::RecordReader* warc_reader, const warc::Record& warc,
                         VerifyStats* stats) {
  WarcBlock warc_block(warc_reader, warc);
  uint64_t position = 0;
  std::string_view piece;
  while (arc_reader->ReadBlock(&piece)) {
    while (!piece.empty()) {
      std::string_view& pending = warc_block.Pending();
      if (pending.empty())
        return base::Status::Corruption(Where(arc, warc) + "the WARC block ends after " +
                                        std::to_string(position) + " bytes; the ARC block goes on");
      size_t n = std::min(piece.size(), pending.size());
      if (std::memcmp(piece.data(), pending.data(), n) != 0) {
        size_t i = 0;
        while (piece[i] == pending[i]) ++i;
        return base::Status::Corruption(Where(arc, warc) + "the blocks differ at byte " +
                                        std::to_string(position + i));
      }
      piece.remove_prefix(n);
      pending.remove_prefix(n);
      position += n;
    }
  }
  if (!warc_block.Pending().empty())
    return base::Status::Corruption(Where(arc, warc) + "the WARC block goes on after the " +
                                    std::to_string(position) + " bytes of the ARC block");
  uint64_t length = 0;
  ReadOutcome outcome = HowRead(*arc_reader, arc_reader->Finish(&length));
  if (outcome == ReadOutcome::kDamaged)
    return base::Status::Corruption(
        Where(arc, warc) + "the ARC record does not read completely, yet it was converted");
  bool cut_short = outcome == ReadOutcome::kCutShort;
  if (cut_short != warc.headers.First("WARC-Truncated").has_value())
    return base::Status::Corruption(
        Where(arc, warc) + (cut_short ? "the ARC block is cut short, and the WARC record has no "
                                        "WARC-Truncated"
                                      : "the WARC record has WARC-Truncated, but the ARC block "
                                        "is whole"));
  if (!warc_reader->Finish(&length))
    return base::Status::Corruption(Where(arc, warc) + "the WARC record does not read completely");
  if (std::string wrong = warc_block.CheckDigests(warc); !wrong.empty())
    return base::Status::Corruption(Where(arc, warc) + wrong);
  ++stats->records;
  stats->bytes += position;
  return base::Status::Ok();
}

}  // namespace

base::Status VerifyConversion(base::ByteSource* arc, base::ByteSource* warc,
                              std::string_view arc_name, VerifyStats* stats) {
  FirstProblem arc_problems, warc_problems;  // the ARC's were reported by the conversion
  warc::RecordReader arc_reader(arc, {}, &arc_problems);
  warc::RecordReader warc_reader(warc, {}, &warc_problems);
  RecordIds ids{std::string(arc_name)};
  warc::Record a, w;
  bool have_warc = warc_reader.Next(&w);
  auto warc_id = [&] { return std::string(w.headers.First("WARC-Record-ID").value_or("")); };
  while (arc_reader.Next(&a)) {
    if (a.format != warc::FileFormat::kArc)
      return base::Status::Corruption("offset " + std::to_string(a.offset) +
                                      ": the input is no ARC file");
    std::string id = ids.Next(a.offset);
    if (!have_warc || warc_id() != id) {
      // Not converted: then it must not read completely, or not be convertible.
      uint64_t length = 0;
      bool located = arc_reader.Finish(&length);
      if (HowRead(arc_reader, located) != ReadOutcome::kDamaged && WhyNotConvertible(a).empty())
        return base::Status::Corruption(
            "ARC offset " + std::to_string(a.offset) + ": the record (" + id +
            ") is not in the WARC file" +
            (have_warc ? " (found " + warc_id() + " at offset " + std::to_string(w.offset) + ")"
                       : " (it has no more records)"));
      ++stats->skipped;
      continue;
    }
    if (w.headers.First(kArcHeaderLineField) != std::string_view(a.arc_line))
      return base::Status::Corruption(Where(a, w) + std::string(kArcHeaderLineField) +
                                      " is not the ARC record line");
    if (auto s = ComparePair(&arc_reader, a, &warc_reader, w, stats); !s.ok()) return s;
    have_warc = warc_reader.Next(&w);
  }
  if (have_warc)
    return base::Status::Corruption("WARC offset " + std::to_string(w.offset) + ": the record " +
                                    warc_id() + " comes from no ARC record");
  if (warc_problems.count() > 0)
    return base::Status::Corruption("the WARC file does not read cleanly: " +
                                    warc_problems.first());
  return base::Status::Ok();
}

}  // namespace convert
