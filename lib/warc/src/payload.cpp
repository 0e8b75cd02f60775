#include "warc/payload.h"

namespace warc {

PayloadStream::PayloadStream(RecordReader* reader, const Record& record)
    : reader_(reader), http_(record.HasHttpBlock()) {}

bool PayloadStream::Next(std::string_view* piece) {
  if (finished_) return false;
  std::string_view block;
  while (reader_->ReadBlock(&block)) {
    if (!http_) {
      *piece = block;
      return true;
    }
    *piece = splitter_.Feed(block);
    if (!piece->empty()) return true;
  }
  finished_ = true;
  if (!http_) return false;
  *piece = splitter_.Finish();
  return !piece->empty();
}

}  // namespace warc
