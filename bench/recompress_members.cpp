// recompress_members: what a per-member recompression of a gzip file costs
// and gives, the yardsticks of bench/arc2warc_bench.sh.
//
//   recompress_members [--zlib N | --libdeflate N] [--sha1 K] FILE.gz...
//
// Reads one file at a time into memory, then times only the loop over its
// gzip members: inflate each member (libdeflate), with --sha1 K hash its
// output K times (arc2warc hashes each block twice: block and payload
// digests), and with --zlib N or --libdeflate N compress it again as one gzip
// member of its own at level N. Prints
//   SECONDS MEMBERS INFLATED_BYTES COMPRESSED_BYTES
// (COMPRESSED_BYTES is 0 without a compressor). `--zlib 6` gives the size of
// the same records as zlib level 6 members, the denominator of the output
// size ratio. Not a tool: no error recovery.
#include <libdeflate.h>
#include <openssl/evp.h>
#include <zlib.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

struct Options {
  int zlib_level = 0;        // 0: no zlib compression
  int libdeflate_level = 0;  // 0: no libdeflate compression
  int hashes = 0;
  std::vector<const char*> files;
};

bool Parse(int argc, char** argv, Options* options) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    bool valued = arg == "--zlib" || arg == "--libdeflate" || arg == "--sha1";
    if (valued && i + 1 >= argc) return false;
    if (arg == "--zlib") {
      options->zlib_level = std::atoi(argv[++i]);
    } else if (arg == "--libdeflate") {
      options->libdeflate_level = std::atoi(argv[++i]);
    } else if (arg == "--sha1") {
      options->hashes = std::atoi(argv[++i]);
    } else {
      options->files.push_back(argv[i]);
    }
  }
  return !options->files.empty() && !(options->zlib_level && options->libdeflate_level);
}

// One member's output compressed as a gzip member with zlib (windowBits 31:
// the gzip wrapper, as gzip(1) writes it but with no file name).
size_t ZlibMember(z_stream* z, const std::vector<char>& in, size_t n, std::vector<char>* out) {
  deflateReset(z);
  size_t bound = deflateBound(z, n);
  if (out->size() < bound) out->resize(bound);
  z->next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z->avail_in = static_cast<uInt>(n);
  z->next_out = reinterpret_cast<Bytef*>(out->data());
  z->avail_out = static_cast<uInt>(out->size());
  if (deflate(z, Z_FINISH) != Z_STREAM_END) {
    std::fprintf(stderr, "recompress_members: deflate failed\n");
    std::exit(1);
  }
  return z->total_out;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!Parse(argc, argv, &options)) {
    std::fprintf(stderr,
                 "usage: recompress_members [--zlib N | --libdeflate N] [--sha1 K] FILE.gz...\n");
    return 2;
  }
  libdeflate_decompressor* d = libdeflate_alloc_decompressor();
  libdeflate_compressor* c =
      options.libdeflate_level ? libdeflate_alloc_compressor(options.libdeflate_level) : nullptr;
  z_stream z{};
  if (options.zlib_level &&
      deflateInit2(&z, options.zlib_level, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    return 1;
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  unsigned char md[EVP_MAX_MD_SIZE];
  std::vector<char> plain(64 << 20), packed;
  uint64_t members = 0, inflated = 0, compressed = 0;
  double seconds = 0;
  for (const char* name : options.files) {
    std::ifstream in(name, std::ios::binary);
    std::string f{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    auto start = std::chrono::steady_clock::now();
    for (size_t pos = 0; pos < f.size();) {
      size_t used = 0, made = 0;
      auto r = libdeflate_gzip_decompress_ex(d, f.data() + pos, f.size() - pos, plain.data(),
                                             plain.size(), &used, &made);
      if (r == LIBDEFLATE_INSUFFICIENT_SPACE) {  // a big member: more room, again
        plain.resize(plain.size() * 2);
        continue;
      }
      if (r != LIBDEFLATE_SUCCESS) {
        std::fprintf(stderr, "recompress_members: %s: member at offset %zu does not inflate\n",
                     name, pos);
        return 1;
      }
      for (int k = 0; k < options.hashes; ++k) {
        EVP_DigestInit_ex(ctx, EVP_sha1(), nullptr);
        EVP_DigestUpdate(ctx, plain.data(), made);
        EVP_DigestFinal_ex(ctx, md, nullptr);
      }
      if (options.zlib_level) compressed += ZlibMember(&z, plain, made, &packed);
      if (c) {
        size_t bound = libdeflate_gzip_compress_bound(c, made);
        if (packed.size() < bound) packed.resize(bound);
        compressed += libdeflate_gzip_compress(c, plain.data(), made, packed.data(), packed.size());
      }
      pos += used;
      inflated += made;
      ++members;
    }
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  std::printf("%.3f %llu %llu %llu\n", seconds, static_cast<unsigned long long>(members),
              static_cast<unsigned long long>(inflated),
              static_cast<unsigned long long>(compressed));
  if (options.zlib_level) deflateEnd(&z);
  if (c) libdeflate_free_compressor(c);
  EVP_MD_CTX_free(ctx);
  libdeflate_free_decompressor(d);
  return 0;
}
