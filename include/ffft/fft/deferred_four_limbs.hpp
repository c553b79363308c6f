// The four-limb formats' deferred arithmetic (qf128's radix-2, 4 and 8
// butterflies): deferred.hpp's scheme with levels. A deferred value of a
// four-limb format holds five: l0 + l1 + l2 + l3 + l4, l_k standing for
// the terms of order u^k of the values it came from, with no condition
// relating one level to the next. Each operation keeps levels 0 to 3
// exact with TwoSums and TwoProds, carrying their errors one level down,
// and sums level 4 plainly, its roundings of order u^5:
//   add: a TwoSum at level 0, two at level 1 (the level-0 error joins),
//        three at level 2, four at level 3, five plain sums at level 4   65 ops
//   mul: the products a_i b_j at level i + j: TwoProds for i + j <= 3,
//        FMAs into level 4 for i + j = 4, dropped above (order u^5); each
//        level summed with TwoSums whose errors go down one              161 ops
// and a renormalization is the one rounding, to four limbs (renormalize.hpp's
// normalize_each: Grow-Expansion, then the top-down pass), which leaves a
// normalized expansion whatever the levels' magnitudes: about 100 ops. So a
// radix-8 butterfly rounds 30 times at order u^4 (its 16 outputs and 14
// twiddle products), where the accurate operations of quad_word.hpp round
// in each of its 98 additions and products (a merge of the operands' limbs
// and a renormalization of eight terms: about 170 ops; the products of mul
// here, then a renormalization of five terms: about 220).
//
// Why five levels: with four, level 3 rounded in every operation (an
// addition in 40 operations, a product in 73), a radix-8 butterfly's RMS
// error was 6.4 times the accurate one's, and exact through level 3 with
// level 4 added into it once per operation, 4.2 times (docs/arithmetic.md):
// the levels overlap, so a rounding at level 3 is coarser than one in a
// normalized fourth limb.
//
// The bound has deferred.hpp's form, with u^4 for u^2: every real component
// of every output of a radix-R butterfly whose inputs are normalized
// expansions and whose twiddles have |Re w|, |Im w| <= 1 is within
//   deferred_butterfly_bound_units(4, R) u^4 L   (to first order in u)
// of the exact twiddled DFT, L the sum over its inputs of |Re x_j| + |Im x_j|
// (scripts/deferred_bound.py derives it: only the renormalizations round at
// order u^4).
//
// Symmetric in the operands of an addition (each TwoSum and the first plain
// sum are; the rest take the same values in the same order), so an inverse
// butterfly between two swaps of the real and imaginary parts is still the
// forward one's (twiddled_dft.hpp).
#pragma once

#include "ffft/eft.hpp"
#include "ffft/fft/limbs_under.hpp"
#include "ffft/renormalize.hpp"

