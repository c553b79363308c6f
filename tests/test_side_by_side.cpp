// The four-limb operations run side by side (quad_word::add_each and
// mul_each, and the host's complex operations built on them, unchecked.hpp)
// give each instance the bits of the single operation: they are the same
// operations in another order, and the CPU paths and the GPU must agree.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "ffft/fft/butterflies.hpp"
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
    qf128 a[4], b[4], r[4];
    for (int q = 0; q < 4; ++q) a[q] = random_qf128(rng, exponent(rng)), b[q] = random_qf128(rng, exponent(rng));
    ffft::quad_word::mul_each<float, 4>(a, b, r);
    for (int q = 0; q < 4; ++q)
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

// The pairs that the DFTs and the twiddle products hand over together
// (butterflies.hpp) against the two operations one after the other: each
// result has its own operation's bits. Among the operands, values with a
// limb of the other's magnitude and the opposite sign (the ties that the
// merge of an addition keeps in operand order) and near cancellations.
TEST(side_by_side, pairs_of_complex_operations_give_each_operation_bits) {
  using U = ffft::fft::unchecked<qf128>;
  using C = ffft::complex<U>;
  using ffft::fft::unchecked_of;
  using ffft::fft::value_of;
  std::mt19937_64 rng(14);
  std::uniform_int_distribution<int> exponent(-20, 20);
  std::uniform_int_distribution<int> kind(0, 3);
  const auto same = [](const C& x, const C& y) {
    return bit_identical(value_of(x.re), value_of(y.re)) && bit_identical(value_of(x.im), value_of(y.im));
  };
  const auto random_u = [&] { return unchecked_of(random_qf128(rng, exponent(rng))); };
  // y related to x as `kind` says: unrelated, minus x, minus x plus a
  // little, or x with its second limb's sign flipped.
  const auto partner = [&](U x) {
    switch (kind(rng)) {
      case 1: return neg(x);
      case 2: return unchecked_of(ffft::quad_word::add(value_of(neg(x)), random_qf128(rng, exponent(rng) - 60)));
      case 3: x.limb[1] = -x.limb[1]; return x;
      default: return random_u();
    }
  };
  for (int c = 0; c < cases; ++c) {
    const C x0{random_u(), random_u()}, x1{random_u(), random_u()};
    const C y0{partner(x0.re), partner(x0.im)}, y1{partner(x1.re), partner(x1.im)};
    const U r0 = random_u(), r1 = random_u();

    C s = x0, d = y0;
    sum_and_difference(s, d);
    ASSERT_TRUE(same(s, add(x0, y0)) && same(d, sub(x0, y0))) << "case " << c;

    C a0 = x0, a1 = x1;
    add_both(a0, y0, a1, y1);
    ASSERT_TRUE(same(a0, add(x0, y0)) && same(a1, add(x1, y1))) << "case " << c;

    C m0 = x0, m1 = x1;
    mul_both(m0, y0, m1, y1);
    ASSERT_TRUE(same(m0, mul(x0, y0)) && same(m1, mul(x1, y1))) << "case " << c;

    C t0 = x0, t1 = x1;
    mul_real_both(t0, r0, t1, r1);
    ASSERT_TRUE(same(t0, C{mul(x0.re, r0), mul(x0.im, r0)}) && same(t1, C{mul(x1.re, r1), mul(x1.im, r1)}))
        << "case " << c;
  }
}

}  // namespace
