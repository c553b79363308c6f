// Conversions between expansions and the hardware types float and double,
// usable on host and device. Wider host types (long double, __float128, MPFR)
// are in ffft/host/.
#pragma once

#include "ffft/arithmetic.hpp"
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

// Float through the correctly rounded double: exact-then-once-rounded for
// df64 (whose value is a double); a rare double rounding is possible for
// the other formats, so the result is faithful there.
template <class T, int N>
FFFT_HD float to_float(expansion<T, N> x) {
  return static_cast<float>(to_double(x));
}

}  // namespace ffft
