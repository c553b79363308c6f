// Shared pieces of the FFT accuracy tests: inputs every format and every
// reference hold exactly, the transform's accuracy limit, and the relative L2
// error measured in more precision than the transform under test. The
// reference itself, FFTW's __float128 transform, and the conversions to
// __float128 are the tools' (tools/reference/).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <type_traits>
#include <vector>

#include "ffft/conversions.hpp"
#include "ffft/names.hpp"
#include "ffft/plan.hpp"
#include "tools/reference/complex_quad.hpp"

namespace ffft::testing {

struct complex_double {
  double re, im;
};

// Multiples of 2^-47 in [-1, 1): at most 47 significant bits, so exact in
// df64 (two 24-bit limbs hold any 48-bit value), in qf128, dd128,
// __float128 and MPFR. One input
// then serves all three formats and one reference serves them all, and the
// error measured is the transform's alone. Drawn from the generator's raw
// bits so the sequence is the same with every standard library.
inline std::vector<complex_double> random_input(std::uint64_t n, std::uint64_t seed) {
  std::mt19937_64 bits(seed);
  auto draw = [&bits] {
    const auto k = static_cast<std::int64_t>(bits() >> 16) - (std::int64_t{1} << 47);
    return std::ldexp(static_cast<double>(k), -47);
  };
  std::vector<complex_double> x(n);
  for (complex_double& v : x) {
    v.re = draw();
    v.im = draw();
  }
  return x;
}

template <class E>
std::vector<complex<E>> to_format(const std::vector<complex_double>& x) {
  std::vector<complex<E>> r(x.size());
  for (std::size_t j = 0; j < x.size(); ++j)
    r[j] = {from_double<E>(x[j].re), from_double<E>(x[j].im)};
  return r;
}

// random_input in format E, for tests that compare transforms with each
// other rather than with a reference.
template <class E>
std::vector<complex<E>> random_values(std::uint64_t n, std::uint64_t seed) {
  return to_format<E>(random_input(n, seed));
}

inline double squared_magnitude(const tools::complex_quad& v) {
  const double re = static_cast<double>(v.re), im = static_cast<double>(v.im);
  return re * re + im * im;
}

// Euclidean norm. Magnitudes need only a few correct digits, so double.
inline double l2_norm(const std::vector<tools::complex_quad>& x) {
  double sum = 0;
  const auto n = static_cast<std::int64_t>(x.size());
#pragma omp parallel for reduction(+ : sum) if (n > 4096)
  for (std::int64_t j = 0; j < n; ++j) sum += squared_magnitude(x[static_cast<std::size_t>(j)]);
  return std::sqrt(sum);
}

// ||y - reference|| / ||reference||; a zero reference counts as norm 1.
// The differences cancel ~100 bits, so they are formed in __float128 (y
// converts exactly unless its limbs span more than 113 bits, and then to
// 2^-113 relative; the subtraction of nearby values is exact by Sterbenz's
// lemma); only their squares, which need a few correct digits, are summed
// in double.
template <class E>
double relative_l2_error(const std::vector<complex<E>>& y,
                         const std::vector<tools::complex_quad>& reference) {
  double distance = 0;
  const auto n = static_cast<std::int64_t>(y.size());
#pragma omp parallel for reduction(+ : distance) if (n > 4096)
  for (std::int64_t i = 0; i < n; ++i) {
    const auto j = static_cast<std::size_t>(i);
    const tools::complex_quad v = tools::to_quad(y[j]);
    distance += squared_magnitude({v.re - reference[j].re, v.im - reference[j].im});
  }
  const double norm = l2_norm(reference);
  return std::sqrt(distance) / (norm > 0 ? norm : 1.0);
}

// n has a prime factor the Stockham passes (radices 2, 3, 5, 7) lack, so
// the transform goes through Bluestein's algorithm, whose two extra
// transforms of the padded length and chirp products double the error.
constexpr bool needs_bluestein(std::uint64_t n) {
  for (std::uint64_t p : {2u, 3u, 5u, 7u})
    while (n > 1 && n % p == 0) n /= p;
  return n > 1;
}

// The transform's relative L2 accuracy limits: base x sqrt(max(log2 n, 1) /
// 20), doubled for Bluestein lengths (a stable FFT's rms error grows as
// sqrt(log2 n) times the format's unit roundoff), with base 1.5e-14 (df64),
// 1.2e-29 (qf128), 8e-32 (dd128). No rigorous bound this tight exists, so
// the bases are measured: the largest error / (sqrt(max(log2 n, 1) / 20) x
// (2 for Bluestein)) over each test that asserts this limit, over all its
// lengths, directions, twiddle modes and normalizations (AMD EPYC,
// AVX-512 path; every CPU path gives the same bits):
//                          df64               qf128              dd128
//   test_fft_exact_dft     9.99e-15 (n=27)    5.88e-30 (n=12)    4.21e-32 (n=18)
//   test_fft_fftw_quad     8.45e-15 (3^10)    3.94e-30 (3^10)    2.98e-32 (3^10)
//   test_real_transforms   7.94e-15 (n=37)    6.46e-30 (n=5)     2.98e-32 (n=15)
// Each base is at least the largest of its column and at most 4 times the
// smallest. python/tests/conftest.py holds the same bases.
template <class E>
double accuracy_limit(std::uint64_t n) {
  static_assert(std::is_same_v<E, df64> || std::is_same_v<E, qf128> || std::is_same_v<E, dd128>);
  const double base = std::is_same_v<E, df64> ? 1.5e-14 : std::is_same_v<E, qf128> ? 1.2e-29 : 8e-32;
  const double log2n = std::log2(static_cast<double>(n));
  return base * std::sqrt(std::max(log2n, 1.0) / 20.0) * (needs_bluestein(n) ? 2.0 : 1.0);
}

template <class E>
plan<E> make_plan(std::uint64_t n, twiddle_mode mode = twiddle_mode::table) {
  plan_options o;
  o.length = n;
  o.twiddles = mode;
  return plan<E>(o);
}

// The reference a layout, stream or device execution is compared with bit
// for bit: the CPU executor's forward transform of options' length and batch
// (norm and twiddles too) on x, its transforms packed densely, with a
// workspace of its own whatever the options say.
template <class E>
std::vector<complex<E>> dense_cpu_forward(const plan_options& options, const std::vector<complex<E>>& x) {
  plan_options o = options;
  o.backend = backend::cpu;
  o.input = layout{};
  o.output = layout{};
  o.allocate_workspace = true;
  plan<E> cpu(o);
  std::vector<complex<E>> y(x.size());
  cpu.forward(x.data(), y.data());
  return y;
}

// One transform of x, out of place.
template <class E>
std::vector<complex<E>> transform(plan<E>& p, direction d, const std::vector<complex<E>>& x) {
  std::vector<complex<E>> y(x.size());
  p.execute(d, x.data(), y.data());
  return y;
}

inline const char* name(direction d) { return d == direction::forward ? "forward" : "inverse"; }
inline const char* name(twiddle_mode m) { return twiddle_mode_name(m).data(); }
inline const char* name(normalization n) {
  return n == normalization::backward ? "backward" : n == normalization::ortho ? "ortho" : "forward";
}

}  // namespace ffft::testing
