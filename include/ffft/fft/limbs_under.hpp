// A format's limbs under an arithmetic other than arithmetic.hpp's:
// limbs_under<E, A> holds E's limbs, and A names the arithmetic whose add,
// sub, mul, neg and ldexp take it (unchecked.hpp, outlined.hpp). A type of
// its own per arithmetic, so that dft<> and the complex operations of
// complex.hpp run on it unchanged, finding those functions by
// argument-dependent lookup, and so that no value reaches another
// arithmetic without an explicit conversion. Converting copies the limbs.
#pragma once

#include "ffft/complex.hpp"

namespace ffft::fft {

// The limbs a value of E holds under an arithmetic: E's own, or more where
// the arithmetic carries a level below them (deferred_four_limbs.hpp).
template <class E, class Arithmetic>
inline constexpr int stored_limbs = E::limbs;

template <class E, class Arithmetic>
struct limbs_under {
  using limb_type = typename E::limb_type;
  static constexpr int limbs = stored_limbs<E, Arithmetic>;
  limb_type limb[limbs];

  FFFT_HD limb_type& operator[](int i) { return limb[i]; }
  FFFT_HD const limb_type& operator[](int i) const { return limb[i]; }
};

template <class Arithmetic, class E>
FFFT_HD limbs_under<E, Arithmetic> under(const E& x) {
  limbs_under<E, Arithmetic> r;
FFFT_UNROLL
  for (int i = 0; i < E::limbs; ++i) r.limb[i] = x.limb[i];
FFFT_UNROLL
  for (int i = E::limbs; i < r.limbs; ++i) r.limb[i] = typename E::limb_type{};
  return r;
}

template <class Arithmetic, class E>
FFFT_HD complex<limbs_under<E, Arithmetic>> under(const complex<E>& x) {
  return {under<Arithmetic>(x.re), under<Arithmetic>(x.im)};
}

// The value in E itself, for arithmetic.hpp's operations (E's limbs: a
// level below them is zero in a value renormalized to E).
template <class E, class Arithmetic>
FFFT_HD E value_of(const limbs_under<E, Arithmetic>& x) {
  E r;
FFFT_UNROLL
  for (int i = 0; i < E::limbs; ++i) r.limb[i] = x.limb[i];
  return r;
}

template <class E, class Arithmetic>
FFFT_HD complex<E> value_of(const complex<limbs_under<E, Arithmetic>>& x) {
  return {value_of(x.re), value_of(x.im)};
}

}  // namespace ffft::fft
