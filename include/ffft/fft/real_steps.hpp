// Real-input transforms (numpy's rfft and irfft) through a complex
// transform, element by element, written once for host and device.
//
// Even n = 2m: the n real values are read as m complex ones,
// z_j = x_(2j) + i x_(2j+1), and one complex transform Z of length m gives
// the transforms of the even and the odd samples,
//   E_k = (Z_k + conj Z_(m-k)) / 2,   O_k = (Z_k - conj Z_(m-k)) / (2i),
// and X_k = E_k + w_n^k O_k for k = 0 .. m (indices of Z modulo m). The
// inverse undoes it: from X_k and conj X_(m-k) = E_k - w_n^k O_k,
//   Z'_k = (X_k + conj X_(m-k)) + i conj(w_n^k) (X_k - conj X_(m-k)) = 2 (E_k + i O_k),
// and the inverse complex transform of Z' scaled by 1/n is z. Half the
// butterflies and half the memory of the complex transform of length n;
// the twiddles w_n^k are correctly rounded in table mode, the halving is
// exact, and each pair k, m - k costs one complex product (below).
//
// Odd n: the complex transform of length n of x + 0i, whose bins
// k <= (n - 1) / 2 are kept; the inverse restores the rest as
// X_(n-k) = conj X_k.
//
// As numpy, irfft reads the imaginary parts of X_0 and (n even) X_(n/2) as
// zero: a real signal's transform has none there, so they carry no
// information about it.
#pragma once

#include <cstdint>
#include <type_traits>

#include "ffft/complex.hpp"
#include "ffft/conversions.hpp"
#include "ffft/fft/elementwise_steps.hpp"
#include "ffft/fft/limb_values.hpp"
#include "ffft/fft/stockham_pass.hpp"

namespace ffft::fft {

// The sizes of a batch of real transforms of length n.
struct real_shape {
  std::uint64_t n;       // real values per transform
  std::uint64_t points;  // of the complex transform: n / 2 (n even) or n
  std::uint64_t bins;    // spectrum values per transform: n / 2 + 1
  bool halved;           // n even: two real values per complex point

