#include "ndencode.h"

#include <brotli/encode.h>
#include <iconv.h>
#include <zlib.h>

#include <cerrno>
#include <cstdlib>
#include <map>

namespace warcgen {
namespace {

constexpr int kBrotliQuality = 2;

// A zlib deflate stream kept for reuse (its setting up costs more than a
// small page's compression). windowBits: 31 gzip, 15 zlib (HTTP's
// "deflate"), -15 raw.
class Deflater {
 public:
  explicit Deflater(int window_bits) {
    if (deflateInit2(&z_, 1, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY) != Z_OK) std::abort();
  }
  ~Deflater() { deflateEnd(&z_); }
  void Compress(std::string_view body, std::string* out) {
    deflateReset(&z_);
    out->resize(deflateBound(&z_, body.size()) + 32);
    z_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(body.data()));
    z_.avail_in = static_cast<uInt>(body.size());
    z_.next_out = reinterpret_cast<Bytef*>(out->data());
    z_.avail_out = static_cast<uInt>(out->size());
    if (deflate(&z_, Z_FINISH) != Z_STREAM_END) std::abort();  // deflateBound is enough
    out->resize(z_.total_out);
  }

 private:
  z_stream z_{};
};

void Deflate(int window_bits, std::string_view body, std::string* out) {
  static thread_local Deflater gzip(31), zlib(15), raw(-15);
  (window_bits == 31 ? gzip : window_bits == 15 ? zlib : raw).Compress(body, out);
}

}  // namespace

const char* CodingName(Coding coding) {
  switch (coding) {
    case Coding::kGzip:
      return "gzip";
    case Coding::kDeflate:
      return "deflate";
    case Coding::kDeflateRaw:
      return "deflate-raw";
    case Coding::kBrotli:
      return "br";
    default:
      return "identity";
  }
}

const char* CodingHeader(Coding coding) {
  return coding == Coding::kDeflateRaw ? "deflate" : CodingName(coding);
}

base::Status Transcode(std::string_view utf8, const std::string& charset, std::string* out) {
  if (charset == "utf-8") {
    out->assign(utf8);
    return base::Status::Ok();
  }
  // One converter per charset, kept (opening one looks the charset up
  // anew), and closed when the thread ends.
  struct Converter {
    iconv_t cd = nullptr;
    ~Converter() {
      if (cd && cd != reinterpret_cast<iconv_t>(-1)) iconv_close(cd);
    }
  };
  static thread_local std::map<std::string, Converter> converters;
  iconv_t& cd = converters[charset].cd;
  if (!cd) cd = iconv_open(charset.c_str(), "UTF-8");
  if (cd == reinterpret_cast<iconv_t>(-1))
    return base::Status::IOError("iconv: cannot convert UTF-8 to " + charset);
  iconv(cd, nullptr, nullptr, nullptr, nullptr);  // the initial shift state
  out->resize(utf8.size() + 16);
  char* in = const_cast<char*>(utf8.data());
  size_t in_left = utf8.size();
  char* to = out->data();
  size_t to_left = out->size();
  // Every charset here takes at most as many bytes as UTF-8 for a character.
  size_t rc = iconv(cd, &in, &in_left, &to, &to_left);
  int err = errno;
  if (rc == static_cast<size_t>(-1))
    return base::Status::IOError("iconv: " + charset + " has no character for the UTF-8 at byte " +
                                 std::to_string(utf8.size() - in_left) + " (errno " +
                                 std::to_string(err) + ")");
  out->resize(out->size() - to_left);
  return base::Status::Ok();
}

void Encode(Coding coding, std::string_view body, std::string* out) {
  switch (coding) {
    case Coding::kGzip:
      return Deflate(31, body, out);
    case Coding::kDeflate:
      return Deflate(15, body, out);
    case Coding::kDeflateRaw:
      return Deflate(-15, body, out);
    case Coding::kBrotli: {
      size_t size = BrotliEncoderMaxCompressedSize(body.size());
      out->resize(size ? size : body.size() + 1024);
      size = out->size();
      if (!BrotliEncoderCompress(kBrotliQuality, 18, BROTLI_MODE_TEXT, body.size(),
                                 reinterpret_cast<const uint8_t*>(body.data()), &size,
                                 reinterpret_cast<uint8_t*>(out->data())))
        std::abort();
      out->resize(size);
      return;
    }
    default:
      out->assign(body);
  }
}

}  // namespace warcgen
