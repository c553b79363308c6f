// The four-limb operations run side by side (quad_word::add_each and
// mul_each, and the host's complex operations built on them, unchecked.hpp)
// give each instance the bits of the single operation: they are the same
// operations in another order, and the CPU paths and the GPU must agree.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "ffft/fft/unchecked.hpp"
#include "ffft/quad_word.hpp"
#include "formats.hpp"

namespace {

using ffft::qf128;
using ffft::testing::bit_identical;

// A normalized qf128 of random sign and magnitude near 2^exponent: four random
// limbs about 24 bits apart, renormalized (an addition of zero).
qf128 random_qf128(std::mt19937_64& rng, int exponent) {
  std::uniform_real_distribution<float> mantissa(1.0f, 2.0f);
  std::bernoulli_distribution negative(0.5);
  qf128 v{};
  for (int i = 0; i < 4; ++i)
    v[i] = std::ldexp(negative(rng) ? -mantissa(rng) : mantissa(rng), exponent - 24 * i - (i > 0 ? 1 : 0));
  return ffft::quad_word::add(v, qf128{});
}

constexpr int cases = 2000;

TEST(side_by_side, add_each_gives_each_sum_the_bits_of_add) {
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<int> exponent(-30, 30);
  for (int c = 0; c < cases; ++c) {
    qf128 a[3], b[3], r[3];
    for (int q = 0; q < 3; ++q) a[q] = random_qf128(rng, exponent(rng)), b[q] = random_qf128(rng, exponent(rng));
    // Near cancellation too: b = -a plus a little.
    b[2] = ffft::quad_word::add(ffft::quad_word::negate(a[2]), random_qf128(rng, exponent(rng) - 60));
    ffft::quad_word::add_each<float, 3>(a, b, r);
    for (int q = 0; q < 3; ++q)
      ASSERT_TRUE(bit_identical(r[q], ffft::quad_word::add(a[q], b[q]))) << "case " << c << ", instance " << q;
  }
}

TEST(side_by_side, mul_each_gives_each_product_the_bits_of_mul) {
  std::mt19937_64 rng(12);
  std::uniform_int_distribution<int> exponent(-30, 30);
  for (int c = 0; c < cases; ++c) {
    qf128 a[2], b[2], r[2];
    for (int q = 0; q < 2; ++q) a[q] = random_qf128(rng, exponent(rng)), b[q] = random_qf128(rng, exponent(rng));
    ffft::quad_word::mul_each<float, 2>(a, b, r);
    for (int q = 0; q < 2; ++q)
      ASSERT_TRUE(bit_identical(r[q], ffft::quad_word::mul(a[q], b[q]))) << "case " << c << ", instance " << q;
  }
}

// The host's complex operations on unchecked qf128 against complex.hpp's
// formulas written out with the real unchecked operations.
TEST(side_by_side, complex_operations_give_complex_hpp_bits) {
  using U = ffft::fft::unchecked<qf128>;
  using ffft::fft::unchecked_of;
  using ffft::fft::value_of;
  std::mt19937_64 rng(13);
  std::uniform_int_distribution<int> exponent(-20, 20);
  const auto same = [](const ffft::complex<U>& x, U re, U im) {
    return bit_identical(value_of(x.re), value_of(re)) && bit_identical(value_of(x.im), value_of(im));
  };
  for (int c = 0; c < cases; ++c) {
    const ffft::complex<U> x{unchecked_of(random_qf128(rng, exponent(rng))), unchecked_of(random_qf128(rng, exponent(rng)))};
    const ffft::complex<U> y{unchecked_of(random_qf128(rng, exponent(rng))), unchecked_of(random_qf128(rng, exponent(rng)))};
    ASSERT_TRUE(same(add(x, y), add(x.re, y.re), add(x.im, y.im))) << "case " << c;
    ASSERT_TRUE(same(sub(x, y), sub(x.re, y.re), sub(x.im, y.im))) << "case " << c;
    ASSERT_TRUE(same(mul(x, y), sub(mul(x.re, y.re), mul(x.im, y.im)), add(mul(x.re, y.im), mul(x.im, y.re))))
        << "case " << c;
  }
}

}  // namespace
