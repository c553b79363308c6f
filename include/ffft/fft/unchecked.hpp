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

namespace detail {

#if !defined(__CUDA_ARCH__)
// The host's complex four-limb operations, each of its real operations side
// by side with another (quad_word::add_each, mul_each): the same operations
// as complex.hpp's one after the other, so the same bits. Each real addition
// or product is a dependent chain of 150 to 250 vector instructions; one
// after the other, the core's reorder window holds little of the next while
// one waits on its latencies (on the avx2 path's qf128 transforms, side by
// side took a quarter off the time). Out of line, so that GCC allocates
// registers for one pair at a time, not for a whole radix-8 DFT of them
// (inlined, they tripled the compilation of a qf128 path).
template <class E>
[[gnu::noinline]] void complex_add_side_by_side(const E (&x)[2], const E (&y)[2], E (&r)[2]) {
  quad_word::add_each<typename E::limb_type, 2>(x, y, r);
}

// The products x.re y.re, x.im y.im, x.re y.im, x.im y.re, two at a time.
template <class E>
[[gnu::noinline]] void complex_products_side_by_side(const E (&x)[2], const E (&y)[2], E (&p)[4]) {
  const E y_swapped[2] = {y[1], y[0]};
  E straight[2], crossed[2];
  quad_word::mul_each<typename E::limb_type, 2>(x, y, straight);
  quad_word::mul_each<typename E::limb_type, 2>(x, y_swapped, crossed);
  p[0] = straight[0], p[1] = straight[1], p[2] = crossed[0], p[3] = crossed[1];
}
#endif

}  // namespace detail

// The complex four-limb operations: on the host through the functions above;
// on the device as complex.hpp's, through the out-of-line real ones.
template <class E>
  requires(E::limbs == 4)
FFFT_HD complex<unchecked<E>> add(complex<unchecked<E>> x, complex<unchecked<E>> y) {
#if defined(__CUDA_ARCH__)
  return {add(x.re, y.re), add(x.im, y.im)};
#else
  const E a[2] = {value_of(x.re), value_of(x.im)}, b[2] = {value_of(y.re), value_of(y.im)};
  E r[2];
  detail::complex_add_side_by_side(a, b, r);
  return {unchecked_of(r[0]), unchecked_of(r[1])};
#endif
}

template <class E>
  requires(E::limbs == 4)
FFFT_HD complex<unchecked<E>> sub(complex<unchecked<E>> x, complex<unchecked<E>> y) {
  return add(x, complex<unchecked<E>>{neg(y.re), neg(y.im)});
}

// (x.re y.re - x.im y.im) + i (x.re y.im + x.im y.re), as complex.hpp's mul.
template <class E>
  requires(E::limbs == 4)
FFFT_HD complex<unchecked<E>> mul(complex<unchecked<E>> x, complex<unchecked<E>> y) {
#if defined(__CUDA_ARCH__)
  return {sub(mul(x.re, y.re), mul(x.im, y.im)), add(mul(x.re, y.im), mul(x.im, y.re))};
#else
  const E a[2] = {value_of(x.re), value_of(x.im)}, b[2] = {value_of(y.re), value_of(y.im)};
  E p[4];
  detail::complex_products_side_by_side(a, b, p);
  return add(complex<unchecked<E>>{unchecked_of(p[0]), unchecked_of(p[2])},
             complex<unchecked<E>>{neg(unchecked_of(p[1])), unchecked_of(p[3])});
#endif
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
