// renormalize.hpp's branch-free renormalization against the algorithm
// written plainly: the same TwoSums, with a branch and an output index where
// the library has selects and a shift register. Every limb must hold the
// same bits, signed zeros included (a NaN need only be a NaN), since the CPU
// paths and the GPU run the selects and must agree with each other and with
// this reference.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "ffft/renormalize.hpp"

namespace ffft {
namespace {

// CAMPARY's renormalization with TwoSum steps, as renormalize.hpp describes
// it: a bottom-up VecSum, then a top-down pass that writes the carry to the
// next free output wherever a TwoSum leaves a nonzero error, until N - 1
// outputs are written. `emitted`, if given, receives the count of outputs
// written before the carry.
template <class T, int N, int M>
expansion<T, N> renormalize_with_an_index(const T (&c)[M], int* emitted = nullptr) {
  T e[M] = {}, s = c[M - 1];
  for (int i = M - 2; i >= 0; --i) {
    const limb_pair<T> p = two_sum(c[i], s);
    s = p.hi;
    e[i + 1] = p.lo;
  }
  expansion<T, N> y{};
  int next = 0;
  T carry = s;
  for (int i = 1; i < M; ++i) {
    const limb_pair<T> p = two_sum(carry, e[i]);
    if (p.lo != T{} && next < N - 1) {
      y[next++] = p.hi;
      carry = p.lo;
    } else {
      carry = p.hi;
    }
  }
  y[next] = carry;
  if (emitted) *emitted = next;
  return y;
}

// Terms that exercise every path: decreasing magnitudes with random gaps
// (from overlapping to far apart, so anywhere from no limb to N - 1 limbs
// come out before the carry), exact zeros of either sign, a term that
// cancels the one before it, subnormals, and now and then an infinity or a
// NaN.
template <class T, int M>
void random_terms(std::mt19937_64& rng, T (&c)[M]) {
  std::uniform_real_distribution<T> mantissa(1, 2);
  std::uniform_int_distribution<int> gap(0, std::numeric_limits<T>::digits + 4);
  std::uniform_int_distribution<int> kind(0, 99);
  std::bernoulli_distribution negative(0.5);
  int exponent = std::uniform_int_distribution<int>(-20, 20)(rng);
  if (kind(rng) < 5) exponent = std::numeric_limits<T>::min_exponent + 10;  // down into the subnormals
  for (int i = 0; i < M; ++i) {
    exponent -= gap(rng);
    const int k = kind(rng);
    T term = std::ldexp(mantissa(rng), exponent);
    if (k < 12) term = T{};
    else if (k < 20 && i > 0) term = -c[i - 1];
    else if (k == 20) term = std::numeric_limits<T>::infinity();
    else if (k == 21) term = std::numeric_limits<T>::quiet_NaN();
    c[i] = negative(rng) ? -term : term;
  }
}

template <class T, int N, int M>
void expect_same_limbs_as_the_plain_algorithm(unsigned seed) {
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < 20000; ++trial) {
    T c[M];
    random_terms(rng, c);
    const expansion<T, N> got = detail::renormalize<T, N>(c);
    const expansion<T, N> want = renormalize_with_an_index<T, N>(c);
    for (int k = 0; k < N; ++k) {
      // A NaN's sign and payload are those of whichever operand the
      // compiler put first in an addition (x86 returns the first NaN), and
      // compilers may commute additions: only being a NaN is the result.
      if (std::isnan(want[k])) {
        ASSERT_TRUE(std::isnan(got[k])) << "trial " << trial << ", limb " << k << ": " << got[k];
        continue;
      }
      ASSERT_EQ(std::memcmp(&got[k], &want[k], sizeof(T)), 0)
          << "trial " << trial << ", limb " << k << ": " << got[k] << " against " << want[k];
    }
  }
}

// The shapes the library renormalizes: four-limb sums (8 terms), products
// (5), limb additions (5) and twiddle factors, and two-limb ones.
TEST(renormalize, four_limbs_from_eight_terms) { expect_same_limbs_as_the_plain_algorithm<float, 4, 8>(1); }
TEST(renormalize, four_limbs_from_five_terms) { expect_same_limbs_as_the_plain_algorithm<float, 4, 5>(2); }
TEST(renormalize, four_double_limbs_from_eight_terms) { expect_same_limbs_as_the_plain_algorithm<double, 4, 8>(3); }
TEST(renormalize, two_limbs_from_three_terms) { expect_same_limbs_as_the_plain_algorithm<double, 2, 3>(4); }
TEST(renormalize, two_limbs_from_six_terms) { expect_same_limbs_as_the_plain_algorithm<float, 2, 6>(5); }

// Each count of limbs emitted before the carry, 0 to N - 1, comes up (the
// comparison above means little if the random terms always take one path).
TEST(renormalize, the_random_terms_emit_every_count_of_limbs) {
  std::mt19937_64 rng(1);
  int seen[4] = {};
  for (int trial = 0; trial < 20000; ++trial) {
    float c[8];
    random_terms(rng, c);
    int emitted = 0;
    renormalize_with_an_index<float, 4>(c, &emitted);
    ++seen[emitted];
  }
  for (int count = 0; count < 4; ++count) EXPECT_GT(seen[count], 100) << count << " limbs before the carry";
}

}  // namespace
}  // namespace ffft
