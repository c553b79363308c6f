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
//  - the data-dependent output index is replaced by selects over the N output
//    registers, so the code has no branches and no dynamically indexed arrays
//    (which would spill to local memory in a kernel). Once N - 1 limbs are
//    emitted, the remaining terms accumulate into the last limb.
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
template <class T>
FFFT_HD void merge_4_4(T (&c)[8]) {
  order_by_magnitude(c[0], c[4]);
  order_by_magnitude(c[1], c[5]);
  order_by_magnitude(c[2], c[6]);
  order_by_magnitude(c[3], c[7]);
  order_by_magnitude(c[2], c[4]);
  order_by_magnitude(c[3], c[5]);
  order_by_magnitude(c[1], c[2]);
  order_by_magnitude(c[3], c[4]);
  order_by_magnitude(c[5], c[6]);
}

// Inserts c[M-1] into c[0..M-2], sorted by decreasing magnitude.
template <class T, int M>
FFFT_HD void insert_last(T (&c)[M]) {
FFFT_UNROLL
  for (int i = M - 1; i > 0; --i) order_by_magnitude(c[i - 1], c[i]);
}

// Renormalizes the M terms c (roughly decreasing in magnitude) into an N-limb
// expansion whose value is their sum, up to the rounding of the last limb.
template <class T, int N, int M>
FFFT_HD expansion<T, N> renormalize(const T (&c)[M]) {
  static_assert(M > N, "renormalize compresses M terms into N < M limbs");
  // Bottom-up VecSum: e[0] + ... + e[M-1] == c[0] + ... + c[M-1] exactly.
  T e[M];
  T s = c[M - 1];
FFFT_UNROLL
  for (int i = M - 2; i >= 0; --i) {
    const limb_pair<T> p = two_sum(c[i], s);
    s = p.hi;
    e[i + 1] = p.lo;
  }
  e[0] = s;

  // Top-down pass: carry the running remainder, emit it as a limb when adding
  // the next term leaves a nonzero error.
  expansion<T, N> y{};
  T carry = e[0];
  typename limb::counter_type<T>::type emitted{};
FFFT_UNROLL
  for (int i = 1; i < M; ++i) {
    const limb_pair<T> p = two_sum(carry, e[i]);
    const auto emit = (p.lo != T{}) && (emitted < N - 1);
FFFT_UNROLL
    for (int k = 0; k < N - 1; ++k) y[k] = (emit && emitted == k) ? p.hi : y[k];
    carry = emit ? p.lo : p.hi;
    emitted = limb::increment_if(emitted, emit);
  }
FFFT_UNROLL
  for (int k = 0; k < N; ++k) y[k] = (emitted == k) ? carry : y[k];
  return y;
}

}  // namespace ffft::detail
