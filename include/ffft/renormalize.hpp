// Turning a sequence of limbs into a normalized N-limb expansion.
//
// The scheme is the renormalization of CAMPARY (Joldes, Muller, Popescu,
// "Arithmetic algorithms for extended precision using floating-point
// expansions", IEEE Trans. Computers 65(4), 2016): a bottom-up VecSum, then a
// top-down pass that emits a limb each time a nonzero error appears. Two
// changes suit the GPU and robustness:
//  - every step is a TwoSum instead of Fast2Sum. Where CAMPARY's ordering
//    precondition holds both give identical results; where it does not, TwoSum
//    is still exact, so no step loses anything but the final rounding;
//  - the data-dependent output index is replaced by a shift register: each
//    emitted limb enters at its end by selects, and a last shift by selects
//    moves the limbs to the front; so the code has no branches and no
//    dynamically indexed arrays (which would spill to local memory in a
//    kernel). Once N - 1 limbs are emitted, the remaining terms accumulate
//    into the last limb.
// All loops have compile-time trip counts and unroll.
#pragma once

#include "ffft/eft.hpp"
#include "ffft/expansion.hpp"

namespace ffft::detail {

// Orders (x, y) so that |x| >= |y|, without branches.
template <class T>
FFFT_HD void order_by_magnitude(T& x, T& y) {
  const auto swap = limb::abs(x) < limb::abs(y);
  const T larger = swap ? y : x;
  const T smaller = swap ? x : y;
  x = larger;
  y = smaller;
}

// Merges two sequences sorted by decreasing magnitude, a[0..3] then b[0..3]
// stored in c[0..7], with Batcher's odd-even merging network (9 comparators).
// When both inputs are normalized expansions, |c[i+2]| <= u |c[i]|: of any three
// consecutive outputs two come from the same input, which is ulp-nonoverlapping.
// P independent merges at once, comparator by comparator (the same
// operations on each, so the same results as P single ones): see
// renormalize_each.
template <class T, int P>
FFFT_HD void merge_4_4_each(T (&c)[P][8]) {
  constexpr int pairs[9][2] = {{0, 4}, {1, 5}, {2, 6}, {3, 7}, {2, 4}, {3, 5}, {1, 2}, {3, 4}, {5, 6}};
FFFT_UNROLL
  for (int k = 0; k < 9; ++k)
FFFT_UNROLL
    for (int q = 0; q < P; ++q) order_by_magnitude(c[q][pairs[k][0]], c[q][pairs[k][1]]);
}

template <class T>
FFFT_HD void merge_4_4(T (&c)[8]) {
  T one[1][8];
FFFT_UNROLL
  for (int i = 0; i < 8; ++i) one[0][i] = c[i];
  merge_4_4_each<T, 1>(one);
FFFT_UNROLL
  for (int i = 0; i < 8; ++i) c[i] = one[0][i];
}

// Inserts c[M-1] into c[0..M-2], sorted by decreasing magnitude.
template <class T, int M>
FFFT_HD void insert_last(T (&c)[M]) {
FFFT_UNROLL
  for (int i = M - 1; i > 0; --i) order_by_magnitude(c[i - 1], c[i]);
}

// The top-down pass of the renormalization, on P independent sequences of
// M terms e[q] whose first term is the largest: carry the running
// remainder; where adding the next term leaves a nonzero error, emit the
// remainder's rounded part as a limb. The emitted limbs enter a shift
// register slot[0..N-2] at its end, so after the pass the e limbs emitted
// lie in order in slot[N-1-e..N-2], zeros before them. An emitted limb is
// never zero (a TwoSum whose sum rounds to zero is exact, so its error is
// zero too), hence slot[0] != 0 says that N - 1 limbs are out, after which
// the remaining terms accumulate into the carry (for M = N none remain:
// the pass is exact). Before step i at most i - 1 limbs have been emitted,
// so only slot[N-i..N-2] can hold one: step i shifts min(i, N - 1) slots,
// one select each (a counter of emitted limbs and a select for each output
// it could name cost three operations an output).
template <class T, int N, int M, int P>
FFFT_HD void emit_limbs_each(const T (&e)[P][M], expansion<T, N> (&y)[P]) {
  static_assert(M >= N, "the pass emits N limbs from M >= N terms");
  static_assert(N >= 2 && (N & (N - 1)) == 0, "the final shift needs N a power of two");
  T slot[P][N - 1], carry[P];
FFFT_UNROLL
  for (int q = 0; q < P; ++q) {
    carry[q] = e[q][0];
FFFT_UNROLL
    for (int k = 0; k < N - 1; ++k) slot[q][k] = T{};
  }
FFFT_UNROLL
  for (int i = 1; i < M; ++i)
FFFT_UNROLL
    for (int q = 0; q < P; ++q) {
      const limb_pair<T> p = two_sum(carry[q], e[q][i]);
      // Before step N the register cannot be full.
      const auto emit = i < N ? (p.lo != T{}) : (p.lo != T{}) && (slot[q][0] == T{});
FFFT_UNROLL
      for (int k = 0; k < N - 2; ++k)
        if (k >= N - 1 - i) slot[q][k] = emit ? slot[q][k + 1] : slot[q][k];
      slot[q][N - 2] = emit ? p.hi : slot[q][N - 2];
      carry[q] = emit ? p.lo : p.hi;
    }

  // y = (slot, carry) shifted forward over the zeros before the first emitted
  // limb: by d = N/2, N/4, ..., 1 wherever its first d entries are still
  // zero. With N a power of two the shifts add up to at most N - 1, so the
  // entry tested is always a slot (never the carry, which may be zero).
FFFT_UNROLL
  for (int q = 0; q < P; ++q) {
FFFT_UNROLL
    for (int k = 0; k < N - 1; ++k) y[q][k] = slot[q][k];
    y[q][N - 1] = carry[q];
FFFT_UNROLL
    for (int d = N / 2; d >= 1; d /= 2) {
      const auto shift = y[q][d - 1] == T{};
FFFT_UNROLL
      for (int k = 0; k < N; ++k) y[q][k] = shift ? (k + d < N ? y[q][k + d] : T{}) : y[q][k];
    }
  }
}

// Renormalizes P independent sequences of M terms c[q] (each roughly
// decreasing in magnitude) into N-limb expansions y[q], each of value the sum
// of its terms up to the rounding of its last limb: a bottom-up VecSum, then
// emit_limbs_each. The P computations run step by step side by side: each
// is the same sequence of operations as a single one (so the same bits), but
// the dependent chains of the P (the bottom-up sum, the top-down carry)
// interleave in the code, which a core whose reorder window is shorter than
// one four-limb addition (about 240 vector instructions on AVX2) cannot do by
// itself.
template <class T, int N, int M, int P>
FFFT_HD void renormalize_each(const T (&c)[P][M], expansion<T, N> (&y)[P]) {
  static_assert(M > N, "renormalize compresses M terms into N < M limbs");
  // Bottom-up VecSum: e[0] + ... + e[M-1] == c[0] + ... + c[M-1] exactly.
  T e[P][M], s[P];
FFFT_UNROLL
  for (int q = 0; q < P; ++q) s[q] = c[q][M - 1];
FFFT_UNROLL
  for (int i = M - 2; i >= 0; --i)
FFFT_UNROLL
    for (int q = 0; q < P; ++q) {
      const limb_pair<T> p = two_sum(c[q][i], s[q]);
      s[q] = p.hi;
      e[q][i + 1] = p.lo;
    }
FFFT_UNROLL
  for (int q = 0; q < P; ++q) e[q][0] = s[q];
  emit_limbs_each<T, N, M, P>(e, y);
}

// The N-limb expansion of the sum of M >= N terms of any magnitudes and
// signs, for P independent sets of terms side by side: Shewchuk's
// Grow-Expansion ("Adaptive precision floating-point arithmetic", Discrete
// Comput. Geom. 18, 1997, Theorem 10) adds the terms from the last into an
// expansion h, each with a chain of TwoSums, exactly, which keeps h
// nonoverlapping (the bits of its components disjoint) and increasing in
// magnitude but for zeros; then emit_limbs_each from h's largest component
// down. Each limb it emits is the rounded sum of what it has carried, and
// what remains below it (the TwoSum's error and components below that
// error's lowest bit) is less than twice that error, so at most ulp(y[i]):
// |y[i+1]| <= ulp(y[i]) (1 + u) whatever the magnitudes of the terms (the
// butterflies of deferred_four_limbs.hpp rely on it, as their levels may
// cancel). Exact for M = N; otherwise only the last limb's accumulation
// rounds, by less than ulp(y[N-1]) <= (2u)^(N-1) 2u |y[0]| a step.
template <class T, int N, int M, int P>
FFFT_HD void normalize_each(const T (&c)[P][M], expansion<T, N> (&y)[P]) {
  T h[P][M];
FFFT_UNROLL
  for (int q = 0; q < P; ++q) h[q][0] = c[q][M - 1];
FFFT_UNROLL
  for (int k = 1; k < M; ++k)
FFFT_UNROLL
    for (int q = 0; q < P; ++q) {
      T sum = c[q][M - 1 - k];
FFFT_UNROLL
      for (int i = 0; i < k; ++i) {
        const limb_pair<T> p = two_sum(sum, h[q][i]);
        h[q][i] = p.lo;
        sum = p.hi;
      }
      h[q][k] = sum;
    }
  T e[P][M];
FFFT_UNROLL
  for (int q = 0; q < P; ++q)
FFFT_UNROLL
    for (int i = 0; i < M; ++i) e[q][i] = h[q][M - 1 - i];
  emit_limbs_each<T, N, M, P>(e, y);
}

// Renormalizes the M terms c (roughly decreasing in magnitude) into an N-limb
// expansion whose value is their sum, up to the rounding of the last limb.
template <class T, int N, int M>
FFFT_HD expansion<T, N> renormalize(const T (&c)[M]) {
  T one[1][M];
FFFT_UNROLL
  for (int i = 0; i < M; ++i) one[0][i] = c[i];
  expansion<T, N> y[1];
  renormalize_each<T, N, M, 1>(one, y);
  return y[0];
}

}  // namespace ffft::detail
