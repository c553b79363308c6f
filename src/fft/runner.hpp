// The order of the steps of a transform and the buffers they go through,
// written once over any executor with the primitives of cpu_executor (the
// CUDA executor has the same ones over device memory).
#pragma once

#include <cstdint>
#include <vector>

#include "ffft/complex.hpp"
#include "ffft/fft/elementwise_steps.hpp"
#include "ffft/fft/stockham_pass.hpp"

namespace ffft::fft {

// A Stockham transform as an executor sees it: the passes, and the twiddle
// arrays in the executor's memory.
template <class E>
struct stockham_program {
  std::uint64_t n;
  const std::vector<pass_shape>* passes;
  const std::vector<std::uint64_t>* offsets;
  const complex<E>* twiddles;
};

template <class E>
struct bluestein_program {
  std::uint64_t n;
  std::uint64_t padded;
  stockham_program<E> padded_fft;
  const complex<E>* chirp;
  const complex<E>* kernel;
};

template <class C>
strided<C> dense(C* data, std::uint64_t n) {
  return {data, 1, static_cast<std::int64_t>(n)};
}

template <class C>
strided<const C> as_const(strided<C> s) {
  return {s.data, s.stride, s.distance};
}

// Workspace buffers (of n * batch values each) run_stockham needs: pass j
// writes to buffer j mod 2 except the last, which writes to out.
inline int stockham_buffers(std::size_t passes) { return passes >= 3 ? 2 : passes == 2 ? 1 : 0; }

// The passes from in to out, unnormalized. in == out works: the first pass
// reads all of in before the last one writes out (with one pass, each
// butterfly reads its inputs before writing the same places).
template <class E, class Executor>
void run_stockham(const Executor& ex, int sign, const stockham_program<E>& program,
                  strided<const complex<E>> in, strided<complex<E>> out, complex<E>* ws0,
                  complex<E>* ws1, std::uint64_t batch) {
  const std::vector<pass_shape>& passes = *program.passes;
  if (passes.empty()) {  // n == 1
    ex.copy_scaled(scaling<E>{scaling<E>::kind::none, 0, {}, {}}, in, out, 1, batch);
    return;
  }
  strided<const complex<E>> source = in;
  for (std::size_t j = 0; j < passes.size(); ++j) {
    const strided<complex<E>> target =
        j + 1 == passes.size() ? out : dense(j % 2 == 0 ? ws0 : ws1, program.n);
    ex.stockham_pass(sign, passes[j], program.twiddles + (*program.offsets)[j], source, target,
                     batch);
    source = as_const(target);
  }
}

// Workspace buffers (of padded * batch values each) run_bluestein needs.
inline constexpr int bluestein_buffers = 3;

// Bluestein's algorithm: chirp, convolve with the chirp through two padded
// transforms, chirp and scale. The inverse is conj(F(conj(x))), folded into
// the first and last steps.
template <class E, class Executor>
void run_bluestein(const Executor& ex, int sign, const bluestein_program<E>& program,
                   const scaling<E>& scale, strided<const complex<E>> in,
                   strided<complex<E>> out, complex<E>* a, complex<E>* ws0, complex<E>* ws1,
                   std::uint64_t batch) {
  const std::uint64_t padded = program.padded;
  ex.bluestein_input(sign, program.chirp, program.n, padded, in, a, batch);
  run_stockham(ex, -1, program.padded_fft, as_const(dense(a, padded)), dense(a, padded), ws0, ws1,
               batch);
  ex.pointwise_multiply(program.kernel, padded, a, batch);
  run_stockham(ex, +1, program.padded_fft, as_const(dense(a, padded)), dense(a, padded), ws0, ws1,
               batch);
  ex.bluestein_output(sign, program.chirp, program.n, padded, scale, a, out, batch);
}

// Workspace buffers a whole transform needs, of (padded) length * batch
// values each.
inline int workspace_buffers(std::size_t passes, bool bluestein) {
  return bluestein ? bluestein_buffers : stockham_buffers(passes);
}

// A whole normalized transform from in to out, in a workspace of
// workspace_buffers() buffers: the Stockham passes then the scaling, or
// (bluestein non-null, stockham ignored) Bluestein's algorithm, whose last
// step scales.
template <class E, class Executor>
void run_transform(const Executor& ex, int sign, const scaling<E>& scale,
                   const stockham_program<E>* stockham, const bluestein_program<E>* bluestein,
                   strided<const complex<E>> in, strided<complex<E>> out,
                   complex<E>* workspace, std::uint64_t batch) {
  if (bluestein != nullptr) {
    const std::uint64_t chunk = bluestein->padded * batch;
    run_bluestein(ex, sign, *bluestein, scale, in, out, workspace, workspace + chunk,
                  workspace + 2 * chunk, batch);
    return;
  }
  const std::uint64_t chunk = stockham->n * batch;
  complex<E>* ws1 = workspace + (stockham_buffers(stockham->passes->size()) >= 2 ? chunk : 0);
  run_stockham(ex, sign, *stockham, in, out, workspace, ws1, batch);
  if (scale.how != scaling<E>::kind::none)
    ex.copy_scaled(scale, as_const(out), out, stockham->n, batch);
}

}  // namespace ffft::fft
