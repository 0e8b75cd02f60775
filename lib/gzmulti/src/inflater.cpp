#include "inflater.h"

#include <zlib.h>

#include <cstring>

#ifdef WARCDEDUP_HAVE_ISAL
#include <isa-l/igzip_lib.h>
#endif

namespace gzmulti {
namespace {

class ZlibInflater : public StreamInflater {
 public:
  ZlibInflater() {
    std::memset(&zs_, 0, sizeof(zs_));
    inflateInit2(&zs_, 16 + MAX_WBITS);  // gzip wrapper only; one member per stream
  }
  ~ZlibInflater() override { inflateEnd(&zs_); }
  void Reset() override { inflateReset(&zs_); }

  Step Inflate(const uint8_t* in, size_t in_len, size_t* in_used, uint8_t* out, size_t out_len,
               size_t* out_made) override {
    zs_.next_in = const_cast<Bytef*>(in);
    zs_.avail_in = static_cast<uInt>(in_len);
    zs_.next_out = out;
    zs_.avail_out = static_cast<uInt>(out_len);
    int rc = inflate(&zs_, Z_NO_FLUSH);
    *in_used = in_len - zs_.avail_in;
    *out_made = out_len - zs_.avail_out;
    if (rc == Z_STREAM_END) return Step::kMemberEnd;
    if (rc == Z_OK || rc == Z_BUF_ERROR) return Step::kProgress;
    error_ = DescribeError(rc);
    return Step::kError;
  }

 private:
  std::string DescribeError(int rc) {
    if (rc == Z_MEM_ERROR) return "out of memory while inflating";
    std::string msg = zs_.msg ? zs_.msg : "error " + std::to_string(rc);
    if (msg == "incorrect data check") return "CRC-32 mismatch";
    if (msg == "incorrect length check") return "ISIZE mismatch";
    return "invalid deflate data (" + msg + ")";
  }
  z_stream zs_;
};

#ifdef WARCDEDUP_HAVE_ISAL
std::string Describe(int rc) {
  switch (rc) {
    case ISAL_INCORRECT_CHECKSUM:
      return "CRC-32 or ISIZE mismatch";
    case ISAL_INVALID_BLOCK:
      return "invalid deflate data (invalid block)";
    case ISAL_INVALID_SYMBOL:
      return "invalid deflate data (invalid symbol)";
    case ISAL_INVALID_LOOKBACK:
      return "invalid deflate data (invalid distance)";
    case ISAL_INVALID_WRAPPER:
      return "invalid gzip header";
    case ISAL_UNSUPPORTED_METHOD:
      return "unsupported compression method";
    default:
      return "invalid deflate data (isa-l error " + std::to_string(rc) + ")";
  }
}

class IsalInflater : public StreamInflater {
 public:
  IsalInflater() { Reset(); }
  void Reset() override {
    isal_inflate_init(&state_);
    state_.crc_flag = ISAL_GZIP;  // parse the gzip header, verify CRC-32 and ISIZE
  }

  Step Inflate(const uint8_t* in, size_t in_len, size_t* in_used, uint8_t* out, size_t out_len,
               size_t* out_made) override {
    state_.next_in = const_cast<uint8_t*>(in);
    state_.avail_in = static_cast<uint32_t>(in_len);
    state_.next_out = out;
    state_.avail_out = static_cast<uint32_t>(out_len);
    int rc = isal_inflate(&state_);
    *in_used = in_len - state_.avail_in;
    *out_made = out_len - state_.avail_out;
    if (rc < 0) {
      error_ = Describe(rc);
      return Step::kError;
    }
    if (state_.block_state == ISAL_BLOCK_FINISH) return Step::kMemberEnd;
    return Step::kProgress;
  }

 private:
  inflate_state state_;
};
#endif

}  // namespace

std::unique_ptr<StreamInflater> NewZlibInflater() { return std::make_unique<ZlibInflater>(); }

std::unique_ptr<StreamInflater> NewIsalInflater() {
#ifdef WARCDEDUP_HAVE_ISAL
  return std::make_unique<IsalInflater>();
#else
  return nullptr;
#endif
}

}  // namespace gzmulti
