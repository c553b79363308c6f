// N-D real transforms (ffft/nd_real_plan.hpp) on the CPU: accuracy against
// FFTW's __float128 rank-d r2c and c2r and against the exact MPFR DFT of
// real data, bit identity with the real and complex plans it is made of,
// across thread counts, placements and layouts, limb arrays, and every
// refusal of bad input. Error limits: nd_reference.hpp's nd_limit.
#include <gtest/gtest.h>
#include <quadmath.h>

#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "ffft/fft/limb_values.hpp"
#include "ffft/host/wide_float.hpp"
#include "ffft/nd_plan.hpp"
#include "ffft/nd_real_plan.hpp"
#include "ffft/real_plan.hpp"
#include "tests/fft_reference.hpp"
#include "tests/nd_reference.hpp"
#include "tests/twiddle_formats.hpp"
#include "tools/reference/fftw_quad.hpp"

namespace {

using namespace ffft;
using ffft::testing::all_axes;
using ffft::testing::complex_double;
using ffft::testing::expect_bit_identical;
using ffft::testing::nd_limit;
using ffft::testing::product;

nd_real_plan_options options_of(const std::vector<std::uint64_t>& shape, const std::vector<int>& axes = {},
                                normalization norm = normalization::backward, unsigned threads = 2) {
  nd_real_plan_options o;
  o.shape = shape;
  o.axes = axes;
  o.norm = norm;
  o.backend = backend::cpu;
  o.threads = threads;
  return o;
}

std::vector<std::uint64_t> spectrum_shape_of(std::vector<std::uint64_t> shape, const std::vector<int>& axes) {
  const auto h = static_cast<std::size_t>(axes.empty() ? static_cast<int>(shape.size()) - 1 : axes.back());
  shape[h] = shape[h] / 2 + 1;
  return shape;
}

template <class E>
std::vector<E> random_reals(std::uint64_t count, std::uint64_t seed) {
  const std::vector<complex<E>> z = ffft::testing::random_values<E>(count, seed);
  std::vector<E> x(count);
  for (std::size_t j = 0; j < count; ++j) x[j] = z[j].re;
  return x;
}

template <class E>
std::vector<complex<E>> rfftn(const nd_real_plan_options& o, const std::vector<E>& x) {
  nd_real_plan<E> p(o);
  std::vector<complex<E>> y(product(p.spectrum_shape()) * o.batch);
  p.forward(x.data(), y.data());
  return y;
}

template <class E>
std::vector<E> irfftn(const nd_real_plan_options& o, const std::vector<complex<E>>& bins) {
  nd_real_plan<E> p(o);
  std::vector<E> x(product(o.shape) * o.batch);
  p.inverse(bins.data(), x.data());
  return x;
}


// Real values as complex ones with zero imaginary parts, for the complex
// references and error measures.
template <class E>
std::vector<complex<E>> as_complex(const std::vector<E>& x) {
  std::vector<complex<E>> z(x.size());
  for (std::size_t j = 0; j < x.size(); ++j) z[j] = {x[j], E{}};
  return z;
}

template <class E>
class NdRealPlan : public ::testing::Test {};
TYPED_TEST_SUITE(NdRealPlan, ffft::testing::twiddle_formats, ffft::testing::format_names);

struct shape_case {
  std::vector<std::uint64_t> shape;
  std::vector<int> axes;  // empty: all
};

// ---- accuracy ---------------------------------------------------------------

// Against FFTW's __float128 rank-d r2c, and c2r of ffft's own spectrum
// (a consistent Hermitian one), unnormalized both ways: odd and even
// halved lengths, primes (Bluestein), axes of length 1, the halved axis
// first, subsets of axes.
TYPED_TEST(NdRealPlan, MatchesFftwQuadRankD) {
  using E = TypeParam;
  const shape_case cases[] = {
      {{12, 10}, {}}, {{9, 7, 6}, {}}, {{31, 1, 12}, {}}, {{16, 9, 25}, {0, 2}}, {{64, 48}, {}}, {{5, 13}, {1, 0}},
  };
  for (const shape_case& c : cases) {
    const std::vector<int> axes = c.axes.empty() ? all_axes(c.shape.size()) : c.axes;
    SCOPED_TRACE(::testing::Message() << "shape " << ::testing::PrintToString(c.shape) << ", axes "
                                      << ::testing::PrintToString(axes));
    const std::vector<E> x = random_reals<E>(product(c.shape), 3 * product(c.shape));
    std::vector<__float128> xq(x.size());
    for (std::size_t j = 0; j < x.size(); ++j) xq[j] = host::to_float128(x[j]);
    const std::vector<complex<E>> y = rfftn<E>(options_of(c.shape, c.axes), x);
    EXPECT_LE(ffft::testing::relative_l2_error(y, tools::fftw_quad_r2c_nd(xq, c.shape, axes)),
              nd_limit<E>(c.shape, axes))
        << "forward";
    std::vector<tools::complex_quad> bins(y.size());
    for (std::size_t k = 0; k < y.size(); ++k) bins[k] = tools::to_quad(y[k]);
    const std::vector<__float128> back = tools::fftw_quad_c2r_nd(bins, c.shape, axes);
    std::vector<tools::complex_quad> want(back.size());
    for (std::size_t j = 0; j < back.size(); ++j) want[j] = {back[j], 0};
    const std::vector<E> z = irfftn<E>(options_of(c.shape, c.axes, normalization::forward), y);
    EXPECT_LE(ffft::testing::relative_l2_error(as_complex(z), want), nd_limit<E>(c.shape, axes)) << "inverse";
  }
}

// The forward transform against the exact DFT of the real data (the
// complex DFT's bins along the halved axis up to n / 2), in every
// normalization scaled back exactly.
TYPED_TEST(NdRealPlan, MatchesTheExactDftOnSmallShapes) {
  using E = TypeParam;
  const shape_case cases[] = {{{4, 6}, {}}, {{3, 5, 4}, {}}, {{11, 7}, {}}, {{6, 4, 3}, {2, 0}}, {{2, 13}, {1}}};
  for (const shape_case& c : cases) {
    const std::vector<int> axes = c.axes.empty() ? all_axes(c.shape.size()) : c.axes;
    SCOPED_TRACE(::testing::Message() << "shape " << ::testing::PrintToString(c.shape));
    const std::uint64_t count = product(c.shape);
    const std::vector<E> x = random_reals<E>(count, count + 1);
    std::vector<complex_double> xd(count);
    for (std::size_t j = 0; j < count; ++j) xd[j] = {to_double(x[j]), 0};
    ASSERT_EQ(from_double<E>(xd[0].re), x[0]);  // the data are doubles
    const std::vector<tools::complex_quad> full = ffft::testing::exact_nd_dft(xd, c.shape, axes, -1);
    // The bins kept: index < n / 2 + 1 along the halved axis.
    const std::vector<std::uint64_t> half = spectrum_shape_of(c.shape, c.axes);
    const std::size_t h = static_cast<std::size_t>(axes.back());
    std::vector<tools::complex_quad> want;
    for (std::size_t j = 0; j < count; ++j) {
      std::size_t rest = j;
      for (std::size_t k = c.shape.size(); k-- > h + 1;) rest /= c.shape[k];
      if (rest % c.shape[h] < half[h]) want.push_back(full[j]);
    }
    for (normalization norm : {normalization::backward, normalization::ortho, normalization::forward}) {
      const std::vector<complex<E>> y = rfftn<E>(options_of(c.shape, c.axes, norm), x);
      double points = 1;
      for (int a : axes) points *= static_cast<double>(c.shape[static_cast<std::size_t>(a)]);
      const __float128 q = points;
      const __float128 factor = norm == normalization::backward ? 1 : norm == normalization::ortho ? sqrtq(q) : q;
      std::vector<tools::complex_quad> wanted = want;
      for (tools::complex_quad& v : wanted) {
        v.re /= factor;
        v.im /= factor;
      }
      EXPECT_LE(ffft::testing::relative_l2_error(y, wanted), nd_limit<E>(c.shape, axes)) << "normalization " << static_cast<int>(norm);
    }
  }
}

// ---- bit identity -------------------------------------------------------------

// One axis is real_plan<E>'s batch, bit for bit; several are real_plan<E>
// along the halved axis and nd_plan<E> along the others (forward), or
// nd_plan<E>'s inverses first and real_plan<E>'s last (inverse), unscaled.
TYPED_TEST(NdRealPlan, IsTheRealAndComplexPlansAxisByAxis) {
  using E = TypeParam;
  const std::vector<std::uint64_t> shape{6, 5, 12};
  const std::uint64_t count = product(shape), bins = 6 * 5 * 7;
  const std::vector<E> x = random_reals<E>(count, 5);
  real_plan_options one;
  one.length = 12;
  one.batch = 30;
  one.backend = backend::cpu;
  one.norm = normalization::ortho;
  std::vector<complex<E>> want(bins);
  real_plan<E>(one).forward(x.data(), want.data());
  expect_bit_identical(rfftn<E>(options_of(shape, {2}, normalization::ortho), x), want, "axis 2 against real_plan");
  std::vector<E> back(count);
  real_plan<E>(one).inverse(want.data(), back.data());
  expect_bit_identical(irfftn<E>(options_of(shape, {2}, normalization::ortho), want), back, "inverse, axis 2");

  one.norm = normalization::backward;
  real_plan<E>(one).forward(x.data(), want.data());
  nd_plan_options rest;
  rest.shape = {6, 5, 7};
  rest.axes = {0, 1};
  rest.backend = backend::cpu;
  nd_plan<E>(rest).forward(want.data(), want.data());
  expect_bit_identical(rfftn<E>(options_of(shape), x), want, "all axes, forward");

  rest.norm = normalization::forward;
  std::vector<complex<E>> middle(bins);
  nd_plan<E>(rest).inverse(want.data(), middle.data());
  one.norm = normalization::forward;
  real_plan<E>(one).inverse(middle.data(), back.data());
  expect_bit_identical(irfftn<E>(options_of(shape, {}, normalization::forward), want), back, "all axes, inverse");
}

// Threads, the padded in-place layout, embedded layouts (their gaps kept),
// and inverse leaving its input as it was.
TYPED_TEST(NdRealPlan, BitIdenticalAcrossThreadsPlacementsAndLayouts) {
  using E = TypeParam;
  const std::vector<std::uint64_t> shape{5, 7, 10};
  const std::uint64_t count = product(shape), batch = 2, bins = 5 * 7 * 6;
  const std::vector<E> x = random_reals<E>(count * batch, 13);
  nd_real_plan_options o = options_of(shape, {}, normalization::ortho, 1);
  o.batch = batch;
  const std::vector<complex<E>> want = rfftn<E>(o, x);
  const std::vector<E> want_back = irfftn<E>(o, want);
  for (unsigned threads : {2u, 3u}) {
    o.threads = threads;
    expect_bit_identical(rfftn<E>(o, x), want, std::to_string(threads) + " threads");
    expect_bit_identical(irfftn<E>(o, want), want_back, std::to_string(threads) + " threads, inverse");
  }
  // inverse does not write its input.
  const std::vector<complex<E>> spectrum = want;
  (void)irfftn<E>(o, spectrum);
  expect_bit_identical(spectrum, want, "the inverse's input");

  // In place, FFTW's padded layout: rows of 2 x 6 reals.
  nd_real_plan_options padded = o;
  padded.real.embed = {5, 7, 12};
  nd_real_plan<E> p(padded);
  std::vector<complex<E>> buffer(bins * batch);
  E* reals = reinterpret_cast<E*>(buffer.data());
  for (std::uint64_t r = 0; r < 5 * 7 * batch; ++r)
    for (std::uint64_t k = 0; k < 10; ++k) reals[r * 12 + k] = x[r * 10 + k];
  p.forward(reals, buffer.data());
  expect_bit_identical(buffer, want, "in place, forward");
  p.inverse(buffer.data(), reals);
  std::vector<E> back(count * batch);
  for (std::uint64_t r = 0; r < 5 * 7 * batch; ++r)
    for (std::uint64_t k = 0; k < 10; ++k) back[r * 10 + k] = reals[r * 12 + k];
  expect_bit_identical(back, want_back, "in place, inverse");

  // Strided real input, embedded spectrum output with its gaps kept.
  nd_real_plan_options e = o;
  e.real.stride = 3;
  e.spectrum.embed = {6, 7, 8};
  std::vector<E> xs(count * batch * 3);
  for (std::size_t j = 0; j < count * batch; ++j) xs[3 * j] = x[j];
  const complex<E> fill = want[1];
  std::vector<complex<E>> ye(6 * 7 * 8 * batch, fill);
  nd_real_plan<E>(e).forward(xs.data(), ye.data());
  std::vector<complex<E>> picked(bins * batch);
  for (std::uint64_t b = 0; b < batch; ++b)
    for (std::uint64_t i = 0; i < 6; ++i)
      for (std::uint64_t j = 0; j < 7; ++j)
        for (std::uint64_t k = 0; k < 8; ++k) {
          const complex<E>& v = ye[((b * 6 + i) * 7 + j) * 8 + k];
          if (i < 5 && k < 6) picked[((b * 5 + i) * 7 + j) * 6 + k] = v;
          else ASSERT_EQ(std::memcmp(&v, &fill, sizeof v), 0) << "a gap of the output was written";
        }
  expect_bit_identical(picked, want, "embedded layouts");
}

// Limb arrays: the transform of the widened values rounded once, bit for
// bit, both ways, with one axis and several.
TYPED_TEST(NdRealPlan, LimbArraysAreTheWidenedTransformRoundedOnce) {
  using E = TypeParam;
  using limb = typename E::limb_type;
  const std::vector<std::uint64_t> shape{5, 8, 9};
  const std::uint64_t count = product(shape);
  for (const std::vector<int>& axes : {std::vector<int>{2}, std::vector<int>{}, std::vector<int>{2, 0}}) {
    SCOPED_TRACE(::testing::Message() << "axes " << ::testing::PrintToString(axes));
    const std::vector<E> x = random_reals<E>(count, 29);
    std::vector<limb> xl(count);
    std::vector<E> widened(count);
    for (std::size_t j = 0; j < count; ++j) {
      xl[j] = fft::round_to_limb(complex<E>{x[j], E{}}).re;
      widened[j] = from_limb<limb, E::limbs>(xl[j]);
    }
    const nd_real_plan_options o = options_of(shape, axes, normalization::ortho);
    nd_real_plan<E> p(o);
    const std::uint64_t bins = product(p.spectrum_shape());
    const std::vector<complex<E>> exact = rfftn<E>(o, widened);
    std::vector<std::complex<limb>> yl(bins);
    p.forward(xl.data(), yl.data());
    std::vector<std::complex<limb>> exact_bins(bins);
    std::vector<complex<E>> widened_bins(bins);
    for (std::size_t k = 0; k < bins; ++k) {
      const fft::limb_complex_of<E> want = fft::round_to_limb(exact[k]);
      ASSERT_EQ(std::memcmp(&yl[k], &want, sizeof want), 0) << "bin " << k;
      widened_bins[k] = fft::widen<E>(want);
    }
    const std::vector<E> back = irfftn<E>(o, widened_bins);
    std::vector<limb> zl(count);
    p.inverse(yl.data(), zl.data());
    for (std::size_t j = 0; j < count; ++j)
      ASSERT_EQ(zl[j], fft::round_to_limb(complex<E>{back[j], E{}}).re) << "value " << j;
  }
}

// ---- bad input ----------------------------------------------------------------

std::string refusal(const nd_real_plan_options& o) {
  try {
    nd_real_plan<dd128> p(o);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(NdRealPlanChecks, EachBadParameterIsNamed) {
  const auto with = [](auto change) {
    nd_real_plan_options o = options_of({8, 6});
    change(o);
    return refusal(o);
  };
  EXPECT_NE(with([](auto& o) { o.shape = {}; }).find("shape is empty"), std::string::npos);
  EXPECT_NE(with([](auto& o) { o.shape = {0, 6}; }).find("shape[0] = 0"), std::string::npos);
  EXPECT_NE(with([](auto& o) { o.axes = {1, 1}; }).find("listed twice"), std::string::npos);
  EXPECT_NE(with([](auto& o) { o.axes = {3}; }).find("axes[0] = 3 is not an axis"), std::string::npos);
  EXPECT_NE(with([](auto& o) { o.batch = 0; }).find("batch"), std::string::npos);
  // The spectrum's layout is over the spectrum's shape, {8, 4}.
  EXPECT_NE(with([](auto& o) { o.spectrum.embed = {8, 3}; }).find("spectrum layout: embed[1] = 3 is below shape[1] = 4"),
            std::string::npos);
  EXPECT_EQ(with([](auto& o) { o.spectrum.embed = {8, 4}; }), "(accepted)");
  EXPECT_NE(with([](auto& o) { o.real.embed = {8, 5}; }).find("real layout: embed[1] = 5"), std::string::npos);
  EXPECT_NE(with([](auto& o) {
              o.batch = 2;
              o.real.distance = 47;
            }).find("real layout: distance 47 is below the 48"),
            std::string::npos);
  EXPECT_NE(with([](auto& o) { o.shape = {8, 2147483647}; }).find("shape[1]: "), std::string::npos);
}

TEST(NdRealPlanChecks, RefusedExecutionsWriteNothing) {
  nd_real_plan<dd128> p(options_of({4, 6}));  // spectrum {4, 4}
  const std::vector<dd128> x = random_reals<dd128>(24, 3);
  std::vector<complex<dd128>> buffer(16);
  for (std::size_t j = 0; j < 16; ++j) buffer[j] = {x[j], x[j + 1]};
  const std::vector<complex<dd128>> before = buffer;
  dd128* reals = reinterpret_cast<dd128*>(buffer.data());
  // In place without the padded layout; overlapping; null.
  EXPECT_THROW(p.forward(reals, buffer.data()), std::invalid_argument);
  EXPECT_THROW(p.inverse(buffer.data(), reals + 2), std::invalid_argument);
  EXPECT_THROW(p.forward(nullptr, buffer.data()), std::invalid_argument);
  expect_bit_identical(buffer, before, "after refused executions");
  nd_real_plan<dd128> moved(std::move(p));
  EXPECT_THROW(p.forward(x.data(), buffer.data()), std::logic_error);
}

}  // namespace
