// The `computed` twiddle mode, sincos_2pi: the absolute error of cos and of
// sin of 2 pi k / n against MPFR must be at most 2 units of 2^-precision
// for df64 and dd128 and 4 for qf128, checked exhaustively over k for the
// lengths 2^12, 2^20, 3 x 2^12 and 10007, and on a million random (k, n), n <= 2^30.
#include <gtest/gtest.h>

#include "src/fft/tables.hpp"
#include "tools/accuracy/twiddle_measure.hpp"
#include "ffft/conversions.hpp"
#include "ffft/twiddle/factor_tables.hpp"
#include "ffft/twiddle/sources.hpp"
#include "twiddle_formats.hpp"

namespace ffft {
namespace {

using ffft::testing::bit_identical;

// The tests below evaluate computed_twiddles<E>{n}(k) through the
// out-of-line computed_twiddle (sources.hpp): the same bits, and one copy
// of the sincos per format in this file. Inlined at each use, the qf128
// sincos made it the slowest file of the build to compile (255 s on 2 cores).

template <class E>
class computed_twiddles_test : public ::testing::Test {};
TYPED_TEST_SUITE(computed_twiddles_test, ffft::testing::twiddle_formats,
                 ffft::testing::format_names);

// One format's errors over a set, within its bound.
template <class E>
void expect_stats_within_bound(const accuracy::twiddle_point_set& set,
                               const accuracy::twiddle_error_stats& stats) {
  const double bound = accuracy::computed_twiddle_bound_units<E>();
  EXPECT_LE(stats.max_cos, bound) << format_traits<E>::name << ", " << set.name << ": worst at k="
                                  << stats.worst_k << " n=" << stats.worst_n;
  EXPECT_LE(stats.max_sin, bound) << format_traits<E>::name << ", " << set.name << ": worst at k="
                                  << stats.worst_k << " n=" << stats.worst_n;
  EXPECT_GT(stats.samples, 0);
}

// Runs the named set of computed_twiddle_sets<E>().
template <class E>
void expect_within_bound(const std::string& set_name) {
  for (const accuracy::twiddle_point_set& set : accuracy::computed_twiddle_sets<E>()) {
    if (set.name != set_name) continue;
    expect_stats_within_bound<E>(set, accuracy::measure_computed_twiddles<E>(set));
    return;
  }
  FAIL() << "no set '" << set_name << "' for " << format_traits<E>::name;
}

TYPED_TEST(computed_twiddles_test, all_k_of_4096) { expect_within_bound<TypeParam>("n = 2^12, all k"); }
TYPED_TEST(computed_twiddles_test, all_k_of_3_times_4096) {
  expect_within_bound<TypeParam>("n = 3 x 2^12, all k");
}
TYPED_TEST(computed_twiddles_test, all_k_of_prime_10007) {
  expect_within_bound<TypeParam>("n = 10007 (prime), all k");
}

// Every format in one pass over the pairs, which evaluates their MPFR
// reference once (measure_computed_twiddles_each).
template <class... E>
void expect_each_within_bound(::testing::Types<E...>, const accuracy::twiddle_point_set& set) {
  const auto stats = accuracy::measure_computed_twiddles_each<E...>(set);
  const accuracy::twiddle_error_stats* format_stats = stats.data();
  (expect_stats_within_bound<E>(set, *format_stats++), ...);
}

TEST(computed_twiddles_every_format, million_random_pairs) {
  expect_each_within_bound(ffft::testing::twiddle_formats{}, accuracy::random_twiddle_pairs());
}

// The most k: df64 only, whose evaluation is the cheapest.
TEST(computed_twiddles_df64, all_k_of_2_pow_20) { expect_within_bound<df64>("n = 2^20, all k"); }

// The computed mode's twiddles as plans use them: products of two base
// values (twiddle/factored.hpp), within the proven bound of
// factored_twiddle_bound_units, over every k of a power of two and of a
// length with all four radices' primes.
TYPED_TEST(computed_twiddles_test, factored_products_are_within_their_bound) {
  using E = TypeParam;
  for (std::uint64_t n : {std::uint64_t{4096}, std::uint64_t{6720}}) {
    const fft::stockham_tables<E> t = fft::make_stockham_tables<E>(n, twiddle_mode::computed, 0);
    const twiddle::factor_tables_shape shape = twiddle::factor_tables_shape::of(n);
    ASSERT_EQ(t.factors.size(), shape.size());
    ASSERT_GE(shape.fine_size * shape.coarse_size, n);
    const accuracy::twiddle_error_stats stats = accuracy::measure_factored<E>(n, shape.over(t.factors.data()));
    EXPECT_EQ(stats.samples, static_cast<long>(n));
    EXPECT_LE(stats.max(), accuracy::factored_twiddle_bound_units<E>())
        << format_traits<E>::name << ", n " << n << ": worst at k=" << stats.worst_k;
  }
}

// The factor tables, wherever they are made (the host here, a device in
// kernels/factor_tables.cu, tested bit for bit in test_device_twiddles),
// are sincos_2pi at their exponents: coarse w^(M q), then fine w^r.
TYPED_TEST(computed_twiddles_test, factor_tables_are_sincos_at_their_exponents) {
  using E = TypeParam;
  for (std::uint64_t n : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{6720}, std::uint64_t{1} << 17}) {
    const twiddle::factor_tables_shape shape = twiddle::factor_tables_shape::of(n);
    const std::vector<complex<E>> entries = fft::factor_tables<E>(n, 0);
    ASSERT_EQ(entries.size(), shape.size());
    const std::uint64_t m = std::uint64_t{1} << shape.fine_log2;
    ASSERT_EQ(shape.fine_size, m);
    ASSERT_GE(m * m, n);
    ASSERT_GE(shape.coarse_size * m, n);
    ASSERT_LT((shape.coarse_size - 1) * m, n);
    const auto w = [n](std::uint64_t k) { return computed_twiddle<E>(n, k); };
    for (std::uint64_t q = 0; q < shape.coarse_size; ++q) {
      ASSERT_TRUE(bit_identical(entries[q].re, w(q * m).re)) << "n " << n << ", coarse " << q;
      ASSERT_TRUE(bit_identical(entries[q].im, w(q * m).im)) << "n " << n << ", coarse " << q;
    }
    for (std::uint64_t r = 0; r < m; ++r) {
      ASSERT_TRUE(bit_identical(entries[shape.coarse_size + r].re, w(r).re)) << "n " << n << ", fine " << r;
      ASSERT_TRUE(bit_identical(entries[shape.coarse_size + r].im, w(r).im)) << "n " << n << ", fine " << r;
    }
  }
}

// Direct mode: the CPU's pass arrays hold sincos_2pi at each entry's
// exponent, which the GPU's butterflies evaluate in place.
TYPED_TEST(computed_twiddles_test, direct_mode_arrays_are_sincos_of_each_twiddle) {
  using E = TypeParam;
  const std::uint64_t n = 6720;
  const fft::stockham_tables<E> t = fft::make_stockham_tables<E>(n, twiddle_mode::direct, 0);
  EXPECT_TRUE(t.factors.empty());
  const auto w = [n](std::uint64_t k) { return computed_twiddle<E>(n, k); };
  for (std::size_t j = 0; j < t.passes.size(); ++j) {
    const fft::pass_shape& p = t.passes[j];
    for (std::uint64_t e = 0; e < static_cast<std::uint64_t>(p.radix - 1) * p.m; ++e) {
      const complex<E> got = t.twiddles[t.offsets[j] + e];
      const complex<E> want = w((e % p.m) * (e / p.m + 1) * p.l);
      ASSERT_TRUE(bit_identical(got.re, want.re) && bit_identical(got.im, want.im)) << "pass " << j << ", entry " << e;
    }
  }
}

// A device reads no host arrays in computed and direct modes: the host
// makes only the passes and their layout, no sincos at all.
TYPED_TEST(computed_twiddles_test, device_tables_hold_only_the_passes) {
  using E = TypeParam;
  for (twiddle_mode mode : {twiddle_mode::computed, twiddle_mode::direct}) {
    const fft::stockham_tables<E> cpu = fft::make_stockham_tables<E>(6720, mode, 0);
    const fft::stockham_tables<E> device =
        fft::make_stockham_tables<E>(6720, mode, 0, fft::table_reader::device);
    EXPECT_EQ(device.mode, mode);
    EXPECT_TRUE(device.twiddles.empty());
    EXPECT_TRUE(device.factors.empty());
    EXPECT_EQ(device.offsets, cpu.offsets);
    EXPECT_EQ(device.passes.size(), cpu.passes.size());
  }
  const fft::stockham_tables<E> table = fft::make_stockham_tables<E>(6720, twiddle_mode::table, 0,
                                                                     fft::table_reader::device);
  EXPECT_FALSE(table.twiddles.empty());
}

// The closed-form points are exact, as in the table: 1 at k = 0, the
// quarter points, cos = sin at the eighths, 1/2 at the twelfths.
TYPED_TEST(computed_twiddles_test, exact_values_are_exact) {
  using E = TypeParam;
  const std::uint64_t n = 24 * 1000;
  const auto w = [n](std::uint64_t k) { return computed_twiddle<E>(n, k); };
  EXPECT_EQ(to_double(w(0).re), 1.0);
  EXPECT_EQ(to_double(w(0).im), 0.0);
  EXPECT_EQ(to_double(w(n / 4).re), 0.0);
  EXPECT_EQ(to_double(w(n / 4).im), -1.0);
  EXPECT_EQ(to_double(w(n / 2).re), -1.0);
  EXPECT_EQ(to_double(w(3 * n / 4).im), 1.0);
  for (std::uint64_t eighth = 1; eighth < 8; eighth += 2) {
    const complex<E> v = w(eighth * n / 8);
    EXPECT_TRUE(bit_identical(abs(v.re), abs(v.im))) << "w^(" << eighth << " n/8)";
  }
  EXPECT_EQ(to_double(w(n / 12).im), -0.5);  // sin(pi/6)
  EXPECT_EQ(to_double(w(n / 6).re), 0.5);    // cos(pi/3)
}

// w^(n-k) = conj(w^k) holds bit for bit: both come from the same reduced
// angle, unfolded by exact swaps and negations.
TYPED_TEST(computed_twiddles_test, conjugate_symmetry_is_exact) {
  using E = TypeParam;
  const std::uint64_t n = 10007;
  const auto w = [n](std::uint64_t k) { return computed_twiddle<E>(n, k); };
  for (std::uint64_t k = 1; k < n; ++k) {
    const complex<E> a = w(k), b = w(n - k);
    ASSERT_TRUE(bit_identical(a.re, b.re)) << k;
    ASSERT_TRUE(bit_identical(a.im, neg(b.im))) << k;
  }
}

}  // namespace
}  // namespace ffft
