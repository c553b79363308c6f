// The expansion arithmetic without its special-value handling: the bare
// algorithms of double_word.hpp and quad_word.hpp, without arithmetic.hpp's
// settle() after every operation (about 9 of an addition's 29 vector
// operations and half of a multiplication's). The butterflies run on it
// first and check their outputs once (twiddled_dft.hpp), except the two-limb
// formats' radix-2, 4 and 8 ones, which run in deferred.hpp's arithmetic and
// hand their renormalized outputs over in this type.
//
// A type of its own, so that dft<> and the complex operations of
// complex.hpp run on it unchanged (they find these functions by
// argument-dependent lookup), and so that nothing reaches this arithmetic
// without going through that check.
//
// What it gives, for finite operands: settle() changes an operation's result
// only when the result's leading limb is zero or not finite. A zero result of
// these algorithms has every limb zero (their last step is an exact
// Fast2Sum or TwoSum chain whose sum is zero), and differs from the settled
// one at most in the signs of its zero limbs; such a difference changes no
// later nonzero result (IEEE addition, multiplication and FMA give the same
// nonzero value for either sign of a zero operand) and no comparison the
// algorithms make. A non-finite intermediate result becomes a NaN or an
// infinity in the leading limb of every later result that depends on it
// (every error-free transform of an infinity has a NaN error term). So a
// computation whose results are all finite gives the settled computation's
// results, limb for limb, up to the signs of zero limbs.
#pragma once

#include "ffft/arithmetic.hpp"
#include "ffft/fft/limbs_under.hpp"

namespace ffft::fft {

struct unchecked_arithmetic;

template <class E>
using unchecked = limbs_under<E, unchecked_arithmetic>;

// x (an E or a complex<E>) in the unchecked arithmetic; value_of takes it
// back (limbs_under.hpp).
template <class X>
FFFT_HD auto unchecked_of(const X& x) {
  return under<unchecked_arithmetic>(x);
}

template <class E>
FFFT_HD unchecked<E> neg(unchecked<E> x) {
  unchecked<E> r;
FFFT_UNROLL
  for (int i = 0; i < E::limbs; ++i) r.limb[i] = -x.limb[i];
  return r;
}

namespace detail {

// The four-limb operations, out of line on the device: each is 100 to 200
// instructions, and inlined into every butterfly of a qf128 group kernel
// they made it 92,000 to 140,000 SASS instructions (1.5 to 2.2 MB, far
// more than an SM's instruction cache holds) and took five sixths of the
// CUDA executor's compilation. Out of line, a kernel calls one copy of
// each. The same function of the same operands: the same bits. The host
// keeps them inline (its lanes and the kernels' host emulation).
template <class E>
FFFT_HD_OUTLINED E quad_word_add_call(E x, E y) {
  return quad_word::add(x, y);
}

template <class E>
FFFT_HD_OUTLINED E quad_word_mul_call(E x, E y) {
  return quad_word::mul(x, y);
}

template <class E>
FFFT_HD E quad_word_add(E x, E y) {
#if defined(__CUDA_ARCH__)
  return quad_word_add_call(x, y);
#else
  return quad_word::add(x, y);
#endif
}

template <class E>
FFFT_HD E quad_word_mul(E x, E y) {
#if defined(__CUDA_ARCH__)
  return quad_word_mul_call(x, y);
#else
  return quad_word::mul(x, y);
#endif
}

}  // namespace detail

template <class E>
FFFT_HD unchecked<E> add(unchecked<E> x, unchecked<E> y) {
  if constexpr (E::limbs == 2) return unchecked_of(double_word::add(value_of(x), value_of(y)));
  else return unchecked_of(detail::quad_word_add(value_of(x), value_of(y)));
}

template <class E>
FFFT_HD unchecked<E> sub(unchecked<E> x, unchecked<E> y) {
  return add(x, neg(y));
}

template <class E>
FFFT_HD unchecked<E> mul(unchecked<E> x, unchecked<E> y) {
  if constexpr (E::limbs == 2) return unchecked_of(double_word::mul(value_of(x), value_of(y)));
  else return unchecked_of(detail::quad_word_mul(value_of(x), value_of(y)));
}

// x * 2^e: exact for finite x away from over- and underflow.
template <class E>
FFFT_HD unchecked<E> ldexp(unchecked<E> x, int e) {
  unchecked<E> r;
FFFT_UNROLL
  for (int i = 0; i < E::limbs; ++i) r.limb[i] = limb::ldexp(x.limb[i], e);
  return r;
}

}  // namespace ffft::fft
