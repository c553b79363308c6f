// The element-wise steps around the Stockham passes, written once for host
// and device: normalization, and the chirp multiplications of Bluestein's
// algorithm.
#pragma once

#include <cstdint>

#include "ffft/complex.hpp"
#include "ffft/fft/stockham_pass.hpp"

namespace ffft::fft {

// What the last stores of a transform multiply by. The normalization
// factor 1/n or 1/sqrt(n): an exact ldexp when the factor is a power of two;
// for 1/n = 2^-e / m, a division by the odd part m (exact as a limb) then an
// exact ldexp; else a product with the factor rounded to the format
// (normalization.hpp chooses). Or a diagonal: element j of every transform
// times diagonal[j], the pointwise product of a convolution with a
// transformed kernel (Bluestein's, or convolution.hpp's), so that product
// rides on the forward transform's last stores instead of a pass of its own.
template <class E>
struct scaling {
  using limb_type = typename E::limb_type;
  enum class kind : int { none, power_of_two, quotient, product, diagonal };
  kind how;
  int exponent;        // power_of_two, quotient: times 2^exponent
  E factor;            // product: times this
  limb_type divisor;   // quotient: divided by this
  const complex<E>* diagonal = nullptr;  // diagonal: n values, in the executor's memory

  // The scalar kinds only (a diagonal needs the element's index: apply_at).
  FFFT_HD complex<E> apply(complex<E> x) const {
    if (how == kind::power_of_two) return ldexp(x, exponent);
    if (how == kind::quotient) return ldexp(complex<E>{div(x.re, divisor), div(x.im, divisor)}, exponent);
    if (how == kind::product) return {mul(x.re, factor), mul(x.im, factor)};
    return x;
  }

  // Element j of a transform (0 <= j < n).
  FFFT_HD complex<E> apply_at(std::uint64_t j, complex<E> x) const {
    return how == kind::diagonal ? mul(x, diagonal[j]) : apply(x);
  }
};

// Times diagonal[j] at element j.
template <class E>
FFFT_HD scaling<E> diagonal_scaling(const complex<E>* diagonal) {
  return scaling<E>{scaling<E>::kind::diagonal, 0, {}, {}, diagonal};
}

// Bluestein: with jk = (j^2 + k^2 - (j - k)^2) / 2, a DFT of length n is a
// chirp multiplication, a convolution with the chirp, and a chirp
// multiplication. The chirp w_(2n)^(k^2) = exp(-pi i k^2 / n) is indexed by
// k^2 mod 2n computed in integers: k^2 itself would lose its low bits in
// any floating-point format once k exceeds the limb's significand.
// Requires k < 2^32 and n < 2^63.
FFFT_HD constexpr std::uint64_t chirp_index(std::uint64_t k, std::uint64_t n) {
  return (k * k) % (2 * n);
}

// The inverse transform is the forward one between conjugations (exact),
// conj(F(conj(x))), so a Bluestein plan holds only the forward chirp and the
// transform of one convolution kernel.
template <class E>
FFFT_HD complex<E> conj_if_inverse(complex<E> x, bool inverse) {
  return inverse ? conj(x) : x;
}

// Element k of the zero-padded chirped input of transform b, k < padded
// length: chirp_k (conj) x_k for k < n, else 0. in(b, k) gives x_k as a
// complex<E> (a strided array, or a kernel's converting source).
template <class E, class In>
FFFT_HD complex<E> bluestein_input_element(const complex<E>* chirp, std::uint64_t n, const In& in,
                                           std::uint64_t b, std::uint64_t k, bool inverse) {
  if (k >= n) return complex<E>{};
  return mul(chirp[k], conj_if_inverse(in(b, k), inverse));
}

// Output element j of transform b from the inverse-transformed convolution c:
// (conj) (chirp_j c_j), scaled.
template <class E>
FFFT_HD complex<E> bluestein_output_element(const complex<E>* chirp, complex<E> c_j, std::uint64_t j,
                                            const scaling<E>& scale, bool inverse) {
  return scale.apply_at(j, conj_if_inverse(mul(chirp[j], c_j), inverse));
}

}  // namespace ffft::fft
