#include "neardup/lsh.h"

#include <xxhash.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "keyed_passes.h"

namespace neardup {

namespace {

// Simpson's rule with an even number of steps: plenty for these smooth
// curves (the choice is between integers; 256 steps agree with 4096 on
// every threshold the tests pin).
template <typename F>
double Integrate(F f, double from, double to) {
  constexpr int kSteps = 256;
  const double h = (to - from) / kSteps;
  double sum = f(from) + f(to);
  for (int i = 1; i < kSteps; ++i) sum += (i % 2 ? 4 : 2) * f(from + i * h);
  return sum * h / 3;
}

std::span<const uint32_t> BandOf(const Doc& doc, int band, int rows) {
  return doc.minhash.subspan(static_cast<size_t>(band) * rows, rows);
}

// True when a and b agree on some band before `band`: the pair was a
// candidate there already.
bool CollidedEarlier(const Doc& a, const Doc& b, int band, int rows) {
  for (int earlier = 0; earlier < band; ++earlier) {
    auto x = BandOf(a, earlier, rows), y = BandOf(b, earlier, rows);
    if (std::equal(x.begin(), x.end(), y.begin())) return true;
  }
  return false;
}

}  // namespace

double SCurve(double s, int bands, int rows) { return 1 - std::pow(1 - std::pow(s, rows), bands); }

Banding ChooseBanding(double threshold, int num_perm) {
  Banding best;
  double best_error = 0;
  for (int bands = 1; bands <= num_perm; ++bands) {
    for (int rows = 1; bands * rows <= num_perm; ++rows) {
      auto p = [&](double s) { return SCurve(s, bands, rows); };
      auto miss = [&](double s) { return 1 - SCurve(s, bands, rows); };
      const double error = kFalsePositiveWeight * Integrate(p, 0, threshold) +
                           kFalseNegativeWeight * Integrate(miss, threshold, 1);
      if (best.bands == 0 || error < best_error) {
        best = {bands, rows, SCurve(threshold, bands, rows)};
        best_error = error;
      }
    }
  }
  return best;
}

NearPairs LshPairs(std::span<const Doc> docs, std::span<const uint32_t> ids, const Banding& banding,
                   const NearQuery& query) {
  const int rows = banding.rows;
  return internal::PairsByKeyedPasses(
      docs, ids, banding.bands, query,
      [rows](const Doc& doc, int band) {
        auto values = BandOf(doc, band, rows);
        return XXH3_64bits(values.data(), values.size_bytes());
      },
      [rows](const Doc& a, const Doc& b, int band) { return CollidedEarlier(a, b, band, rows); });
}

}  // namespace neardup
