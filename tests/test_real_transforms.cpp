// Real transforms (real_plan: numpy's rfft and irfft) on the CPU backend:
// - against FFTW's __float128 r2c and c2r at even and odd lengths, Stockham
//   and Bluestein ones, up to 2^18, within the complex transform's
//   accuracy_limit, in both twiddle modes for some;
// - against the DFT summed exactly in MPFR at every length up to 40, in
//   every normalization, over batches of at least 512 values;
// - batched and strided layouts give the dense single transforms' results
//   bit for bit, and leave the gaps between the outputs alone;
// - limb arrays (double for dd128, float for df64 and qf128) give the
//   format's result rounded once, bit for bit;
// - irfft ignores the imaginary parts of bins 0 and n / 2, as numpy does;
// - the CPU's even-n steps, run W pairs at a time in SIMD lanes, give the
//   bits of the shared element functions applied one pair at a time (what
//   the GPU kernels run);
// - bad requests are refused before anything is written.
#include <fftw3.h>
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "src/fft/tables.hpp"
#include "ffft/conversions.hpp"
#include "ffft/fft/limb_values.hpp"
#include "ffft/fft/real_steps.hpp"
#include "ffft/host/mpfr.hpp"
#include "ffft/host/wide_float.hpp"
#include "ffft/real_plan.hpp"
#include "src/fft/normalization.hpp"
#include "tests/fft_reference.hpp"
#include "tests/formats.hpp"
#include "tests/twiddle_formats.hpp"
#include "tools/reference/fftw_quad.hpp"

