#include "warc/payload.h"

namespace warc {

namespace {
constexpr std::string_view kHttpStart = "HTTP/";
}

PayloadStream::PayloadStream(RecordReader* reader, const Record& record)
    : reader_(reader), http_(record.HasHttpBlock()), sniffing_(record.format == FileFormat::kArc) {}

bool PayloadStream::Next(std::string_view* piece) {
  if (finished_) return false;
  std::string_view block;
  while (reader_->ReadBlock(&block)) {
    if (tap_) tap_(block);
    if (sniffing_) {
      size_t take = std::min(block.size(), kHttpStart.size() - sniff_.size());
      sniff_.append(block.substr(0, take));
      block.remove_prefix(take);
      if (sniff_.size() < kHttpStart.size()) continue;
      sniffing_ = false;
      http_ = sniff_ == kHttpStart;
      if (http_) {
        splitter_.Feed(sniff_);  // a status line cannot end within 5 bytes
      } else if (block.empty()) {
        *piece = sniff_;
        return true;
      } else {
        // The sniffed bytes and the rest of this piece, as one piece.
        sniff_.append(block);
        *piece = sniff_;
        return true;
      }
    }
    if (!http_) {
      *piece = block;
      return true;
    }
    *piece = splitter_.Feed(block);
    if (!piece->empty()) return true;
  }
  finished_ = true;
  if (sniffing_) {  // a block shorter than "HTTP/": no HTTP message
    sniffing_ = false;
    *piece = sniff_;
    return !sniff_.empty();
  }
  if (!http_) return false;
  *piece = splitter_.Finish();
  return !piece->empty();
}

}  // namespace warc
