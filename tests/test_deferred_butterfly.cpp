// The butterflies' accuracy where they renormalize per DFT output and per
// twiddle product (deferred.hpp, deferred_four_limbs.hpp: radix 2, 4 and
// 8): every real component of every output of a radix-R butterfly with its
// twiddles within deferred_butterfly_bound_units(K, R) u^K L of the exact
// twiddled DFT, K the format's limbs, L the sum of |Re x_j| + |Im x_j| over
// its inputs, and every output a normalized expansion. The reference is
// computed in __float128 (113 bits) from the very inputs and twiddles, with
// the roots of unity from quadmath: exact to far below the bound for df64
// (u^2 = 2^-48) and qf128 (u^4 = 2^-96), and within about 2^-110 L for
// dd128 (u^2 = 2^-106), which the check allows for. Inputs: random, of
// widely different magnitudes, and sums that cancel in the leading limbs
// (the case a per-operation relative bound guards and a normwise one need
// not).
#include <gtest/gtest.h>
#include <quadmath.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "ffft/fft/twiddled_dft.hpp"

namespace {

using namespace ffft;
using quad = __float128;

const quad pi = acosq(-1);  // quadmath's M_PIq has a non-standard suffix

template <class E>
class DeferredButterfly : public ::testing::Test {};
using deferring_formats = ::testing::Types<df64, dd128, qf128>;
TYPED_TEST_SUITE(DeferredButterfly, deferring_formats);

template <class E>
quad value(const E& x) {
  quad sum = 0;
  for (int k = E::limbs - 1; k >= 0; --k) sum += static_cast<quad>(x.limb[k]);
  return sum;
}

// The normalized expansion nearest a quad value: each limb the remainder
// rounded (within about u^K |v|; |l_(k+1)| <= ulp(l_k) / 2), the last two
// through a TwoSum, which leaves them normalized exactly.
template <class E>
E nearest(quad v) {
  using T = typename E::limb_type;
  E r{};
  quad rest = v;
  for (int k = 0; k + 2 < E::limbs; ++k) {
    r.limb[k] = static_cast<T>(rest);
    rest -= static_cast<quad>(r.limb[k]);
  }
  const T hi = static_cast<T>(rest);
  const limb_pair<T> s = two_sum(hi, static_cast<T>(rest - static_cast<quad>(hi)));
  r.limb[E::limbs - 2] = s.hi;
  r.limb[E::limbs - 1] = s.lo;
  return r;
}

enum class pattern { random, wide_range, cancelling };

template <int R, class E>
void check(pattern kind, int trials, std::uint32_t seed) {
  using T = typename E::limb_type;
  std::mt19937_64 g(seed);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  const double u = std::ldexp(1.0, -std::numeric_limits<T>::digits);
  const double bound = fft::deferred_butterfly_bound_units(E::limbs, R) * std::pow(u, E::limbs);
  // __float128's own rounding in the reference: about R^2 operations of
  // relative error 2^-113 each, against L.
  const double reference_slack = 4.0 * R * R * std::ldexp(1.0, -113);
  quad root_cos[R][R], root_sin[R][R];  // exp(-2 pi i j q / R)
  for (int j = 0; j < R; ++j)
    for (int q = 0; q < R; ++q) {
      const quad angle = -2 * pi * static_cast<quad>((j * q) % R) / R;
      root_cos[j][q] = cosq(angle);
      root_sin[j][q] = sinq(angle);
    }
  double worst = 0;
  for (int trial = 0; trial < trials; ++trial) {
    complex<E> x[R], w[R];
    for (int j = 0; j < R; ++j) {
      const double scale = kind == pattern::wide_range ? std::ldexp(1.0, static_cast<int>(g() % 40) - 20) : 1.0;
      // A leading part and a tail of its own below u: every limb nonzero.
      const auto component = [&] {
        quad v = static_cast<quad>(uniform(g) * scale), tail = 1;
        for (int k = 1; k < E::limbs; ++k) tail += static_cast<quad>(uniform(g)) * powq(static_cast<quad>(u), k);
        return nearest<E>(v * tail);
      };
      x[j] = {component(), component()};
    }
    if (kind == pattern::cancelling)  // leading limbs equal, tails differ
      for (int j = 1; j < R; ++j) {
        x[j] = x[0];
        if constexpr (E::limbs == 2) {
          x[j].re.limb[1] = x[0].re.limb[1] * static_cast<T>(uniform(g));
          x[j].im.limb[1] = -x[0].im.limb[1] * static_cast<T>(uniform(g));
        } else {  // a tail of its own, normalized as the inputs must be
          const auto lead = [](const E& v) { return static_cast<quad>(v.limb[0]); };
          const quad re_tail = (value(x[0].re) - lead(x[0].re)) * static_cast<quad>(uniform(g));
          const quad im_tail = -(value(x[0].im) - lead(x[0].im)) * static_cast<quad>(uniform(g));
          x[j] = {nearest<E>(lead(x[0].re) + re_tail), nearest<E>(lead(x[0].im) + im_tail)};
        }
      }
    for (int a = 1; a < R; ++a) {
      const quad angle = 2 * pi * static_cast<quad>((uniform(g) + 1) / 2);
      w[a] = {nearest<E>(cosq(angle)), nearest<E>(sinq(angle))};
    }
    complex<E> y[R];
    fft::twiddled_dft<R>(y, [&](int j) { return x[j]; }, [&](int a) { return w[a]; }, true);

    quad mass = 0;
    for (int j = 0; j < R; ++j) mass += fabsq(value(x[j].re)) + fabsq(value(x[j].im));
    for (int q = 0; q < R; ++q) {
      quad re = 0, im = 0;
      for (int j = 0; j < R; ++j) {
        const quad c = root_cos[j][q], s = root_sin[j][q];
        re += value(x[j].re) * c - value(x[j].im) * s;
        im += value(x[j].re) * s + value(x[j].im) * c;
      }
      if (q > 0) {
        const quad wr = value(w[q].re), wi = value(w[q].im);
        const quad rotated = re * wr - im * wi;
        im = re * wi + im * wr;
        re = rotated;
      }
      const double error_re = static_cast<double>(fabsq(value(y[q].re) - re) / mass);
      const double error_im = static_cast<double>(fabsq(value(y[q].im) - im) / mass);
      worst = std::max({worst, error_re, error_im});
      ASSERT_LE(error_re, bound + reference_slack) << "radix " << R << ", trial " << trial << ", output " << q;
      ASSERT_LE(error_im, bound + reference_slack) << "radix " << R << ", trial " << trial << ", output " << q;
      // Normalized outputs: for two limbs |lo| <= ulp(hi) / 2; for four
      // |l_(k+1)| <= ulp(l_k) (1 + u) (renormalize.hpp's normalize_each),
      // taken here as ulp(l_k) <= 2u |l_k|.
      for (const E& part : {y[q].re, y[q].im})
        for (int k = 0; k + 1 < E::limbs; ++k) {
          const double above = std::fabs(static_cast<double>(part.limb[k]));
          const double limit = E::limbs == 2 ? std::ldexp(above, -std::numeric_limits<T>::digits)
                                             : 2 * u * above * (1 + u);
          ASSERT_LE(std::fabs(static_cast<double>(part.limb[k + 1])), limit)
              << "radix " << R << ", trial " << trial << ", output " << q << ", limb " << k + 1;
        }
    }
  }
  EXPECT_GT(worst, 0.0) << "radix " << R << ": every output exact is not a test of the bound";
  ::testing::Test::RecordProperty("worst_units_radix_" + std::to_string(R),
                                  std::to_string(worst / std::pow(u, E::limbs)));
}

template <class E, pattern Kind>
void check_every_radix(int trials) {
  check<2, E>(Kind, trials, 2);
  check<4, E>(Kind, trials, 4);
  check<8, E>(Kind, trials, 8);
}

TYPED_TEST(DeferredButterfly, RandomInputsAreWithinTheBound) {
  check_every_radix<TypeParam, pattern::random>(5000);
}

TYPED_TEST(DeferredButterfly, InputsOfWidelyDifferentMagnitudesAreWithinTheBound) {
  check_every_radix<TypeParam, pattern::wide_range>(5000);
}

TYPED_TEST(DeferredButterfly, CancellingInputsAreWithinTheBound) {
  check_every_radix<TypeParam, pattern::cancelling>(5000);
}

// qf128's five levels round only where they renormalize (30 times in a
// radix-8 butterfly, deferred_four_limbs.hpp), the accurate operations in
// every addition and product (98): over random inputs and twiddles the
// deferred butterfly is the more accurate, RMS against a __float128 DFT
// (docs/arithmetic.md: 0.31-0.46 times). Four levels, with level 3 rounded
// in each operation, were 3-6 times less accurate, within the bound.
template <int R>
void check_rms_below_accurate(std::uint32_t seed) {
  using E = qf128;
  std::mt19937_64 g(seed);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  const double u = std::ldexp(1.0, -24);
  double deferred_sq = 0, accurate_sq = 0;
  for (int trial = 0; trial < 5000; ++trial) {
    complex<E> x[R], w[R];
    const auto component = [&] {
      quad tail = 1;
      for (int k = 1; k < 4; ++k) tail += static_cast<quad>(uniform(g)) * powq(static_cast<quad>(u), k);
      return nearest<E>(static_cast<quad>(uniform(g)) * tail);
    };
    for (int j = 0; j < R; ++j) x[j] = {component(), component()};
    for (int a = 1; a < R; ++a) {
      const quad angle = 2 * pi * static_cast<quad>((uniform(g) + 1) / 2);
      w[a] = {nearest<E>(cosq(angle)), nearest<E>(sinq(angle))};
    }
    const auto inputs = [&](int j) { return x[j]; };
    const auto twiddle = [&](int a) { return w[a]; };
    complex<E> deferred[R], accurate[R];
    fft::twiddled_dft<R>(deferred, inputs, twiddle, true);
    fft::twiddled_dft_checked<R, -1>(accurate, inputs, twiddle, true);
    for (int q = 0; q < R; ++q) {
      quad re = 0, im = 0;
      for (int j = 0; j < R; ++j) {
        const quad angle = -2 * pi * static_cast<quad>((j * q) % R) / R;
        re += value(x[j].re) * cosq(angle) - value(x[j].im) * sinq(angle);
        im += value(x[j].re) * sinq(angle) + value(x[j].im) * cosq(angle);
      }
      if (q > 0) {
        const quad wr = value(w[q].re), wi = value(w[q].im), rotated = re * wr - im * wi;
        im = re * wi + im * wr;
        re = rotated;
      }
      const auto square = [](quad d) { return static_cast<double>(d * d); };
      deferred_sq += square(value(deferred[q].re) - re) + square(value(deferred[q].im) - im);
      accurate_sq += square(value(accurate[q].re) - re) + square(value(accurate[q].im) - im);
    }
  }
  EXPECT_GT(accurate_sq, 0.0);
  EXPECT_LT(deferred_sq, accurate_sq) << "radix " << R << ": RMS ratio " << std::sqrt(deferred_sq / accurate_sq);
}

TEST(DeferredButterflyFourLimbs, IsMoreAccurateThanTheAccurateOperations) {
  check_rms_below_accurate<2>(12);
  check_rms_below_accurate<4>(14);
  check_rms_below_accurate<8>(18);
}

// The bound's constants are those scripts/deferred_bound.py derives; a
// deferred radix without one would make every check above fail, and the odd
// radices keep the accurate operations.
TEST(DeferredButterflyBound, ThePowerOfTwoRadicesDeferAndHaveOne) {
  EXPECT_TRUE((fft::defers_renormalization<df64, 2> && fft::defers_renormalization<df64, 4> &&
               fft::defers_renormalization<df64, 8> && fft::defers_renormalization<dd128, 8> &&
               fft::defers_renormalization<qf128, 2> && fft::defers_renormalization<qf128, 8>));
  EXPECT_FALSE((fft::defers_renormalization<dd128, 3> || fft::defers_renormalization<dd128, 5> ||
                fft::defers_renormalization<df64, 7> || fft::defers_renormalization<qf128, 3>));
  for (int limbs : {2, 4})
    for (int r : {2, 4, 8}) EXPECT_GT(fft::deferred_butterfly_bound_units(limbs, r), 0.0) << limbs << " " << r;
}

}  // namespace
