// References of the N-D tests: the exact DFT along some axes of a small
// array, summed in MPFR, and the error limit of a transform along several
// axes (bit_identical.hpp has the check that two results hold the same
// bits).
//
// Error limit: each axis's transforms are 1-D transforms whose relative L2
// error is within accuracy_limit(n_k) (fft_reference.hpp), and the N-D
// transform is their composition; each axis's map is a multiple of a
// unitary one, so its error relative to the norm of its output adds to the
// errors before it, to first order: the limit is the sum over the axes.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

#include "ffft/host/mpfr.hpp"
#include "tests/bit_identical.hpp"
#include "tests/fft_reference.hpp"
#include "tools/reference/complex_quad.hpp"

namespace ffft::testing {

inline std::uint64_t product(const std::vector<std::uint64_t>& v) {
  return std::accumulate(v.begin(), v.end(), std::uint64_t{1}, std::multiplies<>());
}

inline std::vector<int> all_axes(std::size_t rank) {
  std::vector<int> a(rank);
  std::iota(a.begin(), a.end(), 0);
  return a;
}

template <class E>
double nd_limit(const std::vector<std::uint64_t>& shape, const std::vector<int>& axes) {
  double limit = 0;
  for (int a : axes) limit += accuracy_limit<E>(shape[static_cast<std::size_t>(a)]);
  return limit;
}

// The exact DFT of a small array along some axes, summed in MPFR: the
// angle of input j and output k is 2 pi (sum over the axes of j_a k_a L /
// n_a mod L) / L, L the product of the axes' lengths, so one table of L
// values from mpfr_cosu / mpfr_sinu holds every twiddle exactly rounded.
inline std::vector<tools::complex_quad> exact_nd_dft(const std::vector<complex_double>& x,
                                              const std::vector<std::uint64_t>& shape,
                                              const std::vector<int>& axes, int sign) {
  constexpr mpfr_prec_t precision = 256;
  const std::size_t rank = shape.size(), count = x.size();
  std::vector<bool> transformed(rank, false);
  std::uint64_t period = 1;
  for (int a : axes) {
    transformed[static_cast<std::size_t>(a)] = true;
    period *= shape[static_cast<std::size_t>(a)];
  }
  std::deque<host::mpfr_value> cos_table, sin_table;  // mpfr_value cannot move
  host::mpfr_value index(64);
  for (std::uint64_t m = 0; m < period; ++m) {
    cos_table.emplace_back(precision);
    sin_table.emplace_back(precision);
    mpfr_set_ui(index, m, MPFR_RNDN);
    mpfr_cosu(cos_table.back(), index, period, MPFR_RNDN);
    mpfr_sinu(sin_table.back(), index, period, MPFR_RNDN);
  }
  const auto coordinates = [&](std::size_t flat) {
    std::vector<std::uint64_t> c(rank);
    for (std::size_t k = rank; k-- > 0;) {
      c[k] = flat % shape[k];
      flat /= shape[k];
    }
    return c;
  };
  host::mpfr_value re(precision), im(precision), term(precision), part(precision);
  std::vector<tools::complex_quad> y(count);
  const auto to_quad = [&](mpfr_srcptr v) {
    // Three doubles hold 159 bits: the __float128 sum rounds once.
    host::mpfr_value rest(precision);
    mpfr_set(rest, v, MPFR_RNDN);
    __float128 sum = 0;
    for (int i = 0; i < 3; ++i) {
      const double d = mpfr_get_d(rest, MPFR_RNDN);
      sum += d;
      mpfr_sub_d(rest, rest, d, MPFR_RNDN);
    }
    return sum;
  };
  for (std::size_t k = 0; k < count; ++k) {
    const std::vector<std::uint64_t> kc = coordinates(k);
    mpfr_set_zero(re, 1);
    mpfr_set_zero(im, 1);
    for (std::size_t j = 0; j < count; ++j) {
      const std::vector<std::uint64_t> jc = coordinates(j);
      bool same = true;
      std::uint64_t m = 0;
      for (std::size_t a = 0; a < rank; ++a) {
        if (!transformed[a]) {
          same = same && jc[a] == kc[a];
          continue;
        }
        m = (m + jc[a] * kc[a] % shape[a] * (period / shape[a])) % period;
      }
      if (!same) continue;
      // (x_re + i x_im)(cos + i sign sin)
      const int s = sign < 0 ? -1 : 1;
      mpfr_mul_d(term, cos_table[m], x[j].re, MPFR_RNDN);
      mpfr_add(re, re, term, MPFR_RNDN);
      mpfr_mul_d(term, sin_table[m], x[j].im, MPFR_RNDN);
      if (s < 0) mpfr_add(re, re, term, MPFR_RNDN);
      else mpfr_sub(re, re, term, MPFR_RNDN);
      mpfr_mul_d(term, cos_table[m], x[j].im, MPFR_RNDN);
      mpfr_add(im, im, term, MPFR_RNDN);
      mpfr_mul_d(part, sin_table[m], x[j].re, MPFR_RNDN);
      if (s < 0) mpfr_sub(im, im, part, MPFR_RNDN);
      else mpfr_add(im, im, part, MPFR_RNDN);
    }
    y[k] = {to_quad(re), to_quad(im)};
  }
  return y;
}

}  // namespace ffft::testing
