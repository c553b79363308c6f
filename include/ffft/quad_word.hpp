// Four-limb ("quad-word") algorithms: qf128 (4 x float) and qd256 (4 x double).
//
// Every algorithm here is exact up to one final renormalization, except for
// terms of order u^5 relative to the result that are summed in plain
// arithmetic or dropped. The bound we rely on (derived in docs/arithmetic.md):
// renormalization to 4 ulp-nonoverlapping limbs loses at most ulp(y3) <=
// (2u)^4 |y| = 16u^4 |y|, so
//   add, sub, add_limb:           relative error <= 16u^4
//   mul, mul_limb, div:           relative error <= 16u^4 + O(u^5) <= 17u^4
//   sqrt (two Newton steps):      relative error <= 24.5u^4 + O(u^5) <= 25u^4
// with u = 2^-24 (qf128) or 2^-53 (qd256), for normalized operands and
// results away from underflow and overflow. The O(u^5) terms have constants
// below 2^10, so they fit inside the extra u^4 for any p >= 24.
// None of these functions handles non-finite values: arithmetic.hpp does.
#pragma once

#include "ffft/double_word.hpp"
#include "ffft/renormalize.hpp"

namespace ffft::quad_word {

template <class T>
using qw = expansion<T, 4>;

// Sums terms with a chain of TwoSums. The result is their sum rounded once
// per step; the K - 1 rounding errors, each one order of u smaller, are
// written to errors[0..K-2] so the caller can carry them to the next order.
template <class T, int K>
FFFT_HD T sum_keeping_errors(const T (&terms)[K], T* errors) {
  T s = terms[0];
FFFT_UNROLL
  for (int i = 1; i < K; ++i) {
    const limb_pair<T> p = two_sum(s, terms[i]);
    s = p.hi;
    errors[i - 1] = p.lo;
  }
  return s;
}

template <class T, int K>
FFFT_HD T plain_sum(const T (&terms)[K]) {
  T s = terms[0];
FFFT_UNROLL
  for (int i = 1; i < K; ++i) s = limb::add(s, terms[i]);
  return s;
}

// CAMPARY-style certified addition: merge the limbs by magnitude, renormalize.
template <class T>
FFFT_HD qw<T> add(qw<T> a, qw<T> b) {
  T c[8] = {a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]};
  detail::merge_4_4(c);
  return detail::renormalize<T, 4>(c);
}

template <class T>
FFFT_HD qw<T> add_limb(qw<T> a, T y) {
  T c[5] = {a[0], a[1], a[2], a[3], y};
  detail::insert_last(c);
  return detail::renormalize<T, 4>(c);
}

// a * y: four TwoProds, the partial sums of each order of u kept exactly
// through order 3, order 4 summed plainly.
template <class T>
FFFT_HD qw<T> mul_limb(qw<T> a, T y) {
  limb_pair<T> p[4];
FFFT_UNROLL
  for (int i = 0; i < 4; ++i) p[i] = two_prod(a[i], y);

  T e1[1], e2[2], e3[3];
  const T order1[2] = {p[1].hi, p[0].lo};
  const T s1 = sum_keeping_errors(order1, e1);
  const T order2[3] = {p[2].hi, p[1].lo, e1[0]};
  const T s2 = sum_keeping_errors(order2, e2);
  const T order3[4] = {p[3].hi, p[2].lo, e2[0], e2[1]};
  const T s3 = sum_keeping_errors(order3, e3);
  const T order4[4] = {p[3].lo, e3[0], e3[1], e3[2]};
  const T s4 = plain_sum(order4);

  const T terms[5] = {p[0].hi, s1, s2, s3, s4};
  return detail::renormalize<T, 4>(terms);
}

