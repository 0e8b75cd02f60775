#include "dedup/opened_record.h"

#include <algorithm>
#include <cstring>

namespace dedup {

// Keeps the first problem the reader reports.
class OpenedRecord::Collector : public warc::Reporter {
 public:
  void Problem(const base::Status& status) override {
    if (first.ok()) first = status;
  }
  base::Status first;
};

// The fetched range, keeping its first error: when the fetch fails, that is
// the cause to report ("URL: body ended after N of M bytes"), not what the
// reader made of the bytes cut short.
class OpenedRecord::FetchedRange : public base::ByteSource {
 public:
  explicit FetchedRange(std::unique_ptr<base::ByteSource> range) : range_(std::move(range)) {}
  base::Result<size_t> Read(char* buf, size_t n) override {
    auto got = range_->Read(buf, n);
    if (!got.ok() && error_.ok()) error_ = got.status();
    return got;
  }
  base::Status Seek(uint64_t offset) override { return range_->Seek(offset); }
  const base::Status& error() const { return error_; }

 private:
  std::unique_ptr<base::ByteSource> range_;
  base::Status error_;
};

OpenedRecord::~OpenedRecord() = default;

bool OpenedRecord::Failed() const { return !problems_->first.ok() || !source_->error().ok(); }

base::Status OpenedRecord::Problem() const {
  if (!source_->error().ok()) return source_->error();
  // Reader messages start with "offset N: "; the caller adds file and offset.
  std::string msg = problems_->first.message();
  std::string prefix = "offset " + std::to_string(entry_->offset) + ": ";
  if (msg.compare(0, prefix.size(), prefix) == 0) msg.erase(0, prefix.size());
  return base::Status::Corruption(msg);
}

base::Result<std::unique_ptr<OpenedRecord>> OpenedRecord::Open(fetch::RangeSource* source,
                                                               const manifest::Entry& entry,
                                                               bool small) {
  std::unique_ptr<OpenedRecord> r(new OpenedRecord);
  r->entry_ = &entry;
  auto fetched = source->Open({entry.file, entry.offset, entry.length});
  if (!fetched.ok()) return fetched.status().WithPrefix("cannot fetch");
  r->source_ = std::make_unique<FetchedRange>(std::move(fetched.value()));
  gzmulti::ReaderOptions options;
  options.start_offset = entry.offset;
  options.limit = entry.length;
  if (small) {
    options.input_buffer_size = 256 << 10;
    options.fast_path = false;
  }
  r->problems_ = std::make_unique<Collector>();
  r->reader_ = std::make_unique<warc::RecordReader>(r->source_.get(), options, r->problems_.get());
  if (!r->reader_->Next(&r->record_)) {
    if (r->Failed()) return r->Problem();
    return base::Status::Corruption("no record in the range");
  }
  std::string uri = manifest::EncodeField(r->record_.TargetUri());
  std::string date = manifest::EncodeField(r->record_.Date());
  if (uri != entry.uri || date != entry.date)
    return base::Status::Corruption("the record here is not the manifest's (found uri \"" + uri +
                                    "\", date \"" + date + "\")");
  r->payload_ = std::make_unique<warc::PayloadStream>(r->reader_.get(), r->record_);
  // The first piece ends the HTTP header, which tells the payload's length.
  std::string_view piece;
  if (r->payload_->Next(&piece))
    r->pending_ = piece;
  else
    r->ended_ = true;
  if (r->Failed()) return r->Problem();
  r->payload_length_ = r->record_.content_length;
  if (r->payload_->has_http_header()) r->payload_length_ -= r->payload_->splitter().header().size();
  return r;
}

base::Result<size_t> OpenedRecord::Read(char* buf, size_t n) {
  size_t got = 0;
  while (got < n) {
    if (pending_.empty()) {
      if (ended_) break;
      std::string_view piece;
      if (!payload_->Next(&piece)) {
        ended_ = true;
        break;
      }
      pending_ = piece;
      continue;
    }
    size_t take = std::min(n - got, pending_.size());
    std::memcpy(buf + got, pending_.data(), take);
    pending_.remove_prefix(take);
    got += take;
  }
  if (Failed()) return Problem();
  return got;
}

base::Status OpenedRecord::Finish() {
  uint64_t length = 0;
  bool complete = reader_->Finish(&length);
  if (Failed()) return Problem();
  if (!complete) return base::Status::Corruption("record not read completely");
  if (length != entry_->length)
    return base::Status::Corruption("the record is " + std::to_string(length) +
                                    " bytes, the manifest says " + std::to_string(entry_->length));
  return base::Status::Ok();
}

}  // namespace dedup
