// The host side of the VkFFT side-by-side benchmark (bench/vkfft/): VkFFT's
// double-double memory layout against ffft's complex<dd128>, the random
// double-double input, and the error metric against the reference.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <vector>

#include "bench/vkfft/dd_input.hpp"
#include "bench/vkfft/dd_layout.hpp"
#include "bench/vkfft/errors.hpp"

namespace {

using ffft::complex;
using ffft::dd128;
using ffft::bench::vkfft_dd_complex;
using ffft::tools::complex_quad;

// VkFFT's generated CUDA type, spelled as its kernels declare it
// (vkFFT_KernelUtils.h: typedef struct pf_quad2 { double2 x; double2 y; }),
// with CUDA's double2 (16-byte aligned {x, y}).
struct alignas(16) double2_mirror {
  double x, y;
};
struct pf_quad2_mirror {
  double2_mirror x, y;
};

complex<dd128> value(double re_hi, double re_lo, double im_hi, double im_lo) {
  complex<dd128> v{};
  v.re[0] = re_hi;
  v.re[1] = re_lo;
  v.im[0] = im_hi;
  v.im[1] = im_lo;
  return v;
}

TEST(VkfftLayout, ConversionPutsEachLimbWhereVkfftKernelsReadIt) {
  const complex<dd128> v = value(0.25, 0x1p-60, -0.375, -0x1p-61);
  const vkfft_dd_complex w = ffft::bench::to_vkfft(v);
  pf_quad2_mirror q;
  static_assert(sizeof q == sizeof w);
  std::memcpy(&q, &w, sizeof q);
  EXPECT_EQ(q.x.x, 0.25);       // real part, high limb
  EXPECT_EQ(q.x.y, 0x1p-60);    // real part, low limb
  EXPECT_EQ(q.y.x, -0.375);     // imaginary part, high limb
  EXPECT_EQ(q.y.y, -0x1p-61);   // imaginary part, low limb
}

TEST(VkfftLayout, RoundTripIsExact) {
  const auto x = ffft::bench::uniform_dd_input(1000);
  for (const auto& v : x) {
    const complex<dd128> back = ffft::bench::from_vkfft(ffft::bench::to_vkfft(v));
    EXPECT_EQ(std::memcmp(&back, &v, sizeof v), 0);
  }
}

// The two layouts coincide byte for byte: an array of complex<dd128> could be
// handed to VkFFT as it is (the benchmark converts all the same).
TEST(VkfftLayout, ComplexDd128ArraysHaveVkfftsBytes) {
  const auto x = ffft::bench::uniform_dd_input(257);
  std::vector<vkfft_dd_complex> converted(x.size()), copied(x.size());
  for (std::size_t j = 0; j < x.size(); ++j) converted[j] = ffft::bench::to_vkfft(x[j]);
  static_assert(sizeof(complex<dd128>) == sizeof(vkfft_dd_complex));
  std::memcpy(copied.data(), x.data(), x.size() * sizeof x[0]);
  EXPECT_EQ(std::memcmp(copied.data(), converted.data(), x.size() * sizeof converted[0]), 0);
}

TEST(VkfftLayout, DoubleMemoryIsStdComplexOrder) {
  const std::complex<double> v{1.5, -2.5};
  double2_mirror d;
  std::memcpy(&d, &v, sizeof d);
  EXPECT_EQ(d.x, 1.5);
  EXPECT_EQ(d.y, -2.5);
}

TEST(VkfftInput, PartsAreNormalizedDoubleDoublesInRange) {
  const auto x = ffft::bench::uniform_dd_input(1 << 14);
  std::size_t nonzero_low = 0;
  double sum = 0, sum_sq = 0;
  for (const auto& v : x) {
    for (const dd128& p : {v.re, v.im}) {
      ASSERT_GE(p[0], -0.5);
      ASSERT_LT(p[0], 0.5);
      ASSERT_EQ(p[0] + p[1], p[0]) << "high limb is not the sum's nearest double";
      ASSERT_LE(std::fabs(p[1]), std::ldexp(1.0, std::ilogb(p[0]) - 53)) << "low limb above ulp(high) / 2";
      nonzero_low += p[1] != 0;
      sum += p[0];
      sum_sq += p[0] * p[0];
    }
  }
  const double count = 2.0 * x.size();
  EXPECT_GT(nonzero_low, count * 0.999) << "the low limbs carry random bits";
  EXPECT_NEAR(sum / count, 0.0, 0.01);
  EXPECT_NEAR(sum_sq / count, 1.0 / 12, 0.003);  // uniform on [-0.5, 0.5)
}

TEST(VkfftInput, FixedSeedAndRoundedCopy) {
  const auto a = ffft::bench::uniform_dd_input(100), b = ffft::bench::uniform_dd_input(100);
  const auto c = ffft::bench::uniform_dd_input(100, 12345);
  EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof a[0]), 0);
  EXPECT_NE(std::memcmp(a.data(), c.data(), a.size() * sizeof a[0]), 0);
  const auto r = ffft::bench::rounded_to_double(a);
  ASSERT_EQ(r.size(), a.size());
  for (std::size_t j = 0; j < a.size(); ++j) {
    EXPECT_EQ(r[j].real(), a[j].re[0]);
    EXPECT_EQ(r[j].imag(), a[j].im[0]);
  }
}