// a * b keeping every partial product through the fourth order of u, as in
// QD's accurate quad-double multiply: products a_i b_j with i + j <= 3 as
// exact TwoProds, those with i + j == 4 rounded, i + j >= 5 (below u^5)
// dropped. Each order is summed with TwoSums whose errors go to the next.
template <class T>
FFFT_HD qw<T> mul(qw<T> a, qw<T> b) {
  const limb_pair<T> p00 = two_prod(a[0], b[0]);
  const limb_pair<T> p01 = two_prod(a[0], b[1]);
  const limb_pair<T> p10 = two_prod(a[1], b[0]);
  const limb_pair<T> p02 = two_prod(a[0], b[2]);
  const limb_pair<T> p11 = two_prod(a[1], b[1]);
  const limb_pair<T> p20 = two_prod(a[2], b[0]);
  const limb_pair<T> p03 = two_prod(a[0], b[3]);
  const limb_pair<T> p12 = two_prod(a[1], b[2]);
  const limb_pair<T> p21 = two_prod(a[2], b[1]);
  const limb_pair<T> p30 = two_prod(a[3], b[0]);

  T e1[2], e2[6], e3[12];
  const T order1[3] = {p01.hi, p10.hi, p00.lo};
  const T s1 = sum_keeping_errors(order1, e1);
  const T order2[7] = {p02.hi, p11.hi, p20.hi, p01.lo, p10.lo, e1[0], e1[1]};
  const T s2 = sum_keeping_errors(order2, e2);
  const T order3[13] = {p03.hi, p12.hi, p21.hi, p30.hi, p02.lo, p11.lo, p20.lo,
                        e2[0],  e2[1],  e2[2],  e2[3],  e2[4],  e2[5]};
  const T s3 = sum_keeping_errors(order3, e3);
  const T order4[19] = {p03.lo, p12.lo, p21.lo, p30.lo,
                        limb::mul(a[1], b[3]), limb::mul(a[2], b[2]), limb::mul(a[3], b[1]),
                        e3[0], e3[1], e3[2], e3[3], e3[4], e3[5],
                        e3[6], e3[7], e3[8], e3[9], e3[10], e3[11]};
  const T s4 = plain_sum(order4);

  const T terms[5] = {p00.hi, s1, s2, s3, s4};
  return detail::renormalize<T, 4>(terms);
}

// r - q * b for the quotient digit q = RN(r0 / b0), accurate to O(u^5 |r|)
// in absolute terms. r0 - q b0 is exact (Sterbenz: q b0 is within a factor
// 1 +- 2u of r0); the remaining terms are summed order by order.
template <class T>
FFFT_HD qw<T> division_residual(qw<T> r, T q, qw<T> b) {
  limb_pair<T> p[4];
FFFT_UNROLL
  for (int i = 0; i < 4; ++i) p[i] = two_prod(q, b[i]);

  T e1[3], e2[5], e3[7];
  const T order1[4] = {limb::sub(r[0], p[0].hi), r[1], -p[1].hi, -p[0].lo};
  const T s1 = sum_keeping_errors(order1, e1);
  const T order2[6] = {r[2], -p[2].hi, -p[1].lo, e1[0], e1[1], e1[2]};
  const T s2 = sum_keeping_errors(order2, e2);
  const T order3[8] = {r[3], -p[3].hi, -p[2].lo, e2[0], e2[1], e2[2], e2[3], e2[4]};
  const T s3 = sum_keeping_errors(order3, e3);
  const T order4[8] = {-p[3].lo, e3[0], e3[1], e3[2], e3[3], e3[4], e3[5], e3[6]};
  const T s4 = plain_sum(order4);

  const T terms[5] = {s1, s2, s3, s4, T{}};
  return detail::renormalize<T, 4>(terms);
}

// Long division: five quotient digits q_k = RN(r_k[0] / b0), each residual
// r_{k+1} = r_k - q_k b computed as above, then one renormalization.
template <class T>
FFFT_HD qw<T> div(qw<T> a, qw<T> b) {
  T q[5];
  qw<T> r = a;
FFFT_UNROLL
  for (int k = 0; k < 4; ++k) {
    q[k] = limb::div(r[0], b[0]);
    r = division_residual(r, q[k], b);
  }
  q[4] = limb::div(r[0], b[0]);
  return detail::renormalize<T, 4>(q);
}

template <class T>
FFFT_HD qw<T> negate(qw<T> a) {
  return {{-a[0], -a[1], -a[2], -a[3]}};
}

// sqrt(a) for a > 0: the double-word square root of the two leading limbs
// (relative error <= 3.2u^2), then two Newton steps s += (a - s^2) / (2s).
template <class T>
FFFT_HD qw<T> sqrt(qw<T> a) {
  const expansion<T, 2> s2 = double_word::sqrt(expansion<T, 2>{{a[0], a[1]}});
  qw<T> s{{s2[0], s2[1], T{}, T{}}};
FFFT_UNROLL
  for (int step = 0; step < 2; ++step) {
    const qw<T> residual = quad_word::add(a, negate(quad_word::mul(s, s)));
    const qw<T> twice_s{{limb::add(s[0], s[0]), limb::add(s[1], s[1]),
                         limb::add(s[2], s[2]), limb::add(s[3], s[3])}};
    s = quad_word::add(s, quad_word::div(residual, twice_s));
  }
  return s;
}

}  // namespace ffft::quad_word
