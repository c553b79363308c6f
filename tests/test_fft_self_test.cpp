// FFTW's reference-free self-test (Ergun, "Testing multivariate linear
// functions: overcoming the generator bottleneck", STOC 1995; FFTW's
// libbench2/verify-lib.c): a map that is linear, sends impulses to the
// roots of unity and turns time shifts into modulations and modulations
// into frequency shifts is the DFT. Each relation is checked on random
// data in both directions, in every format, at 2^20, at the Bluestein
// length 1009, at 3^7 5 and at 60.
//
// Tolerances. Let T be the exact transform in direction d, T v_j =
// s sum_m v_m w^(jm) with w = exp(sign 2 pi i / n), s = 1 (forward) or 1/n
// (inverse), and T~ the computed one. Parseval gives ||T v|| = s sqrt(n)
// ||v||, and the accuracy contract the reference tests enforce (L =
// accuracy_limit<E>(n)) gives ||T~ v - T v|| <= L s sqrt(n) ||v|| for every
// input v held exactly in the format. Each relation is an exact identity
// sum_i c_i T v_i = t, so by the triangle inequality its computed residual
// sum_i c_i T~ v_i - t has norm at most L s sqrt(n) sum_i |c_i| ||v_i||,
// plus s sqrt(n) ||v~ - v|| where an input had to be rounded to the format
// (v~ - v is known exactly), plus the __float128 rounding of the residual's
// own terms (a few times 2^-113 of them: at most 1% of L, dd128's at n = 60
// being the smallest L here). So
//   residual / (s sqrt(n) sum_i |c_i| ||v_i||) <= L + ||v~ - v|| / sum_i |c_i| ||v_i||,
// no looser than the reference tests: a transform off by more than its
// error budget, or a wrong relation (sign, shift, scale), fails.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "ffft/host/mpfr.hpp"
#include "fft_reference.hpp"
#include "twiddle_formats.hpp"

namespace ffft {
namespace {

using testing::complex_double;
using tools::complex_quad;

complex_quad operator+(complex_quad a, complex_quad b) {
  return {a.re + b.re, a.im + b.im};
}
complex_quad operator-(complex_quad a, complex_quad b) {
  return {a.re - b.re, a.im - b.im};
}
complex_quad operator*(complex_quad a, complex_quad b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}

double magnitude(complex_double a) { return std::hypot(a.re, a.im); }

// cos and sin of 2 pi q / n, q < n, to about 2^-113: mpfr_cosu / mpfr_sinu
// (exact argument reduction) rounded to qd256, whose four double limbs sum
// in __float128 to within one ulp of it; q > n/2 mirrors n - q. One table
// per length, shared by the formats and directions.
struct unit_circle {
  std::vector<__float128> cos, sin;
};

const unit_circle& unit_circle_of(std::uint64_t n) {
  static std::map<std::uint64_t, unit_circle> cache;
  unit_circle& c = cache[n];
  if (!c.cos.empty()) return c;
  c.cos.resize(n);
  c.sin.resize(n);
  const auto half = static_cast<std::int64_t>(n / 2);
#pragma omp parallel
  {
    host::mpfr_value q(64), value(160);
#pragma omp for schedule(static)
    for (std::int64_t i = 0; i <= half; ++i) {
      const auto j = static_cast<std::size_t>(i);
      mpfr_set_si(q, i, MPFR_RNDN);
      mpfr_cosu(value, q, n, MPFR_RNDN);
      c.cos[j] = host::to_float128(host::from_mpfr<qd256>(value));
      mpfr_sinu(value, q, n, MPFR_RNDN);
      c.sin[j] = host::to_float128(host::from_mpfr<qd256>(value));
    }
  }
  for (std::uint64_t q = static_cast<std::uint64_t>(half) + 1; q < n; ++q) {
    c.cos[q] = c.cos[n - q];
    c.sin[q] = -c.sin[n - q];
  }
  return c;
}

// Rounds each component to the nearest value of the format.
template <class E>
std::vector<complex<E>> rounded_to(const std::vector<complex_quad>& v) {
  std::vector<complex<E>> r(v.size());
  for (std::size_t j = 0; j < v.size(); ++j)
    r[j] = {host::from_float128<E>(v[j].re), host::from_float128<E>(v[j].im)};
  return r;
}

// sqrt(sum_j |f(j)|^2) over j < n, in double: f forms each term in
// __float128 (where the cancellation happens); squares need a few digits.
template <class F>
double l2_norm_of(std::uint64_t n, const F& f) {
  double sum = 0;
  const auto count = static_cast<std::int64_t>(n);
#pragma omp parallel for reduction(+ : sum) if (count > 4096)
  for (std::int64_t j = 0; j < count; ++j)
    sum += testing::squared_magnitude(f(static_cast<std::uint64_t>(j)));
  return std::sqrt(sum);
}

template <class E>
class self_test {
 public:
  self_test(plan<E>& p, direction d)
      : n_(p.options().length),
        d_(d),
        plan_(p),
        circle_(unit_circle_of(n_)),
        scale_(d == direction::inverse ? 1 / static_cast<__float128>(n_) : 1),
        limit_(testing::accuracy_limit<E>(n_)),
        random_(n_ * 2 + (d == direction::inverse)) {}