namespace ffft {
namespace {

using testing::accuracy_limit;
using testing::complex_double;

// Multiples of 2^-47 in [-1, 1), exact in every format (fft_reference.hpp).
std::vector<double> random_reals(std::uint64_t n, std::uint64_t seed) {
  std::vector<double> x(n);
  const std::vector<complex_double> c = testing::random_input((n + 1) / 2, seed);
  for (std::uint64_t j = 0; j < n; ++j) x[j] = j % 2 == 0 ? c[j / 2].re : c[j / 2].im;
  return x;
}

// n / 2 + 1 bins of such values, with the imaginary parts a real signal's
// spectrum has: none at bin 0 and (n even) bin n / 2.
std::vector<complex_double> random_bins(std::uint64_t n, std::uint64_t seed) {
  std::vector<complex_double> bins = testing::random_input(n / 2 + 1, seed);
  bins[0].im = 0;
  if (n % 2 == 0) bins[n / 2].im = 0;
  return bins;
}

template <class E>
std::vector<E> to_reals(const std::vector<double>& x) {
  std::vector<E> r(x.size());
  for (std::size_t j = 0; j < x.size(); ++j) r[j] = from_double<E>(x[j]);
  return r;
}

// ||y - reference|| / ||reference||, the differences formed in __float128
// as testing::relative_l2_error does.
template <class E>
double relative_l2_error(const std::vector<E>& y, const std::vector<__float128>& reference) {
  double distance = 0, norm = 0;
  for (std::size_t j = 0; j < y.size(); ++j) {
    const double e = static_cast<double>(host::to_float128(y[j]) - reference[j]);
    const double r = static_cast<double>(reference[j]);
    distance += e * e;
    norm += r * r;
  }
  return std::sqrt(distance) / (norm > 0 ? std::sqrt(norm) : 1.0);
}

template <class E>
real_plan<E> make_real_plan(std::uint64_t n, twiddle_mode mode = twiddle_mode::table,
                            normalization norm = normalization::backward) {
  real_plan_options o;
  o.length = n;
  o.twiddles = mode;
  o.norm = norm;
  o.backend = backend::cpu;
  return real_plan<E>(o);
}

template <class E>
std::vector<complex<E>> rfft(real_plan<E>& p, const std::vector<E>& x) {
  std::vector<complex<E>> y(p.spectrum_length());
  p.forward(x.data(), y.data());
  return y;
}

template <class E>
std::vector<E> irfft(real_plan<E>& p, const std::vector<complex<E>>& bins) {
  std::vector<E> x(p.options().length);
  p.inverse(bins.data(), x.data());
  return x;
}

// One FFTW quad reference per length, shared by the three formats.
struct quad_reference {
  std::vector<double> x;
  std::vector<tools::complex_quad> spectrum;  // r2c(x)
  std::vector<complex_double> bins;
  std::vector<__float128> signal;  // c2r(bins) / n
};

const quad_reference& reference_for(std::uint64_t n) {
  static std::map<std::uint64_t, quad_reference> cache;
  auto found = cache.find(n);
  if (found != cache.end()) return found->second;
  quad_reference r;
  r.x = random_reals(n, 100 + n);
  r.spectrum = tools::fftw_quad_r2c(std::vector<__float128>(r.x.begin(), r.x.end()));
  r.bins = random_bins(n, 200 + n);
  r.signal = tools::fftw_quad_c2r(tools::to_complex_quad(r.bins), n);
  for (__float128& v : r.signal) v /= static_cast<__float128>(n);
  return cache.emplace(n, std::move(r)).first->second;
}

template <class E>
class RealPlan : public ::testing::Test {};
TYPED_TEST_SUITE(RealPlan, ffft::testing::twiddle_formats, ffft::testing::format_names);

struct length_case {
  std::uint64_t n;
  bool sincos_twiddles;  // also computed and direct twiddles
};

// Even and odd; one pass and many; radices 2 to 7 mixed; Bluestein for the
// complex transform (1009 odd, 2 x 1009 even) and 1 and 2 (no passes).
const length_case fftw_lengths[] = {
    {1, true},     {2, true},    {3, false},    {4, false},     {5, false},   {6, true},
    {7, false},    {8, false},   {12, false},   {15, true},     {16, false},  {30, false},
    {64, true},    {100, false}, {210, false},  {243, false},   {1000, true}, {1009, true},
    {1024, false}, {2018, true}, {4096, false}, {6561, false},  {65536, true}, {1u << 18, false},
};

TYPED_TEST(RealPlan, MatchesFftwQuadR2cAndC2r) {
  using E = TypeParam;
  for (const length_case& c : fftw_lengths) {
    const quad_reference& r = reference_for(c.n);
    const double limit = accuracy_limit<E>(c.n);
    for (twiddle_mode mode : {twiddle_mode::table, twiddle_mode::computed, twiddle_mode::direct}) {
      if (mode != twiddle_mode::table && !c.sincos_twiddles) continue;
      SCOPED_TRACE(::testing::Message() << "n " << c.n << ", " << testing::name(mode) << " twiddles");
      real_plan<E> p = make_real_plan<E>(c.n, mode);
      ASSERT_EQ(p.spectrum_length(), c.n / 2 + 1);
      const double forward = testing::relative_l2_error(rfft(p, to_reals<E>(r.x)), r.spectrum);
      const double inverse = relative_l2_error(irfft(p, testing::to_format<E>(r.bins)), r.signal);
      EXPECT_LE(forward, limit) << "rfft";
      EXPECT_LE(inverse, limit) << "irfft";
      if (c.n >= 1000)
        std::printf("%s n=%llu %s: error / limit %.3g rfft, %.3g irfft\n", format_traits<E>::name,
                    static_cast<unsigned long long>(c.n), testing::name(mode), forward / limit,
                    inverse / limit);
    }
  }
}

// The real DFT summed in MPFR at 256 bits (each sum of n terms is within
// about n 2^-256 of exact, far below every format's resolution):
// X_k = sum_j x_j (cos - i sin)(2 pi jk / n), and
// x_j = sum_k c_k (Re X_k cos - Im X_k sin)(2 pi jk / n), c_k = 1 at bins
// 0 and n / 2, 2 elsewhere (the Hermitian half counted twice), then
// normalized as the plan's direction says. add_forward and add_inverse
// add one transform's squared errors and squared exact values to a sum.
class exact_real_dft {
 public:
  static constexpr mpfr_prec_t precision = 256;

  struct error_sum {
    double distance = 0, norm = 0;
    double relative() const { return std::sqrt(distance) / (norm > 0 ? std::sqrt(norm) : 1.0); }
  };

