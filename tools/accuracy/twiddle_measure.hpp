// Measures twiddle factors against MPFR. The reference is mpfr_cosu /
// mpfr_sinu (cos and sin of 2 pi k / n with the argument reduced exactly by
// MPFR itself), an independent path from both the table builder
// (mpfr_sin_cos of a rounded angle) and the computed mode (integer octant
// reduction and a series).
//
// Two yardsticks, the accuracy targets of the two twiddle modes:
//  - computed twiddles: the absolute error of cos and of sin, in units of the
//    format's unit roundoff 2^-precision (2^-48 df64, 2^-96 qf128,
//    2^-106 dd128); allowed 2 units for df64 and dd128, 4 for qf128;
//  - table entries: the error in units of half an ulp of the entry's last
//    limb, so "correctly rounded limb by limb" means at most 1.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "tools/accuracy/proven_bounds.hpp"
#include "ffft/host/mpfr.hpp"
#include "ffft/host/ulp.hpp"
#include "ffft/twiddle/sincos.hpp"

namespace ffft::accuracy {

// Enough for dd128's 106 bits, subnormal last limbs of float formats
// (2^-149) and a wide margin.
inline constexpr mpfr_prec_t twiddle_reference_precision = 320;

// The allowed error of computed twiddles, in units of 2^-precision.
template <class E>
constexpr double computed_twiddle_bound_units() {
  return E::limbs == 2 ? 2.0 : 4.0;
}

// cos and sin of 2 pi k / n to 320 bits, and distances to them.
class twiddle_reference {
 public:
  twiddle_reference()
      : angle_(64), cos_(twiddle_reference_precision), sin_(twiddle_reference_precision),
        value_(twiddle_reference_precision), difference_(twiddle_reference_precision) {}

  void evaluate(std::uint64_t k, std::uint64_t n) {
    mpfr_set_ui(angle_, k, MPFR_RNDN);  // exact: 64-bit k, 64-bit precision
    mpfr_cosu(cos_, angle_, n, MPFR_RNDN);
    mpfr_sinu(sin_, angle_, n, MPFR_RNDN);
  }

  // |x - cos| and |x - sign sin|, rounded up to double.
  template <class E>
  double cos_error(const E& x) {
    return distance(x, cos_, 1);
  }
  template <class E>
  double sin_error(const E& x, int sign = 1) {
    return distance(x, sin_, sign);
  }

 private:
  template <class E>
  double distance(const E& x, mpfr_srcptr exact, int sign) {
    host::to_mpfr(value_, x);
    if (sign < 0) mpfr_neg(value_, value_, MPFR_RNDN);
    mpfr_sub(difference_, value_, exact, MPFR_RNDU);
    return std::fabs(mpfr_get_d(difference_, MPFR_RNDU));
  }

  host::mpfr_value angle_, cos_, sin_, value_, difference_;
};

struct twiddle_error_stats {
  long samples = 0;
  double max_cos = 0, max_sin = 0;  // in the set's unit
  double sum_sq_cos = 0, sum_sq_sin = 0;
  std::uint64_t worst_k = 0, worst_n = 0;  // where max(cos, sin) error peaked

  double max() const { return std::max(max_cos, max_sin); }
  double rms_cos() const { return samples ? std::sqrt(sum_sq_cos / samples) : 0.0; }
  double rms_sin() const { return samples ? std::sqrt(sum_sq_sin / samples) : 0.0; }

  void add(double cos_units, double sin_units, std::uint64_t k, std::uint64_t n) {
    // A NaN error must fail the bound, not vanish in std::max.
    if (std::isnan(cos_units)) cos_units = std::numeric_limits<double>::infinity();
    if (std::isnan(sin_units)) sin_units = std::numeric_limits<double>::infinity();
    if (std::max(cos_units, sin_units) > max()) {
      worst_k = k;
      worst_n = n;
    }
    ++samples;
    max_cos = std::max(max_cos, cos_units);
    max_sin = std::max(max_sin, sin_units);
    sum_sq_cos += cos_units * cos_units;
    sum_sq_sin += sin_units * sin_units;
  }
};

// A set of (k, n) pairs: every k of one n, or random pairs.
struct twiddle_point_set {
  std::string name;
  std::uint64_t n = 0;   // exhaustive: all k in [0, n)
  long random_pairs = 0;  // random: this many (k, n) with n in [1, 2^30]
  std::uint64_t seed = 0;

