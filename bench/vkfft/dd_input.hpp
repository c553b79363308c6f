// The side-by-side benchmark's random input (bench/vkfft_side_by_side.cpp):
// complex double-double values whose parts are uniform in [-0.5, 0.5) to
// about 106 bits, for the contenders that keep double-double data in memory,
// and the same values rounded to double for those that take doubles.
// (tools/uniform_input.hpp's values are exact in float: a double-double
// contender would read zero low limbs.) One fixed seed, so every run
// transforms the same data. Host code only.
#pragma once

#include <cmath>
#include <complex>
#include <cstdint>
#include <random>
#include <vector>

#include "ffft/complex.hpp"

namespace ffft::bench {

// One part: a high limb m / 2^53 (m uniform in [-2^52, 2^52): a double with
// 53 random bits, uniform in [-0.5, 0.5)) and a low limb of 52 more random
// bits below it, |low| < ulp(high) / 4, so high + low is normalized (high is
// the double nearest to the sum) whatever high is.
inline dd128 uniform_dd_part(std::mt19937_64& rng) {
  std::uniform_int_distribution<std::int64_t> m(-(std::int64_t{1} << 52), (std::int64_t{1} << 52) - 1);
  const double high = std::ldexp(static_cast<double>(m(rng)), -53);
  const double low = high == 0 ? 0.0 : std::ldexp(static_cast<double>(m(rng)), std::ilogb(high) - 106);
  dd128 r{};
  r[0] = high;
  r[1] = low;
  return r;
}

inline std::vector<complex<dd128>> uniform_dd_input(std::uint64_t n, std::uint64_t seed = 0x0ff7'dd'5eedULL) {
  std::mt19937_64 rng(seed);
  std::vector<complex<dd128>> x(n);
  for (auto& v : x) {
    v.re = uniform_dd_part(rng);
    v.im = uniform_dd_part(rng);
  }
  return x;
}

// The high limbs: the values rounded to double (normalized values' high
// limb is their nearest double).
inline std::vector<std::complex<double>> rounded_to_double(const std::vector<complex<dd128>>& x) {
  std::vector<std::complex<double>> r(x.size());
  for (std::size_t j = 0; j < x.size(); ++j) r[j] = {x[j].re[0], x[j].im[0]};
  return r;
}

}  // namespace ffft::bench
