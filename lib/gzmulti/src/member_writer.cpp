#include "gzmulti/member_writer.h"

#include <zlib.h>

#include <algorithm>
#include <memory>

#ifdef WARCDEDUP_HAVE_LIBDEFLATE
#include <libdeflate.h>
#endif

#include <vector>

namespace gzmulti {

MemberWriter::MemberWriter(int level) {
  auto* zs = new z_stream{};
  // zlib's levels stop at 9; libdeflate's (MemberCompressor) go on to 12.
  deflateInit2(zs, std::clamp(level, 0, 9), Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
  stream_ = zs;
}

MemberWriter::~MemberWriter() {
  auto* zs = static_cast<z_stream*>(stream_);
  deflateEnd(zs);
  delete zs;
}

void MemberWriter::Run(std::string_view data, int flush, std::string* out) {
  auto* zs = static_cast<z_stream*>(stream_);
  zs->next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  zs->avail_in = static_cast<uInt>(data.size());
  char buf[1 << 16];
  int rc;
  do {
    zs->next_out = reinterpret_cast<Bytef*>(buf);
    zs->avail_out = sizeof buf;
    rc = deflate(zs, flush);
    out->append(buf, sizeof buf - zs->avail_out);
  } while (zs->avail_out == 0 || (flush == Z_FINISH && rc != Z_STREAM_END));
}

void MemberWriter::Add(std::string_view data, std::string* out) {
  // zlib takes at most 4 GiB per call.
  while (!data.empty()) {
    size_t take = std::min<size_t>(data.size(), 1u << 30);
    Run(data.substr(0, take), Z_NO_FLUSH, out);
    data.remove_prefix(take);
  }
}

void MemberWriter::Finish(std::string* out) {
  Run({}, Z_FINISH, out);
  deflateReset(static_cast<z_stream*>(stream_));
}

MemberCompressor::MemberCompressor(int level) : level_(level) {
#ifdef WARCDEDUP_HAVE_LIBDEFLATE
  compressor_ = libdeflate_alloc_compressor(level);
#endif
}

MemberCompressor::~MemberCompressor() {
#ifdef WARCDEDUP_HAVE_LIBDEFLATE
  if (compressor_) libdeflate_free_compressor(static_cast<libdeflate_compressor*>(compressor_));
#endif
}

void MemberCompressor::Compress(std::string_view data, std::string* out) {
#ifdef WARCDEDUP_HAVE_LIBDEFLATE
  if (compressor_) {
    auto* c = static_cast<libdeflate_compressor*>(compressor_);
    size_t old_size = out->size();
    out->resize(old_size + libdeflate_gzip_compress_bound(c, data.size()));
    size_t made = libdeflate_gzip_compress(c, data.data(), data.size(), out->data() + old_size,
                                           out->size() - old_size);
    if (made > 0) {
      out->resize(old_size + made);
      return;
    }
    out->resize(old_size);  // cannot happen with the bound; zlib below all the same
  }
#endif
  MemberWriter writer(level_);
  writer.Add(data, out);
  writer.Finish(out);
}

std::string CompressMember(std::string_view data, int level) {
  MemberCompressor compressor(level);
  std::string out;
  compressor.Compress(data, &out);
  return out;
}

base::Status CopyRaw(base::ByteSource* source, uint64_t length, const Sink& sink) {
  // Sized to the range and left uninitialised: callers copy many small gaps,
  // and zero-filling a 1 MiB buffer for each would cost more than the copy.
  const size_t size = static_cast<size_t>(std::min<uint64_t>(length, 1 << 20));
  std::unique_ptr<char[]> buf(new char[size]);
  uint64_t left = length;
  while (left > 0) {
    auto got = source->Read(buf.get(), static_cast<size_t>(std::min<uint64_t>(size, left)));
    if (!got.ok()) return got.status();
    if (*got == 0)
      return base::Status::Corruption("input ends " + std::to_string(left) +
                                      " bytes before the end of the range to copy");
    if (auto s = sink(std::string_view(buf.get(), *got)); !s.ok()) return s;
    left -= *got;
  }
  return base::Status::Ok();
}

}  // namespace gzmulti
