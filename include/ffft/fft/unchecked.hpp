// The expansion arithmetic without its special-value handling: the bare
// algorithms of double_word.hpp and quad_word.hpp, without arithmetic.hpp's
// settle() after every operation (about 9 of an addition's 29 vector
// operations and half of a multiplication's). The butterflies run on it
// first and check their outputs once (twiddled_dft.hpp), except the radix-2,
// 4 and 8 ones, which run in deferred.hpp's arithmetic and hand their
// renormalized outputs over in this type.
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
// The host's complex four-limb operations (the odd radices' butterflies and
// the steps outside them) run their real operations side by side, two or
// four at a time (quad_word::add_each, mul_each): the same operations as
// complex.hpp's one after the other, so the same bits. Each
// real addition or product is a dependent chain of 150 to 250 vector
// instructions; one after the other, the core's reorder window holds little
// of the next while one waits on its latencies. Two at a time took a
// quarter off one at a time (qf128 transforms, the EPYC's avx2 path). Four
// at a time, wherever the DFTs and the twiddle products have two complex
// operations to hand over together (butterflies.hpp), took 0.87-0.89 of the
// time of two at a time for qf128 at 2^10, 2^13 and 2^16 and 0.90 at 3^7 on
// the Xeon's avx512 path (Sapphire Rapids class; one transform, one thread,
// best of 3 interleaved runs of ffft_transform_loop), 0.84-0.85 at 2^10 and
// 2^13 on its avx2 path. Out of line, so that GCC allocates registers for
// one group at a time, not for a whole radix-8 DFT of them (inlined, they
// tripled the compilation of a qf128 path).
template <class E, int P>
[[gnu::noinline]] void sums_side_by_side(const E (&x)[P], const E (&y)[P], E (&r)[P]) {
  quad_word::add_each<typename E::limb_type, P>(x, y, r);
}

template <class E>
[[gnu::noinline]] void products_side_by_side(const E (&x)[4], const E (&y)[4], E (&r)[4]) {
  quad_word::mul_each<typename E::limb_type, 4>(x, y, r);
}
#endif

// Four real results r as two complex values (r[0], r[1]) and (r[2], r[3]).
template <class E>
FFFT_HD void as_two_complex(const E (&r)[4], complex<unchecked<E>>& x0, complex<unchecked<E>>& x1) {
  x0 = {unchecked_of(r[0]), unchecked_of(r[1])};
  x1 = {unchecked_of(r[2]), unchecked_of(r[3])};
}

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
  detail::sums_side_by_side(a, b, r);
  return {unchecked_of(r[0]), unchecked_of(r[1])};
#endif
}

template <class E>
  requires(E::limbs == 4)
FFFT_HD complex<unchecked<E>> sub(complex<unchecked<E>> x, complex<unchecked<E>> y) {
  return add(x, complex<unchecked<E>>{neg(y.re), neg(y.im)});
}

// x0 + y0 and x1 + y1, as add gives them.
template <class E>
  requires(E::limbs == 4)
FFFT_HD void add_both(complex<unchecked<E>>& x0, complex<unchecked<E>> y0, complex<unchecked<E>>& x1,
                      complex<unchecked<E>> y1) {
#if defined(__CUDA_ARCH__)
  x0 = add(x0, y0);
  x1 = add(x1, y1);
#else
  const E a[4] = {value_of(x0.re), value_of(x0.im), value_of(x1.re), value_of(x1.im)};
  const E b[4] = {value_of(y0.re), value_of(y0.im), value_of(y1.re), value_of(y1.im)};
  E r[4];
  detail::sums_side_by_side(a, b, r);
  detail::as_two_complex(r, x0, x1);
#endif
}

// x0 <- x0 + x1 and x1 <- x0 - x1, as add and sub give them.
template <class E>
  requires(E::limbs == 4)
FFFT_HD void sum_and_difference(complex<unchecked<E>>& x0, complex<unchecked<E>>& x1) {
  complex<unchecked<E>> difference = x0;
  add_both(x0, x1, difference, complex<unchecked<E>>{neg(x1.re), neg(x1.im)});
  x1 = difference;
}

// x0 c0 and x1 c1 for real c0 and c1, as mul_real (butterflies.hpp) gives them.
template <class E>
  requires(E::limbs == 4)
FFFT_HD void mul_real_both(complex<unchecked<E>>& x0, unchecked<E> c0, complex<unchecked<E>>& x1,
                           unchecked<E> c1) {
#if defined(__CUDA_ARCH__)
  x0 = {mul(x0.re, c0), mul(x0.im, c0)};
  x1 = {mul(x1.re, c1), mul(x1.im, c1)};
#else
  const E a[4] = {value_of(x0.re), value_of(x0.im), value_of(x1.re), value_of(x1.im)};
  const E b[4] = {value_of(c0), value_of(c0), value_of(c1), value_of(c1)};
  E r[4];
  detail::products_side_by_side(a, b, r);
  detail::as_two_complex(r, x0, x1);
#endif
}

// (x.re y.re - x.im y.im) + i (x.re y.im + x.im y.re), as complex.hpp's mul.
template <class E>
  requires(E::limbs == 4)
FFFT_HD complex<unchecked<E>> mul(complex<unchecked<E>> x, complex<unchecked<E>> y) {
#if defined(__CUDA_ARCH__)
  return {sub(mul(x.re, y.re), mul(x.im, y.im)), add(mul(x.re, y.im), mul(x.im, y.re))};
#else
  const E a[4] = {value_of(x.re), value_of(x.im), value_of(x.re), value_of(x.im)};
  const E b[4] = {value_of(y.re), value_of(y.im), value_of(y.im), value_of(y.re)};
  E p[4];
  detail::products_side_by_side(a, b, p);
  return add(complex<unchecked<E>>{unchecked_of(p[0]), unchecked_of(p[2])},
             complex<unchecked<E>>{neg(unchecked_of(p[1])), unchecked_of(p[3])});
#endif
}

// x0 y0 and x1 y1, as mul gives them: their eight real products four at a
// time, their four additions side by side.
template <class E>
  requires(E::limbs == 4)
FFFT_HD void mul_both(complex<unchecked<E>>& x0, complex<unchecked<E>> y0, complex<unchecked<E>>& x1,
                      complex<unchecked<E>> y1) {
#if defined(__CUDA_ARCH__)
  x0 = mul(x0, y0);
  x1 = mul(x1, y1);
#else
  const E a0[4] = {value_of(x0.re), value_of(x0.im), value_of(x0.re), value_of(x0.im)};
  const E b0[4] = {value_of(y0.re), value_of(y0.im), value_of(y0.im), value_of(y0.re)};
  const E a1[4] = {value_of(x1.re), value_of(x1.im), value_of(x1.re), value_of(x1.im)};
  const E b1[4] = {value_of(y1.re), value_of(y1.im), value_of(y1.im), value_of(y1.re)};
  E p[4], q[4];
  detail::products_side_by_side(a0, b0, p);
  detail::products_side_by_side(a1, b1, q);
  x0 = {unchecked_of(p[0]), unchecked_of(p[2])};
  x1 = {unchecked_of(q[0]), unchecked_of(q[2])};
  add_both(x0, complex<unchecked<E>>{neg(unchecked_of(p[1])), unchecked_of(p[3])}, x1,
           complex<unchecked<E>>{neg(unchecked_of(q[1])), unchecked_of(q[3])});
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
