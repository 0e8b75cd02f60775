#include "decode_codings.h"

#include <brotli/decode.h>
#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <memory>

namespace neardup::internal {

void AddNote(std::string* note, std::string_view text) {
  if (!note->empty()) note->append("; ");
  note->append(text);
}

bool LooksLikeText(std::string_view bytes) {
  constexpr size_t kLook = 512;
  for (unsigned char c : bytes.substr(0, kLook)) {
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\f' && c != '\r') return false;
  }
  return true;
}

// ---- chunked ----------------------------------------------------------

namespace {

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Reads "HEX[ext]CRLF" (or LF) at *pos: the chunk size, or -1 when the line
// is not a chunk-size line. Moves *pos past the line.
int64_t ReadChunkSize(std::string_view in, size_t* pos) {
  size_t i = *pos, digits = 0;
  uint64_t size = 0;
  for (; i < in.size() && HexValue(in[i]) >= 0; ++i, ++digits) {
    if (digits == 15) return -1;  // over 2^60 bytes: not a size
    size = size * 16 + HexValue(in[i]);
  }
  if (digits == 0) return -1;
  while (i < in.size() && (in[i] == ' ' || in[i] == '\t')) ++i;
  if (i < in.size() && in[i] == ';') {  // chunk extensions: skipped
    size_t eol = in.find('\n', i);
    if (eol == std::string_view::npos) return -1;
    i = eol;
    if (in[i - 1] == '\r') --i;
  }
  if (i < in.size() && in[i] == '\r') ++i;
  if (i >= in.size() || in[i] != '\n') return -1;
  *pos = i + 1;
  return static_cast<int64_t>(size);
}

}  // namespace

bool Dechunk(std::string_view in, std::string* out, std::string* note) {
  size_t pos = 0;
  int64_t size = ReadChunkSize(in, &pos);
  if (size < 0) return false;
  out->clear();
  out->reserve(in.size());
  for (int chunk = 1;; ++chunk) {
    if (size == 0) return true;  // trailer fields carry nothing the text needs
    size_t left = in.size() - pos;
    if (static_cast<uint64_t>(size) > left) {
      out->append(in.substr(pos));
      AddNote(note, "chunked: chunk " + std::to_string(chunk) + " claims " + std::to_string(size) +
                        " bytes, " + std::to_string(left) + " are left; kept them");
      return true;
    }
    out->append(in.substr(pos, size));
    pos += size;
    if (pos == in.size()) {
      AddNote(note, "chunked: body ends without the last chunk");
      return true;
    }
    if (in.substr(pos, 2) == "\r\n") {
      pos += 2;
    } else if (in[pos] == '\n') {
      pos += 1;
    } else {
      AddNote(note, "chunked: no CRLF after chunk " + std::to_string(chunk) + " at body offset " +
                        std::to_string(pos) + "; " + std::to_string(in.size() - pos) +
                        " bytes dropped");
      return true;
    }
    size_t line = pos;
    size = ReadChunkSize(in, &pos);
    if (size < 0) {
      AddNote(note, "chunked: bad chunk size at body offset " + std::to_string(line) + "; " +
                        std::to_string(in.size() - line) + " bytes dropped");
      return true;
    }
  }
}

// ---- gzip, deflate, br ------------------------------------------------

const char* CompressionName(Compression c) {
  switch (c) {
    case Compression::kGzip:
      return "gzip";
    case Compression::kDeflate:
      return "deflate";
    case Compression::kBrotli:
      return "br";
  }
  return "?";
}

namespace {

// Output grows in steps of this, up to the cap.
constexpr size_t kOutStep = 64 << 10;

// How much the output may grow next: a step, at most up to the cap.
size_t NextRoom(const std::string& data, size_t max_bytes) {
  return std::min(kOutStep, max_bytes - data.size());
}

std::string Kept(const Decompressed& r) {
  return "kept the " + std::to_string(r.data.size()) + " bytes decoded before it";
}

// A zlib stream header: deflate method, window at most 32K, check bits.
bool IsZlibHeader(std::string_view in) {
  if (in.size() < 2) return false;
  unsigned b0 = static_cast<unsigned char>(in[0]), b1 = static_cast<unsigned char>(in[1]);
  return (b0 & 0x0f) == 8 && (b0 >> 4) <= 7 && ((b0 << 8) | b1) % 31 == 0;
}

// True when the stream has more output after the cap was reached.
bool ZlibHasMore(z_stream* z) {
  unsigned char probe;
  z->next_out = &probe;
  z->avail_out = 1;
  int ret = inflate(z, Z_NO_FLUSH);
  return ret != Z_STREAM_END && z->avail_out == 0;
}

Decompressed Inflate(std::string_view in, Compression c, size_t max_bytes) {
  Decompressed r;
  const char* name = CompressionName(c);
  int window = c == Compression::kGzip ? 15 + 16 : IsZlibHeader(in) ? 15 : -15;
  z_stream z{};
  if (inflateInit2(&z, window) != Z_OK) {
    r.status = base::Status::IOError(std::string(name) + ": out of memory");
    return r;
  }
  std::unique_ptr<z_stream, int (*)(z_stream*)> guard(&z, inflateEnd);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(std::min<size_t>(in.size(), UINT32_MAX));
  for (;;) {
    if (r.data.size() == max_bytes) {
      r.cut = ZlibHasMore(&z);
      return r;
    }
    size_t used = r.data.size(), room = NextRoom(r.data, max_bytes);
    r.data.resize(used + room);
    z.next_out = reinterpret_cast<Bytef*>(r.data.data() + used);
    z.avail_out = static_cast<uInt>(room);
    int ret = inflate(&z, Z_NO_FLUSH);
    r.data.resize(used + room - z.avail_out);
    size_t consumed = in.size() - z.avail_in;
    if (ret == Z_STREAM_END) {
      std::string_view rest = in.substr(consumed);
      if (c == Compression::kGzip && rest.size() >= 2 && rest[0] == '\x1f' && rest[1] == '\x8b') {
        inflateReset(&z);  // another gzip member follows
        continue;
      }
      if (!rest.empty()) {
        AddNote(&r.note,
                std::to_string(rest.size()) + " bytes after the " + name + " data ignored");
      }
      return r;
    }
    if (ret == Z_OK) continue;
    if (ret == Z_BUF_ERROR && z.avail_in == 0) {
      r.status = base::Status::Corruption(std::string(name) + " data ends early, after " +
                                          std::to_string(consumed) + " compressed bytes");
    } else {
      r.status = base::Status::Corruption(std::string(name) + " data corrupt at compressed byte " +
                                          std::to_string(consumed) + " (" +
                                          (z.msg ? z.msg : "zlib error") + ")");
    }
    AddNote(&r.note, r.status.message() + "; " + Kept(r));
    return r;
  }
}

Decompressed Unbrotli(std::string_view in, size_t max_bytes) {
  Decompressed r;
  std::unique_ptr<BrotliDecoderState, void (*)(BrotliDecoderState*)> state(
      BrotliDecoderCreateInstance(nullptr, nullptr, nullptr), BrotliDecoderDestroyInstance);
  if (!state) {
    r.status = base::Status::IOError("br: out of memory");
    return r;
  }
  const uint8_t* next_in = reinterpret_cast<const uint8_t*>(in.data());
  size_t avail_in = in.size();
  for (;;) {
    size_t used = r.data.size(), room = NextRoom(r.data, max_bytes);
    r.data.resize(used + room);
    uint8_t* next_out = reinterpret_cast<uint8_t*>(r.data.data() + used);
    size_t avail_out = room;
    BrotliDecoderResult ret = BrotliDecoderDecompressStream(state.get(), &avail_in, &next_in,
                                                            &avail_out, &next_out, nullptr);
    r.data.resize(used + room - avail_out);
    size_t consumed = in.size() - avail_in;
    switch (ret) {
      case BROTLI_DECODER_RESULT_SUCCESS:
        if (avail_in > 0) {
          AddNote(&r.note, std::to_string(avail_in) + " bytes after the br data ignored");
        }
        return r;
      case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT:
        if (room > 0) continue;  // at the cap, one call without room tells whether more follows
        r.cut = true;
        return r;
      case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT:
        r.status = base::Status::Corruption("br data ends early, after " +
                                            std::to_string(consumed) + " compressed bytes");
        break;
      case BROTLI_DECODER_RESULT_ERROR:
        r.status = base::Status::Corruption(
            "br data corrupt at compressed byte " + std::to_string(consumed) + " (" +
            BrotliDecoderErrorString(BrotliDecoderGetErrorCode(state.get())) + ")");
        break;
    }
    AddNote(&r.note, r.status.message() + "; " + Kept(r));
    return r;
  }
}

}  // namespace

Decompressed Decompress(std::string_view in, Compression c, size_t max_bytes) {
  return c == Compression::kBrotli ? Unbrotli(in, max_bytes) : Inflate(in, c, max_bytes);
}

}  // namespace neardup::internal
