// sin and cos of 2 pi k / n in an expansion format, the same code on host
// and device: the twiddle generator of the `computed` twiddle mode.
//
// 1. Exact reduction in integers (octant.hpp) to theta = (pi/4) t with
//    t = m / n in [0, 1].
// 2. t by integer long division, chunk by chunk, each chunk exact in a limb:
//    t is known to 2^-72 (df64), 2^-120 (qf128) or 2^-128 (dd128), far below
//    the format's last bit. Nothing about the argument is rounded in the
//    format's arithmetic, which is where Thall's df64 twiddles lost accuracy.
// 3. The Taylor series of sin and cos of (pi/4) t, both evaluated directly
//    (never cos = sqrt(1 - sin^2), which cost Thall 241 ulps). The leading
//    terms, sin: c1 t - c3 t^3 and cos: 1 - c2 t^2 (up to 0.79, 0.08 and 0.31
//    in magnitude), are evaluated in a wide format W with twice the limbs
//    (df64 -> qf128, dd128 -> qd256; qf128 has no wider format and uses
//    itself). The tails t^5 P(t^2) <= 0.0025 and t^4 Q(t^2) <= 0.016 are
//    evaluated in the format, so their few-ulp relative errors shrink to a
//    fraction of the format's last bit. Each result is rounded once from W.
// 4. Unfold the octant by exact swaps and negations.
//
// No data-dependent branches in this code (the recursion over terms is
// compile-time, special points are selects), so the threads of a warp stay
// together; the 64-bit integer divisions compile to nvcc's division routine,
// which has a fast path of its own.
//
// Formats: df64, qf128 and dd128. qd256 would need more Taylor coefficients
// than constants.hpp holds (a static_assert says so).
#pragma once

#include <cstdint>

#include "ffft/complex.hpp"
#include "ffft/renormalize.hpp"
#include "ffft/twiddle/constants.hpp"
#include "ffft/twiddle/octant.hpp"

