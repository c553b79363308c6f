// The butterfly arithmetic of twiddled_dft.hpp: run first without
// special-value handling, its finite results are final, and when an output
// is not finite (an infinite or NaN input, or a butterfly that overflows)
// the butterfly is the checked arithmetic's, every bit. The first run of
// df64 and dd128 butterflies of radix 2, 4 and 8 renormalizes per DFT
// output and per twiddle product (deferred.hpp), whose accuracy
// test_deferred_butterfly checks; of the others it is the unchecked
// arithmetic (unchecked.hpp), whose finite results must be the checked
// arithmetic's limb for limb, up to the signs of zero limbs. Every radix,
// both signs, every format; inputs with exact zeros, signed zeros and values
// that cancel exactly, which make zero intermediate results. Only the
// forward butterfly is compiled; the inverse one, the forward one between
// swaps of the real and imaginary parts, must give the directly computed
// inverse butterfly's results. A butterfly of a pass with m = 1 skips its
// twiddle products (every twiddle 1): what it gives must be the products by
// 1 up to the signs of zero limbs where finite, and the checked
// arithmetic's DFT alone where not. The CPU's lane vectors, which redo only
// the lanes that need it, must match the scalar butterfly bit for bit on
// the same special values, in both directions, with and without twiddle
// products.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <utility>

#include "ffft/conversions.hpp"
#include "ffft/fft/twiddled_dft.hpp"
#include "src/cpu/avx2_lane_arithmetic.hpp"
#include "twiddle_formats.hpp"

