// The side-by-side benchmark's error of one transform against FFTW's
// __float128 reference (tools/reference/fftw_quad.hpp), both in __float128
// so that a double-double result is not floored by the metric's rounding.
// Host code only.
#pragma once

#include <quadmath.h>

#include <algorithm>
#include <cstddef>
#include <limits>
#include <span>
#include <stdexcept>

#include "tools/reference/complex_quad.hpp"

namespace ffft::bench {

struct transform_error {
  double rel_rms = 0;         // ||y - r||_2 / ||r||_2 (the RMS error over the RMS value)
  double max_rel = 0;         // max_j |y_j - r_j| / max_j |r_j|
  std::size_t non_finite = 0;  // values of y with a NaN or infinite part (counted in neither metric)
};

// y against the reference r (same length). A non-finite y_j (an unwritten,
// poisoned output) is counted and makes both metrics NaN. A zero reference
// gives 0 for y == r, else infinity.
inline transform_error compare(std::span<const tools::complex_quad> y, std::span<const tools::complex_quad> r) {
  if (y.size() != r.size()) throw std::invalid_argument("compare: result and reference differ in length");
  transform_error e;
  __float128 error_sq = 0, norm_sq = 0, max_error = 0, max_reference = 0;
  for (std::size_t j = 0; j < r.size(); ++j) {
    if (!finiteq(y[j].re) || !finiteq(y[j].im)) {
      ++e.non_finite;
      continue;
    }
    const __float128 dr = y[j].re - r[j].re, di = y[j].im - r[j].im;
    error_sq += dr * dr + di * di;
    norm_sq += r[j].re * r[j].re + r[j].im * r[j].im;
    max_error = std::max(max_error, hypotq(dr, di));
    max_reference = std::max(max_reference, hypotq(r[j].re, r[j].im));
  }
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  if (e.non_finite != 0) {
    e.rel_rms = e.max_rel = nan;
  } else if (norm_sq == 0) {
    e.rel_rms = e.max_rel = error_sq == 0 ? 0.0 : inf;
  } else {
    e.rel_rms = static_cast<double>(sqrtq(error_sq / norm_sq));
    e.max_rel = static_cast<double>(max_error / max_reference);
  }
  return e;
}

}  // namespace ffft::bench
