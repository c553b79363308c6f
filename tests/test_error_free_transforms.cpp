// The error-free transforms stay error-free in the host build: each catches
// one way a compiler can destroy them (fast math proving (a + b) - a == b,
// FMA contraction, x87 double rounding, a libm call instead of hardware FMA).
// The device twins are in tests/gpu/.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "ffft/eft.hpp"

namespace ffft {
namespace {

// Values (limbs or lane vectors) the compiler cannot see through, so nothing
// is constant-folded.
template <class T>
T opaque(T x) {
  volatile T v = x;
  return v;
}

// The bits of a float or double, signs of zeros included.
template <class T>
auto bits_of(T x) {
  if constexpr (sizeof(T) == 8) return std::bit_cast<std::uint64_t>(x);
  else return std::bit_cast<std::uint32_t>(x);
}

template <class T>
class error_free_transforms : public ::testing::Test {};
using limb_types = ::testing::Types<float, double>;
TYPED_TEST_SUITE(error_free_transforms, limb_types);

TYPED_TEST(error_free_transforms, two_sum_keeps_the_low_order_term) {
  using T = TypeParam;
  const T tiny = std::ldexp(T(1), -std::numeric_limits<T>::digits - 6);
  const limb_pair<T> r = two_sum(opaque(T(1)), opaque(tiny));
  EXPECT_EQ(r.hi, T(1));
  EXPECT_EQ(r.lo, tiny) << "the error term was optimized away (fast math?)";
  const limb_pair<T> swapped = two_sum(opaque(tiny), opaque(T(1)));
  EXPECT_EQ(swapped.lo, tiny) << "two_sum must not depend on operand order";
}

TYPED_TEST(error_free_transforms, fast_two_sum_keeps_the_low_order_term) {
  using T = TypeParam;
  const T tiny = std::ldexp(T(1), -std::numeric_limits<T>::digits - 6);
  const limb_pair<T> r = fast_two_sum(opaque(T(1)), opaque(-tiny));
  EXPECT_EQ(r.hi, T(1));
  EXPECT_EQ(r.lo, -tiny);
}

TYPED_TEST(error_free_transforms, two_prod_returns_the_exact_rounding_error) {
  using T = TypeParam;
  const int half = (std::numeric_limits<T>::digits + 1) / 2;
  // (1 + 2^-h)^2 = 1 + 2^(1-h) + 2^-2h, and 2h > p: the last term is the
  // rounding error.
  const T x = T(1) + std::ldexp(T(1), -half);
  const limb_pair<T> r = two_prod(opaque(x), opaque(x));
  EXPECT_EQ(r.hi, T(1) + std::ldexp(T(1), 1 - half));
  EXPECT_EQ(r.lo, std::ldexp(T(1), -2 * half));
}

// Random operands: hi + lo equals the exact sum and product, checked in a
// type wide enough to hold both exactly.
TEST(error_free_transforms, float_results_are_exact_on_random_operands) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> mantissa(-1.0f, 1.0f);
  std::uniform_int_distribution<int> exponent(-40, 40);  // products' errors stay normal
  for (int i = 0; i < 200000; ++i) {
    const float a = std::ldexp(mantissa(rng), exponent(rng));
    const float b = std::ldexp(mantissa(rng), exponent(rng));
    const limb_pair<float> s = two_sum(a, b);
    ASSERT_EQ(static_cast<long double>(s.hi) + s.lo, static_cast<long double>(a) + b);
    const limb_pair<float> p = two_prod(a, b);
    ASSERT_EQ(static_cast<double>(p.hi) + p.lo, static_cast<double>(a) * b);
  }
}

TEST(error_free_transforms, double_results_are_exact_on_random_operands) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> mantissa(-1.0, 1.0);
  std::uniform_int_distribution<int> exponent(-25, 25);  // sums exact in 113 bits
  for (int i = 0; i < 200000; ++i) {
    const double a = std::ldexp(mantissa(rng), exponent(rng));
    const double b = std::ldexp(mantissa(rng), exponent(rng));
    const limb_pair<double> s = two_sum(a, b);
    ASSERT_TRUE(static_cast<__float128>(s.hi) + s.lo == static_cast<__float128>(a) + b);
    const limb_pair<double> p = two_prod(a, b);
    ASSERT_TRUE(static_cast<__float128>(p.hi) + p.lo == static_cast<__float128>(a) * b);
  }
}

