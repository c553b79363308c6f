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
// P independent sums side by side, step by step (renormalize_each says why).
template <class T, int K, int P>
FFFT_HD void sum_keeping_errors_each(const T (&terms)[P][K], T (&errors)[P][K - 1], T (&sums)[P]) {
FFFT_UNROLL
  for (int q = 0; q < P; ++q) sums[q] = terms[q][0];
FFFT_UNROLL
  for (int i = 1; i < K; ++i)
FFFT_UNROLL
    for (int q = 0; q < P; ++q) {
      const limb_pair<T> p = two_sum(sums[q], terms[q][i]);
      sums[q] = p.hi;
      errors[q][i - 1] = p.lo;
    }
}

template <class T, int K>
FFFT_HD T sum_keeping_errors(const T (&terms)[K], T* errors) {
  T one[1][K], e[1][K - 1], s[1];
FFFT_UNROLL
  for (int i = 0; i < K; ++i) one[0][i] = terms[i];
  sum_keeping_errors_each<T, K, 1>(one, e, s);
FFFT_UNROLL
  for (int i = 0; i < K - 1; ++i) errors[i] = e[0][i];
  return s[0];
}

template <class T, int K, int P>
FFFT_HD void plain_sum_each(const T (&terms)[P][K], T (&sums)[P]) {
FFFT_UNROLL
  for (int q = 0; q < P; ++q) sums[q] = terms[q][0];
FFFT_UNROLL
  for (int i = 1; i < K; ++i)
FFFT_UNROLL
    for (int q = 0; q < P; ++q) sums[q] = limb::add(sums[q], terms[q][i]);
}

template <class T, int K>
FFFT_HD T plain_sum(const T (&terms)[K]) {
  T one[1][K], s[1];
FFFT_UNROLL
  for (int i = 0; i < K; ++i) one[0][i] = terms[i];
  plain_sum_each<T, K, 1>(one, s);
  return s[0];
}

// CAMPARY-style certified addition: merge the limbs by magnitude, renormalize.
template <class T>
FFFT_HD qw<T> add(qw<T> a, qw<T> b) {
  T c[8] = {a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]};
  detail::merge_4_4(c);
  return detail::renormalize<T, 4>(c);
}

// P independent additions r[q] = a[q] + b[q] side by side (the same
// operations as P calls of add, so the same bits; renormalize_each says why).
template <class T, int P>
FFFT_HD void add_each(const qw<T> (&a)[P], const qw<T> (&b)[P], qw<T> (&r)[P]) {
  T c[P][8];
FFFT_UNROLL
  for (int q = 0; q < P; ++q)
FFFT_UNROLL
    for (int i = 0; i < 4; ++i) c[q][i] = a[q][i], c[q][i + 4] = b[q][i];
  detail::merge_4_4_each<T, P>(c);
  detail::renormalize_each<T, 4, 8, P>(c, r);
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
// P independent products r[q] = a[q] b[q] side by side, step by step (the
// same operations as P calls of mul; renormalize_each says why).
template <class T, int P>
FFFT_HD void mul_each(const qw<T> (&a)[P], const qw<T> (&b)[P], qw<T> (&r)[P]) {
  // Exact products a_i b_j, i + j <= 3, in the order the sums take them.
  constexpr int exact[10][2] = {{0, 0}, {0, 1}, {1, 0}, {0, 2}, {1, 1},
                                {2, 0}, {0, 3}, {1, 2}, {2, 1}, {3, 0}};
  limb_pair<T> p[P][10];
FFFT_UNROLL
  for (int k = 0; k < 10; ++k)
FFFT_UNROLL
    for (int q = 0; q < P; ++q) p[q][k] = two_prod(a[q][exact[k][0]], b[q][exact[k][1]]);

  T order1[P][3], e1[P][2], s1[P];
FFFT_UNROLL
  for (int q = 0; q < P; ++q) {
    order1[q][0] = p[q][1].hi, order1[q][1] = p[q][2].hi, order1[q][2] = p[q][0].lo;
  }
  sum_keeping_errors_each<T, 3, P>(order1, e1, s1);
  T order2[P][7], e2[P][6], s2[P];
FFFT_UNROLL
  for (int q = 0; q < P; ++q) {
    order2[q][0] = p[q][3].hi, order2[q][1] = p[q][4].hi, order2[q][2] = p[q][5].hi;
    order2[q][3] = p[q][1].lo, order2[q][4] = p[q][2].lo, order2[q][5] = e1[q][0], order2[q][6] = e1[q][1];
  }
  sum_keeping_errors_each<T, 7, P>(order2, e2, s2);
  T order3[P][13], e3[P][12], s3[P];
FFFT_UNROLL
  for (int q = 0; q < P; ++q) {
FFFT_UNROLL
    for (int k = 0; k < 4; ++k) order3[q][k] = p[q][6 + k].hi;
FFFT_UNROLL
    for (int k = 0; k < 3; ++k) order3[q][4 + k] = p[q][3 + k].lo;
FFFT_UNROLL
    for (int k = 0; k < 6; ++k) order3[q][7 + k] = e2[q][k];
  }
  sum_keeping_errors_each<T, 13, P>(order3, e3, s3);
  T order4[P][19], s4[P];
FFFT_UNROLL
  for (int q = 0; q < P; ++q) {
FFFT_UNROLL
    for (int k = 0; k < 4; ++k) order4[q][k] = p[q][6 + k].lo;
    order4[q][4] = limb::mul(a[q][1], b[q][3]);
    order4[q][5] = limb::mul(a[q][2], b[q][2]);
    order4[q][6] = limb::mul(a[q][3], b[q][1]);
FFFT_UNROLL
    for (int k = 0; k < 12; ++k) order4[q][7 + k] = e3[q][k];
  }
  plain_sum_each<T, 19, P>(order4, s4);

  T terms[P][5];
FFFT_UNROLL
  for (int q = 0; q < P; ++q) {
    terms[q][0] = p[q][0].hi, terms[q][1] = s1[q], terms[q][2] = s2[q], terms[q][3] = s3[q];
    terms[q][4] = s4[q];
  }
  detail::renormalize_each<T, 4, 5, P>(terms, r);
}

template <class T>
FFFT_HD qw<T> mul(qw<T> a, qw<T> b) {
  const qw<T> x[1] = {a}, y[1] = {b};
  qw<T> r[1];
  mul_each<T, 1>(x, y, r);
  return r[0];
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
