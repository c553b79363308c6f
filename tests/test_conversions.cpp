// Conversions to and from float, double, long double, __float128 and MPFR,
// decimal printing that round-trips, exact scaling and comparisons.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <random>

#include "tools/accuracy/operand_classes.hpp"
#include "ffft/conversions.hpp"
#include "ffft/host/mpfr.hpp"
#include "ffft/host/string.hpp"
#include "ffft/host/wide_float.hpp"
#include "formats.hpp"

namespace ffft {
namespace {

using accuracy::operand_class;
using ffft::testing::bit_identical;

template <class E>
class conversions : public ::testing::Test {
 protected:
  accuracy::operand_generator<E> generator{1234};
  E random_value() {
    return generator.operands(operand_class::mixed_exponents, elementwise_op::add).first;
  }
};
TYPED_TEST_SUITE(conversions, ffft::testing::all_formats, ffft::testing::format_names);

TYPED_TEST(conversions, doubles_convert_exactly_where_the_format_holds_53_bits) {
  using E = TypeParam;
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> d(-1e6, 1e6);
  for (int i = 0; i < 10000; ++i) {
    const double x = d(rng);
    const E e = from_double<E>(x);
    if constexpr (!std::is_same_v<E, df64>) {
      EXPECT_EQ(to_double(e), x);  // qf128, dd128 and qd256 hold any double
    }
    // df64 holds 48 bits: the nearest df64 is within 2^-48 relative.
    EXPECT_LE(std::fabs(to_double(e) - x), std::ldexp(std::fabs(x), -47));
    EXPECT_EQ(to_float(e), static_cast<float>(x));
  }
}

// to_float rounds once: MPFR's rounding of the exact value to float, on
// random values and on values just off a float midpoint (where rounding
// first to double and then to float would land on the tie and go to even).
TYPED_TEST(conversions, to_float_rounds_once) {
  using E = TypeParam;
  using T = typename E::limb_type;
  host::mpfr_value v(host::exact_precision<E>());
  const auto expect_rounded_once = [&](const E& x) {
    ASSERT_EQ(host::to_mpfr(v, x), 0);
    const float want = mpfr_get_flt(v, MPFR_RNDN);
    const float got = to_float(x);
    ASSERT_TRUE(got == want || (std::isnan(got) && std::isnan(want)))
        << host::to_string(x) << ": " << got << " for " << want;
    if (want == 0) {
      ASSERT_EQ(std::signbit(got), std::signbit(want)) << host::to_string(x);
    }
  };
  for (int i = 0; i < 20000; ++i) expect_rounded_once(this->random_value());
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> significand(1.0f, 2.0f);
  std::uniform_int_distribution<int> exponent(-140, 126);
  for (int i = 0; i < 4000; ++i) {
    const float f = std::ldexp(significand(rng), exponent(rng)) * (i % 2 ? -1.0f : 1.0f);
    const float up = std::nextafter(f, f > 0 ? HUGE_VALF : -HUGE_VALF);
    const double midpoint = (static_cast<double>(f) + static_cast<double>(up)) / 2;
    const double off = std::ldexp(std::fabs(midpoint), -70) * (i % 4 < 2 ? 1 : -1);
    E x{};
    if constexpr (std::is_same_v<T, double>) {
      x[0] = midpoint;
      x[1] = off;
    } else if constexpr (E::limbs == 4) {  // qf128: the midpoint takes two floats
      x[0] = static_cast<float>(midpoint);
      x[1] = static_cast<float>(midpoint - static_cast<double>(x[0]));
      x[2] = static_cast<float>(off);
    } else {  // df64 holds the midpoint exactly, and no tail below it
      x[0] = static_cast<float>(midpoint);
      x[1] = static_cast<float>(midpoint - static_cast<double>(x[0]));
    }
    expect_rounded_once(x);
  }
  // Just inside the tie between FLT_MAX and 2^128 (limbs of double only).
  if constexpr (std::is_same_v<T, double>) {
    E x{};
    x[0] = 0x1.ffffffp127;
    x[1] = -1.0;
    expect_rounded_once(x);
    EXPECT_EQ(to_float(x), FLT_MAX);
  }
}

TYPED_TEST(conversions, mpfr_round_trip_is_exact) {
  using E = TypeParam;
  host::mpfr_value v(host::exact_precision<E>());
  for (int i = 0; i < 20000; ++i) {
    const E x = this->random_value();
    EXPECT_EQ(host::to_mpfr(v, x), 0) << "to_mpfr must be exact at exact_precision";
    ASSERT_TRUE(bit_identical(host::from_mpfr<E>(v), x)) << host::to_string(x);
  }
}

TYPED_TEST(conversions, from_mpfr_rounds_to_the_nearest_limbs) {
  using E = TypeParam;
  using T = typename E::limb_type;
  // 1/3 limb by limb: each limb is the nearest limb value of the remainder,
  // so the error is at most half an ulp of the last limb.
  host::mpfr_value third(1000), back(1000), err(1000);
  mpfr_set_ui(third, 1, MPFR_RNDN);
  mpfr_div_ui(third, third, 3, MPFR_RNDN);
  const E x = host::from_mpfr<E>(third);
  host::to_mpfr(back, x);
  mpfr_sub(err, back, third, MPFR_RNDN);
  const T last = x[E::limbs - 1];
  const double half_ulp_last = std::ldexp(1.0, std::ilogb(last) - std::numeric_limits<T>::digits);
  EXPECT_LE(std::fabs(mpfr_get_d(err, MPFR_RNDN)), half_ulp_last);
}

TYPED_TEST(conversions, wide_host_types_round_trip) {
  using E = TypeParam;
  host::mpfr_value exact(host::exact_precision<E>());
  for (int i = 0; i < 20000; ++i) {
    const E x = this->random_value();
    // df64 spans at most 49 bits: long double (64) and __float128 (113) hold
    // it exactly, and converting back gives the same limbs.
    const __float128 q = host::to_float128(x);
    const long double ld = host::to_long_double(x);
    if constexpr (std::is_same_v<E, df64>) {
      ASSERT_TRUE(bit_identical(host::from_float128<E>(q), x));
      ASSERT_TRUE(bit_identical(host::from_long_double<E>(ld), x));
    }
    // Otherwise the conversion is faithful: within one ulp of the exact value.
    host::to_mpfr(exact, x);
    const long double nearest = mpfr_get_ld(exact, MPFR_RNDN);
    ASSERT_LE(std::fabs(ld - nearest), std::ldexp(std::fabs(nearest), -63)) << host::to_string(x);
    const double back = static_cast<double>(host::from_float128<E>(q)[0]);
    ASSERT_LE(std::fabs(back - static_cast<double>(x[0])), std::ldexp(std::fabs(back), -52));
  }
}

TYPED_TEST(conversions, decimal_strings_round_trip) {
  using E = TypeParam;
  for (int i = 0; i < 5000; ++i) {
    const E x = this->random_value();
    const std::string s = host::to_string(x);
    ASSERT_TRUE(bit_identical(host::from_string<E>(s), x)) << s;
  }
  EXPECT_EQ(host::to_string(from_double<E>(0.5)), "0.5");
  EXPECT_EQ(host::to_string(from_double<E>(-3.0)), "-3");
  EXPECT_THROW(host::from_string<E>("0.5x"), std::invalid_argument);
}

TYPED_TEST(conversions, ldexp_is_exact_and_comparisons_are_consistent) {
  using E = TypeParam;
  for (int i = 0; i < 20000; ++i) {
    const E a = this->random_value(), b = this->random_value();
    ASSERT_TRUE(bit_identical(ldexp(ldexp(a, 7), -7), a));
    ASSERT_EQ(a < b, to_double(sub(a, b)) < 0);
    ASSERT_EQ(a == b, bit_identical(a, b));
    ASSERT_TRUE(a <= a && a >= a && !(a < a));
    ASSERT_NE(a < b, a >= b);
  }
  // Values equal in the leading limb are ordered by the lower ones.
  E one = from_double<E>(1.0), above = one;
  above[E::limbs - 1] = std::ldexp(typename E::limb_type(1), -80);
  EXPECT_TRUE(one < above);
  EXPECT_TRUE(above > one);
}

}  // namespace
}  // namespace ffft