TEST(VkfftErrors, ExactResultHasZeroError) {
  const std::vector<complex_quad> r{{1, 0}, {0, 1}, {-0.5, 0.25}};
  const auto e = ffft::bench::compare(r, r);
  EXPECT_EQ(e.rel_rms, 0.0);
  EXPECT_EQ(e.max_rel, 0.0);
  EXPECT_EQ(e.non_finite, 0u);
}

// Errors below double's resolution are measured, not rounded away.
TEST(VkfftErrors, MeasuresErrorsInQuadPrecision) {
  const __float128 d = ldexpq(1, -100);
  const std::vector<complex_quad> r{{1, 0}, {0, 1}};
  const std::vector<complex_quad> y{{1 + d, 0}, {0, 1}};
  const auto e = ffft::bench::compare(y, r);
  EXPECT_NEAR(e.rel_rms, std::ldexp(1.0, -100) / std::sqrt(2.0), 1e-15 * std::ldexp(1.0, -100));
  EXPECT_NEAR(e.max_rel, std::ldexp(1.0, -100), 1e-15 * std::ldexp(1.0, -100));
  // The max error is relative to the largest reference value, the RMS to the RMS.
  const std::vector<complex_quad> r2{{4, 0}, {0, 0}};
  const std::vector<complex_quad> y2{{4, 0}, {0, 1}};
  const auto e2 = ffft::bench::compare(y2, r2);
  EXPECT_DOUBLE_EQ(e2.rel_rms, 0.25);
  EXPECT_DOUBLE_EQ(e2.max_rel, 0.25);
}

TEST(VkfftErrors, NonFiniteOutputsAreCountedAndPoisonTheMetrics) {
  const std::vector<complex_quad> r{{1, 0}, {0, 1}, {1, 1}};
  std::vector<complex_quad> y = r;
  y[1].im = std::numeric_limits<double>::quiet_NaN();
  y[2].re = std::numeric_limits<double>::infinity();
  const auto e = ffft::bench::compare(y, r);
  EXPECT_EQ(e.non_finite, 2u);
  EXPECT_TRUE(std::isnan(e.rel_rms));
  EXPECT_TRUE(std::isnan(e.max_rel));
}

TEST(VkfftErrors, ZeroReferenceAndLengthMismatch) {
  const std::vector<complex_quad> zero{{0, 0}}, one{{1, 0}};
  EXPECT_EQ(ffft::bench::compare(zero, zero).rel_rms, 0.0);
  EXPECT_TRUE(std::isinf(ffft::bench::compare(one, zero).rel_rms));
  EXPECT_THROW(ffft::bench::compare(one, std::vector<complex_quad>{}), std::invalid_argument);
}

}  // namespace
