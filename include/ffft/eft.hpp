// Error-free transforms: each returns a pair (hi, lo) of limbs with
// hi + lo equal to the exact result and hi the correctly rounded result.
// They hold in round-to-nearest barring overflow (and, for two_prod, an error
// term below the underflow threshold); everything else in ffft is built on them.
#pragma once

#include "ffft/limb_ops.hpp"

namespace ffft {

template <class T>
struct limb_pair {
  T hi;
  T lo;
};

// Knuth's TwoSum: 6 operations, no condition on the operands. Three of its
// subtractions are FMAs on lane vectors (limb::sub_as_fma, the same bits),
// so that AMD's add and FMA pipes share its work.
template <class T>
FFFT_HD limb_pair<T> two_sum(T a, T b) {
  const T s = limb::add(a, b);
  const T a_rounded = limb::sub_as_fma(s, b);
  const T b_rounded = limb::sub(s, a_rounded);
  const T a_error = limb::sub_as_fma(a, a_rounded);
  const T b_error = limb::sub_as_fma(b, b_rounded);
  return {s, limb::add(a_error, b_error)};
}

// Dekker's Fast2Sum: 3 operations, exact when the exponent of a is at least
// that of b (in particular when |a| >= |b|, or a == 0 and b == 0). One of
// them an FMA on lane vectors, as in two_sum.
template <class T>
FFFT_HD limb_pair<T> fast_two_sum(T a, T b) {
  const T s = limb::add(a, b);
  const T b_rounded = limb::sub_as_fma(s, a);
  return {s, limb::sub(b, b_rounded)};
}

// TwoProd with a fused multiply-add: p + e == a * b exactly.
template <class T>
FFFT_HD limb_pair<T> two_prod(T a, T b) {
  const T p = limb::mul(a, b);
  return {p, limb::fma(a, b, -p)};
}

}  // namespace ffft