  FFFT_HD static constexpr real_shape of(std::uint64_t n) {
    const bool even = n % 2 == 0;
    return {n, even ? n / 2 : n, n / 2 + 1, even};
  }
};

// A real value as E: an E itself, or E's limb type widened exactly.
template <class E, class R>
FFFT_HD E load_real(const R& x) {
  if constexpr (std::is_same_v<R, E>) return x;
  else return from_limb<R, E::limbs>(x);
}

// E's result stored as R: itself, or rounded once to the limb type
// (as round_to_limb).
template <class E, class R>
FFFT_HD R store_real(const E& v) {
  if constexpr (std::is_same_v<R, E>) return v;
  else if constexpr (std::is_same_v<R, double>) return to_double(v);
  else return to_float(v);
}

template <class E, class C>
FFFT_HD complex<E> load_complex(const C& x) {
  if constexpr (std::is_same_v<C, complex<E>>) return x;
  else return widen<E>(x);
}

template <class E, class C>
FFFT_HD C store_complex(const complex<E>& v) {
  if constexpr (std::is_same_v<C, complex<E>>) return v;
  else return round_to_limb(v);
}

template <class R>
inline constexpr bool is_complex_value = false;
template <class E>
inline constexpr bool is_complex_value<complex<E>> = true;
template <class T>
inline constexpr bool is_complex_value<limb_complex<T>> = true;

// Point j of transform b's complex input: x_(2j) + i x_(2j+1), or x_j + 0i,
// or (R complex: a convolution of complex data, never halved) x_j. Values
// at and beyond `count` (n, or less for a zero-padded signal) read as zero.
template <class E, class R>
FFFT_HD complex<E> real_packed_element(const real_shape& s, const strided<const R>& x,
                                       std::uint64_t b, std::uint64_t j, std::uint64_t count) {
  if constexpr (is_complex_value<R>) {
    return j < count ? load_complex<E>(x(b, j)) : complex<E>{};
  } else {
    const auto value = [&](std::uint64_t i) { return i < count ? load_real<E>(x(b, i)) : E{}; };
    if (s.halved) return {value(2 * j), value(2 * j + 1)};
    return {value(j), E{}};
  }
}

// x / 2, each limb times 1/2: a correctly rounded product, so the value
// ldexp(x, -1) gives (subnormal results included), without a library call
// per limb on the host.
template <class E>
FFFT_HD complex<E> halved(complex<E> x) {
  using T = typename E::limb_type;
  const T half = limb::splat<T>(0.5);
  for (int i = 0; i < E::limbs; ++i) {
    x.re[i] = limb::mul(x.re[i], half);
    x.im[i] = limb::mul(x.im[i], half);
  }
  return x;
}

// Two values of the even-n steps: at k and at m - k (for k = 0: at m).
template <class E>
struct value_pair {
  complex<E> at_k, at_m_minus_k;
};

// X_k and X_(m-k) from zk = Z_k and zj = Z_(m-k) (Z_m = Z_0), unscaled,
// with one complex product: with c = conj Z_(m-k), sum = Z_k + c and
// t = w^k (Z_k - c),
//   X_k     = (sum - i t) / 2,
//   X_(m-k) = (conj sum - i conj t) / 2,
// the second because w^(m-k) = -conj w^k (exactly, in the correctly rounded
// table too: the rounding is symmetric) and Z_(m-k) - conj Z_k = -conj(Z_k - c).
// The halvings are exact.
template <class E>
FFFT_HD value_pair<E> real_spectrum_values(const complex<E>& zk, const complex<E>& zj, const complex<E>& w) {
  const complex<E> c = conj(zj);
  const complex<E> sum = add(zk, c);        // 2 E_k
  const complex<E> t = mul(w, sub(zk, c));  // 2i w^k O_k
  return {halved(complex<E>{add(sum.re, t.im), sub(sum.im, t.re)}),
          halved(complex<E>{sub(sum.re, t.im), neg(add(sum.im, t.re))})};
}

// Z'_k and Z'_(m-k) from xk = X_k and xj = X_(m-k), one complex product:
// with c = conj X_(m-k), sum = X_k + c and t = conj(w^k) (X_k - c),
//   Z'_k = sum + i t,   Z'_(m-k) = conj sum + i conj t.
template <class E>
FFFT_HD value_pair<E> real_unspectrum_values(const complex<E>& xk, const complex<E>& xj, const complex<E>& w) {
  const complex<E> c = conj(xj);
  const complex<E> sum = add(xk, c);              // 2 E_k
  const complex<E> t = mul(conj(w), sub(xk, c));  // 2 O_k
  return {{sub(sum.re, t.im), add(sum.im, t.re)}, {add(sum.re, t.im), sub(t.re, sum.im)}};
}

// Items per transform of the even-n steps, one per pair: k = 0 .. m / 2
// (k = 0 pairs bins 0 and m; for even m, k = m / 2 pairs with itself);
// n odd: one per value, `values` of them.
FFFT_HD constexpr std::uint64_t real_step_items(const real_shape& s, std::uint64_t values) {
  return s.halved ? s.points / 2 + 1 : values;
}

// Index m - k of item k's second value, or k when it has none of its own
// (k = m / 2); for k = 0 the second value is bin m.
FFFT_HD constexpr std::uint64_t mirror_of(const real_shape& s, std::uint64_t k) {
  return k == 0 ? s.points : s.points - k;
}

// rfft's bins of item k of one transform (even n), scaled, from z, the row
// of the complex transform's output. w_n: any source of w_n^k.
template <class E, class Twiddles>
FFFT_HD value_pair<E> real_spectrum_pair(const real_shape& s, const complex<E>* z, std::uint64_t k,
                                         const Twiddles& w_n, const scaling<E>& scale) {
  const value_pair<E> x = real_spectrum_values(z[k], z[k == 0 ? 0 : s.points - k], w_n(k));
  return {scale.apply(x.at_k), scale.apply(x.at_m_minus_k)};
}

// Bin k of transform b as irfft reads it: the imaginary parts of bin 0 and
// (n even) bin n / 2 as zero.
template <class E, class C>
FFFT_HD complex<E> real_spectrum_bin(const real_shape& s, const strided<const C>& spectrum,
                                     std::uint64_t b, std::uint64_t k) {
  complex<E> v = load_complex<E>(spectrum(b, k));
  if (k == 0 || (s.halved && k == s.points)) v.im = E{};
  return v;
}

// irfft's complex input points of item k of transform b (even n): Z'_k and
// Z'_(m-k) (the second meaningless for k = 0).
template <class E, class C, class Twiddles>
FFFT_HD value_pair<E> real_unspectrum_pair(const real_shape& s, const strided<const C>& spectrum,
                                           std::uint64_t b, std::uint64_t k, const Twiddles& w_n) {
  return real_unspectrum_values(real_spectrum_bin<E>(s, spectrum, b, k),
                                real_spectrum_bin<E>(s, spectrum, b, mirror_of(s, k)), w_n(k));
}

// n odd: the inverse complex transform's point k, the Hermitian spectrum's X_k.
template <class E, class C>
FFFT_HD complex<E> real_hermitian_point(const real_shape& s, const strided<const C>& spectrum,
                                        std::uint64_t b, std::uint64_t k) {
  if (k < s.bins) return real_spectrum_bin<E>(s, spectrum, b, k);
  return conj(real_spectrum_bin<E>(s, spectrum, b, s.n - k));
}

// Value j of a transform, as R, from z, the row of its inverse complex
// transform (already scaled): a real value, or (R complex) z_j.
template <class E, class R>
FFFT_HD R real_unpacked_element(const real_shape& s, const complex<E>* z, std::uint64_t j) {
  if constexpr (is_complex_value<R>) {
    return store_complex<E, R>(z[j]);
  } else {
    if (!s.halved) return store_real<E, R>(z[j].re);
    const complex<E> v = z[j / 2];
    return store_real<E, R>(j % 2 == 0 ? v.re : v.im);
  }
}

}  // namespace ffft::fft
