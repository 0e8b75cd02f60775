// inflate_ceiling: what the fast inflater alone achieves on a corpus, the
// ceiling warcsum is measured against (bench/warcsum_bench.sh).
//
//   inflate_ceiling [--sha1] FILE.warc.gz...
//
// Reads every file into memory first, then times only the loop over its gzip
// members: one libdeflate call per member (as warcsum's fast path), and with
// --sha1 a SHA-1 over each member's output (the --recompute work). Prints the
// seconds and the bytes inflated. Not a tool: no error recovery, and memory
// holds the whole corpus.
#include <libdeflate.h>
#include <openssl/evp.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  bool sha1 = argc > 1 && std::strcmp(argv[1], "--sha1") == 0;
  std::vector<std::string> files;
  for (int i = sha1 ? 2 : 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    files.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: inflate_ceiling [--sha1] FILE.warc.gz...\n");
    return 2;
  }
  libdeflate_decompressor* d = libdeflate_alloc_decompressor();
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  std::vector<char> out(64 << 20);
  unsigned char md[EVP_MAX_MD_SIZE];
  uint64_t inflated = 0;
  auto start = std::chrono::steady_clock::now();
  for (const auto& f : files) {
    for (size_t pos = 0; pos < f.size();) {
      size_t used = 0, made = 0;
      if (libdeflate_gzip_decompress_ex(d, f.data() + pos, f.size() - pos, out.data(), out.size(),
                                        &used, &made) != LIBDEFLATE_SUCCESS) {
        std::fprintf(stderr, "inflate_ceiling: member at offset %zu does not inflate in one call\n",
                     pos);
        return 1;
      }
      if (sha1) {
        EVP_DigestInit_ex(ctx, EVP_sha1(), nullptr);
        EVP_DigestUpdate(ctx, out.data(), made);
        EVP_DigestFinal_ex(ctx, md, nullptr);
      }
      pos += used;
      inflated += made;
    }
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%.3f %llu\n", seconds, static_cast<unsigned long long>(inflated));
  EVP_MD_CTX_free(ctx);
  libdeflate_free_decompressor(d);
  return 0;
}
