// Complex arithmetic against MPFR: add and sub componentwise within the real
// bound, mul normwise within sqrt(2) e_mul + e_add (plus second order), and
// the exact operations (conjugate, times +-i, times 2^e) exact.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "tools/accuracy/operand_classes.hpp"
#include "tools/accuracy/proven_bounds.hpp"
#include "ffft/complex.hpp"
#include "ffft/conversions.hpp"
#include "ffft/host/mpfr.hpp"
#include "formats.hpp"

namespace ffft {
namespace {

using accuracy::operand_class;
using accuracy::operand_generator;
using ffft::testing::bit_identical;
using host::mpfr_value;

template <class E>
class complex_arithmetic : public ::testing::Test {
 protected:
  static constexpr long samples = 100000;
  operand_generator<E> generator{99};
  complex<E> random_complex() {
    auto [re, im] = generator.operands(operand_class::mixed_exponents, elementwise_op::mul);
    return {re, im};
  }
  static double unit() { return accuracy::last_bit_unit<E>(); }
  static double bound(elementwise_op op) { return accuracy::proven_bound_units<E>(op); }
};
TYPED_TEST_SUITE(complex_arithmetic, ffft::testing::all_formats, ffft::testing::format_names);

constexpr mpfr_prec_t prec = 600;

template <class E>
void set(mpfr_value& r, const E& x) {
  mpfr_value exact(host::exact_precision<E>());
  host::to_mpfr(exact, x);
  mpfr_set(r, exact, MPFR_RNDN);
}

TYPED_TEST(complex_arithmetic, add_and_sub_are_componentwise_within_the_real_bound) {
  using E = TypeParam;
  mpfr_value x(prec), y(prec), got(prec), err(prec);
  const double bound = this->bound(elementwise_op::add) * this->unit();
  for (long i = 0; i < this->samples; ++i) {
    const complex<E> a = this->random_complex(), b = this->random_complex();
    const complex<E> sums[2] = {add(a, b), sub(a, b)};
    for (int k = 0; k < 2; ++k) {
      for (int part = 0; part < 2; ++part) {
        set(x, part ? a.im : a.re);
        set(y, part ? b.im : b.re);
        (k == 0 ? mpfr_add : mpfr_sub)(x, x, y, MPFR_RNDN);
        set(got, part ? sums[k].im : sums[k].re);
        mpfr_sub(err, got, x, MPFR_RNDN);
        ASSERT_LE(std::fabs(mpfr_get_d(err, MPFR_RNDU)), bound * std::fabs(mpfr_get_d(x, MPFR_RNDN)));
      }
    }
  }
}

TYPED_TEST(complex_arithmetic, mul_is_normwise_within_its_bound) {
  using E = TypeParam;
  mpfr_value ar(prec), ai(prec), br(prec), bi(prec), t(prec), re(prec), im(prec), got(prec);
  const double e_mul = this->bound(elementwise_op::mul) * this->unit();
  const double e_add = this->bound(elementwise_op::add) * this->unit();
  // |error| <= (sqrt(2) e_mul + e_add + 2 e_mul e_add) |a| |b|.
  const double bound = std::sqrt(2.0) * e_mul + e_add + 2 * e_mul * e_add;
  double worst = 0;
  for (long i = 0; i < this->samples; ++i) {
    const complex<E> a = this->random_complex(), b = this->random_complex();
    const complex<E> c = mul(a, b);
    set(ar, a.re), set(ai, a.im), set(br, b.re), set(bi, b.im);
    mpfr_mul(re, ar, br, MPFR_RNDN), mpfr_mul(t, ai, bi, MPFR_RNDN), mpfr_sub(re, re, t, MPFR_RNDN);
    mpfr_mul(im, ar, bi, MPFR_RNDN), mpfr_mul(t, ai, br, MPFR_RNDN), mpfr_add(im, im, t, MPFR_RNDN);
    set(got, c.re), mpfr_sub(re, got, re, MPFR_RNDN);
    set(got, c.im), mpfr_sub(im, got, im, MPFR_RNDN);
    const double error = std::hypot(mpfr_get_d(re, MPFR_RNDN), mpfr_get_d(im, MPFR_RNDN));
    const double scale = std::hypot(to_double(a.re), to_double(a.im)) *
                         std::hypot(to_double(b.re), to_double(b.im));
    worst = std::max(worst, error / scale);
    ASSERT_LE(error, bound * scale * (1 + 1e-6)) << "sample " << i;
  }
  this->RecordProperty("max normwise error (units)", std::to_string(worst / this->unit()));
}

TYPED_TEST(complex_arithmetic, conjugate_and_rotations_by_i_are_exact) {
  using E = TypeParam;
  for (int i = 0; i < 1000; ++i) {
    const complex<E> a = this->random_complex();
    const complex<E> c = conj(a), p = mul_i(a), m = mul_neg_i(a);
    EXPECT_TRUE(bit_identical(c.re, a.re) && bit_identical(c.im, neg(a.im)));
    EXPECT_TRUE(bit_identical(p.re, neg(a.im)) && bit_identical(p.im, a.re));
    EXPECT_TRUE(bit_identical(m.re, a.im) && bit_identical(m.im, neg(a.re)));
    const complex<E> back = ldexp(ldexp(a, 5), -5);
    EXPECT_TRUE(bit_identical(back.re, a.re) && bit_identical(back.im, a.im));
    EXPECT_EQ(to_double(ldexp(a, 3).re), 8 * to_double(a.re));
  }
}

TEST(complex_layout, is_interleaved_real_limbs_then_imaginary_limbs) {
  complex<qf128> z{{{1.0f, 2.0f, 3.0f, 4.0f}}, {{5.0f, 6.0f, 7.0f, 8.0f}}};
  const float* raw = reinterpret_cast<const float*>(&z);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(raw[i], float(i + 1));
  static_assert(sizeof(complex<dd128>) == 4 * sizeof(double));
}

}  // namespace
}  // namespace ffft