namespace ffft::fft {

struct deferred_arithmetic;

// Four-limb formats carry a fifth level under the deferred arithmetic.
template <class E>
  requires(E::limbs == 4)
inline constexpr int stored_limbs<E, deferred_arithmetic> = 5;

namespace detail {

template <class E>
using levels = limbs_under<E, deferred_arithmetic>;

template <class E>
FFFT_HD levels<E> levels_add(levels<E> a, levels<E> b) {
  using T = typename E::limb_type;
  const limb_pair<T> s0 = two_sum(a.limb[0], b.limb[0]);
  const limb_pair<T> x1 = two_sum(a.limb[1], b.limb[1]);
  const limb_pair<T> s1 = two_sum(x1.hi, s0.lo);
  const limb_pair<T> x2 = two_sum(a.limb[2], b.limb[2]);
  const limb_pair<T> y2 = two_sum(x2.hi, x1.lo);
  const limb_pair<T> s2 = two_sum(y2.hi, s1.lo);
  const limb_pair<T> x3 = two_sum(a.limb[3], b.limb[3]);
  const limb_pair<T> y3 = two_sum(x3.hi, x2.lo);
  const limb_pair<T> z3 = two_sum(y3.hi, y2.lo);
  const limb_pair<T> s3 = two_sum(z3.hi, s2.lo);
  const T s4 =
      limb::add(limb::add(limb::add(limb::add(limb::add(a.limb[4], b.limb[4]), x3.lo), y3.lo), z3.lo), s3.lo);
  return {{s0.hi, s1.hi, s2.hi, s3.hi, s4}};
}

template <class E>
FFFT_HD levels<E> levels_mul(levels<E> a, levels<E> b) {
  using T = typename E::limb_type;
  const T(&x)[5] = a.limb;
  const T(&y)[5] = b.limb;
  const limb_pair<T> p00 = two_prod(x[0], y[0]);
  // Level 1: x0 y1 + x1 y0 + the error of level 0.
  const limb_pair<T> p01 = two_prod(x[0], y[1]);
  const limb_pair<T> p10 = two_prod(x[1], y[0]);
  const limb_pair<T> t1 = two_sum(p01.hi, p10.hi);
  const limb_pair<T> s1 = two_sum(t1.hi, p00.lo);
  // Level 2: three products, the errors of level 1's products and of its sums.
  const limb_pair<T> p02 = two_prod(x[0], y[2]);
  const limb_pair<T> p11 = two_prod(x[1], y[1]);
  const limb_pair<T> p20 = two_prod(x[2], y[0]);
  const limb_pair<T> u1 = two_sum(p02.hi, p11.hi);
  const limb_pair<T> u2 = two_sum(u1.hi, p20.hi);
  const limb_pair<T> u3 = two_sum(u2.hi, p01.lo);
  const limb_pair<T> u4 = two_sum(u3.hi, p10.lo);
  const limb_pair<T> u5 = two_sum(u4.hi, t1.lo);
  const limb_pair<T> s2 = two_sum(u5.hi, s1.lo);
  // Level 3: four products, the errors of level 2's products and of its
  // sums; their errors go to level 4 as they come.
  const limb_pair<T> p03 = two_prod(x[0], y[3]);
  const limb_pair<T> p12 = two_prod(x[1], y[2]);
  const limb_pair<T> p21 = two_prod(x[2], y[1]);
  const limb_pair<T> p30 = two_prod(x[3], y[0]);
  const T level3[13] = {p03.hi, p12.hi, p21.hi, p30.hi, p02.lo, p11.lo, p20.lo,
                        u1.lo,  u2.lo,  u3.lo,  u4.lo,  u5.lo,  s2.lo};
  T s3 = level3[0], s4 = p03.lo;
FFFT_UNROLL
  for (int k = 1; k < 13; ++k) {
    const limb_pair<T> v = two_sum(s3, level3[k]);
    s3 = v.hi;
    s4 = limb::add(s4, v.lo);
  }
  // Level 4, rounded: the errors of level 3's products, then the products
  // of level 4 by FMA.
  s4 = limb::add(limb::add(limb::add(s4, p12.lo), p21.lo), p30.lo);
  s4 = limb::fma(x[0], y[4], s4);
  s4 = limb::fma(x[1], y[3], s4);
  s4 = limb::fma(x[2], y[2], s4);
  s4 = limb::fma(x[3], y[1], s4);
  s4 = limb::fma(x[4], y[0], s4);
  return {{p00.hi, s1.hi, s2.hi, s3, s4}};
}

// The normalized four-limb expansion of l0 + ... + l4, rounded once (a
// zero fifth level).
template <class E>
FFFT_HD levels<E> levels_normalized(levels<E> x) {
  using T = typename E::limb_type;
  const T terms[1][5] = {{x.limb[0], x.limb[1], x.limb[2], x.limb[3], x.limb[4]}};
  expansion<T, 4> y[1];
  ffft::detail::normalize_each<T, 4, 5, 1>(terms, y);
  return {{y[0].limb[0], y[0].limb[1], y[0].limb[2], y[0].limb[3], T{}}};
}

// Out of line on the device, as the accurate four-limb operations are
// (unchecked.hpp): inlined, a qf128 group kernel holds a copy of each
// operation for every one a butterfly makes. The same function of the same
// operands: the same bits. The host keeps them inline.
template <class E>
FFFT_HD_OUTLINED levels<E> levels_add_call(levels<E> a, levels<E> b) {
  return levels_add(a, b);
}

template <class E>
FFFT_HD_OUTLINED levels<E> levels_mul_call(levels<E> a, levels<E> b) {
  return levels_mul(a, b);
}

template <class E>
FFFT_HD_OUTLINED levels<E> levels_normalized_call(levels<E> x) {
  return levels_normalized(x);
}

}  // namespace detail

template <class E>
  requires(E::limbs == 4)
FFFT_HD limbs_under<E, deferred_arithmetic> neg(limbs_under<E, deferred_arithmetic> x) {
  return {{-x.limb[0], -x.limb[1], -x.limb[2], -x.limb[3], -x.limb[4]}};
}

template <class E>
  requires(E::limbs == 4)
FFFT_HD limbs_under<E, deferred_arithmetic> add(limbs_under<E, deferred_arithmetic> a,
                                                limbs_under<E, deferred_arithmetic> b) {
#if defined(__CUDA_ARCH__)
  return detail::levels_add_call(a, b);
#else
  return detail::levels_add(a, b);
#endif
}

template <class E>
  requires(E::limbs == 4)
FFFT_HD limbs_under<E, deferred_arithmetic> sub(limbs_under<E, deferred_arithmetic> a,
                                                limbs_under<E, deferred_arithmetic> b) {
  return add(a, neg(b));
}

template <class E>
  requires(E::limbs == 4)
FFFT_HD limbs_under<E, deferred_arithmetic> mul(limbs_under<E, deferred_arithmetic> a,
                                                limbs_under<E, deferred_arithmetic> b) {
#if defined(__CUDA_ARCH__)
  return detail::levels_mul_call(a, b);
#else
  return detail::levels_mul(a, b);
#endif
}

template <class E>
  requires(E::limbs == 4)
FFFT_HD limbs_under<E, deferred_arithmetic> ldexp(limbs_under<E, deferred_arithmetic> x, int e) {
  return {{limb::ldexp(x.limb[0], e), limb::ldexp(x.limb[1], e), limb::ldexp(x.limb[2], e),
           limb::ldexp(x.limb[3], e), limb::ldexp(x.limb[4], e)}};
}

// The normalized expansion of the levels' sum, rounded once.
template <class E>
  requires(E::limbs == 4)
FFFT_HD limbs_under<E, deferred_arithmetic> renormalized_deferred(limbs_under<E, deferred_arithmetic> x) {
#if defined(__CUDA_ARCH__)
  return detail::levels_normalized_call(x);
#else
  return detail::levels_normalized(x);
#endif
}

}  // namespace ffft::fft
