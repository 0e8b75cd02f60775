// ScanFile and the keys of records (filter/select.h).
#include <functional>
#include <string>

#include "base/fd_range.h"
#include "filter/select.h"
#include "warc/reader.h"

namespace filter {
namespace {

// Keeps the reader's first problem; the file cannot be filtered after any.
class FirstProblem : public warc::Reporter {
 public:
  void Problem(const base::Status& status) override {
    if (first.empty()) first = status.message();
  }
  std::string first;
};

uint64_t Hash(char domain, std::string_view a, std::string_view b = {}) {
  std::string key(1, domain);
  key.append(a).push_back('\n');
  key.append(b);
  uint64_t h = std::hash<std::string>()(key);
  return h == 0 ? 1 : h;  // 0 means "none"
}

}  // namespace

uint64_t KeyOfId(std::string_view record_id) {
  return Hash('I', warc::StripAngleBrackets(record_id));
}

uint64_t KeyOfCapture(std::string_view uri, std::string_view date) {
  return Hash('C', warc::StripAngleBrackets(uri), date);
}

RecordInfo InfoOf(const warc::Record& record) {
  RecordInfo info;
  info.type = record.type;
  const warc::HeaderMap& h = record.headers;
  if (auto id = h.First("WARC-Record-ID")) info.id = KeyOfId(*id);
  if (record.type == warc::kResponse || record.type == warc::kResource)
    info.capture = KeyOfCapture(record.TargetUri(), record.Date());
  if (record.type == warc::kRevisit) {
    auto uri = h.First("WARC-Refers-To-Target-URI");
    auto date = h.First("WARC-Refers-To-Date");
    if (uri && date) {
      info.refers = KeyOfCapture(*uri, *date);
    } else if (auto id = h.First("WARC-Refers-To")) {
      info.refers = KeyOfId(*id);
    }
  }
  for (std::string_view to : h.All("WARC-Concurrent-To")) info.concurrent.push_back(KeyOfId(to));
  return info;
}

base::Status ScanFile(int fd, uint64_t size, FileScan* scan, std::atomic<uint64_t>* progress) {
  scan->records.clear();
  scan->bytes = size;
  base::FdRange whole(fd, 0, size);
  FirstProblem problems;
  warc::RecordReader reader(&whole, {}, &problems);
  warc::Record record;
  uint64_t reported = 0;
  while (reader.Next(&record)) {
    RecordInfo info = InfoOf(record);
    info.offset = record.offset;
    if (!reader.Finish(&info.length)) {
      if (!problems.first.empty()) break;
      return base::Status::Corruption("offset " + std::to_string(record.offset) +
                                      ": the record cannot be copied alone (it shares a gzip "
                                      "member with other records)");
    }
    scan->records.push_back(std::move(info));
    if (progress) {
      *progress += reader.bytes_consumed() - reported;
      reported = reader.bytes_consumed();
    }
  }
  if (progress) *progress += reader.bytes_consumed() - reported;
  if (!problems.first.empty()) return base::Status::Corruption(problems.first);
  return base::Status::Ok();
}

}  // namespace filter