  void run_all() {
    const std::vector<complex_double> x = testing::random_input(n_, random_());
    const std::vector<complex_quad> x128 = tools::to_complex_quad(x);
    const std::vector<complex_quad> tx = apply(testing::to_format<E>(x));
    linearity(x128, tx);
    impulse(x, tx);
    time_shift(x, tx);
    frequency_shift(x128, tx);
    std::printf(
        "%s n=%llu %s: residual / tolerance: linearity %.3g, impulse %.3g, split impulse "
        "%.3g, time shift %.3g, frequency shift %.3g\n",
        format_traits<E>::name, static_cast<unsigned long long>(n_), testing::name(d_), ratios_[0],
        ratios_[1], ratios_[2], ratios_[3], ratios_[4]);
  }

 private:
  // w^q, w = exp(sign 2 pi i / n).
  complex_quad root(std::uint64_t q) const {
    q %= n_;
    const __float128 s = circle_.sin[q];
    return {circle_.cos[q], d_ == direction::forward ? -s : s};
  }

  std::vector<complex_quad> apply(const std::vector<complex<E>>& v) {
    return tools::to_complex_quad(testing::transform(plan_, d_, v));
  }

  // A shift in [1, n) coprime to n (so w^(j shift) runs through every n-th
  // root), or 0 for n = 1.
  std::uint64_t coprime_shift() {
    if (n_ == 1) return 0;
    for (;;) {
      const std::uint64_t t = 1 + random_() % (n_ - 1);
      if (std::gcd(t, n_) == 1) return t;
    }
  }

  // residual: ||sum_i c_i T~ v_i - t||; weight: sum_i |c_i| ||v_i||;
  // rounding: ||v~ - v|| of a rounded input (0 if none).
  void expect_within_budget(int which, const char* relation, double residual, double weight,
                            double rounding) {
    const double relative =
        residual / (static_cast<double>(scale_) * std::sqrt(static_cast<double>(n_)) * weight);
    const double tolerance = limit_ + rounding / weight;
    EXPECT_LE(relative, tolerance)
        << relation << ": " << format_traits<E>::name << " n=" << n_ << " " << testing::name(d_);
    ratios_[which] = relative / tolerance;
  }

  // T(a x + b y) = a T x + b T y; a x + b y is rounded to the format.
  void linearity(const std::vector<complex_quad>& x, const std::vector<complex_quad>& tx) {
    const std::vector<complex_double> ab = testing::random_input(2, random_());
    const complex_quad a{ab[0].re, ab[0].im}, b{ab[1].re, ab[1].im};
    const std::vector<complex_quad> y =
        tools::to_complex_quad(testing::random_input(n_, random_()));
    std::vector<complex_quad> z(n_);
    for (std::size_t j = 0; j < n_; ++j) z[j] = a * x[j] + b * y[j];
    const std::vector<complex<E>> z_rounded = rounded_to<E>(z);
    const std::vector<complex_quad> z_value = tools::to_complex_quad(z_rounded);
    const std::vector<complex_quad> ty = apply(rounded_to<E>(y));
    const std::vector<complex_quad> tz = apply(z_rounded);
    const double residual =
        l2_norm_of(n_, [&](std::uint64_t j) { return tz[j] - a * tx[j] - b * ty[j]; });
    const double weight = testing::l2_norm(z_value) + magnitude(ab[0]) * testing::l2_norm(x) +
                          magnitude(ab[1]) * testing::l2_norm(y);
    const double rounding = l2_norm_of(n_, [&](std::uint64_t j) { return z_value[j] - z[j]; });
    expect_within_budget(0, "linearity", residual, weight, rounding);
  }