#if FFFT_HAVE_LANES
// limb::sub_as_fma on lane vectors computes a - b on the FMA pipes, as
// b * (-1) + a: it must give the subtraction's bits in every lane, for
// every kind of operand (signed zeros, subnormals, infinities, overflow;
// NaN for NaN), and TwoSum and Fast2Sum on lanes, which use it, the bits of
// the scalar ones lane by lane.
template <class V>
void expect_lane_subtraction_is_the_subtraction(std::mt19937& rng) {
  using T = simd::scalar_of<V>;
  constexpr int W = sizeof(V) / sizeof(T);
  using limits = std::numeric_limits<T>;
  const T specials[] = {T(0), -T(0), T(1), -T(1), limits::infinity(), -limits::infinity(), limits::quiet_NaN(),
                        limits::denorm_min(), -limits::denorm_min(), limits::min(), -limits::min(), limits::max(),
                        -limits::max(), limits::epsilon(), T(3) / T(7)};
  std::vector<T> values(std::begin(specials), std::end(specials));
  std::uniform_real_distribution<T> mantissa(T(-1), T(1));
  std::uniform_int_distribution<int> exponent(limits::min_exponent - limits::digits, limits::max_exponent);
  for (int i = 0; i < 4000; ++i) values.push_back(std::ldexp(mantissa(rng), exponent(rng)));
  // Random pairs, and every pair of specials.
  std::uniform_int_distribution<std::size_t> pick(0, values.size() - 1);
  std::vector<std::pair<T, T>> pairs;
  for (T a : specials)
    for (T b : specials) pairs.emplace_back(a, b);
  for (int i = 0; i < 20000; ++i) pairs.emplace_back(values[pick(rng)], values[pick(rng)]);
  for (std::size_t first = 0; first < pairs.size(); first += W) {
    V a{}, b{};
    for (int w = 0; w < W; ++w) {
      const auto& [x, y] = pairs[(first + w) % pairs.size()];
      a[w] = x, b[w] = y;
    }
    a = opaque(a), b = opaque(b);
    const V difference = limb::sub_as_fma(a, b);
    const limb_pair<V> sum = two_sum(a, b), fast = fast_two_sum(a, b);
    for (int w = 0; w < W; ++w) {
      const T expected = a[w] - b[w];
      if (std::isnan(expected)) {
        ASSERT_TRUE(std::isnan(difference[w])) << a[w] << " - " << b[w];
        continue;
      }
      ASSERT_EQ(bits_of(difference[w]), bits_of(expected))
          << a[w] << " - " << b[w] << " gave " << difference[w] << ", not " << expected;
      const limb_pair<T> scalar = two_sum(a[w], b[w]);
      const limb_pair<T> scalar_fast = fast_two_sum(a[w], b[w]);
      if (std::isfinite(scalar.lo)) {
        ASSERT_EQ(sum.hi[w], scalar.hi);
        ASSERT_EQ(std::signbit(sum.lo[w]), std::signbit(scalar.lo));
        ASSERT_EQ(sum.lo[w], scalar.lo) << "two_sum(" << a[w] << ", " << b[w] << ")";
      }
      if (std::isfinite(scalar_fast.lo)) {
        ASSERT_EQ(std::signbit(fast.lo[w]), std::signbit(scalar_fast.lo));
        ASSERT_EQ(fast.lo[w], scalar_fast.lo) << "fast_two_sum(" << a[w] << ", " << b[w] << ")";
      }
    }
  }
}

TEST(error_free_transforms, lane_subtraction_as_fma_is_the_subtraction) {
  std::mt19937 rng(13);
  expect_lane_subtraction_is_the_subtraction<simd::f64x4>(rng);
  expect_lane_subtraction_is_the_subtraction<simd::f32x8>(rng);
#if defined(__AVX512F__)
  expect_lane_subtraction_is_the_subtraction<simd::f64x8>(rng);
  expect_lane_subtraction_is_the_subtraction<simd::f32x16>(rng);
#endif
}
#endif

// With -ffp-contract=fast, a * b - p is fused into fma(a, b, -p), the rounding
// error of p, instead of the exactly rounded product minus itself, 0.
TEST(build_flags, host_code_is_not_contracted) {
  const float a = opaque(1.0f + std::ldexp(1.0f, -12));
  const float b = a;
  const float p = a * b;
  const float should_be_zero = a * b - p;
  EXPECT_EQ(should_be_zero, 0.0f) << "the host compiler contracted a*b-p into an FMA: "
                                     "build with -ffp-contract=off";
}

TEST(build_flags, hardware_fma_and_sse_evaluation) {
#if defined(__x86_64__)
#if !defined(__FMA__)
  FAIL() << "x86-64 host code must be built with -mfma so std::fma is an instruction";
#endif
#endif
  EXPECT_EQ(FLT_EVAL_METHOD, 0) << "x87 extended evaluation double-rounds TwoSum";
}

}  // namespace
}  // namespace ffft
