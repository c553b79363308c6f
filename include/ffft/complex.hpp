// Complex numbers over an expansion format. The layout is interleaved:
// the real part's limbs, then the imaginary part's limbs, which is also the
// file layout of native df64 / qf128 / dd128 complex data.
#pragma once

#include "ffft/arithmetic.hpp"

namespace ffft {

template <class E>
struct complex {
  E re;
  E im;
};

using complex_df64 = complex<df64>;
using complex_qf128 = complex<qf128>;
using complex_dd128 = complex<dd128>;
using complex_qd256 = complex<qd256>;

static_assert(sizeof(complex_df64) == 16 && std::is_trivial_v<complex_qf128>);

template <class E>
FFFT_HD complex<E> add(complex<E> a, complex<E> b) {
  return {add(a.re, b.re), add(a.im, b.im)};
}

template <class E>
FFFT_HD complex<E> sub(complex<E> a, complex<E> b) {
  return {sub(a.re, b.re), sub(a.im, b.im)};
}

// (a.re b.re - a.im b.im) + i (a.re b.im + a.im b.re). Normwise relative
// error <= sqrt(2) e_mul + e_add (+ second order), e_mul and e_add the bounds
// of the real operations.
template <class E>
FFFT_HD complex<E> mul(complex<E> a, complex<E> b) {
  return {sub(mul(a.re, b.re), mul(a.im, b.im)), add(mul(a.re, b.im), mul(a.im, b.re))};
}

// Multiplication by a real single limb (e.g. a butterfly constant's limb).
template <class E>
FFFT_HD complex<E> mul(complex<E> a, typename E::limb_type s) {
  return {mul(a.re, s), mul(a.im, s)};
}

template <class E>
FFFT_HD complex<E> conj(complex<E> a) {
  return {a.re, neg(a.im)};
}

// i a: exact.
template <class E>
FFFT_HD complex<E> mul_i(complex<E> a) {
  return {neg(a.im), a.re};
}

// -i a: exact.
template <class E>
FFFT_HD complex<E> mul_neg_i(complex<E> a) {
  return {a.im, neg(a.re)};
}

// a * 2^e: exact unless a limb over- or underflows.
template <class E>
FFFT_HD complex<E> ldexp(complex<E> a, int e) {
  return {ldexp(a.re, e), ldexp(a.im, e)};
}

}  // namespace ffft
