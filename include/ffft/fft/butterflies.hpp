// The radix-R DFTs of the Stockham passes, R = 2, 3, 4, 5, 7, 8, written once
// for host and device: y_q = sum_j x_j w^(jq), w = exp(Sign 2 pi i / R), with
// Sign = -1 (forward) or +1 (inverse), in place in x[0..R-1].
//
// Multiplications by +-1 and +-i are exact limb moves; by -1/2 an exact
// ldexp. The other constants (sqrt(1/2) and the cosines and sines of the odd
// radices) are the generated multi-limb constants of twiddle/constants.hpp,
// rounded to the format: a double literal would cap them at 53 bits.
#pragma once

#include "ffft/complex.hpp"
#include "ffft/twiddle/constants.hpp"
#include "ffft/twiddle/sincos.hpp"

namespace ffft::fft {

// Pairs of independent operations, which the DFTs and the twiddle products
// (twiddled_dft.hpp) hand over together. Here one after the other; the
// four-limb formats' unchecked arithmetic has its own, which on the host
// runs each pair's real operations side by side (unchecked.hpp). Either
// way each result is that of its own operation: the same bits.

// x0 <- x0 + x1 and x1 <- x0 - x1.
template <class E>
FFFT_HD void sum_and_difference(complex<E>& x0, complex<E>& x1) {
  const complex<E> s = add(x0, x1);
  x1 = sub(x0, x1);
  x0 = s;
}

// x0 <- x0 + y0 and x1 <- x1 + y1.
template <class E>
FFFT_HD void add_both(complex<E>& x0, complex<E> y0, complex<E>& x1, complex<E> y1) {
  x0 = add(x0, y0);
  x1 = add(x1, y1);
}

// x0 <- x0 c0 and x1 <- x1 c1 for real c0 and c1.
template <class E>
FFFT_HD void mul_real_both(complex<E>& x0, E c0, complex<E>& x1, E c1) {
  x0 = {mul(x0.re, c0), mul(x0.im, c0)};
  x1 = {mul(x1.re, c1), mul(x1.im, c1)};
}

// x0 <- x0 y0 and x1 <- x1 y1.
template <class E>
FFFT_HD void mul_both(complex<E>& x0, complex<E> y0, complex<E>& x1, complex<E> y1) {
  x0 = mul(x0, y0);
  x1 = mul(x1, y1);
}

namespace detail {

// a * c for a real c in the format.
template <class E>
FFFT_HD complex<E> mul_real(complex<E> a, E c) {
  return {mul(a.re, c), mul(a.im, c)};
}

// (Sign i) a, exact.
template <int Sign, class E>
FFFT_HD complex<E> mul_sign_i(complex<E> a) {
  if constexpr (Sign < 0) return mul_neg_i(a);
  else return mul_i(a);
}

// The limb type of E's constants: E's own, or for lane vectors their element.
template <class E>
using constant_limb = typename limb::scalar_type<typename E::limb_type>::type;

// A generated 4-limb constant rounded to the format (its first E::limbs
// limbs), negated if asked (exact), in every lane.
template <class E>
FFFT_HD constexpr E format_constant(expansion<constant_limb<E>, 4> c, bool negate) {
  E r{};  // a level below the constant's four limbs (deferred_four_limbs.hpp) stays zero
  constexpr int limbs = E::limbs < 4 ? E::limbs : 4;
FFFT_UNROLL
  for (int i = 0; i < limbs; ++i)
    r.limb[i] = limb::splat<typename E::limb_type>(negate ? -c.limb[i] : c.limb[i]);
  return r;
}

// cos(2 pi k / R) and sin(2 pi k / R) in the format, for odd R and any k.
template <class E, int R>
FFFT_HD constexpr E root_cos(int k) {
  k %= R;
  const int folded = k <= R / 2 ? k : R - k;
  return format_constant<E>(constants::root_of_unity_cos<constant_limb<E>>(R, folded), false);
}
template <class E, int R>
FFFT_HD constexpr E root_sin(int k) {
  k %= R;
  const bool upper = k > R / 2;  // sin(2 pi (R - k) / R) = -sin(2 pi k / R)
  return format_constant<E>(constants::root_of_unity_sin<constant_limb<E>>(R, upper ? R - k : k),
                            upper);
}

template <int Sign, class E>
FFFT_HD void dft2(complex<E>& x0, complex<E>& x1) {
  sum_and_difference(x0, x1);
}

template <int Sign, class E>
FFFT_HD void dft4(complex<E>& x0, complex<E>& x1, complex<E>& x2, complex<E>& x3) {
  complex<E> a = x0, b = x2, c = x1, d = x3;
  sum_and_difference(a, b);
  sum_and_difference(c, d);
  d = mul_sign_i<Sign>(d);
  sum_and_difference(a, c);
  sum_and_difference(b, d);
  x0 = a, x2 = c, x1 = b, x3 = d;
}

// Radix 8 as two radix-4 DFTs of the even and odd inputs, combined with
// w8^a = exp(Sign 2 pi i a / 8): w8 = sqrt(1/2) (1 + Sign i), w8^2 = Sign i,
// w8^3 = (Sign i) w8.
template <int Sign, class E>
FFFT_HD void dft8(complex<E> (&x)[8]) {
  dft4<Sign>(x[0], x[2], x[4], x[6]);
  dft4<Sign>(x[1], x[3], x[5], x[7]);
  const E half_root = format_constant<E>(constants::sqrt_half<constant_limb<E>>(), false);
  // w8 v = sqrt(1/2) (v + (Sign i) v), for v = x[3] and x[7].
  complex<E> o1 = x[3], w7 = x[7];
  add_both(o1, mul_sign_i<Sign>(x[3]), w7, mul_sign_i<Sign>(x[7]));
  mul_real_both(o1, half_root, w7, half_root);
  const complex<E> o2 = mul_sign_i<Sign>(x[5]);
  const complex<E> o3 = mul_sign_i<Sign>(w7);
  complex<E> e[4] = {x[0], x[2], x[4], x[6]}, o[4] = {x[1], o1, o2, o3};
FFFT_UNROLL
  for (int q = 0; q < 4; ++q) {
    sum_and_difference(e[q], o[q]);
    x[q] = e[q], x[q + 4] = o[q];
  }
}

// Odd R: with a_j = x_j + x_(R-j) and b_j = x_j - x_(R-j), j = 1 .. (R-1)/2,
//   y_q     = x_0 + sum_j cos(2 pi jq / R) a_j + Sign i sum_j sin(2 pi jq / R) b_j
//   y_(R-q) = the same with the second sum subtracted.
// For R = 3 the cosine is -1/2, an exact ldexp.
template <int R, int Sign, class E>
FFFT_HD void dft_odd(complex<E> (&x)[R]) {
  constexpr int h = (R - 1) / 2;
  complex<E> a[h], b[h];
FFFT_UNROLL
  for (int j = 1; j <= h; ++j) {
    a[j - 1] = x[j], b[j - 1] = x[R - j];
    sum_and_difference(a[j - 1], b[j - 1]);
  }
  const complex<E> x0 = x[0];
  complex<E> sum = x0;
FFFT_UNROLL
  for (int j = 0; j < h; ++j) sum = add(sum, a[j]);
  x[0] = sum;
FFFT_UNROLL
  for (int q = 1; q <= h; ++q) {
    complex<E> even = x0;
    complex<E> odd;
    if constexpr (R == 3) {
      even = sub(x0, ldexp(a[0], -1));
      odd = mul_real(b[0], root_sin<E, R>(1));
    } else {
      // even = x0 + sum_j a_j cos(2 pi jq / R), odd = sum_j b_j sin(2 pi jq / R),
      // term by term, the two sums' operations in pairs.
      complex<E> term = a[0];
      odd = b[0];
      mul_real_both(term, root_cos<E, R>(q), odd, root_sin<E, R>(q));
      even = add(even, term);
FFFT_UNROLL
      for (int j = 2; j <= h; ++j) {
        complex<E> even_term = a[j - 1], odd_term = b[j - 1];
        mul_real_both(even_term, root_cos<E, R>(j * q), odd_term, root_sin<E, R>(j * q));
        add_both(even, even_term, odd, odd_term);
      }
    }
    complex<E> rotated = mul_sign_i<Sign>(odd);
    sum_and_difference(even, rotated);
    x[q] = even, x[R - q] = rotated;
  }
}

}  // namespace detail

// The radices a Stockham pass can have.
FFFT_HD constexpr bool is_supported_radix(int r) {
  return r == 2 || r == 3 || r == 4 || r == 5 || r == 7 || r == 8;
}

template <int R, int Sign, class E>
FFFT_HD void dft(complex<E> (&x)[R]) {
  static_assert(is_supported_radix(R), "radices are 2, 3, 4, 5, 7 and 8");
  static_assert(Sign == -1 || Sign == 1, "Sign is -1 (forward) or +1 (inverse)");
  if constexpr (R == 2) detail::dft2<Sign>(x[0], x[1]);
  else if constexpr (R == 4) detail::dft4<Sign>(x[0], x[1], x[2], x[3]);
  else if constexpr (R == 8) detail::dft8<Sign>(x);
  else detail::dft_odd<R, Sign>(x);
}

}  // namespace ffft::fft
