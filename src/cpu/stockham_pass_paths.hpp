// The CPU executor's instruction-set paths: one Stockham pass over a batch,
// and on the lane paths a group of passes tile by tile, compiled once per
// path (stockham_pass_path.hpp, stockham_group_path.hpp) in translation
// units of its own, with the path's compiler flags.
//
//   scalar  one butterfly at a time: any CPU, the portable path
//   avx2    W = 8 float or 4 double butterflies in 256-bit lanes
//   avx512  W = 16 float or 8 double butterflies in 512-bit lanes (32
//           vector registers hold a radix-8 butterfly)
//
// The AVX-512 objects are linked into one relocatable object whose only
// global symbols are the functions declared here (src/CMakeLists.txt), so
// no template instantiated under AVX-512 flags can stand in for the copy
// that code compiled for AVX2 calls. cpu_isa.hpp chooses the path.
#pragma once

#include <cstdint>

#include "ffft/complex.hpp"
#include "ffft/fft/elementwise_steps.hpp"
#include "ffft/fft/stockham_group.hpp"
#include "ffft/fft/stockham_pass.hpp"

// One Stockham pass of every transform of a batch (sign -1 forward, +1
// inverse), on `threads` OpenMP threads (0: all), overloaded by format; each
// output multiplied as finish says right after its butterfly stored it.
// prefetch_next: the lane paths ask for each lane group's successor's
// operands ahead (cache_blocking.hpp, prefetches_next_operands).
#define FFFT_DECLARE_STOCKHAM_PASS_FOR(E)                                                        \
  void stockham_pass(unsigned threads, int sign, const fft::pass_shape& pass,                   \
                     const complex<E>* twiddles, fft::strided<const complex<E>> in,              \
                     fft::strided<complex<E>> out, std::uint64_t batch,                          \
                     const fft::scaling<E>& finish, bool prefetch_next);
// The lane paths' stockham_group: a group of passes (engine/pass_groups.hpp;
// twiddles the plan's array, which the group's passes index by their
// offsets) on unit-stride data, in tiles of at most tile_points values in
// each thread's own buffers (stockham_group_path.hpp), the same bits as its
// passes one by one. The scalar reference runs pass by pass only.
#define FFFT_DECLARE_STOCKHAM_GROUP_FOR(E)                                                       \
  void stockham_group(unsigned threads, int sign, const fft::pass_group& group,                \
                      const complex<E>* twiddles, fft::strided<const complex<E>> in,             \
                      fft::strided<complex<E>> out, std::uint64_t batch,                          \
                      const fft::scaling<E>& finish, std::uint32_t tile_points);
// The lane paths' last two passes of every transform as one step, for
// df64 and dd128 where fused_passes.hpp says they can be (else
// std::logic_error): the same bits
// as stockham_pass for each in turn, the second's outputs multiplied as
// finish says.
#define FFFT_DECLARE_STOCKHAM_TWO_PASSES_FOR(E)                                             \
  void stockham_two_passes(unsigned threads, int sign, const fft::pass_shape& first,       \
                                const fft::pass_shape& second, const complex<E>* first_twiddles, \
                                const complex<E>* second_twiddles,                              \
                                fft::strided<const complex<E>> in, fft::strided<complex<E>> out, \
                                std::uint64_t batch, const fft::scaling<E>& finish);
#define FFFT_DECLARE_FOR_EACH_FORMAT(path, what) \
  namespace ffft::cpu::path {                    \
  what(df64) what(qf128) what(dd128)             \
  }

FFFT_DECLARE_FOR_EACH_FORMAT(scalar, FFFT_DECLARE_STOCKHAM_PASS_FOR)
#if FFFT_CPU_HAVE_X86_PATHS
FFFT_DECLARE_FOR_EACH_FORMAT(avx2, FFFT_DECLARE_STOCKHAM_PASS_FOR)
FFFT_DECLARE_FOR_EACH_FORMAT(avx2, FFFT_DECLARE_STOCKHAM_GROUP_FOR)
namespace ffft::cpu::avx2 {
FFFT_DECLARE_STOCKHAM_TWO_PASSES_FOR(df64) FFFT_DECLARE_STOCKHAM_TWO_PASSES_FOR(dd128)
}
FFFT_DECLARE_FOR_EACH_FORMAT(avx512, FFFT_DECLARE_STOCKHAM_PASS_FOR)
FFFT_DECLARE_FOR_EACH_FORMAT(avx512, FFFT_DECLARE_STOCKHAM_GROUP_FOR)
namespace ffft::cpu::avx512 {
FFFT_DECLARE_STOCKHAM_TWO_PASSES_FOR(df64) FFFT_DECLARE_STOCKHAM_TWO_PASSES_FOR(dd128)
}
#endif
#undef FFFT_DECLARE_FOR_EACH_FORMAT
#undef FFFT_DECLARE_STOCKHAM_GROUP_FOR
#undef FFFT_DECLARE_STOCKHAM_PASS_FOR
#undef FFFT_DECLARE_STOCKHAM_TWO_PASSES_FOR
