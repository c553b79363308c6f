// The two-limb butterflies' accuracy where they renormalize per DFT output
// and per twiddle product (deferred.hpp: radix 2, 4 and 8): every real
// component of every output of a radix-R butterfly with its twiddles within
// deferred_butterfly_bound_units(R) u^2 L of the exact twiddled DFT, L the
// sum of |Re x_j| + |Im x_j| over its inputs. The reference is computed in
// __float128 (113 bits) from the very inputs and twiddles, with the roots of
// unity from quadmath: exact to far below the bound for df64 (u^2 = 2^-48)
// and within about 2^-110 L for dd128 (u^2 = 2^-106), which the check
// allows for. Inputs: random, of widely different magnitudes, and sums that
// cancel in the leading limbs (the case a per-operation relative bound
// guards and a normwise one need not).
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
using two_limb_formats = ::testing::Types<df64, dd128>;
TYPED_TEST_SUITE(DeferredButterfly, two_limb_formats);

template <class E>
quad value(const E& x) {
  return static_cast<quad>(x.limb[0]) + static_cast<quad>(x.limb[1]);
}

// The normalized expansion nearest a quad value (two roundings: within
// about u^2 |v|, and exactly normalized by the TwoSum).
template <class E>
E nearest(quad v) {
  using T = typename E::limb_type;
  const T hi = static_cast<T>(v);
  const limb_pair<T> s = two_sum(hi, static_cast<T>(v - static_cast<quad>(hi)));
  return E{{s.hi, s.lo}};
}

enum class pattern { random, wide_range, cancelling };

template <int R, class E>
void check(pattern kind, int trials, std::uint32_t seed) {
  using T = typename E::limb_type;
  std::mt19937_64 g(seed);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  const double u = std::ldexp(1.0, -std::numeric_limits<T>::digits);
  const double bound = fft::deferred_butterfly_bound_units(R) * u * u;
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
      // A leading part and a tail of its own below u: both limbs nonzero.
      const auto component = [&] {
        return nearest<E>(static_cast<quad>(uniform(g) * scale) * (1 + static_cast<quad>(uniform(g) * u)));
      };
      x[j] = {component(), component()};
    }
    if (kind == pattern::cancelling)  // leading limbs equal, tails differ
      for (int j = 1; j < R; ++j) {
        x[j] = x[0];
        x[j].re.limb[1] = x[0].re.limb[1] * static_cast<T>(uniform(g));
        x[j].im.limb[1] = -x[0].im.limb[1] * static_cast<T>(uniform(g));
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
      // Normalized outputs: |lo| <= ulp(hi) / 2.
      for (const E& part : {y[q].re, y[q].im})
        ASSERT_LE(std::fabs(part.limb[1]), std::ldexp(std::fabs(part.limb[0]), -std::numeric_limits<T>::digits))
            << "radix " << R << ", trial " << trial << ", output " << q;
    }
  }
  EXPECT_GT(worst, 0.0) << "radix " << R << ": every output exact is not a test of the bound";
  ::testing::Test::RecordProperty("worst_units_radix_" + std::to_string(R), std::to_string(worst / (u * u)));
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

// The bound's constants are those scripts/deferred_bound.py derives; a
// deferred radix without one would make every check above fail, and the odd
// radices keep the accurate operations.
TEST(DeferredButterflyBound, ThePowerOfTwoRadicesDeferAndHaveOne) {
  EXPECT_TRUE((fft::defers_renormalization<df64, 2> && fft::defers_renormalization<df64, 4> &&
               fft::defers_renormalization<df64, 8> && fft::defers_renormalization<dd128, 8>));
  EXPECT_FALSE((fft::defers_renormalization<dd128, 3> || fft::defers_renormalization<dd128, 5> ||
                fft::defers_renormalization<df64, 7> || fft::defers_renormalization<qf128, 8>));
  for (int r : {2, 4, 8}) EXPECT_GT(fft::deferred_butterfly_bound_units(r), 0.0) << r;
}

}  // namespace
