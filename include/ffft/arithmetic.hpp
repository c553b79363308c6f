// The arithmetic of expansion<T, N>: one generic interface over the
// double-word (N = 2) and quad-word (N = 4) algorithms, with IEEE behaviour
// for special values.
//
// Special values. The extended algorithms assume finite operands and results.
// When one is not (an infinite or NaN operand, overflow) their error terms
// become inf - inf = NaN, and when the exact result is zero the sign of zero
// can be lost. Each operation therefore checks the leading limb of its result
// once: if it is zero or not finite, the result is the IEEE operation on the
// leading limbs (e.g. inf + 1 = inf, 0 * -1 = -0, 1e38f * 1e38f = inf,
// 1 / inf = 0, sqrt(-1) = NaN), with zero lower limbs. A select, not a branch.
#pragma once

#include "ffft/double_word.hpp"
#include "ffft/expansion.hpp"
#include "ffft/quad_word.hpp"

namespace ffft {

namespace detail {

// IEEE special cases, which the error-free algorithms do not propagate: a
// non-finite leading limb is replaced by the same operation on the leading
// limbs alone (so inf + 1 is inf, inf - inf is NaN), with zeros below it.
// An exact zero stays zero, taking its sign from the leading-limb result when
// that is also zero (so -0 + -0 is -0). It must never become the leading-limb
// result otherwise: representations are not unique (expansion.hpp), so
// x - y can be exactly zero while x[0] - y[0] is not.
template <class T, int N>
FFFT_HD expansion<T, N> settle(expansion<T, N> r, T leading_limb_result) {
  const auto finite = limb::is_finite(r[0]);
  const auto zero = r[0] == T{};
  const auto keep_lower = finite && !zero;
  const auto signed_zero = zero && (leading_limb_result == T{});
  expansion<T, N> out;
  out[0] = finite ? (signed_zero ? leading_limb_result : r[0]) : leading_limb_result;
FFFT_UNROLL
  for (int i = 1; i < N; ++i) out[i] = keep_lower ? r[i] : T{};
  return out;
}

}  // namespace detail

template <class T, int N>
FFFT_HD expansion<T, N> neg(expansion<T, N> x) {
  expansion<T, N> r;
FFFT_UNROLL
  for (int i = 0; i < N; ++i) r[i] = -x[i];
  return r;
}

template <class T, int N>
FFFT_HD expansion<T, N> abs(expansion<T, N> x) {
  return x[0] < T(0) ? neg(x) : x;
}

// x * 2^e, exact unless a limb over- or underflows; overflow gives +-inf.
template <class T, int N>
FFFT_HD expansion<T, N> ldexp(expansion<T, N> x, int e) {
  expansion<T, N> r;
FFFT_UNROLL
  for (int i = 0; i < N; ++i) r[i] = limb::ldexp(x[i], e);
  return detail::settle(r, r[0]);
}

template <class T, int N>
FFFT_HD expansion<T, N> add(expansion<T, N> x, expansion<T, N> y) {
  expansion<T, N> r;
  if constexpr (N == 2) r = double_word::add(x, y);
  else r = quad_word::add(x, y);
  return detail::settle(r, limb::add(x[0], y[0]));
}

template <class T, int N>
FFFT_HD expansion<T, N> sub(expansion<T, N> x, expansion<T, N> y) {
  return add(x, neg(y));
}

// x + y for a single limb y.
template <class T, int N>
FFFT_HD expansion<T, N> add(expansion<T, N> x, T y) {
  expansion<T, N> r;
  if constexpr (N == 2) r = double_word::add_limb(x, y);
  else r = quad_word::add_limb(x, y);
  return detail::settle(r, limb::add(x[0], y));
}

template <class T, int N>
FFFT_HD expansion<T, N> mul(expansion<T, N> x, expansion<T, N> y) {
  expansion<T, N> r;
  if constexpr (N == 2) r = double_word::mul(x, y);
  else r = quad_word::mul(x, y);
  return detail::settle(r, limb::mul(x[0], y[0]));
}

// x * y for a single limb y.
template <class T, int N>
FFFT_HD expansion<T, N> mul(expansion<T, N> x, T y) {
  expansion<T, N> r;
  if constexpr (N == 2) r = double_word::mul_limb(x, y);
  else r = quad_word::mul_limb(x, y);
  return detail::settle(r, limb::mul(x[0], y));
}

template <class T, int N>
FFFT_HD expansion<T, N> div(expansion<T, N> x, expansion<T, N> y) {
  expansion<T, N> r;
  if constexpr (N == 2) r = double_word::div(x, y);
  else r = quad_word::div(x, y);
  return detail::settle(r, limb::div(x[0], y[0]));
}

// x / y for a single limb y: the 2-limb formats have a dedicated algorithm,
// the 4-limb ones divide by the expansion {y, 0, 0, 0}.
template <class T, int N>
FFFT_HD expansion<T, N> div(expansion<T, N> x, T y) {
  expansion<T, N> r;
  if constexpr (N == 2) r = double_word::div_limb(x, y);
  else r = quad_word::div(x, expansion<T, N>{{y, T{}, T{}, T{}}});
  return detail::settle(r, limb::div(x[0], y));
}

template <class T, int N>
FFFT_HD expansion<T, N> sqrt(expansion<T, N> x) {
  expansion<T, N> r;
  if constexpr (N == 2) r = double_word::sqrt(x);
  else r = quad_word::sqrt(x);
  return detail::settle(r, limb::sqrt(x[0]));
}

// Three-way comparison through the sign of the difference, which the
// bounded-error subtraction always gets right (its relative error is < 1).
// Returns -1, 0 or 1, and 2 when either operand is NaN.
template <class T, int N>
FFFT_HD int compare(expansion<T, N> x, expansion<T, N> y) {
  if (!(x[0] == x[0]) || !(y[0] == y[0])) return 2;
  if (!limb::is_finite(x[0]) || !limb::is_finite(y[0]))
    return x[0] < y[0] ? -1 : (x[0] > y[0] ? 1 : 0);
  const T d = sub(x, y)[0];
  return d < T(0) ? -1 : (d > T(0) ? 1 : 0);
}

template <class T, int N>
FFFT_HD bool operator==(expansion<T, N> x, expansion<T, N> y) { return compare(x, y) == 0; }
template <class T, int N>
FFFT_HD bool operator!=(expansion<T, N> x, expansion<T, N> y) { return !(x == y); }
template <class T, int N>
FFFT_HD bool operator<(expansion<T, N> x, expansion<T, N> y) { return compare(x, y) == -1; }
template <class T, int N>
FFFT_HD bool operator>(expansion<T, N> x, expansion<T, N> y) { return compare(x, y) == 1; }
template <class T, int N>
FFFT_HD bool operator<=(expansion<T, N> x, expansion<T, N> y) {
  const int c = compare(x, y);
  return c == -1 || c == 0;
}
template <class T, int N>
FFFT_HD bool operator>=(expansion<T, N> x, expansion<T, N> y) {
  const int c = compare(x, y);
  return c == 1 || c == 0;
}

template <class T, int N>
FFFT_HD expansion<T, N> operator-(expansion<T, N> x) { return neg(x); }
template <class T, int N>
FFFT_HD expansion<T, N> operator+(expansion<T, N> x, expansion<T, N> y) { return add(x, y); }
template <class T, int N>
FFFT_HD expansion<T, N> operator-(expansion<T, N> x, expansion<T, N> y) { return sub(x, y); }
template <class T, int N>
FFFT_HD expansion<T, N> operator*(expansion<T, N> x, expansion<T, N> y) { return mul(x, y); }
template <class T, int N>
FFFT_HD expansion<T, N> operator/(expansion<T, N> x, expansion<T, N> y) { return div(x, y); }

}  // namespace ffft
