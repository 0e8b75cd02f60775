#include "warc/writer.h"

#include <openssl/rand.h>

#include <cstring>
#include <memory>

#include "warc/http.h"

namespace warc {

namespace {

// "<urn:uuid:...>" for 16 bytes, with the version and RFC 4122 variant set.
std::string FormatUuid(unsigned char* b, int version) {
  b[6] = static_cast<unsigned char>((b[6] & 0x0f) | (version << 4));
  b[8] = static_cast<unsigned char>((b[8] & 0x3f) | 0x80);
  std::string hex = ToHex(std::string_view(reinterpret_cast<char*>(b), 16));
  return "<urn:uuid:" + hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" +
         hex.substr(16, 4) + "-" + hex.substr(20) + ">";
}

}  // namespace

std::string NewRecordId() {
  unsigned char b[16];
  if (RAND_bytes(b, sizeof b) != 1) std::abort();  // no entropy: never write duplicate IDs
  return FormatUuid(b, 4);
}

std::string NameBasedRecordId(std::string_view name) {
  static constexpr unsigned char kUrlNamespace[16] = {0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad,
                                                      0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0,
                                                      0x4f, 0xd4, 0x30, 0xc8};
  Hasher h(DigestAlgorithm::kSha1);
  h.Update(std::string_view(reinterpret_cast<const char*>(kUrlNamespace), sizeof kUrlNamespace));
  h.Update(name);
  std::string sha1 = h.Final().bytes;
  unsigned char b[16];
  std::memcpy(b, sha1.data(), sizeof b);
  return FormatUuid(b, 5);
}

std::string_view PayloadOf(std::string_view block, bool http) {
  if (!http) return block;
  HttpSplitter splitter;
  std::string_view payload = splitter.Feed(block);
  splitter.Finish();
  if (!splitter.header_complete()) return block;
  return payload;
}

RecordWriter::RecordWriter(gzmulti::Sink sink, const WriterOptions& options)
    : sink_(std::move(sink)), options_(options), compressor_(options.level) {}

std::string RecordWriter::Head(std::string_view version, const HeaderMap& headers,
                               const std::string_view* block) const {
  std::string head;
  head.append(version).append("\r\n");
  for (const auto& [name, value] : headers.fields()) {
    if (EqualsIgnoreCase(name, "Content-Length")) continue;
    head.append(name).append(": ").append(value).append("\r\n");
  }
  if (options_.add_digests && block) {
    auto sha1 = [](std::string_view data) {
      Hasher h(DigestAlgorithm::kSha1);
      h.Update(data);
      return h.Final().ToWarcString();
    };
    if (!headers.First("WARC-Block-Digest"))
      head.append("WARC-Block-Digest: ").append(sha1(*block)).append("\r\n");
    auto type = headers.First("WARC-Type").value_or("");
    bool has_payload =
        type == "response" || type == "resource" || type == "request" || type == "conversion";
    if (has_payload && !headers.First("WARC-Payload-Digest")) {
      bool http =
          StartsWithIgnoreCase(headers.First("Content-Type").value_or(""), "application/http");
      head.append("WARC-Payload-Digest: ").append(sha1(PayloadOf(*block, http))).append("\r\n");
    }
  }
  return head;
}

base::Status RecordWriter::Write(std::string_view version, const HeaderMap& headers,
                                 std::string_view block, uint64_t* record_length) {
  std::string head = Head(version, headers, &block);
  head.append("Content-Length: ").append(std::to_string(block.size())).append("\r\n\r\n");
  uint64_t before = bytes_written_;
  if (options_.gzip) {
    record_.assign(head).append(block).append("\r\n\r\n");
    buffer_.clear();
    compressor_.Compress(record_, &buffer_);
    if (auto s = sink_(buffer_); !s.ok()) return s;
    bytes_written_ += buffer_.size();
  } else {
    for (std::string_view part : {std::string_view(head), block, std::string_view("\r\n\r\n")}) {
      if (auto s = sink_(part); !s.ok()) return s;
      bytes_written_ += part.size();
    }
  }
  if (record_length) *record_length = bytes_written_ - before;
  return base::Status::Ok();
}

base::Status RecordWriter::WriteStreamed(
    std::string_view version, const HeaderMap& headers, uint64_t block_size,
    const std::function<base::Status(const gzmulti::Sink&)>& produce, uint64_t* record_length) {
  std::string head = Head(version, headers, nullptr);
  head.append("Content-Length: ").append(std::to_string(block_size)).append("\r\n\r\n");
  uint64_t before = bytes_written_;
  std::unique_ptr<gzmulti::MemberWriter> member;
  if (options_.gzip) member = std::make_unique<gzmulti::MemberWriter>(options_.level);
  std::string out;
  // Plain: straight to the sink. Gzip: compressed, handed on a MiB at a time.
  auto put = [&](std::string_view data) -> base::Status {
    if (!member) {
      bytes_written_ += data.size();
      return sink_(data);
    }
    member->Add(data, &out);
    if (out.size() < (1 << 20)) return base::Status::Ok();
    bytes_written_ += out.size();
    auto s = sink_(out);
    out.clear();
    return s;
  };
  if (auto s = put(head); !s.ok()) return s;
  uint64_t produced = 0;
  auto s = produce([&](std::string_view piece) {
    produced += piece.size();
    return put(piece);
  });
  if (!s.ok()) return s;
  if (produced != block_size)
    return base::Status::Corruption("the block holds " + std::to_string(produced) +
                                    " bytes, not the " + std::to_string(block_size) + " announced");
  if (member) {
    member->Add("\r\n\r\n", &out);
    member->Finish(&out);
    bytes_written_ += out.size();
    if (auto st = sink_(out); !st.ok()) return st;
  } else if (auto st = put("\r\n\r\n"); !st.ok()) {
    return st;
  }
  if (record_length) *record_length = bytes_written_ - before;
  return base::Status::Ok();
}

}  // namespace warc