namespace {

using namespace ffft;

template <class E>
class TwiddledDft : public ::testing::Test {};
TYPED_TEST_SUITE(TwiddledDft, ffft::testing::twiddle_formats, ffft::testing::format_names);

// A finite value: often zero (either sign), a value the butterfly's other
// inputs cancel exactly, or a random one with a lower limb.
template <class E>
E finite_value(std::mt19937& g, E echo) {
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  switch (std::uniform_int_distribution<int>(0, 5)(g)) {
    case 0: return from_double<E>(0.0);
    case 1: return neg(from_double<E>(0.0));
    case 2: return echo;
    case 3: return neg(echo);
    default: return add(from_double<E>(uniform(g)), from_double<E>(uniform(g) * 1e-10));
  }
}

template <class E>
E special_value(std::mt19937& g) {
  using T = typename E::limb_type;
  const T specials[] = {std::numeric_limits<T>::infinity(), -std::numeric_limits<T>::infinity(),
                        std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::max(),
                        -std::numeric_limits<T>::max()};
  return from_limb<T, E::limbs>(specials[std::uniform_int_distribution<int>(0, 4)(g)]);
}

template <class E>
bool equal_up_to_zero_signs(const E& a, const E& b) {
  for (int l = 0; l < E::limbs; ++l)
    if (!(a[l] == b[l] || (a[l] == 0 && b[l] == 0))) return false;
  return true;
}

// The checked butterfly as reference: on the outlined arithmetic
// (outlined.hpp), whose operations are the checked ones called out of line,
// so the bits are twiddled_dft_checked's on E itself and the reference costs
// no inlined copy of each radix's arithmetic.
template <int R, int Sign, class E, class Inputs, class Twiddles>
void checked_reference(complex<E> (&y)[R], const Inputs& inputs, const Twiddles& twiddle, bool twiddled = true) {
  complex<fft::outlined<E>> x[R];
  fft::twiddled_dft_checked<R, Sign>(x, [&](int j) { return fft::outlined_of(inputs(j)); },
                                     [&](int a) { return fft::outlined_of(twiddle(a)); }, twiddled);
  for (int a = 0; a < R; ++a) y[a] = fft::value_of(x[a]);
}

template <int R, class E>
void check_radix(std::uint32_t seed) {
  std::mt19937 g(seed);
  int special_cases = 0;
  for (int trial = 0; trial < 400; ++trial) {
    complex<E> x[R], w[R - 1];
    const E echo = add(from_double<E>(0.5), from_double<E>(1e-12));
    for (int j = 0; j < R; ++j) x[j] = {finite_value<E>(g, echo), finite_value<E>(g, echo)};
    for (int a = 0; a + 1 < R; ++a) w[a] = {finite_value<E>(g, echo), finite_value<E>(g, echo)};
    const bool special = trial % 4 == 3;
    if (special) {
      const int j = std::uniform_int_distribution<int>(0, R - 1)(g);
      (trial % 8 == 3 ? x[j].re : x[j].im) = special_value<E>(g);
      ++special_cases;
    }
    const auto inputs = [&](int j) { return x[j]; };
    const auto twiddle = [&](int a) { return w[a - 1]; };
    complex<E> got[R], want[R];
    fft::twiddled_dft<R>(got, inputs, twiddle, true);
    checked_reference<R, -1>(want, inputs, twiddle);
    complex<fft::unchecked<E>> fast[R];
    const bool fast_is_final = fft::twiddled_dft_unchecked<R, -1>(fast, inputs, twiddle, true);
    EXPECT_TRUE(fast_is_final || special) << "radix " << R << ", trial " << trial;
    for (int a = 0; a < R; ++a) {
      SCOPED_TRACE(::testing::Message() << "radix " << R << ", trial " << trial
                                        << ", output " << a);
      if (!fast_is_final) {
        EXPECT_EQ(std::memcmp(&got[a], &want[a], sizeof want[a]), 0);
      } else if constexpr (fft::defers_renormalization<E, R>) {
        const complex<E> expected = fft::value_of(fast[a]);
        EXPECT_EQ(std::memcmp(&got[a], &expected, sizeof expected), 0);
      } else {
        EXPECT_TRUE(equal_up_to_zero_signs(got[a].re, want[a].re));
        EXPECT_TRUE(equal_up_to_zero_signs(got[a].im, want[a].im));
      }
    }
  }
  EXPECT_EQ(special_cases, 100);
}

// check.template operator()<R>() for every radix.
template <class Check>
void for_each_radix(const Check& check) {
  check.template operator()<2>();
  check.template operator()<3>();
  check.template operator()<4>();
  check.template operator()<5>();
  check.template operator()<7>();
  check.template operator()<8>();
}

TYPED_TEST(TwiddledDft, FiniteResultsAreFinalAndOthersTheCheckedOnes) {
  for_each_radix([]<int R>() { check_radix<R, TypeParam>(R); });
}

// Without twiddle products (a pass with m = 1, every twiddle 1): the
// twiddles are never asked for, finite outputs are those of the products
// by 1 (two limbs: up to the signs of zero limbs; four: within the
// product's rounding), and a butterfly with a non-finite value is the
// checked arithmetic's DFT alone, bit for bit.
template <int R, class E>
void check_unit_twiddles(std::uint32_t seed) {
  std::mt19937 g(seed);
  const complex<E> one{from_double<E>(1.0), from_double<E>(0.0)};
  int asked = 0;
  const auto not_asked = [&](int) {
    ++asked;
    return one;
  };
  const auto ones = [&](int) { return one; };
  for (int trial = 0; trial < 200; ++trial) {
    complex<E> x[R];
    const E echo = add(from_double<E>(0.5), from_double<E>(1e-12));
    for (int j = 0; j < R; ++j) x[j] = {finite_value<E>(g, echo), finite_value<E>(g, echo)};
    const bool special = trial % 4 == 3;
    if (special) x[std::uniform_int_distribution<int>(0, R - 1)(g)].re = special_value<E>(g);
    const auto inputs = [&](int j) { return x[j]; };
    complex<E> got[R], multiplied[R], checked[R];
    fft::twiddled_dft<R>(got, inputs, not_asked, false);
    fft::twiddled_dft<R>(multiplied, inputs, ones, true);
    checked_reference<R, -1>(checked, inputs, not_asked, false);
    bool finite = true;
    for (int a = 0; a < R; ++a)
      finite = finite && std::isfinite(to_double(multiplied[a].re)) && std::isfinite(to_double(multiplied[a].im));
    EXPECT_TRUE(finite || special) << "radix " << R << ", trial " << trial;
    for (int a = 0; a < R; ++a) {
      SCOPED_TRACE(::testing::Message() << "radix " << R << ", trial " << trial << ", output " << a);
      if (finite && E::limbs == 2) {
        EXPECT_TRUE(equal_up_to_zero_signs(got[a].re, multiplied[a].re));
        EXPECT_TRUE(equal_up_to_zero_signs(got[a].im, multiplied[a].im));
      } else if (finite) {
        // Four limbs: quad_word::mul renormalizes its product, which may
        // split a value between the last limbs otherwise; it is the same
        // value within the product's bound, 17 u^4 (quad_word.hpp).
        const double bound = 17 * std::ldexp(1.0, -96);
        for (const auto& [mine, theirs] : {std::pair{got[a].re, multiplied[a].re}, std::pair{got[a].im, multiplied[a].im}})
          EXPECT_LE(std::fabs(to_double(sub(mine, theirs))), bound * std::fabs(to_double(theirs)));
      } else {
        EXPECT_EQ(std::memcmp(&got[a], &checked[a], sizeof checked[a]), 0);
      }
    }
  }
  EXPECT_EQ(asked, 0);
}

TYPED_TEST(TwiddledDft, UnitTwiddlesAreNotMultiplied) {
  for_each_radix([]<int R>() { check_unit_twiddles<R, TypeParam>(20 + R); });
}

// What the skipped product changes where a value is infinite: an infinite
// real part times the twiddle 1 + 0i gives a NaN imaginary part (infinity
// times 0), which the DFT's output did not have.
TYPED_TEST(TwiddledDft, UnitTwiddlesKeepAnInfiniteOutputFreeOfNaN) {
  using E = TypeParam;
  using T = typename E::limb_type;
  const complex<E> x[2] = {{from_limb<T, E::limbs>(std::numeric_limits<T>::infinity()), from_double<E>(0.0)},
                           {from_double<E>(1.0), from_double<E>(0.0)}};
  const complex<E> one{from_double<E>(1.0), from_double<E>(0.0)};
  complex<E> skipped[2], multiplied[2];
  fft::twiddled_dft<2>(skipped, [&](int j) { return x[j]; }, [&](int) { return one; }, false);
  fft::twiddled_dft<2>(multiplied, [&](int j) { return x[j]; }, [&](int) { return one; }, true);
  EXPECT_TRUE(std::isinf(to_double(skipped[1].re)));
  EXPECT_EQ(to_double(skipped[1].im), 0.0);
  EXPECT_TRUE(std::isnan(to_double(multiplied[1].im)));
}

// The inverse butterfly as the executors run it, S F_-(S x) with the
// forward twiddles, against the inverse butterfly computed directly (in the
// deferred arithmetic where the radix and format defer, in the checked one
// otherwise), with the conjugate twiddles: the same bits, zero signs
// included, on random values, for every radix. (The one exception
// twiddled_dft.hpp names, a qf128 addition whose operands hold limbs of
// equal magnitude and opposite signs, is left out by using inputs without
// such ties.)
template <int R, class E>
void check_inverse_between_swaps(std::uint32_t seed) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  const auto value = [&] { return add(from_double<E>(uniform(g)), from_double<E>(uniform(g) * 1e-9)); };
  for (int trial = 0; trial < 200; ++trial) {
    complex<E> x[R], w[R - 1];
    for (auto& v : x) v = {value(), value()};
    for (auto& v : w) v = {value(), value()};
    complex<E> got[R], want[R];
    fft::twiddled_dft<R>(got, [&](int j) { return fft::swapped(x[j]); }, [&](int a) { return w[a - 1]; }, true);
    const auto inputs = [&](int j) { return x[j]; };
    const auto conjugate_twiddle = [&](int a) { return conj(w[a - 1]); };
    if constexpr (fft::defers_renormalization<E, R>) {
      complex<fft::unchecked<E>> direct[R];
      ASSERT_TRUE((fft::twiddled_dft_unchecked<R, +1>(direct, inputs, conjugate_twiddle, true)));
      for (int a = 0; a < R; ++a) want[a] = fft::value_of(direct[a]);
    } else {
      checked_reference<R, +1>(want, inputs, conjugate_twiddle);
    }
    for (int a = 0; a < R; ++a) {
      const complex<E> expected = fft::swapped(want[a]);
      ASSERT_EQ(std::memcmp(&got[a], &expected, sizeof expected), 0)
          << "radix " << R << ", trial " << trial << ", output " << a;
    }
  }
}

