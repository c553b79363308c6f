// The product step of a convolution through transforms of length n, written
// once for host and device.
//
// Real data, n = 2m: after the forward complex transform Z of the packed
// signal (real_steps.hpp), one in-place step does, for each pair of points
// k and m - k, what rfft's last step, the product with the kernel's
// spectrum K and irfft's first step would do in three:
//   X_k, X_(m-k) from Z_k and Z_(m-k)             (real_spectrum_value)
//   Y = X K                                        (K already divided by n)
//   Z'_k, Z'_(m-k) from Y_k and Y_(m-k)            (real_unspectrum_value)
// and the inverse complex transform of Z' is the convolution, packed as the
// signal was. Pair k = 0 holds the bins 0 and m, both made from Z_0. The
// product therefore costs no pass over memory of its own.
//
// Odd n, and complex data: Z_k K_k, point by point.
#pragma once

#include <cstdint>

#include "ffft/complex.hpp"
#include "ffft/fft/real_steps.hpp"

namespace ffft::fft {

// Pairs (threads) per transform of the fused step: k = 0 .. m / 2 when
// halved, else one per point.
FFFT_HD constexpr std::uint64_t convolve_items(const real_shape& s) {
  return s.halved ? s.points / 2 + 1 : s.points;
}

// Item k of one transform's row z, in place. kernel: the kernel's spectrum
// divided by n, bins 0 .. m (halved) or points 0 .. n - 1.
template <class E, class Twiddles>
FFFT_HD void convolve_element(const real_shape& s, complex<E>* z, const complex<E>* kernel,
                              std::uint64_t k, const Twiddles& w_n) {
  if (!s.halved) {
    z[k] = mul(z[k], kernel[k]);
    return;
  }
  const std::uint64_t m = s.points;
  if (k == 0) {
    const complex<E> z0 = z[0];
    const complex<E> y0 = mul(real_spectrum_value(z0, conj(z0), w_n(0)), kernel[0]);
    const complex<E> ym = mul(real_spectrum_value(z0, conj(z0), w_n(m)), kernel[m]);
    z[0] = real_unspectrum_value(y0, conj(ym), w_n(0));
    return;
  }
  const std::uint64_t j = m - k;
  const complex<E> zk = z[k], zj = z[j];
  const complex<E> yk = mul(real_spectrum_value(zk, conj(zj), w_n(k)), kernel[k]);
  const complex<E> yj = mul(real_spectrum_value(zj, conj(zk), w_n(j)), kernel[j]);
  z[k] = real_unspectrum_value(yk, conj(yj), w_n(k));
  if (j != k) z[j] = real_unspectrum_value(yj, conj(yk), w_n(j));
}

}  // namespace ffft::fft
