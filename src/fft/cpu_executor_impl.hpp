// The definitions of cpu_executor's members, instantiated once per format in
// cpu_executor_<format>.cpp: one translation unit per format, because each
// instantiates every radix in both directions and three lane paths, and the
// three compile in parallel (this is the longest compile of the build).
#pragma once

#include "fft/cpu_executor.hpp"

#include <omp.h>

#include <algorithm>
#include <stdexcept>

#include "fft/lane_butterfly.hpp"
#include "fft/runner.hpp"

namespace ffft::fft {
namespace cpu_detail {

// Every loop runs over a flat index range split statically among the
// threads: the results do not depend on the thread count, since each
// element is computed by exactly the same operations whichever thread
// runs it.
template <class Body>
void parallel_for(unsigned threads, std::uint64_t count, const Body& body) {
  const int team = threads == 0 ? omp_get_max_threads() : static_cast<int>(threads);
#pragma omp parallel for num_threads(team) schedule(static) if (count > 256)
  for (std::int64_t t = 0; t < static_cast<std::int64_t>(count); ++t)
    body(static_cast<std::uint64_t>(t));
}

// The butterflies of a pass, numbered t = (b L + k) m + i, in groups of
// lane_count<E> consecutive ones. When m is a multiple of the lane count and
// the data have unit stride, a group shares b and k and its operands are
// consecutive in memory (most passes: all but those with m < W). Otherwise
// the inputs are gathered one by one (the outputs too unless they are
// consecutive), and a last, shorter group runs one butterfly at a time.
// All these ways give bit-identical results.
template <int R, int Sign, class E>
void run_pass(unsigned threads, const pass_shape& p, pass_twiddles<E> twiddles,
              strided<const complex<E>> in, strided<complex<E>> out, std::uint64_t batch) {
  const std::uint64_t per_transform = p.l * p.m;
  const std::uint64_t count = batch * per_transform;
#if FFFT_HAVE_LANES
  constexpr int W = lane_count<E>;
  if (p.m % W == 0 && in.stride == 1 && out.stride == 1) {
    parallel_for(threads, count / W, [&](std::uint64_t group) {
      const std::uint64_t t = group * W;
      const std::uint64_t b = t / per_transform, rest = t % per_transform;
      stockham_butterfly_consecutive<R, Sign>(p, twiddles, in, out, b, rest / p.m, rest % p.m);
    });
    return;
  }
  // Groups within one transform, whose outputs are consecutive (m < W).
  const bool consecutive_output = per_transform % W == 0 && out.stride == 1;
#else
  constexpr int W = 1;
#endif
  parallel_for(threads, (count + W - 1) / W, [&](std::uint64_t group) {
    std::uint64_t b[W], k[W], i[W];
    const std::uint64_t first = group * W;
    const int lanes = static_cast<int>(std::min<std::uint64_t>(W, count - first));
    // (b, k, i) of the first butterfly, then counted up: one division per group.
    b[0] = first / per_transform;
    k[0] = first % per_transform / p.m;
    i[0] = first % p.m;
    for (int w = 1; w < lanes; ++w) {
      b[w] = b[w - 1], k[w] = k[w - 1], i[w] = i[w - 1] + 1;
      if (i[w] == p.m) i[w] = 0, ++k[w];
      if (k[w] == p.l) k[w] = 0, ++b[w];
    }
#if FFFT_HAVE_LANES
    if (lanes == W && consecutive_output) {
      stockham_butterfly_lanes<R, Sign, true>(p, twiddles, in, out, b, k, i);
      return;
    }
    if (lanes == W) {
      stockham_butterfly_lanes<R, Sign>(p, twiddles, in, out, b, k, i);
      return;
    }
#endif
    for (int w = 0; w < lanes; ++w) stockham_butterfly<R, Sign>(p, twiddles, in, out, b[w], k[w], i[w]);
  });
}

template <int Sign, class E>
void run_pass(unsigned threads, const pass_shape& p, pass_twiddles<E> twiddles,
              strided<const complex<E>> in, strided<complex<E>> out, std::uint64_t batch) {
  switch (p.radix) {
    case 2: return run_pass<2, Sign>(threads, p, twiddles, in, out, batch);
    case 3: return run_pass<3, Sign>(threads, p, twiddles, in, out, batch);
    case 4: return run_pass<4, Sign>(threads, p, twiddles, in, out, batch);
    case 5: return run_pass<5, Sign>(threads, p, twiddles, in, out, batch);
    case 7: return run_pass<7, Sign>(threads, p, twiddles, in, out, batch);
    case 8: return run_pass<8, Sign>(threads, p, twiddles, in, out, batch);
    default: throw std::logic_error("ffft: no butterfly for radix " + std::to_string(p.radix));
  }
}

}  // namespace cpu_detail

template <class E>
void cpu_executor<E>::stockham(int sign, const stockham_program<E>& program,
                               const scaling<E>& scale, strided<const value> in,
                               strided<value> out, value* ws0, value* ws1,
                               std::uint64_t batch) const {
  run_stockham_passes(*this, sign, program, scale, in, out, ws0, ws1, batch);
}

template <class E>
void cpu_executor<E>::stockham_pass(int sign, const pass_shape& pass, const value* twiddles,
                                    strided<const value> in, strided<value> out,
                                    std::uint64_t batch) const {
  using cpu_detail::run_pass;
  if (sign < 0) run_pass<-1>(threads_, pass, pass_twiddles<E>{twiddles}, in, out, batch);
  else run_pass<+1>(threads_, pass, pass_twiddles<E>{twiddles}, in, out, batch);
}

template <class E>
void cpu_executor<E>::copy_scaled(const scaling<E>& scale, strided<const value> in,
                                  strided<value> out, std::uint64_t n, std::uint64_t batch) const {
  cpu_detail::parallel_for(threads_, batch * n, [&](std::uint64_t t) {
    out(t / n, t % n) = scale.apply(in(t / n, t % n));
  });
}

template <class E>
void cpu_executor<E>::bluestein_input(int sign, const value* chirp, std::uint64_t n,
                                      std::uint64_t padded, strided<const value> in, value* dense,
                                      std::uint64_t batch) const {
  cpu_detail::parallel_for(threads_, batch * padded, [&](std::uint64_t t) {
    const std::uint64_t b = t / padded, k = t % padded;
    dense[t] = sign < 0 ? bluestein_input_element<-1>(chirp, n, in, b, k)
                        : bluestein_input_element<+1>(chirp, n, in, b, k);
  });
}

template <class E>
void cpu_executor<E>::pointwise_multiply(const value* kernel, std::uint64_t padded, value* data,
                                         std::uint64_t batch) const {
  cpu_detail::parallel_for(threads_, batch * padded,
               [&](std::uint64_t t) { data[t] = mul(data[t], kernel[t % padded]); });
}

template <class E>
void cpu_executor<E>::bluestein_output(int sign, const value* chirp, std::uint64_t n,
                                       std::uint64_t padded, const scaling<E>& scale,
                                       const value* dense, strided<value> out,
                                       std::uint64_t batch) const {
  cpu_detail::parallel_for(threads_, batch * n, [&](std::uint64_t t) {
    const std::uint64_t b = t / n, j = t % n;
    const value c = dense[b * padded + j];
    out(b, j) = sign < 0 ? bluestein_output_element<-1>(chirp, c, j, scale)
                         : bluestein_output_element<+1>(chirp, c, j, scale);
  });
}

}  // namespace ffft::fft