  exact_real_dft(std::uint64_t n, normalization norm, direction d) : n_(n) {
    const bool by_n = norm != normalization::ortho &&
                      (norm == normalization::backward) == (d == direction::inverse);
    mpfr_init2(divide_, precision);
    mpfr_set_ui(divide_, by_n ? static_cast<unsigned long>(n) : 1ul, MPFR_RNDN);
    if (norm == normalization::ortho) {
      mpfr_set_ui(divide_, static_cast<unsigned long>(n), MPFR_RNDN);
      mpfr_sqrt(divide_, divide_, MPFR_RNDN);
    }
    // cos and sin of 2 pi m / n for every m < n, the terms' factors (at
    // m = j k mod n), made once rather than in every term of every sum.
    host::mpfr_value angle(64);
    for (std::uint64_t m = 0; m < n; ++m) {
      mpfr_set_ui(angle, static_cast<unsigned long>(m), MPFR_RNDN);
      mpfr_cosu(cos_.emplace_back(precision), angle, n, MPFR_RNDN);
      mpfr_sinu(sin_.emplace_back(precision), angle, n, MPFR_RNDN);
    }
  }
  ~exact_real_dft() { mpfr_clear(divide_); }
  exact_real_dft(const exact_real_dft&) = delete;
  exact_real_dft& operator=(const exact_real_dft&) = delete;

  // x: n real values; computed: their n / 2 + 1 bins.
  template <class E>
  void add_forward(const double* x, const complex<E>* computed, error_sum& e) const {
    host::mpfr_value sum(precision), term(precision);
    for (std::uint64_t k = 0; k < n_ / 2 + 1; ++k) {
      for (int part = 0; part < 2; ++part) {
        mpfr_set_zero(sum, 1);
        for (std::uint64_t j = 0; j < n_; ++j) {
          const std::uint64_t m = (j * k) % n_;
          mpfr_mul_d(term, part == 0 ? cos_[m] : sin_[m], part == 0 ? x[j] : -x[j], MPFR_RNDN);
          mpfr_add(sum, sum, term, MPFR_RNDN);
        }
        add(e, sum, part == 0 ? computed[k].re : computed[k].im);
      }
    }
  }

  // bins: n / 2 + 1 bins; computed: the n real values.
  template <class E>
  void add_inverse(const complex_double* bins, const E* computed, error_sum& e) const {
    host::mpfr_value sum(precision), c(precision), s(precision);
    for (std::uint64_t j = 0; j < n_; ++j) {
      mpfr_set_zero(sum, 1);
      for (std::uint64_t k = 0; k < n_ / 2 + 1; ++k) {
        const double weight = k == 0 || 2 * k == n_ ? 1.0 : 2.0;
        const std::uint64_t m = (j * k) % n_;
        mpfr_mul_d(c, cos_[m], weight * bins[k].re, MPFR_RNDN);
        mpfr_mul_d(s, sin_[m], weight * bins[k].im, MPFR_RNDN);
        mpfr_add(sum, sum, c, MPFR_RNDN);
        mpfr_sub(sum, sum, s, MPFR_RNDN);
      }
      add(e, sum, computed[j]);
    }
  }

 private:
  template <class E>
  void add(error_sum& e, mpfr_ptr exact, const E& computed) const {
    mpfr_div(exact, exact, divide_, MPFR_RNDN);
    host::mpfr_value value(precision);
    host::to_mpfr(value, computed);
    mpfr_sub(value, value, exact, MPFR_RNDN);
    const double d = mpfr_get_d(value, MPFR_RNDN), r = mpfr_get_d(exact, MPFR_RNDN);
    e.distance += d * d;
    e.norm += r * r;
  }

