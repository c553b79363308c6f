// The steps of a batch of real transforms (fft/real_steps.hpp), written
// once over any executor that has the real-transform primitives:
//   transform(sign, scale, data, batch)     the complex transform, in place
//   real_pack, real_spectrum                 around the forward one
//   real_unspectrum, real_unpack             around the inverse one
// (src/cpu/cpu_real_executor.hpp, kernels/real_engine.cu). The complex
// transform runs in place in a workspace of points x batch values; the
// element-wise steps move the data between it and the caller's arrays.
#pragma once

#include <cstdint>

#include "engine/runner.hpp"
#include "ffft/complex.hpp"
#include "ffft/fft/real_steps.hpp"
#include "ffft/twiddle/sources.hpp"

namespace ffft::fft {

// What the element-wise steps need: the shape, and w_n^k from the octant
// table of n in the executor's memory (even n only; empty for odd n).
template <class E>
struct real_program {
  real_shape shape;
  table_twiddles<E> w_n;
};

// rfft: x (n real values per transform) to spectrum (n / 2 + 1 bins),
// scaled as `scale` says. packed: points x batch values of workspace.
template <class E, class Executor, class In, class Out>
void run_real_forward(const Executor& ex, const real_program<E>& program, const scaling<E>& scale,
                      In x, Out spectrum, complex<E>* packed, std::uint64_t batch) {
  ex.real_pack(program.shape, x, packed, batch);
  ex.transform(-1, no_scaling<E>(), packed, batch);
  ex.real_spectrum(program, scale, packed, spectrum, batch);
}

// irfft: spectrum to x; the complex transform's last stores scale.
template <class E, class Executor, class In, class Out>
void run_real_inverse(const Executor& ex, const real_program<E>& program, const scaling<E>& scale,
                      In spectrum, Out x, complex<E>* packed, std::uint64_t batch) {
  ex.real_unspectrum(program, spectrum, packed, batch);
  ex.transform(+1, scale, packed, batch);
  ex.real_unpack(program.shape, packed, x, batch);
}

}  // namespace ffft::fft
