// neardup_sketch_bench: the sketching targets of the near-duplicate stage.
//
//   neardup_sketch_bench [SECONDS]
//
// Prints, for one core:
//   minhash   documents/s of MinHasher(128) on 400-shingle documents
//   kperm     the same for classic MinHash with 128 independent hash
//             functions (the scheme not chosen, measured in the same run)
//   simhash   documents/s of SimHash on 400-word documents
//   words-hash  the same for XXH3 of every word alone, simhash's ceiling
//   minhash-small  the same on 40-shingle documents (densification's cost)
//   mae       mean absolute error of EstimateJaccard over 2,000 pairs of
//             400-shingle sets whose true Jaccard similarity spreads over
//             0..1, and the largest error
//   mae-mixed the same over sets of 20 to 2,000 shingles
// Each rate is timed over SECONDS (default 1) of this thread's CPU time, in
// repeated passes over 4,096 documents built in memory first. Built by the
// bench script as the project builds (-O3), with lib/neardup/src/sketch.cpp:
//   g++ -std=c++20 -O3 -Ilib/neardup/include bench/neardup_sketch_bench.cpp
//       lib/neardup/src/sketch.cpp -o build/bench/neardup_sketch_bench
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "neardup/sketch.h"
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace {

constexpr int kDocs = 256, kShingles = 400, kWords = 400, kPerm = 128;

// This thread's CPU seconds: rates per core, whatever else the machine runs.
double CpuSeconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// Runs pass() over and over for at least `seconds` of CPU time; returns
// passes per CPU second.
template <typename F>
double Rate(double seconds, F pass) {
  int passes = 0;
  double start = CpuSeconds(), elapsed = 0;
  do {
    pass();
    ++passes;
    elapsed = CpuSeconds() - start;
  } while (elapsed < seconds);
  return passes / elapsed;
}

std::vector<std::vector<uint64_t>> ShingledDocs(std::mt19937_64& rng, int shingles) {
  std::vector<std::vector<uint64_t>> docs(kDocs);
  for (auto& d : docs) {
    for (int i = 0; i < shingles; ++i) d.push_back(rng());
    std::sort(d.begin(), d.end());
  }
  return docs;
}

std::vector<std::vector<std::string>> WordDocs(std::mt19937_64& rng) {
  std::vector<std::string> vocabulary;
  for (int i = 0; i < 20000; ++i) {
    std::string w;
    for (int n = 2 + static_cast<int>(rng() % 9); n > 0; --n)
      w += static_cast<char>('a' + rng() % 26);
    vocabulary.push_back(w);
  }
  std::vector<std::vector<std::string>> docs(kDocs);
  for (auto& d : docs) {
    for (int i = 0; i < kWords; ++i) {
      // Roughly Zipfian: low ranks much more often.
      double u = std::uniform_real_distribution<double>(0, 1)(rng);
      d.push_back(vocabulary[static_cast<size_t>(std::pow(20000.0, u)) - 1]);
    }
  }
  return docs;
}

__extension__ typedef unsigned __int128 Wide;  // (not ISO C++: -Wpedantic)

// Classic MinHash: slot i is the minimum over the set of (a_i * x + b_i)
// mod 2^61-1, as datasketch computes it, truncated to 32 bits.
struct KPerm {
  std::vector<uint64_t> a, b;
  explicit KPerm(std::mt19937_64& rng) {
    for (int i = 0; i < kPerm; ++i) {
      a.push_back(rng() % ((uint64_t{1} << 61) - 2) + 1);
      b.push_back(rng() % ((uint64_t{1} << 61) - 1));
    }
  }
  void Sketch(const std::vector<uint64_t>& set, uint32_t* out) const {
    constexpr uint64_t p = (uint64_t{1} << 61) - 1;
    std::fill(out, out + kPerm, 0xffffffffu);
    for (uint64_t x : set) {
      uint64_t v = x & p;
      for (int i = 0; i < kPerm; ++i) {
        Wide m = static_cast<Wide>(a[i]) * v + b[i];
        uint64_t h = static_cast<uint64_t>(m & p) + static_cast<uint64_t>(m >> 61);
        h = (h >= p) ? h - p : h;
        out[i] = std::min(out[i], static_cast<uint32_t>(h));
      }
    }
  }
};

// Pairs of n-element sets sharing m elements, true J = m / (2n - m), J
// spread evenly over 0..1; n is 400, or (mixed) drawn from 20..2000.
// Returns {mean, max} absolute error.
std::pair<double, double> EstimationError(std::mt19937_64& rng, int pairs, bool mixed) {
  neardup::MinHasher hasher(kPerm);
  double sum = 0, worst = 0;
  for (int p = 0; p < pairs; ++p) {
    const int n = mixed ? 20 + static_cast<int>(rng() % 1981) : kShingles;
    double target = (p + 0.5) / pairs;
    int shared = static_cast<int>(std::lround(2.0 * n * target / (1 + target)));
    std::vector<uint64_t> a, b;
    for (int i = 0; i < shared; ++i) a.push_back(rng());
    b = a;
    for (int i = shared; i < n; ++i) a.push_back(rng()), b.push_back(rng());
    double truth = static_cast<double>(shared) / (2 * n - shared);
    double err = std::fabs(neardup::EstimateJaccard(hasher.Sketch(a), hasher.Sketch(b)) - truth);
    sum += err;
    worst = std::max(worst, err);
  }
  return {sum / pairs, worst};
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = argc > 1 ? std::atof(argv[1]) : 1.0;
  if (!(seconds > 0)) {
    std::fprintf(stderr, "usage: neardup_sketch_bench [SECONDS]\n");
    return 2;
  }
  std::mt19937_64 rng(20261127);
  auto shingled = ShingledDocs(rng, kShingles);
  auto small = ShingledDocs(rng, 40);
  auto worded = WordDocs(rng);
  neardup::MinHasher hasher(kPerm);
  KPerm kperm(rng);
  std::vector<uint32_t> out(kPerm);
  uint64_t sink = 0;  // keeps the work from being optimised away

  double minhash = kDocs * Rate(seconds, [&] {
                     for (const auto& d : shingled) hasher.Sketch(d, out), sink += out[7];
                   });
  double minhash_small = kDocs * Rate(seconds, [&] {
                           for (const auto& d : small) hasher.Sketch(d, out), sink += out[7];
                         });
  double classic = kDocs * Rate(seconds, [&] {
                     for (const auto& d : shingled) kperm.Sketch(d, out.data()), sink += out[7];
                   });
  double simhash = kDocs * Rate(seconds, [&] {
                     for (const auto& d : worded) sink += neardup::SimHash(d);
                   });
  double words_hash = kDocs * Rate(seconds, [&] {
                        for (const auto& d : worded) {
                          for (const auto& w : d) sink += XXH3_64bits(w.data(), w.size());
                        }
                      });
  auto [mae, worst] = EstimationError(rng, 2000, false);
  auto [mae_mixed, worst_mixed] = EstimationError(rng, 2000, true);

  std::printf(
      "minhash %.0f docs/s (128 slots, %d shingles, one-permutation + densification; %.2fx the "
      "target 200000)\n",
      minhash, kShingles, minhash / 200000);
  std::printf("minhash-small %.0f docs/s (40 shingles: most bins densified)\n", minhash_small);
  std::printf("kperm %.0f docs/s (128 independent hash functions, for comparison)\n", classic);
  std::printf("simhash %.0f docs/s (%d words; %.2fx the target 300000)\n", simhash, kWords,
              simhash / 300000);
  std::printf("words-hash %.0f docs/s (XXH3 of the words alone: simhash is %.2f of it)\n",
              words_hash, simhash / words_hash);
  std::printf("mae %.4f max %.4f (2000 pairs of 400-shingle sets, J spread over 0..1)\n", mae,
              worst);
  std::printf("mae-mixed %.4f max %.4f (2000 pairs of 20 to 2000 shingles)\n", mae_mixed,
              worst_mixed);
  return sink == 42 ? 3 : 0;
}
