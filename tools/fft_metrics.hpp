// Error metrics of transforms, computed in __float128 (113 bits) so that a
// qf128 or dd128 result is not floored by the metric's own rounding: the
// relative L2 error against a reference, and Thall's round-trip metrics
// (df64/qf128 paper, eq. 14-17) of x' = F^-1(F(x)) against x.
#pragma once

#include <quadmath.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "tools/reference/complex_quad.hpp"

namespace ffft::tools {

inline __float128 magnitude(const complex_quad& v) { return hypotq(v.re, v.im); }

// ||y - reference||_2 / ||reference||_2; 0 for two zero vectors.
inline double relative_l2_error(const std::vector<complex_quad>& y,
                                const std::vector<complex_quad>& reference) {
  __float128 error = 0, norm = 0;
  for (std::size_t j = 0; j < reference.size(); ++j) {
    const __float128 dr = y[j].re - reference[j].re, di = y[j].im - reference[j].im;
    error += dr * dr + di * di;
    norm += reference[j].re * reference[j].re + reference[j].im * reference[j].im;
  }
  if (norm == 0) return error == 0 ? 0.0 : std::numeric_limits<double>::infinity();
  return static_cast<double>(sqrtq(error / norm));
}

struct roundtrip_metrics {
  double rmse_magnitude;  // eq. 14: RMS of |x'_j| - |x_j|
  double rmse_phase;      // eq. 15-16: RMS of arg x'_j - arg x_j, wrapped to (-pi, pi], over the
                          // samples whose phase is defined (phase_defined); NaN if there are none
  std::uint64_t phase_excluded;  // samples left out of rmse_phase
  double phase_resolution;       // the resolution phase_defined was given
  double psnr_db;         // eq. 17: 10 log10(I_max^2 / MSE of magnitudes), I_max = max |x_j|;
                          // +inf for an exact round trip
  double relative_l2;     // ||x' - x|| / ||x||
  double max_abs_error;   // max |x'_j - x_j|
};

// Whether sample x_j of a signal with I_max = max |x_k| has a phase that a
// computation carrying `resolution` (its unit roundoff 2^-p, relative) can
// keep: |x_j| > 0 and |x_j| >= resolution * I_max. Below that, the
// computation's absolute error (of the order of resolution * I_max) is as
// large as the sample, so the result's angle is arbitrary: at an exact zero
// any angle is "right" and eq. 15-16 would add up to pi^2 for it. Those
// samples are left out of the phase RMSE and counted instead; they still
// count in every other metric.
inline bool phase_defined(__float128 magnitude, __float128 i_max, double resolution) {
  return magnitude > 0 && magnitude >= static_cast<__float128>(resolution) * i_max;
}

// The metrics of x' = roundtrip against x; `resolution` is the unit
// roundoff of the coarsest precision the values went through (phase_defined).
inline roundtrip_metrics roundtrip_error(const std::vector<complex_quad>& x,
                                         const std::vector<complex_quad>& roundtrip, double resolution) {
  const __float128 pi = acosq(-1);
  __float128 i_max = 0;
  for (const complex_quad& v : x) i_max = std::max(i_max, magnitude(v));
  __float128 magnitude_sq = 0, phase_sq = 0, max_abs = 0;
  std::uint64_t phase_count = 0;
  for (std::size_t j = 0; j < x.size(); ++j) {
    const __float128 m = magnitude(x[j]), m2 = magnitude(roundtrip[j]);
    magnitude_sq += (m2 - m) * (m2 - m);
    if (phase_defined(m, i_max, resolution)) {
      __float128 dphase = atan2q(roundtrip[j].im, roundtrip[j].re) - atan2q(x[j].im, x[j].re);
      if (dphase > pi) dphase -= 2 * pi;
      if (dphase <= -pi) dphase += 2 * pi;
      phase_sq += dphase * dphase;
      ++phase_count;
    }
    max_abs = std::max(max_abs, magnitude({roundtrip[j].re - x[j].re, roundtrip[j].im - x[j].im}));
  }
  const auto count = static_cast<__float128>(x.size());
  const __float128 mse = magnitude_sq / count;
  roundtrip_metrics r{};
  r.rmse_magnitude = static_cast<double>(sqrtq(mse));
  r.rmse_phase = phase_count == 0 ? std::numeric_limits<double>::quiet_NaN()
                                  : static_cast<double>(sqrtq(phase_sq / phase_count));
  r.phase_excluded = x.size() - phase_count;
  r.phase_resolution = resolution;
  r.psnr_db = mse == 0 ? std::numeric_limits<double>::infinity()
                       : static_cast<double>(10 * log10q(i_max * i_max / mse));
  r.relative_l2 = relative_l2_error(roundtrip, x);
  r.max_abs_error = static_cast<double>(max_abs);
  return r;
}

}  // namespace ffft::tools
