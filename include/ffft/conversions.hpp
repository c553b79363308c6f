// Conversions between expansions and the hardware types float and double,
// usable on host and device. Wider host types (long double, __float128, MPFR)
// are in ffft/host/.
#pragma once

#include <cfloat>
#include <cmath>

#include "ffft/arithmetic.hpp"
#include "ffft/eft.hpp"
#include "ffft/expansion.hpp"

namespace ffft {

// Rounds x limb by limb: limb[0] = RN(x), limb[1] = RN(x - limb[0]), ...
// W is a wider type in which each remainder x - limb[i] is exact (it is when
// W has at least as many significand bits as x and limbs are RN of it). The
// result is the nearest expansion to x except in rare ties; an x outside the
// limb range gives +-inf (or NaN) with zero lower limbs.
template <class E, class W>
FFFT_HD E round_limbs(W x) {
  using T = typename E::limb_type;
  E r{};
  W remainder = x;
FFFT_UNROLL
  for (int i = 0; i < E::limbs; ++i) {
    r[i] = static_cast<T>(remainder);
    remainder = remainder - static_cast<W>(r[i]);
  }
  return limb::is_finite(r[0]) ? r : from_limb<T, E::limbs>(r[0]);
}

template <class E>
FFFT_HD E from_double(double x) {
  return round_limbs<E>(x);
}

template <class E>
FFFT_HD E from_float(float x) {
  return from_limb<typename E::limb_type, E::limbs>(static_cast<typename E::limb_type>(x));
}

// Correctly rounded to double: for float limbs the pairwise sums
// limb[0] + limb[1] and limb[2] + limb[3] are exact in double (their spans are
// under 53 bits for normalized values), so only the last addition rounds.
// A zero keeps its sign (the sum -0 + 0 would be +0).
template <class T, int N>
FFFT_HD double to_double(expansion<T, N> x) {
  const double leading = static_cast<double>(x[0]);
  if constexpr (std::is_same_v<T, double>) {
    return leading;
  } else if constexpr (N == 2) {
    const double sum = leading + static_cast<double>(x[1]);
    return x[0] == T(0) ? leading : sum;
  } else {
    const double high = leading + static_cast<double>(x[1]);
    const double low = static_cast<double>(x[2]) + static_cast<double>(x[3]);
    return x[0] == T(0) ? leading : high + low;
  }
}

// The float nearest x = d + r, given d and the sign of r, where |r| is
// below half an ulp of d (d is x to 53 bits, r what that rounding left):
// RN(d) unless d lies exactly halfway between two floats, where x is off
// the midpoint by r and r's sign decides (a zero r leaves the tie to
// even). Elsewhere x lies on d's side of every float midpoint, as a
// midpoint other than d is a double at least an ulp of d away. So one
// rounding of x, where static_cast<float>(d) alone would round twice.
FFFT_HD float round_to_float(double d, double r) {
  const float f = static_cast<float>(d);
  if (r == 0) return f;
  if (!limb::is_finite(f)) {
    // Overflow: only x just inside the tie between FLT_MAX and 2^128 comes back.
    const double tie = 0x1.ffffffp127;
    if (d == tie && r < 0) return FLT_MAX;
    if (d == -tie && r > 0) return -FLT_MAX;
    return f;
  }
  const double back = static_cast<double>(f);
  const double off = d - back;  // exact: f and d are within a factor 2
  if (off == 0) return f;
  const float other = nextafterf(f, off > 0 ? HUGE_VALF : -HUGE_VALF);
  // A tie: off is half the gap to the neighbour on its side (both exact).
  if (2 * off != static_cast<double>(other) - back) return f;
  return (r > 0) == (off > 0) ? other : f;
}

// Correctly rounded to float, through x's nearest double and what remains:
// df64's value is a double (nothing remains); qf128's pairs are exact in
// double and TwoSum gives the rest; double limbs leave the lower limbs,
// whose sign is their first nonzero one's (each outweighs those after it).
template <class T, int N>
FFFT_HD float to_float(expansion<T, N> x) {
  if constexpr (std::is_same_v<T, float>) {
    if constexpr (N == 2) {
      return static_cast<float>(to_double(x));
    } else {
      if (x[0] == 0.0f || !limb::is_finite(x[0])) return x[0];
      const double high = static_cast<double>(x[0]) + static_cast<double>(x[1]);
      const double low = static_cast<double>(x[2]) + static_cast<double>(x[3]);
      const limb_pair<double> sum = two_sum(high, low);
      return round_to_float(sum.hi, sum.lo);
    }
  } else {
    if (!limb::is_finite(x[0])) return static_cast<float>(x[0]);
    double rest = 0;
FFFT_UNROLL
    for (int i = N - 1; i >= 1; --i)
      if (x[i] != 0) rest = x[i];
    return round_to_float(x[0], rest);
  }
}

}  // namespace ffft