  // T delta_k = s w^(jk), directly: the one relation that pins the scale
  // (the others are homogeneous, or weighted by ||x|| ~ sqrt(n) below, so
  // a transform off by a factor 1 + 3L passes them). Then, as FFTW does,
  // through random data: T x + T (delta_k - x) = T delta_k, delta_k - x
  // exact (1 - x_k, a multiple of 2^-47 below 2, has at most 48 bits).
  void impulse(const std::vector<complex_double>& x, const std::vector<complex_quad>& tx) {
    const std::uint64_t k = random_() % n_;
    const auto expected = [&](std::uint64_t j) {
      return complex_quad{scale_, 0} * root(j * k);
    };
    std::vector<complex_double> delta(n_, complex_double{0, 0});
    delta[k].re = 1;
    const std::vector<complex_quad> tdelta = apply(testing::to_format<E>(delta));
    expect_within_budget(1, "impulse",
                         l2_norm_of(n_, [&](std::uint64_t j) { return tdelta[j] - expected(j); }),
                         1, 0);

    std::vector<complex_double> rest(n_);
    for (std::size_t j = 0; j < n_; ++j) rest[j] = {-x[j].re, -x[j].im};
    rest[k].re += 1.0;
    const std::vector<complex_quad> trest = apply(testing::to_format<E>(rest));
    const double residual =
        l2_norm_of(n_, [&](std::uint64_t j) { return tx[j] + trest[j] - expected(j); });
    const double weight =
        testing::l2_norm(tools::to_complex_quad(x)) + testing::l2_norm(tools::to_complex_quad(rest));
    expect_within_budget(2, "impulse split through random data", residual, weight, 0);
  }

  // y_m = x_(m - t mod n): T y_j = w^(jt) T x_j.
  void time_shift(const std::vector<complex_double>& x, const std::vector<complex_quad>& tx) {
    const std::uint64_t t = coprime_shift();
    std::vector<complex_double> y(n_);
    for (std::uint64_t m = 0; m < n_; ++m) y[(m + t) % n_] = x[m];
    const std::vector<complex_quad> ty = apply(testing::to_format<E>(y));
    const double residual =
        l2_norm_of(n_, [&](std::uint64_t j) { return ty[j] - root(j * t) * tx[j]; });
    expect_within_budget(3, "time shift", residual, 2 * testing::l2_norm(tools::to_complex_quad(x)),
                         0);
  }

  // y_m = x_m w^(-mf), rounded to the format: T y_j = T x_(j - f mod n).
  void frequency_shift(const std::vector<complex_quad>& x,
                       const std::vector<complex_quad>& tx) {
    const std::uint64_t f = coprime_shift();
    std::vector<complex_quad> y(n_);
    for (std::uint64_t m = 0; m < n_; ++m) y[m] = x[m] * root(n_ - (m * f) % n_);
    const std::vector<complex<E>> y_rounded = rounded_to<E>(y);
    const std::vector<complex_quad> y_value = tools::to_complex_quad(y_rounded);
    const std::vector<complex_quad> ty = apply(y_rounded);
    const double residual =
        l2_norm_of(n_, [&](std::uint64_t j) { return ty[j] - tx[(j + n_ - f) % n_]; });
    const double weight = testing::l2_norm(y_value) + testing::l2_norm(x);
    const double rounding = l2_norm_of(n_, [&](std::uint64_t j) { return y_value[j] - y[j]; });
    expect_within_budget(4, "frequency shift", residual, weight, rounding);
  }

  std::uint64_t n_;
  direction d_;
  plan<E>& plan_;
  const unit_circle& circle_;
  __float128 scale_;  // s
  double limit_;
  std::mt19937_64 random_;
  double ratios_[5] = {};
};

template <class E>
void expect_dft_relations(std::uint64_t n) {
  plan<E> p = testing::make_plan<E>(n);
  for (direction d : {direction::forward, direction::inverse}) self_test<E>(p, d).run_all();
}

template <class E>
class fft_self_test : public ::testing::Test {};
TYPED_TEST_SUITE(fft_self_test, ffft::testing::twiddle_formats, ffft::testing::format_names);

TYPED_TEST(fft_self_test, length_2_pow_20) { expect_dft_relations<TypeParam>(1 << 20); }
TYPED_TEST(fft_self_test, bluestein_prime_1009) { expect_dft_relations<TypeParam>(1009); }
TYPED_TEST(fft_self_test, odd_radices_3_pow_7_times_5) {
  expect_dft_relations<TypeParam>(2187 * 5);
}
TYPED_TEST(fft_self_test, mixed_radices_60) { expect_dft_relations<TypeParam>(60); }

}  // namespace
}  // namespace ffft
