// The `table` twiddle mode: every w_n^k, k in [0, n), must be the nearest
// value of the format limb by limb (within half an ulp of its last limb of
// the exact value, against MPFR's cosu / sinu), checked exhaustively for
// 2^10, 2^16, 3 x 2^10, 5 x 7 x 11 x 13 and 10007; exact values must be exact.
#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>
#include <vector>

#include "tools/accuracy/twiddle_measure.hpp"
#include "ffft/conversions.hpp"
#include "ffft/host/twiddle_table.hpp"
#include "twiddle_formats.hpp"

namespace ffft {
namespace {

using ffft::testing::bit_identical;

template <class E>
class twiddle_table_test : public ::testing::Test {};
TYPED_TEST_SUITE(twiddle_table_test, ffft::testing::twiddle_formats, ffft::testing::format_names);

template <class E>
void expect_correctly_rounded(std::uint64_t n) {
  const host::twiddle_table<E> table(n);
  const accuracy::twiddle_error_stats stats = accuracy::measure_table<E>(table);
  EXPECT_EQ(stats.samples, static_cast<long>(n));
  EXPECT_LE(stats.max(), 1.0) << format_traits<E>::name << " n=" << n << ": w^" << stats.worst_k
                              << " is " << stats.max() << " half-ulps of its last limb away";
}

TYPED_TEST(twiddle_table_test, power_of_two_1024) { expect_correctly_rounded<TypeParam>(1024); }
TYPED_TEST(twiddle_table_test, power_of_two_65536) { expect_correctly_rounded<TypeParam>(65536); }
TYPED_TEST(twiddle_table_test, three_times_1024) { expect_correctly_rounded<TypeParam>(3 * 1024); }
TYPED_TEST(twiddle_table_test, odd_composite_5005) { expect_correctly_rounded<TypeParam>(5 * 7 * 11 * 13); }
TYPED_TEST(twiddle_table_test, prime_10007) { expect_correctly_rounded<TypeParam>(10007); }

// Values that are exact in any format come out exact: the quarter points
// 1, -i, -1, i; cos = sin at the eighths (both sqrt(1/2)); the twelfths,
// where one of cos and sin is +-1/2.
TYPED_TEST(twiddle_table_test, exact_values_are_exact) {
  using E = TypeParam;
  using T = typename E::limb_type;
  const std::uint64_t n = 24 * 7;  // divisible by 4, 8 and 12
  const host::twiddle_table<E> table(n);
  auto value = [](const E& x) { return to_double(x); };
  for (std::uint64_t quarter = 0; quarter < 4; ++quarter) {
    const complex<E> w = table(quarter * n / 4);
    const double re[] = {1, 0, -1, 0}, im[] = {0, -1, 0, 1};
    EXPECT_EQ(value(w.re), re[quarter]) << "w^(" << quarter << " n/4)";
    EXPECT_EQ(value(w.im), im[quarter]) << "w^(" << quarter << " n/4)";
    for (int i = 1; i < E::limbs; ++i) EXPECT_EQ(w.re[i], T(0)) << "lower limbs of an exact value";
  }
  for (std::uint64_t eighth = 1; eighth < 8; eighth += 2) {
    const complex<E> w = table(eighth * n / 8);
    for (int i = 0; i < E::limbs; ++i) EXPECT_EQ(std::fabs(w.re[i]), std::fabs(w.im[i]));
  }
  for (std::uint64_t twelfth = 1; twelfth < 12; ++twelfth) {
    if (twelfth % 3 == 0) continue;
    const complex<E> w = table(twelfth * n / 12);
    // Either cos or sin of 2 pi j / 12 is +-1/2, for j not a multiple of 3.
    const bool cos_half = twelfth % 6 == 2 || twelfth % 6 == 4;
    const E& half = cos_half ? w.re : w.im;
    EXPECT_EQ(std::fabs(value(half)), 0.5) << "w^(" << twelfth << " n/12)";
  }
}

TYPED_TEST(twiddle_table_test, threads_do_not_change_the_table) {
  using E = TypeParam;
  const std::uint64_t n = 3 * 65536;
  const host::twiddle_table<E> one(n, 1), several(n, 4);
  ASSERT_EQ(one.octant_entries().size(), several.octant_entries().size());
  for (std::size_t j = 0; j < one.octant_entries().size(); ++j) {
    ASSERT_TRUE(bit_identical(one.octant_entries()[j].re, several.octant_entries()[j].re)) << j;
    ASSERT_TRUE(bit_identical(one.octant_entries()[j].im, several.octant_entries()[j].im)) << j;
  }
}

// nearest_twiddles gives the table's bits at any index, without the table:
// every k of [0, n) for lengths with and without the pi/6 entry (n a
// multiple of 3) and the octant ends, scattered indices beyond n (reduced
// modulo n), on one thread and on several.
TYPED_TEST(twiddle_table_test, nearest_twiddles_are_the_tables_values) {
  using E = TypeParam;
  for (std::uint64_t n : {std::uint64_t{1}, std::uint64_t{12}, std::uint64_t{24 * 7}, std::uint64_t{5005},
                          std::uint64_t{3 * 4096}}) {
    const host::twiddle_table<E> table(n);
    for (unsigned threads : {1u, 3u}) {
      std::vector<complex<E>> w(2 * n);
      const std::function<std::uint64_t(std::uint64_t)> index = [n](std::uint64_t j) {
        return j < n ? j : (j - n) * 7919 + 3 * n;  // then scattered, beyond n
      };
      host::nearest_twiddles<E>(n, w.size(), index, w.data(), threads);
      for (std::uint64_t j = 0; j < w.size(); ++j) {
        const complex<E> expected = table(index(j) % n);
        ASSERT_TRUE(bit_identical(w[j].re, expected.re) && bit_identical(w[j].im, expected.im))
            << format_traits<E>::name << " n=" << n << " k=" << index(j) << " threads=" << threads;
      }
    }
  }
  std::vector<complex<E>> one(1);
  EXPECT_THROW(host::nearest_twiddles<E>(0, 1, [](std::uint64_t j) { return j; }, one.data()),
               std::invalid_argument);
}

TEST(twiddle_table_lengths, are_validated) {
  EXPECT_THROW(host::twiddle_table<df64>(0), std::invalid_argument);
  EXPECT_THROW(host::twiddle_table<df64>(std::uint64_t(1) << 61), std::invalid_argument);
  const host::twiddle_table<df64> one(1);
  EXPECT_EQ(to_double(one(0).re), 1.0);
  EXPECT_EQ(to_double(one(5).re), 1.0);  // k reduced modulo n
}

}  // namespace
}  // namespace ffft