TYPED_TEST(TwiddledDft, InverseIsTheForwardBetweenSwaps) {
  for_each_radix([]<int R>() { check_inverse_between_swaps<R, TypeParam>(10 + R); });
}

// A butterfly whose outputs are not all finite is the checked one, bit for
// bit: here an infinite input makes every output infinite or NaN.
TYPED_TEST(TwiddledDft, NonFiniteButterfliesAreTheCheckedOnesExactly) {
  using E = TypeParam;
  using T = typename E::limb_type;
  complex<E> x[8], w[7];
  for (int j = 0; j < 8; ++j) x[j] = {from_double<E>(j + 1.0), from_double<E>(-0.5 * j)};
  for (int a = 0; a < 7; ++a) w[a] = {from_double<E>(0.75), from_double<E>(-0.25 * a)};
  x[3].re = from_limb<T, E::limbs>(std::numeric_limits<T>::infinity());
  complex<E> got[8], want[8];
  fft::twiddled_dft<8>(got, [&](int j) { return x[j]; }, [&](int a) { return w[a - 1]; }, true);
  checked_reference<8, -1>(want, [&](int j) { return x[j]; }, [&](int a) { return w[a - 1]; });
  EXPECT_EQ(std::memcmp(got, want, sizeof want), 0);
  EXPECT_FALSE(std::isfinite(got[0].re[0]));
}

