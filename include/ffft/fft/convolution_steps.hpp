// The product step of a convolution through transforms of length n, written
// once for host and device.
//
// Real data, n = 2m: after the forward complex transform Z of the packed
// signal (real_steps.hpp), one in-place step does, for each pair of points
// k and m - k, what rfft's last step, the product with the kernel's
// spectrum K and irfft's first step would do in three:
//   X_k, X_(m-k) from Z_k and Z_(m-k)             (real_spectrum_values)
//   Y = X K                                        (K already divided by n)
//   Z'_k, Z'_(m-k) from Y_k and Y_(m-k)            (real_unspectrum_values)
// and the inverse complex transform of Z' is the convolution, packed as the
// signal was. Pair k = 0 holds the bins 0 and m, both made from Z_0. The
// product therefore costs no pass over memory of its own.
//
// Odd n, and complex data: Z_k K_k, point by point, which rides on the
// forward transform's last stores as a diagonal scaling
// (elementwise_steps.hpp), so it too costs no pass over memory.
#pragma once

#include <cstdint>

#include "ffft/complex.hpp"
#include "ffft/fft/real_steps.hpp"

namespace ffft::fft {

// Items per transform of the fused step (halved shapes): one per pair.
FFFT_HD constexpr std::uint64_t convolve_items(const real_shape& s) { return real_step_items(s, s.points); }

// Pair k of one transform's row z, in place (halved shapes). kernel: the
// kernel's spectrum divided by n, bins 0 .. m. Two complex products for the
// real spectrum's steps and two with the kernel per pair.
template <class E, class Twiddles>
FFFT_HD void convolve_element(const real_shape& s, complex<E>* z, const complex<E>* kernel,
                              std::uint64_t k, const Twiddles& w_n) {
  const std::uint64_t j = mirror_of(s, k);  // bin m for k = 0
  const value_pair<E> x = real_spectrum_values(z[k], z[k == 0 ? 0 : j], w_n(k));
  const value_pair<E> y = real_unspectrum_values(mul(x.at_k, kernel[k]), mul(x.at_m_minus_k, kernel[j]), w_n(k));
  z[k] = y.at_k;
  if (k != 0 && j != k) z[j] = y.at_m_minus_k;
}

}  // namespace ffft::fft
