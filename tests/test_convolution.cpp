// Convolutions (ffft::convolution) on the CPU backend:
// - of random integers, real and complex, in every mode (full, same,
//   valid, circular), against the exact convolution summed in 128-bit
//   integers: the error is within the bound that the transforms' accuracy
//   limits give, and every result rounds to the exact integer;
// - of random non-integers against the same convolution through FFTW's
//   __float128 transforms;
// - batched and strided signals give the single dense results bit for bit,
//   and one kernel serves any number of executes;
// - double data convolve exactly in dd128 (limb arrays);
// - bad requests are refused with a message naming the problem.
#include <fftw3.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "ffft/convolution.hpp"
#include "ffft/conversions.hpp"
#include "ffft/fft/real_steps.hpp"
#include "ffft/plan.hpp"
#include "ffft/host/wide_float.hpp"
#include "tests/fft_reference.hpp"
#include "tests/formats.hpp"
#include "tests/twiddle_formats.hpp"
#include "tools/reference/fftw_quad.hpp"

namespace ffft {
namespace {

__extension__ using int128 = __int128;

struct integer_complex {
  int128 re = 0, im = 0;
};

// Uniform integers in (-2^bits, 2^bits).
std::vector<std::int64_t> random_integers(std::size_t count, int bits, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  const std::int64_t bound = (std::int64_t{1} << bits) - 1;
  std::uniform_int_distribution<std::int64_t> u(-bound, bound);
  std::vector<std::int64_t> v(count);
  for (std::int64_t& x : v) x = u(g);
  return v;
}

// The window [offset, offset + count) of the mode's exact convolution of
// a (complex: re, im interleaved) with b.
struct window {
  std::uint64_t offset, count;
};

window window_of(convolution_mode mode, std::uint64_t n, std::uint64_t k) {
  switch (mode) {
    case convolution_mode::full: return {0, n + k - 1};
    case convolution_mode::same: return {(k - 1) / 2, n};
    case convolution_mode::valid: return {std::min(n, k) - 1, std::max(n, k) - std::min(n, k) + 1};
    case convolution_mode::circular: return {0, n};
  }
  return {0, 0};
}

std::vector<integer_complex> exact_convolution(const std::vector<integer_complex>& a,
                                               const std::vector<integer_complex>& b,
                                               convolution_mode mode) {
  const std::uint64_t n = a.size(), k = b.size();
  const bool circular = mode == convolution_mode::circular;
  std::vector<integer_complex> full(circular ? n : n + k - 1);
  for (std::uint64_t i = 0; i < n; ++i)
    for (std::uint64_t j = 0; j < k; ++j) {
      integer_complex& y = full[circular ? (i + j) % n : i + j];
      y.re += a[i].re * b[j].re - a[i].im * b[j].im;
      y.im += a[i].re * b[j].im + a[i].im * b[j].re;
    }
  const window w = window_of(mode, n, k);
  return {full.begin() + static_cast<std::ptrdiff_t>(w.offset),
          full.begin() + static_cast<std::ptrdiff_t>(w.offset + w.count)};
}

// The format's values of integers (exact: |v| < 2^31 in every case here).
template <class E>
E value_of(std::int64_t v) {
  return from_double<E>(static_cast<double>(v));
}

// The test's data as T (E or complex<E>) and as exact integers.
template <class T>
struct integer_data {
  std::vector<T> values;
  std::vector<integer_complex> exact;
};

template <class T, class E>
integer_data<T> integer_sequence(std::size_t count, int bits, std::uint64_t seed) {
  integer_data<T> d;
  const bool complex_data = fft::is_complex_value<T>;
  const std::vector<std::int64_t> v = random_integers(complex_data ? 2 * count : count, bits, seed);
  for (std::size_t j = 0; j < count; ++j) {
    if constexpr (fft::is_complex_value<T>) {
      d.values.push_back({value_of<E>(v[2 * j]), value_of<E>(v[2 * j + 1])});
      d.exact.push_back({v[2 * j], v[2 * j + 1]});
    } else {
      d.values.push_back(value_of<E>(v[j]));
      d.exact.push_back({v[j], 0});
    }
  }
  return d;
}

double l2(const std::vector<integer_complex>& v) {
  double s = 0;
  for (const integer_complex& x : v) s += static_cast<double>(x.re) * x.re + static_cast<double>(x.im) * x.im;
  return std::sqrt(s);
}
double l1(const std::vector<integer_complex>& v) {
  double s = 0;
  for (const integer_complex& x : v) s += std::hypot(static_cast<double>(x.re), static_cast<double>(x.im));
  return s;
}

template <class T>
using format_of = typename convolution<T>::format;

// Typed over the data: real (E) and complex (complex<E>) in each format.
template <class T>
class Convolution : public ::testing::Test {};
using convolution_types = ::testing::Types<df64, qf128, dd128, complex<df64>, complex<qf128>, complex<dd128>>;
struct data_names {
  template <class T>
  static std::string GetName(int) {
    if constexpr (fft::is_complex_value<T>) return std::string("complex_") + format_traits<format_of<T>>::name;
    else return format_traits<T>::name;
  }
};
TYPED_TEST_SUITE(Convolution, convolution_types, data_names);


// Integer magnitudes that keep every result's error below 1/4 (see the
// bound in ExactOnIntegersInEveryMode) at the lengths used here.
template <class E>
int integer_bits() {
  return std::is_same_v<E, df64> ? 12 : 26;
}

struct length_pair {
  std::uint64_t signal, kernel;
};

// Even and odd, kernel shorter and longer, lengths whose transform is
// 7-smooth with several radices, a circular length that is prime (Bluestein).
const length_pair length_pairs[] = {{1, 1}, {2, 1}, {7, 3}, {64, 64}, {100, 31}, {31, 100}, {1009, 17}, {1000, 999}};

// With each transform within its relative accuracy limit eps (rms, as
// measured), y = F^-1(F(a) F(b)) / N is off by at most about
// (eps_a + eps_b + eps_inverse + the product's) ||a||_2 ||b||_1 in L2; so
// ||y - exact||_2 <= 4 eps ||a||_2 ||b||_1 (docs/convolution.md). That bound
// is 11 to 17 times the measured errors on integers and 110 to 180 times
// through FFTW quad, too loose to catch a regression of a few bits, so the tests assert c eps ||a||_2 ||b||_1 with c measured: the
// largest ||y - exact||_2 / (eps ||a||_2 ||b||_1) over every case of the
// test, real and complex data (AMD EPYC, AVX-512 path; every CPU path gives
// the same bits), and c at least that and at most 4 times it:
//                                         df64     qf128    dd128
//   exact integers (complex data, 7x3)    0.372    0.232    0.306
//     c                                   1.0      0.8      1.0
//   through FFTW quad (real data)         0.0353   0.0227   0.0234
//     c                                   0.12     0.08     0.08
// (the random non-integers' errors cancel far more than ||b||_1 allows for).
template <class E>
double integer_convolution_factor() {
  return std::is_same_v<E, qf128> ? 0.8 : 1.0;
}
template <class E>
double fftw_quad_convolution_factor() {
  return std::is_same_v<E, df64> ? 0.12 : 0.08;
}

TYPED_TEST(Convolution, ExactOnIntegersInEveryMode) {
  using T = TypeParam;
  using E = format_of<T>;
  for (const length_pair& lengths : length_pairs) {
    for (convolution_mode mode : {convolution_mode::full, convolution_mode::same, convolution_mode::valid,
                                  convolution_mode::circular}) {
      if (mode == convolution_mode::circular && lengths.kernel > lengths.signal) continue;
      SCOPED_TRACE(::testing::Message() << "signal " << lengths.signal << ", kernel " << lengths.kernel
                                        << ", mode " << static_cast<int>(mode));
      const integer_data<T> a = integer_sequence<T, E>(lengths.signal, integer_bits<E>(), lengths.signal);
      const integer_data<T> b = integer_sequence<T, E>(lengths.kernel, integer_bits<E>(), 7 + lengths.kernel);
      convolution_options o;
      o.signal_length = lengths.signal;
      o.kernel_length = lengths.kernel;
      o.mode = mode;
      o.backend = backend::cpu;
      convolution<T> c(o);
      c.set_kernel(b.values.data());
      std::vector<T> y(c.output_length());
      c.execute(a.values.data(), y.data());
      const std::vector<integer_complex> exact = exact_convolution(a.exact, b.exact, mode);
      ASSERT_EQ(y.size(), exact.size());
      double distance = 0;
      std::size_t wrong = 0;
      for (std::size_t i = 0; i < y.size(); ++i) {
        const tools::complex_quad v = tools::to_quad(y[i]);
        const __float128 re = v.re - static_cast<__float128>(exact[i].re);
        const __float128 im = v.im - static_cast<__float128>(exact[i].im);
        distance += static_cast<double>(re * re + im * im);
        wrong += std::fabs(static_cast<double>(re)) >= 0.5 || std::fabs(static_cast<double>(im)) >= 0.5;
      }
      const double bound = integer_convolution_factor<E>() * testing::accuracy_limit<E>(c.transform_length()) *
                           l2(a.exact) * l1(b.exact);
      EXPECT_LE(std::sqrt(distance), bound);
      EXPECT_EQ(wrong, 0u) << "results that do not round to the exact integer";
    }
  }
}

TYPED_TEST(Convolution, BatchedStridedSignalsAndAReusedKernelGiveTheSingleResults) {
  using T = TypeParam;
  using E = format_of<T>;
  for (convolution_mode mode : {convolution_mode::full, convolution_mode::valid, convolution_mode::circular}) {
    convolution_options o;
    o.signal_length = 45;
    o.kernel_length = 8;
    o.batch = 3;
    o.mode = mode;
    o.backend = backend::cpu;
    o.signal = {2, 100};
    o.output = {1, 60};
    convolution<T> batched(o);
    convolution_options single = o;
    single.batch = 1;
    single.signal = {};
    single.output = {};
    convolution<T> one(single);
    const std::uint64_t count = batched.output_length();
    for (std::uint64_t trial = 0; trial < 2; ++trial) {  // a second kernel replaces the first
      const integer_data<T> kernel = integer_sequence<T, E>(8, 10, 40 + trial);
      batched.set_kernel(kernel.values.data());
      one.set_kernel(kernel.values.data());
      for (std::uint64_t round = 0; round < 2; ++round) {  // the kernel serves several executes
        const integer_data<T> x = integer_sequence<T, E>(300, 10, 10 * trial + round);
        std::vector<T> y(60 * 3);
        batched.execute(x.values.data(), y.data());
        for (std::uint64_t b = 0; b < 3; ++b) {
          std::vector<T> signal(45), want(count);
          for (std::uint64_t j = 0; j < 45; ++j) signal[j] = x.values[2 * j + 100 * b];
          one.execute(signal.data(), want.data());
          for (std::uint64_t i = 0; i < count; ++i)
            ASSERT_EQ(std::memcmp(&y[60 * b + i], &want[i], sizeof(T)), 0)
                << "mode " << static_cast<int>(mode) << ", signal " << b << ", result " << i;
        }
      }
    }
  }
}

// Where the product is not fused with a real transform's steps (complex
// data, real data of odd length) it rides on the forward transform's last
// stores. That must change nothing: the result is, bit for bit, that of the
// three steps done by plans, F^-1(F(x) K) with K = F(h) / N, the product a
// pass of its own. Lengths: several radices, and a prime (Bluestein, whose
// inner convolution rides the same way).
TYPED_TEST(Convolution, TheProductOnTheLastStoresIsBitIdenticalToAPassOfItsOwn) {
  using T = TypeParam;
  using E = format_of<T>;
  for (std::uint64_t n : {45, 120, 1009}) {
    if (!fft::is_complex_value<T> && n % 2 == 0) continue;  // halved: the real steps' fusion
    convolution_options o;
    o.signal_length = n;
    o.kernel_length = 17;
    o.mode = convolution_mode::circular;
    o.backend = backend::cpu;
    convolution<T> c(o);
    const integer_data<T> h = integer_sequence<T, E>(17, 10, n);
    const integer_data<T> x = integer_sequence<T, E>(n, 10, n + 1);
    c.set_kernel(h.values.data());
    std::vector<T> y(n);
    c.execute(x.values.data(), y.data());

    const auto as_complex = [](const T& v) {
      if constexpr (fft::is_complex_value<T>) return v;
      else return complex<E>{v, E{}};
    };
    plan_options po;
    po.length = n;
    po.backend = backend::cpu;
    po.norm = normalization::forward;  // forward scaled by 1 / N, inverse not
    plan<E> by_n(po);
    po.norm = normalization::backward;  // forward not scaled
    plan<E> plain(po);
    std::vector<complex<E>> kernel(n), spectrum(n), signal(n), result(n);
    for (std::uint64_t j = 0; j < 17; ++j) kernel[j] = as_complex(h.values[j]);
    for (std::uint64_t j = 0; j < n; ++j) signal[j] = as_complex(x.values[j]);
    by_n.forward(kernel.data(), kernel.data());
    plain.forward(signal.data(), spectrum.data());
    for (std::uint64_t k = 0; k < n; ++k) spectrum[k] = mul(spectrum[k], kernel[k]);
    by_n.inverse(spectrum.data(), result.data());
    for (std::uint64_t j = 0; j < n; ++j) {
      if constexpr (fft::is_complex_value<T>)
        ASSERT_EQ(std::memcmp(&y[j], &result[j], sizeof(T)), 0) << "n " << n << ", result " << j;
      else
        ASSERT_EQ(std::memcmp(&y[j], &result[j].re, sizeof(T)), 0) << "n " << n << ", result " << j;
    }
  }
}

// Non-integer data: the convolution through FFTW's __float128 transforms
// of the zero-padded sequences (error near 1e-33, below every format's);
// the limit's factor is measured (above ExactOnIntegersInEveryMode).
TYPED_TEST(Convolution, MatchesTheConvolutionThroughFftwQuad) {
  using T = TypeParam;
  using E = format_of<T>;
  const std::uint64_t n = 3000, k = 700;
  convolution_options o;
  o.signal_length = n;
  o.kernel_length = k;
  o.backend = backend::cpu;
  convolution<T> c(o);
  const std::uint64_t length = c.transform_length();
  std::vector<testing::complex_double> a = testing::random_input(n, 1), b = testing::random_input(k, 2);
  if constexpr (!fft::is_complex_value<T>) {
    for (auto& v : a) v.im = 0;
    for (auto& v : b) v.im = 0;
  }
  std::vector<testing::complex_double> a_padded(length), b_padded(length);
  std::copy(a.begin(), a.end(), a_padded.begin());
  std::copy(b.begin(), b.end(), b_padded.begin());
  const auto fa = tools::fftw_quad_dft(tools::to_complex_quad(a_padded), FFTW_FORWARD),
             fb = tools::fftw_quad_dft(tools::to_complex_quad(b_padded), FFTW_FORWARD);
  // The product and its inverse transform stay in __float128 (in place: the
  // plan this reference has always had).
  std::vector<tools::complex_quad> product(length);
  for (std::uint64_t j = 0; j < length; ++j)
    product[j] = {fa[j].re * fb[j].re - fa[j].im * fb[j].im, fa[j].re * fb[j].im + fa[j].im * fb[j].re};
  const std::vector<tools::complex_quad> convolved =
      tools::fftw_quad_dft(product, length, FFTW_BACKWARD, tools::fftw_placement::in_place);
  std::vector<T> x(n), h(k), y(n + k - 1);
  for (std::uint64_t j = 0; j < n; ++j) {
    if constexpr (fft::is_complex_value<T>) x[j] = {from_double<E>(a[j].re), from_double<E>(a[j].im)};
    else x[j] = from_double<E>(a[j].re);
  }
  for (std::uint64_t j = 0; j < k; ++j) {
    if constexpr (fft::is_complex_value<T>) h[j] = {from_double<E>(b[j].re), from_double<E>(b[j].im)};
    else h[j] = from_double<E>(b[j].re);
  }
  c.set_kernel(h.data());
  c.execute(x.data(), y.data());
  double distance = 0, norm_a = 0, norm_b = 0;
  for (std::uint64_t i = 0; i < y.size(); ++i) {
    const __float128 re = convolved[i].re / length, im = convolved[i].im / length;
    const tools::complex_quad v = tools::to_quad(y[i]);
    const double dr = static_cast<double>(v.re - re), di = static_cast<double>(v.im - im);
    distance += dr * dr + di * di;
  }
  for (const auto& v : a) norm_a += v.re * v.re + v.im * v.im;
  for (const auto& v : b) norm_b += std::hypot(v.re, v.im);
  EXPECT_LE(std::sqrt(distance),
            fftw_quad_convolution_factor<E>() * testing::accuracy_limit<E>(length) * std::sqrt(norm_a) * norm_b);
}

TEST(ConvolutionLimbArrays, DoubleIntegersConvolveExactlyInDd128) {
  const std::vector<std::int64_t> a = random_integers(5000, 20, 3), b = random_integers(4000, 20, 4);
  std::vector<double> x(a.begin(), a.end()), h(b.begin(), b.end());
  convolution_options o;
  o.signal_length = a.size();
  o.kernel_length = b.size();
  o.backend = backend::cpu;
  convolution<dd128> c(o);
  c.set_kernel(h.data());
  std::vector<double> y(c.output_length());
  c.execute(x.data(), y.data());
  std::vector<integer_complex> ea, eb;
  for (std::int64_t v : a) ea.push_back({v, 0});
  for (std::int64_t v : b) eb.push_back({v, 0});
  const std::vector<integer_complex> exact = exact_convolution(ea, eb, convolution_mode::full);
  // Results stay below 2^53 (40-bit products, 4000 of them), so each is a
  // double, and dd128's result, within far less than 1/2 of it, rounds to it.
  for (std::size_t i = 0; i < y.size(); ++i)
    ASSERT_EQ(y[i], static_cast<double>(exact[i].re)) << i;
}

TEST(ConvolutionRequests, BadOnesAreRefusedWithAMessageNamingTheProblem) {
  const auto message_of = [](auto&& action) -> std::string {
    try {
      action();
    } catch (const std::exception& e) {
      return e.what();
    }
    return "no error";
  };
  convolution_options o;
  o.backend = backend::cpu;
  EXPECT_NE(message_of([&] { convolution<dd128> c(o); }).find("signal_length and kernel_length of at least 1"),
            std::string::npos);
  o.signal_length = 10;
  o.kernel_length = 20;
  o.mode = convolution_mode::circular;
  EXPECT_NE(message_of([&] { convolution<dd128> c(o); }).find("kernel_length (20) <= signal_length (10)"),
            std::string::npos);
  o.mode = convolution_mode::full;
  convolution<dd128> c(o);
  EXPECT_EQ(c.output_length(), 29u);
  std::vector<dd128> x(10), y(29), h(20);
  EXPECT_NE(message_of([&] { c.execute(x.data(), y.data()); }).find("call set_kernel"), std::string::npos);
  c.set_kernel(h.data());
  EXPECT_NE(message_of([&] { c.execute(y.data() + 5, y.data()); }).find("overlap"), std::string::npos);
  EXPECT_NE(message_of([&] { c.execute(nullptr, y.data()); }).find("non-null"), std::string::npos);
  EXPECT_NO_THROW(c.execute(x.data(), y.data()));
}

}  // namespace
}  // namespace ffft
