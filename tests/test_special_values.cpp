// Non-finite operands and overflow: every operation gives what IEEE
// arithmetic gives on the leading limbs, never a finite number from an
// infinite or NaN operand (except x / inf = 0, as in IEEE), and infinity,
// not NaN or garbage, on overflow. Zeros keep their IEEE sign.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "tools/accuracy/elementwise_op.hpp"
#include "ffft/conversions.hpp"
#include "formats.hpp"

namespace ffft {
namespace {

using ffft::testing::bit_identical;

// +-inf in the leading limb, zeros (of either sign) below.
template <class E>
::testing::AssertionResult is_infinity(const E& x, int sign) {
  using T = typename E::limb_type;
  const T expected = sign * std::numeric_limits<T>::infinity();
  if (x[0] != expected) return ::testing::AssertionFailure() << "leading limb " << x[0];
  for (int i = 1; i < E::limbs; ++i)
    if (x[i] != T(0)) return ::testing::AssertionFailure() << "limb " << i << " is " << x[i];
  return ::testing::AssertionSuccess();
}

template <class E>
class special_values : public ::testing::Test {
 protected:
  using T = typename E::limb_type;
  static constexpr int N = E::limbs;
  static E value(T x) { return from_limb<T, N>(x); }
  static E inf() { return value(std::numeric_limits<T>::infinity()); }
  static E nan() { return value(std::numeric_limits<T>::quiet_NaN()); }
  // An ordinary value with nonzero lower limbs.
  static E third() { return div(value(T(1)), value(T(3))); }
};
TYPED_TEST_SUITE(special_values, ffft::testing::all_formats, ffft::testing::format_names);

// The IEEE result of op on the leading limbs.
template <class T>
T ieee(elementwise_op op, T a, T b) {
  switch (op) {
    case elementwise_op::add:
    case elementwise_op::add_limb: return a + b;
    case elementwise_op::sub: return a - b;
    case elementwise_op::mul:
    case elementwise_op::mul_limb: return a * b;
    case elementwise_op::div:
    case elementwise_op::div_limb: return a / b;
    case elementwise_op::sqrt: return std::sqrt(a);
  }
  return a;
}

TYPED_TEST(special_values, non_finite_operands_give_the_ieee_result) {
  using E = TypeParam;
  using T = typename E::limb_type;
  const E operands[] = {this->inf(), neg(this->inf()), this->nan(), this->third(),
                        neg(this->third()), this->value(T(0)), this->value(-T(0))};
  for (elementwise_op op : all_elementwise_ops) {
    for (const E& a : operands) {
      for (const E& b : operands) {
        const bool uses_b = op != elementwise_op::sqrt;
        if (limb::is_finite(a[0]) && (!uses_b || limb::is_finite(b[0]))) continue;
        const E r = apply(op, a, b);
        const T expected = ieee(op, a[0], b[0]);
        SCOPED_TRACE(std::string(name(op)) + "(" + std::to_string(a[0]) + ", " +
                     std::to_string(b[0]) + ")");
        if (std::isnan(expected)) {
          EXPECT_TRUE(std::isnan(r[0]));
        } else {
          EXPECT_EQ(r[0], expected);
          EXPECT_EQ(std::signbit(r[0]), std::signbit(expected));
        }
        for (int i = 1; i < E::limbs; ++i) EXPECT_EQ(r[i], T(0)) << "limb " << i;
      }
    }
  }
}

TYPED_TEST(special_values, overflow_gives_infinity) {
  using E = TypeParam;
  using T = typename E::limb_type;
  const E big = this->value(std::numeric_limits<T>::max());
  const E huge = mul(big, this->third());  // a finite value with lower limbs
  EXPECT_TRUE(limb::is_finite(huge[0]));
  EXPECT_TRUE(is_infinity(add(big, big), 1));
  EXPECT_TRUE(is_infinity(sub(neg(huge), big), -1));
  EXPECT_TRUE(is_infinity(mul(huge, this->value(T(16))), 1));
  EXPECT_TRUE(is_infinity(mul(neg(huge), T(16)), -1));
  EXPECT_TRUE(is_infinity(add(huge, big[0]), 1));
  EXPECT_TRUE(is_infinity(div(huge, this->value(std::numeric_limits<T>::min())), 1));
  EXPECT_TRUE(is_infinity(div(this->value(T(1)), this->value(T(0))), 1));
  EXPECT_TRUE(is_infinity(ldexp(huge, 8), 1));
}

TYPED_TEST(special_values, zeros_keep_their_ieee_sign) {
  using E = TypeParam;
  using T = typename E::limb_type;
  const E pz = this->value(T(0)), nz = this->value(-T(0));
  EXPECT_TRUE(bit_identical(add(nz, nz), nz));
  EXPECT_TRUE(bit_identical(add(pz, nz), pz));
  EXPECT_TRUE(bit_identical(mul(nz, this->third()), nz));
  EXPECT_TRUE(bit_identical(mul(this->third(), -T(0)), nz));
  EXPECT_TRUE(bit_identical(div(nz, this->third()), nz));
  EXPECT_TRUE(bit_identical(sqrt(nz), nz));
  EXPECT_TRUE(bit_identical(sub(this->third(), this->third()), pz));
}

// Representations are not unique (expansion.hpp): with |x1| in [ulp(x0) / 2,
// ulp(x0)], moving one ulp between the two leading limbs gives the same value.
// Their difference is exactly zero in both orders; the leading limbs alone
// would say +-ulp(x0).
TYPED_TEST(special_values, equal_values_with_different_limbs_cancel_to_zero) {
  using E = TypeParam;
  using T = typename E::limb_type;
  constexpr int p = std::numeric_limits<T>::digits;
  std::mt19937_64 rng(4);
  std::uniform_real_distribution<T> unit(T(1), T(2));
  std::uniform_real_distribution<T> fraction(T(0.5), T(1));
  for (int trial = 0; trial < 1000; ++trial) {
    const T sign = trial % 2 ? T(1) : T(-1);
    E x;
    x[0] = unit(rng) * (trial % 3 ? T(1) : T(-1));
    const T ulp = std::ldexp(T(1), std::ilogb(x[0]) - (p - 1));
    x[1] = sign * ulp * fraction(rng);  // in [ulp / 2, ulp): exact, 24 bits
    for (int i = 2; i < E::limbs; ++i)
      x[i] = std::ldexp(unit(rng), std::ilogb(x[i - 1]) - p - 1);
    E y = x;
    y[0] = x[0] + sign * ulp;  // exact: ulp is x0's last bit
    y[1] = x[1] - sign * ulp;  // exact by Sterbenz: |x1| >= ulp / 2
    ASSERT_NE(x[0], y[0]);
    const E zero = this->value(T(0));
    EXPECT_TRUE(bit_identical(sub(x, y), zero)) << "trial " << trial << ": " << sub(x, y)[0];
    EXPECT_TRUE(bit_identical(sub(y, x), zero)) << "trial " << trial << ": " << sub(y, x)[0];
  }
}

// The case found by the FFT accuracy tests: quad_word::add returns limb 1 a
// little above ulp / 2, so add(a, b) and y differ limb by limb but not in value.
TEST(special_values_qf128, sum_equal_to_a_differently_split_value_cancels_to_zero) {
  const qf128 a = {0x1.87d81cp-1f, -0x1.79a594p-27f, -0x1.aaceaep-52f, -0x1.f574a4p-77f};
  const qf128 b = {0x1.e0a01ap-3f, 0x1.ef1b94p-30f, 0x1.475112p-58f, -0x1.be963p-83f};
  const qf128 y = {0x1.000012p+0f, -0x1.cef088p-25f, -0x1.296c5ap-50f, -0x1.5b1bcp-75f};
  const qf128 x = add(a, b);
  ASSERT_NE(x[0], y[0]);
  EXPECT_TRUE(bit_identical(sub(x, y), qf128{0.0f, 0.0f, 0.0f, 0.0f})) << sub(x, y)[0];
}

TYPED_TEST(special_values, conversion_out_of_range_gives_infinity) {
  using E = TypeParam;
  using T = typename E::limb_type;
  if constexpr (std::is_same_v<T, float>) {
    EXPECT_TRUE(is_infinity(from_double<E>(1e39), 1));
    EXPECT_TRUE(is_infinity(from_double<E>(-1e39), -1));
  }
  EXPECT_TRUE(is_infinity(from_double<E>(HUGE_VAL), 1));
  EXPECT_TRUE(std::isnan(from_double<E>(std::nan(""))[0]));
  EXPECT_EQ(to_double(this->inf()), HUGE_VAL);
  EXPECT_EQ(to_double(neg(this->inf())), -HUGE_VAL);
}

TYPED_TEST(special_values, comparisons_order_infinities_and_reject_nan) {
  using E = TypeParam;
  const E x = this->third();
  EXPECT_TRUE(x < this->inf());
  EXPECT_TRUE(neg(this->inf()) < x);
  EXPECT_FALSE(this->nan() == this->nan());
  EXPECT_FALSE(this->nan() < x);
  EXPECT_FALSE(x < this->nan());
  EXPECT_FALSE(x >= this->nan());
}

}  // namespace
}  // namespace ffft
