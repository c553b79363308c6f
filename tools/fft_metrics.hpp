// Error metrics of transforms, computed in __float128 (113 bits) so that a
// qf128 or dd128 result is not floored by the metric's own rounding: the
// relative L2 error against a reference, and Thall's round-trip metrics
// (df64/qf128 paper, eq. 14-17) of x' = F^-1(F(x)) against x.
#pragma once

#include <quadmath.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "ffft/complex.hpp"
#include "ffft/host/wide_float.hpp"

namespace ffft::tools {

struct complex_quad {
  __float128 re, im;
};

inline __float128 magnitude(const complex_quad& v) { return hypotq(v.re, v.im); }

// n values of a format in __float128: exact unless an expansion's limbs
// span more than 113 bits, then rounded to 2^-113.
template <class E>
std::vector<complex_quad> to_complex_quad(const complex<E>* v, std::size_t n) {
  std::vector<complex_quad> r(n);
  for (std::size_t j = 0; j < n; ++j) r[j] = {host::to_float128(v[j].re), host::to_float128(v[j].im)};
  return r;
}

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
  double rmse_phase;      // eq. 15-16: RMS of arg x'_j - arg x_j, wrapped to (-pi, pi]
  double psnr_db;         // eq. 17: 10 log10(I_max^2 / MSE of magnitudes), I_max = max |x_j|;
                          // +inf for an exact round trip
  double relative_l2;     // ||x' - x|| / ||x||
  double max_abs_error;   // max |x'_j - x_j|
};

inline roundtrip_metrics roundtrip_error(const std::vector<complex_quad>& x,
                                         const std::vector<complex_quad>& roundtrip) {
  const __float128 pi = acosq(-1);
  __float128 magnitude_sq = 0, phase_sq = 0, max_abs = 0, i_max = 0;
  for (std::size_t j = 0; j < x.size(); ++j) {
    const __float128 m = magnitude(x[j]), m2 = magnitude(roundtrip[j]);
    magnitude_sq += (m2 - m) * (m2 - m);
    __float128 dphase = atan2q(roundtrip[j].im, roundtrip[j].re) - atan2q(x[j].im, x[j].re);
    if (dphase > pi) dphase -= 2 * pi;
    if (dphase <= -pi) dphase += 2 * pi;
    phase_sq += dphase * dphase;
    max_abs = std::max(max_abs, magnitude({roundtrip[j].re - x[j].re, roundtrip[j].im - x[j].im}));
    i_max = std::max(i_max, m);
  }
  const auto count = static_cast<__float128>(x.size());
  const __float128 mse = magnitude_sq / count;
  roundtrip_metrics r{};
  r.rmse_magnitude = static_cast<double>(sqrtq(mse));
  r.rmse_phase = static_cast<double>(sqrtq(phase_sq / count));
  r.psnr_db = mse == 0 ? std::numeric_limits<double>::infinity()
                       : static_cast<double>(10 * log10q(i_max * i_max / mse));
  r.relative_l2 = relative_l2_error(roundtrip, x);
  r.max_abs_error = static_cast<double>(max_abs);
  return r;
}

}  // namespace ffft::tools
