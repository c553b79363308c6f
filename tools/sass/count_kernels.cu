// Counting kernels for scripts/sass_counts.py: each does one piece of a
// group kernel's work (kernels/cuda_engine.cu) once, in straight-line code,
// so that its SASS instructions on the path finite data take are what that
// piece costs each time the group kernel does it. Compiled by the script
// alone, with the flags of kernels/ (never part of the library):
//
//   count_<format>_r<R>_butterfly   one fft::twiddled_dft<R> (the unchecked
//                                   butterfly with its R - 1 twiddle
//                                   multiplications and the finiteness check),
//                                   operands from and results to global memory
//   count_<format>_r<R>_move        the same loads, the inputs and twiddles
//                                   stored unchanged: subtracted from the
//                                   above, it leaves the butterfly's arithmetic
//   count_<format>_r<R>_tile_<source>  one fft::tile_butterfly<R> of a group
//                                   kernel's butterfly phase (tile index
//                                   arithmetic, shared-memory loads and
//                                   stores, the twiddles from the table or
//                                   made from the factors, the butterfly)
//   count_<format>_load_entry,      one entry of a group kernel's load and
//   count_<format>_store_entry      store phases (load_tile, store_tile): a
//                                   complex<E> array at a 16-byte aligned
//                                   base, no scaling
//
// Launch constants that the group kernel tests once per launch are fixed here
// to the case the planned transforms take (column numbers below 2^32,
// complex<E> data at 16-byte aligned bases, no scaling), so that each kernel
// has one path for finite data; the out-of-line checked fallback of a
// butterfly (twiddled_dft.hpp) is left out by the script.
#include <cstdint>

#include "engine/group_launch.hpp"
#include "ffft/fft/stockham_group.hpp"
#include "ffft/fft/tile_layout.hpp"
#include "kernels/group_io.cuh"

namespace ffft::sass_count {

template <int R, class E>
__device__ __forceinline__ void butterfly(const complex<E>* in, const complex<E>* w, complex<E>* out) {
  complex<E> y[R];
  fft::twiddled_dft<R>(y, [&](int j) { return in[j]; }, [&](int a) { return w[a - 1]; }, true);
#pragma unroll
  for (int a = 0; a < R; ++a) out[a] = y[a];
}

template <int R, class E>
__device__ __forceinline__ void move(const complex<E>* in, const complex<E>* w, complex<E>* out) {
#pragma unroll
  for (int j = 0; j < R; ++j) out[j] = in[j];
#pragma unroll
  for (int a = 1; a < R; ++a) out[R + a - 1] = w[a - 1];
}

template <class E>
__device__ __forceinline__ complex<E>* shared_tile() {
  extern __shared__ uint4 shared_tiles[];
  return reinterpret_cast<complex<E>*>(shared_tiles);
}

// The group kernels' tiles: group_tile_points<E> entries each, laid out as
// tile_layout.hpp says.
template <class E>
constexpr std::uint32_t tile_points = fft::group_tile_points<E>;

// One butterfly of local pass p, as butterfly_phase calls it.
template <int R, class E, class Twiddles>
__device__ __forceinline__ void tile(const fft::pass_group& g, const fft::local_pass& p,
                                     const Twiddles& twiddles, fft::group_tile t, std::uint32_t beta) {
  t.narrow = true;
  const auto tiles = fft::tile_views<E>(shared_tile<E>(), tile_points<E>);
  fft::tile_butterfly<R, E>(g, p, twiddles, t, tiles.a, tiles.b, beta);
}

// One entry of the load phase: a block with one thread per entry.
template <class E>
__device__ __forceinline__ void load_entry(const fft::pass_group& g, fft::group_tile t,
                                           cuda::kernel_source<E> in, bool inverse) {
  t.narrow = true;
  in.limbs = false;
  in.wide = true;
  fft::load_tile<E>(g, t, fft::tile_views<E>(shared_tile<E>(), tile_points<E>).a, threadIdx.x,
                    t.width * g.radix,
                    [&](std::uint64_t b, std::uint64_t j) { return in(b, j); }, inverse);
}

template <class E>
__device__ __forceinline__ void store_entry(const fft::pass_group& g, fft::group_tile t,
                                            cuda::kernel_target<E> out, bool inverse) {
  t.narrow = true;
  out.limbs = false;
  out.wide = true;
  fft::store_tile<E>(g, t, fft::tile_views<E>(shared_tile<E>(), tile_points<E>).a, threadIdx.x,
                     t.width * g.radix,
                     [](std::uint64_t, const complex<E>& v) { return v; },
                     [&](std::uint64_t b, std::uint64_t j, const complex<E>& v) { out.store(b, j, v); }, inverse);
}

}  // namespace ffft::sass_count

#define FFFT_COUNT_RADIX(format, R)                                                                  \
  extern "C" __global__ void count_##format##_r##R##_butterfly(                                      \
      const ffft::complex<ffft::format>* in, const ffft::complex<ffft::format>* w,                   \
      ffft::complex<ffft::format>* out) {                                                            \
    ffft::sass_count::butterfly<R>(in, w, out);                                                      \
  }                                                                                                  \
  extern "C" __global__ void count_##format##_r##R##_move(                                           \
      const ffft::complex<ffft::format>* in, const ffft::complex<ffft::format>* w,                   \
      ffft::complex<ffft::format>* out) {                                                            \
    ffft::sass_count::move<R>(in, w, out);                                                           \
  }                                                                                                  \
  extern "C" __global__ void count_##format##_r##R##_tile_table(                                     \
      ffft::fft::pass_group g, ffft::fft::local_pass p,                                              \
      ffft::fft::transform_twiddle_table<ffft::format> twiddles, ffft::fft::group_tile t,            \
      std::uint32_t beta) {                                                                          \
    ffft::sass_count::tile<R, ffft::format>(g, p, twiddles, t, beta);                                \
  }                                                                                                  \
  extern "C" __global__ void count_##format##_r##R##_tile_factors(                                   \
      ffft::fft::pass_group g, ffft::fft::local_pass p,                                              \
      ffft::fft::transform_twiddle_factors<ffft::format> twiddles, ffft::fft::group_tile t,          \
      std::uint32_t beta) {                                                                          \
    ffft::sass_count::tile<R, ffft::format>(g, p, twiddles, t, beta);                                \
  }

#define FFFT_COUNT_FORMAT(format)                                                                    \
  FFFT_COUNT_RADIX(format, 2)                                                                        \
  FFFT_COUNT_RADIX(format, 4)                                                                        \
  FFFT_COUNT_RADIX(format, 8)                                                                        \
  extern "C" __global__ void count_##format##_load_entry(                                            \
      ffft::fft::pass_group g, ffft::fft::group_tile t, ffft::cuda::kernel_source<ffft::format> in,  \
      bool inverse) {                                                                                \
    ffft::sass_count::load_entry<ffft::format>(g, t, in, inverse);                                   \
  }                                                                                                  \
  extern "C" __global__ void count_##format##_store_entry(                                           \
      ffft::fft::pass_group g, ffft::fft::group_tile t, ffft::cuda::kernel_target<ffft::format> out, \
      bool inverse) {                                                                                \
    ffft::sass_count::store_entry<ffft::format>(g, t, out, inverse);                                 \
  }

FFFT_COUNT_FORMAT(df64)
FFFT_COUNT_FORMAT(qf128)
FFFT_COUNT_FORMAT(dd128)
