// neardup_synth_sig: a signature file of N synthetic records, cheaply, for
// warcnear's memory at scale (bench/neardup_bench.sh: 1 M documents' LSH
// stage). Each record has SHINGLES random shingles (default 40) and a real
// MinHash(128) sketch of them; one record in 5 is a copy of one of the last
// 1,000 with one shingle in 20 replaced (a near-duplicate at J ~ 0.9), so the
// bands have collisions and the check has work.
//
//   neardup_synth_sig N OUT.sig [SHINGLES]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "neardup/sigfile.h"
#include "neardup/sketch.h"

int main(int argc, char** argv) {
  if (argc < 3) return std::fprintf(stderr, "usage: neardup_synth_sig N OUT.sig [SHINGLES]\n"), 2;
  const uint64_t n = std::strtoull(argv[1], nullptr, 10);
  const int per_doc = argc > 3 ? std::atoi(argv[3]) : 40;
  std::ofstream out(argv[2], std::ios::binary);
  neardup::SigHeader header;
  header.extract = "dom";
  header.creator = "neardup_synth_sig";
  neardup::SigWriter writer(header, [&](std::string_view b) {
    out.write(b.data(), static_cast<std::streamsize>(b.size()));
    return out ? base::Status() : base::Status::IOError("write failed");
  });
  neardup::MinHasher minhasher(128);
  std::mt19937_64 rng(1);
  std::vector<std::vector<uint64_t>> recent(1000);
  neardup::SigRecord r;
  r.status = 200;
  r.mime = "text/html";
  r.host = "synthetic.example";
  for (uint64_t i = 0; i < n; ++i) {
    std::vector<uint64_t> set;
    if (i >= 1000 && rng() % 5 == 0) {
      set = recent[rng() % 1000];
      for (size_t k = 0; k < set.size(); k += 20) set[k] = rng();
    } else {
      for (int k = 0; k < per_doc; ++k) set.push_back(rng());
    }
    std::sort(set.begin(), set.end());
    set.erase(std::unique(set.begin(), set.end()), set.end());
    recent[i % 1000] = set;
    char date[32];
    std::snprintf(date, sizeof date, "2020-01-01T%02llu:%02llu:%02lluZ",
                  static_cast<unsigned long long>(i / 3600 % 24),
                  static_cast<unsigned long long>(i / 60 % 60),
                  static_cast<unsigned long long>(i % 60));
    r.key.file = "synthetic.warc.gz";
    r.key.offset = i * 1000;
    r.key.length = 1000;
    r.key.uri = "http://synthetic.example/" + std::to_string(i);
    r.key.date = date;
    r.key.digest = "sha1:0000000000000000000000000000000000000000";
    r.tokens = static_cast<uint32_t>(set.size() + 4);
    r.simhash = rng();
    r.minhash = minhasher.Sketch(set);
    r.shingles = std::move(set);
    if (auto s = writer.Add(r); !s.ok())
      return std::fprintf(stderr, "%s\n", s.message().c_str()), 1;
  }
  if (auto s = writer.Finish(); !s.ok())
    return std::fprintf(stderr, "%s\n", s.message().c_str()), 1;
  out.close();
  return out ? 0 : 1;
}