  template <class F>
  void for_each(F&& f) const {
    if (random_pairs == 0) {
      for (std::uint64_t k = 0; k < n; ++k) f(k, n);
      return;
    }
    // Log-uniform n, so small and large lengths are equally represented, and
    // any 64-bit k, so the reduction k mod n is exercised too.
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int> octave(0, 29);
    for (long i = 0; i < random_pairs; ++i) {
      const int e = octave(rng);
      const std::uint64_t pair_n = (std::uint64_t(1) << e) + rng() % (std::uint64_t(1) << e) +
                                   (e == 29 ? rng() % 2 : 0);  // reaches 2^30
      f(rng(), pair_n);
    }
  }
};

// A million random pairs, the same for every format.
inline twiddle_point_set random_twiddle_pairs() {
  return {"1M random (k, n), n <= 2^30", 0, 1000000, 20261122};
}

// The point sets measured: exhaustive over k for 2^12, 2^20 (df64 only, the
// most k), 3 x 2^12, the prime 10007, and a million random pairs.
template <class E>
std::vector<twiddle_point_set> computed_twiddle_sets() {
  std::vector<twiddle_point_set> sets = {{"n = 2^12, all k", 4096, 0, 0},
                                         {"n = 3 x 2^12, all k", 3 * 4096, 0, 0},
                                         {"n = 10007 (prime), all k", 10007, 0, 0},
                                         random_twiddle_pairs()};
  if (std::is_same_v<E, df64>) sets.insert(sets.begin() + 1, {"n = 2^20, all k", 1 << 20, 0, 0});
  return sets;
}

// Errors of sincos_2pi over a set, in units of 2^-precision, for each of
// the formats E... in one pass over the set. The reference is evaluated
// once a point for all of them: two 320-bit MPFR calls, 15 s for a million
// points on one core, three to five times what df64's or dd128's sincos takes
// (qf128's takes about 20 s).
template <class... E>
std::array<twiddle_error_stats, sizeof...(E)> measure_computed_twiddles_each(const twiddle_point_set& set) {
  twiddle_reference reference;
  std::array<twiddle_error_stats, sizeof...(E)> stats;
  set.for_each([&](std::uint64_t k, std::uint64_t n) {
    reference.evaluate(k, n);
    twiddle_error_stats* format_stats = stats.data();
    const auto add = [&](auto v, double unit) {
      (format_stats++)->add(reference.cos_error(v.cos) / unit, reference.sin_error(v.sin) / unit, k, n);
    };
    (add(twiddle::sincos_2pi<E>(k, n), last_bit_unit<E>()), ...);
  });
  return stats;
}

template <class E>
twiddle_error_stats measure_computed_twiddles(const twiddle_point_set& set) {
  return measure_computed_twiddles_each<E>(set)[0];
}

// Errors of a table's w_n^k = cos - i sin over all k of its length, in
// units of half an ulp of each value's last limb (at most 1 when correctly
// rounded). Table is anything with operator()(k) -> complex<E> and length().
template <class E, class Table>
twiddle_error_stats measure_table(const Table& table) {
  twiddle_reference reference;
  twiddle_error_stats stats;
  const std::uint64_t n = table.length();
  for (std::uint64_t k = 0; k < n; ++k) {
    const complex<E> w = table(k);
    reference.evaluate(k, n);
    // 2 error / ulp rather than error / (ulp / 2): half the smallest double
    // subnormal is 0.
    const double ulp_re = static_cast<double>(host::last_limb_ulp(w.re));
    const double ulp_im = static_cast<double>(host::last_limb_ulp(w.im));
    stats.add(2 * reference.cos_error(w.re) / ulp_re, 2 * reference.sin_error(w.im, -1) / ulp_im,
              k, n);
  }
  return stats;
}

// Errors of factored twiddles w_n^k = w_n^(M floor(k / M)) x w_n^(k mod M)
// over all k < n, in units of 2^-precision, the factors from a
// correctly rounded table (`table`, with M = 2^fine_log2) or from
// sincos_2pi (the computed mode's, as make_stockham_tables builds them:
// `factors`, any twiddle::factored_twiddles).
template <class E, class Factored>
twiddle_error_stats measure_factored(std::uint64_t n, const Factored& factors) {
  const double unit = last_bit_unit<E>();
  twiddle_reference reference;
  twiddle_error_stats stats;
  for (std::uint64_t k = 0; k < n; ++k) {
    const complex<E> w = factors(k);
    reference.evaluate(k, n);
    stats.add(reference.cos_error(w.re) / unit, reference.sin_error(w.im, -1) / unit, k, n);
  }
  return stats;
}

// The factored twiddles of correctly rounded factors from `table`.
template <class E, class Table>
twiddle_error_stats measure_factored_table(const Table& table, unsigned fine_log2) {
  const std::uint64_t m = std::uint64_t{1} << fine_log2;
  return measure_factored<E>(table.length(),
                             [&](std::uint64_t k) { return mul(table(k / m * m), table(k % m)); });
}

// A proven bound on the factored twiddles' error, in units of 2^-precision,
// from factors within e units each (e = computed_twiddle_bound_units). The
// real part, re(a b) = a.re b.re - a.im b.im, carries
//  - the factors' errors: e (|b.re| + |b.im|) + e (|a.re| + |a.im|)
//    <= 2 sqrt(2) e, as |a|, |b| are 1 to within far less than a unit;
//  - the two products' rounding, at most mul units relative each, over
//    |a.re b.re| + |a.im b.im| <= |a| |b| ~ 1;
//  - the difference's rounding, at most add units of a result <= 1;
// and likewise the imaginary part. (mul, add: proven_bound_units.)
template <class E>
double factored_twiddle_bound_units() {
  return 2 * std::sqrt(2.0) * computed_twiddle_bound_units<E>() +
         proven_bound_units<E>(elementwise_op::mul) + proven_bound_units<E>(elementwise_op::sub);
}

}  // namespace ffft::accuracy
