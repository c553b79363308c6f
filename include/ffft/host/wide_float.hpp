// Conversions between expansions and the host's wide types: long double
// (x87 80-bit, 64-bit significand) and __float128 (113-bit significand).
// Host only.
#pragma once

#include "ffft/conversions.hpp"

namespace ffft::host {

// Nearest expansion, limb by limb (exact remainders: both types have at
// least the significand of one limb, and of two float limbs).
template <class E>
E from_long_double(long double x) {
  return round_limbs<E>(x);
}

template <class E>
E from_float128(__float128 x) {
  return round_limbs<E>(x);
}

// Sums the limbs from the smallest up in the wide type; exact whenever the
// expansion's span fits the wide significand, otherwise faithfully rounded.
template <class W, class T, int N>
W to_wide(expansion<T, N> x) {
  W s = static_cast<W>(x[N - 1]);
  for (int i = N - 2; i >= 0; --i) s += static_cast<W>(x[i]);
  return limb::is_finite(x[0]) ? s : static_cast<W>(x[0]);
}

template <class T, int N>
long double to_long_double(expansion<T, N> x) {
  return to_wide<long double>(x);
}

template <class T, int N>
__float128 to_float128(expansion<T, N> x) {
  return to_wide<__float128>(x);
}

}  // namespace ffft::host
