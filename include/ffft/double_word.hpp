// Two-limb ("double-word") algorithms with proven relative error bounds, from
// Joldes, Muller, Popescu, "Tight and rigorous error bounds for basic building
// blocks of double-word arithmetic", ACM TOMS 44(2), 2017 (JMP), with the
// bounds formally proved by Muller and Rideau, ACM TOMS 48(1), 2022, and the
// square root of Lefevre, Louvet, Muller, Picot, Rideau, "Accurate calculation
// of Euclidean norms using double-word arithmetic", ACM TOMS 49(1), 2023.
//
// u is the unit roundoff of the limb (2^-24 for float, 2^-53 for double). The
// bounds hold for normalized operands in the absence of underflow and overflow.
// None of these functions handles non-finite values: arithmetic.hpp does.
#pragma once

#include "ffft/eft.hpp"
#include "ffft/expansion.hpp"

namespace ffft::double_word {

template <class T>
using dw = expansion<T, 2>;

template <class T>
FFFT_HD dw<T> from_pair(limb_pair<T> p) {
  return {{p.hi, p.lo}};
}

// DWPlusFP (JMP): x + y, relative error <= 2u^2.
template <class T>
FFFT_HD dw<T> add_limb(dw<T> x, T y) {
  const limb_pair<T> s = two_sum(x[0], y);
  const T v = limb::add(x[1], s.lo);
  return from_pair(fast_two_sum(s.hi, v));
}

// AccurateDWPlusDW (JMP): x + y, relative error <= 3u^2 + 13u^3.
// Both pairs of limbs go through TwoSum, so no error term is dropped under
// cancellation (the 11-flop "sloppy" add has no relative bound at all).
template <class T>
FFFT_HD dw<T> add(dw<T> x, dw<T> y) {
  const limb_pair<T> s = two_sum(x[0], y[0]);
  const limb_pair<T> t = two_sum(x[1], y[1]);
  const T c = limb::add(s.lo, t.hi);
  const limb_pair<T> v = fast_two_sum(s.hi, c);
  const T w = limb::add(t.lo, v.lo);
  return from_pair(fast_two_sum(v.hi, w));
}

// DWTimesFP3 (JMP, with FMA): x * y, relative error <= 2u^2.
template <class T>
FFFT_HD dw<T> mul_limb(dw<T> x, T y) {
  const limb_pair<T> c = two_prod(x[0], y);
  const T low = limb::fma(x[1], y, c.lo);
  return from_pair(fast_two_sum(c.hi, low));
}

// DWTimesFP1 (JMP): x * y without relying on FMA beyond TwoProd,
// relative error <= 1.5u^2 + 4u^3. Used inside the division, whose bound is
// proved with it.
template <class T>
FFFT_HD dw<T> mul_limb_accurate(dw<T> x, T y) {
  const limb_pair<T> c = two_prod(x[0], y);
  const T c_l2 = limb::mul(x[1], y);
  const limb_pair<T> t = fast_two_sum(c.hi, c_l2);
  const T t_l2 = limb::add(t.lo, c.lo);
  return from_pair(fast_two_sum(t.hi, t_l2));
}

// DWTimesDW3 (JMP, with FMA): x * y, relative error <= 4u^2.
template <class T>
FFFT_HD dw<T> mul(dw<T> x, dw<T> y) {
  const limb_pair<T> c = two_prod(x[0], y[0]);
  const T t_l0 = limb::mul(x[1], y[1]);
  const T t_l1 = limb::fma(x[0], y[1], t_l0);
  const T c_l2 = limb::fma(x[1], y[0], t_l1);
  const T c_l3 = limb::add(c.lo, c_l2);
  return from_pair(fast_two_sum(c.hi, c_l3));
}

// DWDivFP3 (JMP, with FMA): x / y for a single limb y, relative error
// <= 3u^2. The remainder x_h - t_h y is exact in one FMA, so the only
// roundings are those of the two quotient limbs.
template <class T>
FFFT_HD dw<T> div_limb(dw<T> x, T y) {
  const T t_h = limb::div(x[0], y);
  const T pi = limb::fma(t_h, y, -x[0]);
  const T delta = limb::sub(x[1], pi);
  const T t_l = limb::div(delta, y);
  return from_pair(fast_two_sum(t_h, t_l));
}

// DWDivDW3 (JMP): x / y through a double-word reciprocal of y,
// relative error <= 9.8u^2.
template <class T>
FFFT_HD dw<T> div(dw<T> x, dw<T> y) {
  const T t_h = limb::div(limb::one<T>(), y[0]);
  const T r_h = limb::fma(-y[0], t_h, limb::one<T>());
  const T r_l = -limb::mul(y[1], t_h);
  const dw<T> e = from_pair(fast_two_sum(r_h, r_l));
  const dw<T> delta = mul_limb_accurate(e, t_h);
  const dw<T> m = add_limb(delta, t_h);
  return double_word::mul(x, m);
}

// SQRTDWtoDW (Lefevre et al. 2023): sqrt(x) for x > 0, relative
// error <= (25/8)u^2.
template <class T>
FFFT_HD dw<T> sqrt(dw<T> x) {
  const T s_h = limb::sqrt(x[0]);
  const T rho1 = limb::fma(-s_h, s_h, x[0]);
  const T rho2 = limb::add(x[1], rho1);
  const T s_l = limb::div(rho2, limb::add(s_h, s_h));
  return from_pair(fast_two_sum(s_h, s_l));
}

}  // namespace ffft::double_word
