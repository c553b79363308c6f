// The steps of a batch of real transforms (fft/real_steps.hpp), written
// once over any executor that has the real-transform primitives:
//   transform(sign, scale, data, batch)     the complex transform, in place
//   real_pack, real_spectrum                 around the forward one
//   real_unspectrum, real_unpack             around the inverse one
//   convolve                                 between them, for a convolution
//                                            of real data of even n
// (src/cpu/cpu_real_executor.hpp, kernels/real_engine.cu). The complex
// transform runs in place in a workspace of points x batch values; the
// element-wise steps move the data between it and the caller's arrays.
#pragma once

#include <cstdint>

#include "engine/runner.hpp"
#include "ffft/complex.hpp"
#include "ffft/fft/convolution_steps.hpp"
#include "ffft/fft/real_steps.hpp"

namespace ffft::fft {

// w_n^k, k = 0 .. n / 2, from an array in the executor's memory (tables.hpp's
// real_twiddles): one load per twiddle, no reduction of k.
template <class E>
struct real_twiddle_array {
  const complex<E>* w;
  FFFT_HD complex<E> operator()(std::uint64_t k) const { return w[k]; }
};

// What the element-wise steps need: the shape, and the twiddles (even n
// only; null for odd n).
template <class E>
struct real_program {
  real_shape shape;
  real_twiddle_array<E> w_n;
};

// rfft: x (n real values per transform) to spectrum (n / 2 + 1 bins),
// scaled as `scale` says. packed: points x batch values of workspace.
template <class E, class Executor, class In, class Out>
void run_real_forward(const Executor& ex, const real_program<E>& program, const scaling<E>& scale,
                      In x, Out spectrum, complex<E>* packed, std::uint64_t batch) {
  ex.real_pack(program.shape, x, program.shape.n, packed, batch);
  ex.transform(-1, no_scaling<E>(), packed, batch);
  ex.real_spectrum(program, scale, packed, spectrum, batch);
}

// irfft: spectrum to x; the complex transform's last stores scale.
template <class E, class Executor, class In, class Out>
void run_real_inverse(const Executor& ex, const real_program<E>& program, const scaling<E>& scale,
                      In spectrum, Out x, complex<E>* packed, std::uint64_t batch) {
  ex.real_unspectrum(program, spectrum, packed, batch);
  ex.transform(+1, scale, packed, batch);
  ex.real_unpack(program.shape, packed, x, 0, program.shape.n, batch);
}

// A convolution through transforms of length shape.n (fft/convolution_steps.hpp):
// the kernel's spectrum, and which values of each signal are read and of
// each result are written.
template <class E>
struct convolution_program {
  real_program<E> transform;
  const complex<E>* kernel;      // the kernel's spectrum / n: bins (halved) or n values
  std::uint64_t signal_values;   // read from each signal; the rest of the n are zeros
  std::uint64_t output_offset;   // the first result written
  std::uint64_t output_values;   // results written per signal
};

// out = the convolution of each signal with the kernel: the forward
// transform, the product, the inverse transform, unscaled (the kernel holds
// the 1/n). The product makes no pass of its own: for real data of even n
// it is done with the real spectrum's steps (convolution_steps.hpp), else
// on the forward transform's last stores.
template <class E, class Executor, class In, class Out>
void run_convolution(const Executor& ex, const convolution_program<E>& program, In signal, Out out,
                     complex<E>* packed, std::uint64_t batch) {
  const real_shape& s = program.transform.shape;
  ex.real_pack(s, signal, program.signal_values, packed, batch);
  if (s.halved) {
    ex.transform(-1, no_scaling<E>(), packed, batch);
    ex.convolve(program, packed, batch);
  } else {
    ex.transform(-1, diagonal_scaling(program.kernel), packed, batch);
  }
  ex.transform(+1, no_scaling<E>(), packed, batch);
  ex.real_unpack(s, packed, out, program.output_offset, program.output_values, batch);
}

}  // namespace ffft::fft