namespace ffft::twiddle {

template <class E>
struct sincos_value {
  E cos;
  E sin;
};

namespace detail {

// The format of the leading terms: 4 limbs of the same limb type.
template <class E>
using wide_format = expansion<typename E::limb_type, 4>;

template <class W, class E>
FFFT_HD W widen(E x) {
  if constexpr (W::limbs == E::limbs) {
    return x;
  } else {
    W w{};
FFFT_UNROLL
    for (int i = 0; i < E::limbs; ++i) w[i] = x[i];
    return w;
  }
}

template <class E, class W>
FFFT_HD E narrow(W x) {
  if constexpr (W::limbs == E::limbs) {
    return x;
  } else {
    return ffft::detail::renormalize<typename E::limb_type, E::limbs>(x.limb);
  }
}

// The first E::limbs limbs of a generated 4-limb constant, negated if asked
// (exact): limb-by-limb rounding makes the prefix the constant's rounding to
// fewer limbs.
template <class E>
FFFT_HD constexpr E prefix(expansion<typename E::limb_type, 4> c, bool negate) {
  E r{};
  for (int i = 0; i < E::limbs; ++i) r.limb[i] = negate ? -c.limb[i] : c.limb[i];
  return r;
}

// Coefficient of (t^2)^j in the series of sin / t (parity 1) or cos
// (parity 0): (-1)^j c_{2j + parity}.
template <class E, int parity, int j>
FFFT_HD constexpr E coefficient() {
  return prefix<E>(constants::pi_over_4_taylor<typename E::limb_type>(2 * j + parity), j % 2 == 1);
}

// Terms a format needs: the first omitted term c_n (n = 2 * terms + parity)
// bounds the truncation error since the series alternates with decreasing
// terms; it must be below 2^-(precision + 4), a sixteenth of the last bit.
template <class E, int parity>
FFFT_HD constexpr int series_terms() {
  int terms = 0;
  while (constants::pi_over_4_taylor_log2(2 * terms + parity) + 1 > -(format_traits<E>::precision + 4))
    ++terms;
  return terms;
}

// Precision in bits of half of E's limbs: a single limb for 2-limb formats.
template <class E>
FFFT_HD constexpr int half_precision() {
  return format_traits<E>::precision / 2;
}

// True when the tail from term j on (c_{2j+parity} and smaller) may be
// evaluated with half of E's limbs in a series whose result must be good to
// 2^-target_bits: its error, a few ulps of the half format relative to a
// value below c, must stay under a 256th of the target's last bit.
template <class E, int parity, int j, int target_bits>
FFFT_HD constexpr bool half_limbs_suffice() {
  return constants::pi_over_4_taylor_log2(2 * j + parity) + 1 <=
         -(target_bits - half_precision<E>() + 8);
}

// Horner in one limb: sum over i in [j, last] of coefficient(i) x^(i - j).
template <class T, int parity, int j, int last>
FFFT_HD T series_limb(T x) {
  constexpr T c = coefficient<expansion<T, 2>, parity, j>().limb[0];
  if constexpr (j == last) {
    return c;
  } else {
    return limb::fma(x, series_limb<T, parity, j + 1, last>(x), c);
  }
}

// Horner: sum over i in [j, last] of coefficient(i) x^(i - j), good to
// 2^-target_bits absolute, switching to fewer limbs (down to one) for the
// small high-order terms: fewer operations on the critical path.
template <class E, int parity, int j, int last, int target_bits = format_traits<E>::precision>
FFFT_HD E series(E x) {
  using T = typename E::limb_type;
  constexpr E c = coefficient<E, parity, j>();
  if constexpr (j == last) {
    return c;
  } else if constexpr (half_limbs_suffice<E, parity, j + 1, target_bits>()) {
    if constexpr (E::limbs == 2) {
      return add(c, mul(x, series_limb<T, parity, j + 1, last>(x[0])));
    } else {
      using H = expansion<T, E::limbs / 2>;
      const H inner = series<H, parity, j + 1, last, target_bits>(narrow<H>(x));
      return add(c, mul(x, widen<E>(inner)));
    }
  } else {
    return add(c, mul(x, series<E, parity, j + 1, last, target_bits>(x)));
  }
}

// t = m / n (0 <= m <= n < 2^32) in format W, accurate to 2^-(B chunks),
// by long division in integers: each chunk q = floor(r 2^B / n) has at most
// B + 1 bits (2^B only when m = n), so it is exact in a limb, and so is its
// scaling by 2^-B(i+1). B = 24 for float limbs, 32 for double.
template <class E, class W>
FFFT_HD W fraction(std::uint64_t m, std::uint64_t n) {
  using T = typename W::limb_type;
  constexpr int chunk_bits = std::is_same_v<T, float> ? 24 : 32;
  constexpr int chunks = (format_traits<E>::precision + 16 + chunk_bits - 1) / chunk_bits;
  constexpr int pieces = chunks > W::limbs ? chunks : W::limbs + 1;
  constexpr T chunk_unit = T(1) / T(std::uint64_t(1) << chunk_bits);  // 2^-B, exact
  T piece[pieces] = {};
  std::uint64_t r = m;
  T scale = T(1);
FFFT_UNROLL
  for (int i = 0; i < chunks; ++i) {
    const std::uint64_t shifted = r << chunk_bits;
    const std::uint64_t q = shifted / n;
    r = shifted - q * n;
    scale = limb::mul(scale, chunk_unit);
    piece[i] = limb::mul(static_cast<T>(q), scale);
  }
  // The pieces cover disjoint bit ranges, largest first, so renormalizing
  // them loses nothing that W can hold.
  return ffft::detail::renormalize<T, W::limbs>(piece);
}

}  // namespace detail

// cos and sin of (pi/4)(m / n), for 0 <= m <= n < 2^32.
template <class E>
FFFT_HD sincos_value<E> sincos_first_octant(std::uint64_t m, std::uint64_t n) {
  using T = typename E::limb_type;
  using W = detail::wide_format<E>;
  constexpr int sin_terms = detail::series_terms<E, 1>();
  constexpr int cos_terms = detail::series_terms<E, 0>();
  static_assert(sin_terms >= 3 && cos_terms >= 3, "the tails start at the t^4 and t^5 terms");
  static_assert(sin_terms * 2 + 1 < constants::pi_over_4_taylor_count &&
                    cos_terms * 2 < constants::pi_over_4_taylor_count,
                "generate more Taylor coefficients for this format");

  const W t = detail::fraction<E, W>(m, n);
  const W t2 = mul(t, t);
  const E t_e = detail::narrow<E>(t);
  const E t2_e = detail::narrow<E>(t2);
  const E t4_e = mul(t2_e, t2_e);

  // Tails in the format: t^5 P(t^2) and t^4 Q(t^2).
  const E sin_tail = mul(mul(t_e, t4_e), detail::series<E, 1, 2, sin_terms - 1>(t2_e));
  const E cos_tail = mul(t4_e, detail::series<E, 0, 2, cos_terms - 1>(t2_e));

  // Leading terms in W: t (c1 - c3 t^2) and (-c2 t^2 + tail) + 1.
  const W sin_wide =
      add(mul(t, add(detail::coefficient<W, 1, 0>(), mul(detail::coefficient<W, 1, 1>(), t2))),
          detail::widen<W>(sin_tail));
  const W cos_wide =
      add(add(mul(detail::coefficient<W, 0, 1>(), t2), detail::widen<W>(cos_tail)), T(1));

  sincos_value<E> v{detail::narrow<E>(cos_wide), detail::narrow<E>(sin_wide)};
  // The two points of the octant whose values are known in closed form get
  // them exactly (one select each): theta = pi/4 (m = n), where cos and sin
  // are the same number, sqrt(1/2), so the eighths of the circle are exactly
  // symmetric; and theta = pi/6 (3m = 2n), where sin is exactly 1/2.
  const bool diagonal = m == n;
  const bool sixth = 3 * m == 2 * n;
  constexpr E half_root = detail::prefix<E>(constants::sqrt_half<T>(), false);
FFFT_UNROLL
  for (int i = 0; i < E::limbs; ++i) {
    v.cos[i] = diagonal ? half_root[i] : v.cos[i];
    v.sin[i] = diagonal ? half_root[i] : (sixth ? (i == 0 ? T(0.5) : T(0)) : v.sin[i]);
  }
  return v;
}

// cos and sin of 2 pi k / n, for any k and 0 < n < 2^32.
template <class E>
FFFT_HD sincos_value<E> sincos_2pi(std::uint64_t k, std::uint64_t n) {
  const octant_reduction r = reduce_to_octant(k, n);
  const sincos_value<E> first = sincos_first_octant<E>(r.m, n);
  const complex<E> w = unfold_octant(r.octant, first.cos, first.sin);
  return {w.re, w.im};
}

}  // namespace ffft::twiddle
