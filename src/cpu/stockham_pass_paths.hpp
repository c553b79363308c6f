// The CPU executor's instruction-set paths: one Stockham pass over a batch,
// compiled once per path (stockham_pass_path.hpp) in translation units of
// its own, with the path's compiler flags.
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
#include "ffft/fft/stockham_pass.hpp"

// One Stockham pass of every transform of a batch (sign -1 forward, +1
// inverse), on `threads` OpenMP threads (0: all), overloaded by format; each
// output multiplied as finish says right after its butterfly stored it.
#define FFFT_DECLARE_STOCKHAM_PASS_FOR(E)                                                        \
  void stockham_pass(unsigned threads, int sign, const fft::pass_shape& pass,                   \
                     const complex<E>* twiddles, fft::strided<const complex<E>> in,              \
                     fft::strided<complex<E>> out, std::uint64_t batch,                          \
                     const fft::scaling<E>& finish);
#define FFFT_DECLARE_STOCKHAM_PASS(path)                                                         \
  namespace ffft::cpu::path {                                                                    \
  FFFT_DECLARE_STOCKHAM_PASS_FOR(df64)                                                           \
  FFFT_DECLARE_STOCKHAM_PASS_FOR(qf128)                                                          \
  FFFT_DECLARE_STOCKHAM_PASS_FOR(dd128)                                                          \
  }

FFFT_DECLARE_STOCKHAM_PASS(scalar)
#if FFFT_CPU_HAVE_X86_PATHS
FFFT_DECLARE_STOCKHAM_PASS(avx2)
FFFT_DECLARE_STOCKHAM_PASS(avx512)
#endif
#undef FFFT_DECLARE_STOCKHAM_PASS
#undef FFFT_DECLARE_STOCKHAM_PASS_FOR