  std::uint64_t n_;
  mpfr_t divide_;
  std::deque<host::mpfr_value> cos_, sin_;  // deque: mpfr_value does not move
};

// accuracy_limit bounds a root-mean-square error, so each length is
// measured over a batch of random transforms with at least 512 values:
// one transform of 3 points is 3 samples of the rounding errors, among
// them the normalization's (a product with 1/sqrt(3) may alone be off by
// 4 units in df64).
TYPED_TEST(RealPlan, MatchesTheExactDftInEveryNormalization) {
  using E = TypeParam;
  for (std::uint64_t n = 1; n <= 40; ++n) {
    const std::uint64_t batch = (512 + n - 1) / n, bins = n / 2 + 1;
    const std::vector<double> x = random_reals(n * batch, n);
    std::vector<complex_double> spectra;
    for (std::uint64_t b = 0; b < batch; ++b) {
      const std::vector<complex_double> one = random_bins(n, 1000 * n + b);
      spectra.insert(spectra.end(), one.begin(), one.end());
    }
    for (normalization norm : {normalization::backward, normalization::ortho, normalization::forward}) {
      SCOPED_TRACE(::testing::Message() << "n " << n << ", norm " << testing::name(norm));
      real_plan_options o;
      o.length = n;
      o.batch = batch;
      o.norm = norm;
      o.backend = backend::cpu;
      real_plan<E> p(o);
      std::vector<complex<E>> y(bins * batch);
      p.forward(to_reals<E>(x).data(), y.data());
      std::vector<E> back(n * batch);
      p.inverse(testing::to_format<E>(spectra).data(), back.data());
      const exact_real_dft forward(n, norm, direction::forward), inverse(n, norm, direction::inverse);
      exact_real_dft::error_sum forward_error, inverse_error;
      for (std::uint64_t b = 0; b < batch; ++b) {
        forward.add_forward(x.data() + b * n, y.data() + b * bins, forward_error);
        inverse.add_inverse(spectra.data() + b * bins, back.data() + b * n, inverse_error);
      }
      EXPECT_LE(forward_error.relative(), accuracy_limit<E>(n)) << "rfft";
      EXPECT_LE(inverse_error.relative(), accuracy_limit<E>(n)) << "irfft";
    }
  }
}

TYPED_TEST(RealPlan, InverseIgnoresTheImaginaryPartsOfBinZeroAndNyquist) {
  using E = TypeParam;
  for (std::uint64_t n : {16u, 15u, 2u, 1u}) {
    SCOPED_TRACE(::testing::Message() << "n " << n);
    real_plan<E> p = make_real_plan<E>(n);
    const std::vector<complex<E>> clean = testing::to_format<E>(random_bins(n, 9));
    std::vector<complex<E>> noisy = clean;
    noisy[0].im = from_double<E>(0.75);
    if (n % 2 == 0) noisy[n / 2].im = from_double<E>(-0.5);
    const std::vector<E> want = irfft(p, clean), got = irfft(p, noisy);
    for (std::uint64_t j = 0; j < n; ++j) EXPECT_TRUE(testing::bit_identical(got[j], want[j])) << j;
  }
}

struct layout_case {
  std::uint64_t n, batch;
  layout real, spectrum;
};

// Dense, strided, padded, interleaved (stride > span of the batch's first
// elements), for even, odd and Bluestein lengths.
const layout_case layout_cases[] = {
    {16, 3, {1, 0}, {1, 0}},    {16, 3, {2, 40}, {3, 0}}, {15, 4, {1, 17}, {1, 9}},
    {2018, 2, {1, 2021}, {2, 0}}, {12, 3, {3, 1}, {3, 1}},  {1, 5, {1, 0}, {2, 3}},
};

TYPED_TEST(RealPlan, BatchedStridedLayoutsGiveTheDenseResults) {
  using E = TypeParam;
  for (const layout_case& c : layout_cases) {
    SCOPED_TRACE(::testing::Message() << "n " << c.n << ", batch " << c.batch);
    real_plan_options o;
    o.length = c.n;
    o.batch = c.batch;
    o.real = c.real;
    o.spectrum = c.spectrum;
    o.backend = backend::cpu;
    o.norm = normalization::ortho;
    real_plan<E> p(o);
    real_plan_options single = o;
    single.batch = 1;
    single.real = layout{};
    single.spectrum = layout{};
    real_plan<E> dense(single);
    const std::uint64_t bins = c.n / 2 + 1;
    const auto span = [&](std::uint64_t length, const layout& l) {
      const std::int64_t distance = l.distance == 0 ? static_cast<std::int64_t>(length) * l.stride : l.distance;
      return static_cast<std::size_t>(1 + (length - 1) * l.stride + (c.batch - 1) * distance);
    };
    const auto at = [&](std::uint64_t length, const layout& l, std::uint64_t b, std::uint64_t j) {
      const std::int64_t distance = l.distance == 0 ? static_cast<std::int64_t>(length) * l.stride : l.distance;
      return static_cast<std::size_t>(j * l.stride + b * distance);
    };
    const E marker = from_double<E>(-7.0);
    const std::vector<E> x = to_reals<E>(random_reals(span(c.n, c.real), 3 + c.n));
    std::vector<complex<E>> spectrum(span(bins, c.spectrum), complex<E>{marker, marker});
    p.forward(x.data(), spectrum.data());
    std::vector<E> back(span(c.n, c.real), marker);
    p.inverse(spectrum.data(), back.data());
    std::size_t written_bins = 0, written_reals = 0;
    for (std::uint64_t b = 0; b < c.batch; ++b) {
      std::vector<E> row(c.n);
      for (std::uint64_t j = 0; j < c.n; ++j) row[j] = x[at(c.n, c.real, b, j)];
      const std::vector<complex<E>> want = rfft(dense, row);
      for (std::uint64_t k = 0; k < bins; ++k) {
        const complex<E>& got = spectrum[at(bins, c.spectrum, b, k)];
        EXPECT_TRUE(testing::bit_identical(got.re, want[k].re) && testing::bit_identical(got.im, want[k].im))
            << "rfft, transform " << b << ", bin " << k;
      }
      std::vector<complex<E>> row_bins(bins);
      for (std::uint64_t k = 0; k < bins; ++k) row_bins[k] = spectrum[at(bins, c.spectrum, b, k)];
      const std::vector<E> want_back = irfft(dense, row_bins);
      for (std::uint64_t j = 0; j < c.n; ++j)
        EXPECT_TRUE(testing::bit_identical(back[at(c.n, c.real, b, j)], want_back[j]))
            << "irfft, transform " << b << ", value " << j;
      written_bins += bins;
      written_reals += c.n;
    }
    std::size_t untouched_bins = 0, untouched_reals = 0;
    for (const complex<E>& v : spectrum)
      untouched_bins += testing::bit_identical(v.re, marker) && testing::bit_identical(v.im, marker);
    for (const E& v : back) untouched_reals += testing::bit_identical(v, marker);
    EXPECT_EQ(untouched_bins, spectrum.size() - written_bins) << "gaps of the spectrum";
    EXPECT_EQ(untouched_reals, back.size() - written_reals) << "gaps of the real array";
  }
}

TYPED_TEST(RealPlan, LimbArraysGiveTheFormatsResultRoundedOnce) {
  using E = TypeParam;
  using T = typename E::limb_type;
  for (std::uint64_t n : {64u, 45u, 2018u}) {
    SCOPED_TRACE(::testing::Message() << "n " << n);
    real_plan_options o;
    o.length = n;
    o.batch = 2;
    o.backend = backend::cpu;
    o.norm = normalization::ortho;
    real_plan<E> p(o);
    std::mt19937_64 bits(n);
    std::uniform_real_distribution<T> u(-1, 1);
    std::vector<T> x(2 * n);
    for (T& v : x) v = u(bits);
    std::vector<E> wide(x.size());
    for (std::size_t j = 0; j < x.size(); ++j) wide[j] = from_limb<T, E::limbs>(x[j]);
    const std::uint64_t bins = 2 * (n / 2 + 1);
    std::vector<std::complex<T>> spectrum(bins);
    std::vector<complex<E>> wide_spectrum(bins);
    p.forward(x.data(), spectrum.data());
    p.forward(wide.data(), wide_spectrum.data());
    for (std::uint64_t k = 0; k < bins; ++k) {
      const fft::limb_complex_of<E> want = fft::round_to_limb(wide_spectrum[k]);
      EXPECT_EQ(spectrum[k].real(), want.re) << k;
      EXPECT_EQ(spectrum[k].imag(), want.im) << k;
    }
    std::vector<complex<E>> widened_spectrum(bins);
    for (std::uint64_t k = 0; k < bins; ++k)
      widened_spectrum[k] = fft::widen<E>({spectrum[k].real(), spectrum[k].imag()});
    std::vector<T> back(2 * n);
    std::vector<E> wide_back(2 * n);
    p.inverse(spectrum.data(), back.data());
    p.inverse(widened_spectrum.data(), wide_back.data());
    for (std::size_t j = 0; j < back.size(); ++j) {
      const T want = std::is_same_v<T, double> ? static_cast<T>(to_double(wide_back[j]))
                                               : static_cast<T>(to_float(wide_back[j]));
      EXPECT_EQ(back[j], want) << j;
    }
  }
}

// The reference: the complex plan of n / 2 points on the packed input, then
// real_spectrum_pair for each pair, one at a time.
TYPED_TEST(RealPlan, EvenStepsInLanesEqualOnePairAtATime) {
  using E = TypeParam;
  for (std::uint64_t n : {2u, 4u, 6u, 18u, 64u, 70u, 2018u, 4096u}) {
    SCOPED_TRACE(::testing::Message() << "n " << n);
    real_plan<E> p = make_real_plan<E>(n, twiddle_mode::table, normalization::ortho);
    const std::vector<E> x = to_reals<E>(random_reals(n, 77 + n));
    const std::vector<complex<E>> got = rfft(p, x);

    const std::uint64_t m = n / 2;
    plan_options o;
    o.length = m;
    o.backend = backend::cpu;
    o.norm = normalization::backward;  // the forward unscaled
    plan<E> half(o);
    std::vector<complex<E>> z(m), zf(m);
    for (std::uint64_t j = 0; j < m; ++j) z[j] = {x[2 * j], x[2 * j + 1]};
    half.forward(z.data(), zf.data());
    const std::vector<complex<E>> w = fft::real_twiddles<E>(n, twiddle_mode::table, 0);
    const fft::real_shape s = fft::real_shape::of(n);
    const fft::scaling<E> scale = fft::normalization_scaling<E>(n, normalization::ortho, direction::forward);
    std::vector<complex<E>> want(m + 1);
    for (std::uint64_t k = 0; k <= m / 2; ++k) {
      const fft::value_pair<E> v = fft::real_spectrum_pair(s, zf.data(), k, [&](std::uint64_t i) { return w[i]; }, scale);
      want[k] = v.at_k;
      if (fft::mirror_of(s, k) != k) want[fft::mirror_of(s, k)] = v.at_m_minus_k;
    }
    for (std::uint64_t k = 0; k <= m; ++k)
      EXPECT_TRUE(testing::bit_identical(got[k].re, want[k].re) && testing::bit_identical(got[k].im, want[k].im))
          << "bin " << k;
  }
}

TYPED_TEST(RealPlan, ThreadCountsGiveIdenticalResults) {
  using E = TypeParam;
  real_plan_options o;
  o.length = 1u << 14;
  o.batch = 3;
  o.backend = backend::cpu;
  o.threads = 1;
  real_plan<E> one(o);
  o.threads = 2;
  real_plan<E> two(o);
  const std::vector<E> x = to_reals<E>(random_reals(3 * o.length, 5));
  std::vector<complex<E>> a(3 * one.spectrum_length()), b(a.size());
  one.forward(x.data(), a.data());
  two.forward(x.data(), b.data());
  for (std::size_t k = 0; k < a.size(); ++k)
    ASSERT_TRUE(testing::bit_identical(a[k].re, b[k].re) && testing::bit_identical(a[k].im, b[k].im)) << k;
}

TEST(RealPlanRequests, BadOnesAreRefusedWithAMessageNamingTheProblem) {
  const auto message_of = [](auto&& make) -> std::string {
    try {
      make();
    } catch (const std::exception& e) {
      return e.what();
    }
    return "no error";
  };
  real_plan_options o;
  o.backend = backend::cpu;
  EXPECT_NE(message_of([&] { real_plan<dd128> p(o); }).find("length 0 is out of range"), std::string::npos);
  o.length = 16;
  o.batch = 0;
  EXPECT_NE(message_of([&] { real_plan<dd128> p(o); }).find("batch must be at least 1"), std::string::npos);
  o.batch = 2;
  o.spectrum = {1, 4};
  EXPECT_NE(message_of([&] { real_plan<dd128> p(o); }).find("spectrum layout overlaps itself"),
            std::string::npos);
  o.spectrum = {};
  o.real = {0, 0};
  EXPECT_NE(message_of([&] { real_plan<dd128> p(o); }).find("real layout: stride 0"), std::string::npos);
  o.real = {};
  real_plan<dd128> p(o);
  std::vector<dd128> x(32, from_double<dd128>(1.0));
  std::vector<complex<dd128>> bins(18);
  const std::vector<dd128> before = x;
  EXPECT_NE(message_of([&] { p.forward(x.data(), nullptr); }).find("non-null"), std::string::npos);
  auto* overlapping = reinterpret_cast<complex<dd128>*>(x.data() + 4);
  EXPECT_NE(message_of([&] { p.inverse(overlapping, x.data()); }).find("overlap"), std::string::npos);
  for (std::size_t j = 0; j < x.size(); ++j) EXPECT_TRUE(testing::bit_identical(x[j], before[j])) << j;
  real_plan<dd128> moved = std::move(p);
  EXPECT_NE(message_of([&] { p.forward(x.data(), bins.data()); }).find("moved from"), std::string::npos);
  EXPECT_NO_THROW(moved.forward(x.data(), bins.data()));
}

}  // namespace
}  // namespace ffft