#if FFFT_HAVE_LANES
// Lanes: W butterflies, some with a special input, against W scalar ones,
// forward and inverse, with and without twiddle products.
TYPED_TEST(TwiddledDft, LanesRedoOnlyTheirNonFiniteLanesAsScalarsDo) {
  using E = TypeParam;
  constexpr int Bytes = 32;  // the AVX2 lanes this test's own compilation runs
  constexpr int W = fft::lane_count<E, Bytes>;
  using L = fft::lane_expansion<E, Bytes>;
  std::mt19937 g(11);
  const E echo = add(from_double<E>(0.5), from_double<E>(1e-12));
  for (int trial = 0; trial < 50; ++trial) {
    complex<E> xs[8][W], ws[7][W];
    for (int w = 0; w < W; ++w) {
      for (int j = 0; j < 8; ++j) xs[j][w] = {finite_value<E>(g, echo), finite_value<E>(g, echo)};
      for (int a = 0; a < 7; ++a) ws[a][w] = {finite_value<E>(g, echo), finite_value<E>(g, echo)};
      if ((w + trial) % 3 == 0) xs[(w + trial) % 8][w].re = special_value<E>(g);
    }
    complex<L> x[8], t[7];
    for (int j = 0; j < 8; ++j) x[j] = fft::to_lanes<Bytes, E>(xs[j]);
    for (int a = 0; a < 7; ++a) t[a] = fft::to_lanes<Bytes, E>(ws[a]);
    const bool inverse = trial % 2 == 1;
    const bool twiddled = trial % 4 < 2;
    fft::lane_butterfly_arithmetic<Bytes, 8, E>(x, t, inverse, twiddled);
    for (int j = 0; j < 8; ++j) {
      complex<E> lanes[W];
      fft::from_lanes<Bytes, E>(x[j], lanes);
      for (int w = 0; w < W; ++w) {
        complex<E> want[8];
        fft::twiddled_dft<8>(want, [&](int i) { return fft::oriented(xs[i][w], inverse); },
                             [&](int a) { return ws[a - 1][w]; }, twiddled);
        const complex<E> expected = fft::oriented(want[j], inverse);
        EXPECT_EQ(std::memcmp(&lanes[w], &expected, sizeof expected), 0)
            << "trial " << trial << ", lane " << w << ", output " << j;
      }
    }
  }
}
#endif

}  // namespace
